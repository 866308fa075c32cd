import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { addInvoiceItem } from "~/models/invoice.server";
import { idField, ItemApiFields } from "~/schemas/line-items";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

const InvoiceItemApiSchema = z.object({ invoiceId: idField("invoiceId is required"), ...ItemApiFields });

/** Adds one item and recomputes the invoice's totals and balance in the same transaction. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiPermission(request, "invoices", "write");
  const input = await parseBody(request, InvoiceItemApiSchema);
  const db = await getDb();
  return json(await addInvoiceItem(db, input.invoiceId, input), { status: 201 });
}

export const loader = () => methodNotAllowed(["POST"]);
