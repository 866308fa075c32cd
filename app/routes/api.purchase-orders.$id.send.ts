import { json, type ActionFunctionArgs } from "@remix-run/node";
import { SendEmailSchema } from "~/schemas/email";
import { dispatchPurchaseOrderEmail } from "~/services/email-dispatch.server";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

// POST {customMessage?}: "E-mail to supplier" through the e-mail queue (400 when the supplier has no address).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const id = requireId(params.id, "Purchase order");
  const { customMessage } = await parseBody(request, SendEmailSchema);
  const outcome = await dispatchPurchaseOrderEmail(await getDb(), id, customMessage, user.id);
  if (!outcome.ok) return json({ error: `Failed to send email: ${outcome.error}` }, { status: 502 });
  return json({ message: "Email sent successfully", to: outcome.result.to, messageId: outcome.result.messageId });
}

export const loader = () => methodNotAllowed(["POST"]);
