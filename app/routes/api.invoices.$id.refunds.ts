// GET /api/invoices/:id/refunds — the invoice's refunds, newest first.
// POST /api/invoices/:id/refunds {paymentId, amount, refundedAt?, reason?} — a refund given back by
// cash or check against one payment (docs/decisions/refunds.md) → 201 {…refund, invoice}.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { getInvoice } from "~/models/invoice.server";
import { listInvoiceRefunds, recordRefund } from "~/models/payment.server";
import { makeRefundSchema } from "~/schemas/refund";
import { apiError, listResponse, methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "payments");
  const db = await getDb();
  const id = requireId(params.id, "Invoice");
  if (!(await getInvoice(db, id))) return apiError(404, "Invoice not found");
  const rows = await listInvoiceRefunds(db, id);
  return listResponse(rows, rows.length);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "payments", "write");
  const db = await getDb();
  const invoiceId = requireId(params.id, "Invoice");
  if (!(await getInvoice(db, invoiceId))) return apiError(404, "Invoice not found");
  const ctx = await moneyContext(db, user.id);
  const input = await parseBody(request, makeRefundSchema(ctx.today));
  const result = await apiCall(() => recordRefund(db, { invoiceId, ...input }, ctx));
  return json({ ...result.refund, invoice: result.invoice }, { status: 201 });
}
