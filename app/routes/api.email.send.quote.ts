import { json, type ActionFunctionArgs } from "@remix-run/node";
import { dispatchQuoteEmail } from "~/services/email-dispatch.server";
import { SendQuoteEmailSchema } from "~/schemas/email";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "quotes", "write");
  const { quoteId, customMessage } = await parseBody(request, SendQuoteEmailSchema);
  const db = await getDb();
  const outcome = await apiCall(() => dispatchQuoteEmail(db, quoteId, customMessage, user.id));
  if (!outcome.ok) return json({ error: `Failed to send email: ${outcome.error}` }, { status: 502 });
  return json({ message: "Email sent successfully", to: outcome.result.to, messageId: outcome.result.messageId });
}

export const loader = () => methodNotAllowed(["POST"]);
