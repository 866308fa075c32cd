import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deletePurchaseOrder, getPurchaseOrder, updatePurchaseOrder } from "~/models/purchasing.server";
import { PurchaseOrderSchema } from "~/schemas/purchasing";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const db = await getDb();
  return json(requireFound(await getPurchaseOrder(db, requireId(params.id, "Purchase order")), "Purchase order"));
}

// PUT/PATCH replace a draft's supplier, dates, notes and lines (409 once ordered); DELETE a draft.
export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT":
    case "PATCH": {
      const user = await requireApiPermission(request, "inventory", "write");
      const id = requireId(params.id, "Purchase order");
      const input = await parseBody(request, PurchaseOrderSchema);
      const db = await getDb();
      await updatePurchaseOrder(db, id, input, user.id);
      return json(await getPurchaseOrder(db, id));
    }
    case "DELETE": {
      await requireApiPermission(request, "inventory", "delete");
      await deletePurchaseOrder(await getDb(), requireId(params.id, "Purchase order"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "PATCH", "DELETE"]);
  }
}
