// A folder route: remix.config ignores files named *.test.ts.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { dispatchTestEmail } from "~/services/email-dispatch.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "settings", "write");
  const db = await getDb();
  const outcome = await apiCall(() => dispatchTestEmail(db, user.id));
  if (!outcome.ok) return json({ error: outcome.error }, { status: 502 });
  return json({ message: "Test email sent successfully! Check your inbox.", to: outcome.result.to });
}

export const loader = () => methodNotAllowed(["POST"]);
