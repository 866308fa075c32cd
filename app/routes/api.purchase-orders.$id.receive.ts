import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getPurchaseOrder, receivePurchaseOrder } from "~/models/purchasing.server";
import { ReceiveSchema } from "~/schemas/purchasing";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

// POST {lines: [{lineId, quantity}]} or {all: true}: receipts to the ledger in one transaction;
// more than remains of a line is a 409 naming what remains. Answers the order and its receipts.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const id = requireId(params.id, "Purchase order");
  const input = await parseBody(request, ReceiveSchema);
  const db = await getDb();
  const { receipts } = await receivePurchaseOrder(db, id, input, user.id);
  return json({ ...(await getPurchaseOrder(db, id)), receipts });
}

export const loader = () => methodNotAllowed(["POST"]);
