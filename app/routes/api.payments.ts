import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { listPayments, recordPayment } from "~/models/payment.server";
import { makePaymentSchema } from "~/schemas/payment";
import { apiError, listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "payments");
  const url = new URL(request.url);
  const raw = url.searchParams.get("invoiceId");
  const invoiceId = raw ? parseRouteId(raw) : undefined;
  if (invoiceId === null) return apiError(400, "invoiceId must be a positive integer");
  const { rows, total } = await listPayments(await getDb(), { invoiceId, ...listParams(url) });
  return listResponse(rows, total);
}

/** Records a payment: one locked transaction updating paidTotal, balance and status. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "payments", "write");
  const db = await getDb();
  const ctx = await moneyContext(db, user.id);
  const input = await parseBody(request, makePaymentSchema(ctx.today));
  const result = await recordPayment(db, input, ctx);
  return json({ ...result.payment, invoice: result.invoice }, { status: 201 });
}
