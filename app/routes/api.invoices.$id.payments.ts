import { type LoaderFunctionArgs } from "@remix-run/node";
import { getInvoice } from "~/models/invoice.server";
import { listPayments } from "~/models/payment.server";
import { apiError, listParams, listResponse, methodNotAllowed, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "payments");
  const db = await getDb();
  const id = requireId(params.id, "Invoice");
  if (!(await getInvoice(db, id))) return apiError(404, "Invoice not found");
  const { rows, total } = await listPayments(db, { invoiceId: id, ...listParams(new URL(request.url)) });
  return listResponse(rows, total);
}

export const action = () => methodNotAllowed(["GET"]);
