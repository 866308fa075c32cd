import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { deleteInvoiceItem, getInvoiceItem, updateInvoiceItem } from "~/models/invoice.server";
import { ItemApiFields } from "~/schemas/line-items";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "invoices");
  const item = await getInvoiceItem(await getDb(), requireId(params.id, "Invoice item"));
  return json(requireFound(item, "Invoice item"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "invoices", "write");
      const id = requireId(params.id, "Invoice item");
      const input = await parseBody(request, z.object(ItemApiFields));
      return json(await updateInvoiceItem(db, id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "invoices", "write");
      const id = requireId(params.id, "Invoice item");
      await deleteInvoiceItem(db, id);
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
