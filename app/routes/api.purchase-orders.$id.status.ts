import { json, type ActionFunctionArgs } from "@remix-run/node";
import { getPurchaseOrder, setPurchaseOrderStatus } from "~/models/purchasing.server";
import { PoStatusSchema } from "~/schemas/purchasing";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

// POST {status: "ordered"} places a draft; {status: "cancelled"} cancels before any receipt (409 after).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const id = requireId(params.id, "Purchase order");
  const { status } = await parseBody(request, PoStatusSchema);
  const db = await getDb();
  await setPurchaseOrderStatus(db, id, status, user.id);
  return json(await getPurchaseOrder(db, id));
}

export const loader = () => methodNotAllowed(["POST"]);
