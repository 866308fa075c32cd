import { json, type ActionFunctionArgs } from "@remix-run/node";
import { saveEmailConfig } from "~/models/email-config.server";
import { EmailConfigSchema } from "~/schemas/email";
import { methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  await requireApiPermission(request, "settings", "write");
  const id = requireId(params.id, "Email configuration");
  const input = await parseBody(request, EmailConfigSchema);
  const db = await getDb();
  const { config } = await apiCall(() => saveEmailConfig(db, input, id));
  return json(config);
}

export const loader = () => methodNotAllowed(["PATCH"]);
