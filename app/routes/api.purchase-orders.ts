import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createPurchaseOrder, getPurchaseOrder, listPurchaseOrders } from "~/models/purchasing.server";
import { PO_STATUSES, PurchaseOrderSchema, type PoStatus } from "~/schemas/purchasing";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { choiceParam } from "~/utils/ops-api.server";
import { idParam } from "~/utils/params.server";

// Purchase orders (issue 13 item 6; docs/decisions/purchasing.md): GET lists (status, supplierId,
// search; newest first), POST creates a draft with its lines (201 with the order and its lines).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const url = new URL(request.url);
  const { rows, total } = await listPurchaseOrders(await getDb(), {
    search: url.searchParams.get("search")?.slice(0, 200) ?? undefined,
    status: choiceParam(url, "status", PO_STATUSES) as PoStatus | undefined,
    supplierId: idParam(url, "supplierId"),
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const input = await parseBody(request, PurchaseOrderSchema);
  const db = await getDb();
  const order = await createPurchaseOrder(db, input, user.id);
  return json(await getPurchaseOrder(db, order.id), { status: 201 });
}
