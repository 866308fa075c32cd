import { json, type ActionFunctionArgs } from "@remix-run/node";
import { dispatchInvoiceEmail } from "~/services/email-dispatch.server";
import { SendInvoiceEmailSchema } from "~/schemas/email";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "invoices", "write");
  const { invoiceId, customMessage } = await parseBody(request, SendInvoiceEmailSchema);
  const db = await getDb();
  const outcome = await apiCall(() => dispatchInvoiceEmail(db, invoiceId, customMessage, user.id));
  if (!outcome.ok) return json({ error: `Failed to send email: ${outcome.error}` }, { status: 502 });
  return json({ message: "Email sent successfully", to: outcome.result.to, messageId: outcome.result.messageId });
}

export const loader = () => methodNotAllowed(["POST"]);
