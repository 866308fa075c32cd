import { type LoaderFunctionArgs } from "@remix-run/node";
import { getInvoice } from "~/models/invoice.server";
import { listPayments } from "~/models/payment.server";
import { listParams, listResponse, methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "payments");
  const db = await getDb();
  const id = requireId(params.id, "Invoice");
  requireFound(await getInvoice(db, id), "Invoice");
  const { rows, total } = await listPayments(db, { invoiceId: id, ...listParams(new URL(request.url)) });
  return listResponse(rows, total);
}

export const action = () => methodNotAllowed(["GET"]);
