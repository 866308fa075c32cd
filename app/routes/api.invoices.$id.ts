import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { deleteInvoice, getInvoice, isOverdue, listInvoiceItems, updateInvoice } from "~/models/invoice.server";
import { makeInvoiceSchema } from "~/schemas/invoice";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "invoices");
  const db = await getDb();
  const id = requireId(params.id, "Invoice");
  const invoice = requireFound(await getInvoice(db, id), "Invoice");
  const { today } = await moneyContext(db);
  return json({
    ...invoice,
    amountPaid: invoice.paidTotal,
    overdue: isOverdue(invoice, today),
    items: await listInvoiceItems(db, id),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  switch (request.method) {
    case "PUT": {
      const user = await requireApiPermission(request, "invoices", "write");
      const id = requireId(params.id, "Invoice");
      const current = requireFound(await getInvoice(db, id), "Invoice");
      const ctx = await moneyContext(db, user.id);
      const input = await parseBody(request, makeInvoiceSchema(ctx.today, { allowPastDueDate: current.dueDate }));
      return json(await updateInvoice(db, id, input, ctx));
    }
    case "DELETE": {
      await requireApiPermission(request, "invoices", "delete");
      const id = requireId(params.id, "Invoice");
      await deleteInvoice(db, id);
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
