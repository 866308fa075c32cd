import { json, type ActionFunctionArgs } from "@remix-run/node";
import { createDraftFromSuggestions, getPurchaseOrder } from "~/models/purchasing.server";
import { FromSuggestionsSchema } from "~/schemas/purchasing";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

// POST {supplierId}: that supplier's reorder suggestions become a draft PO (201); 409 when nothing is to order.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const { supplierId } = await parseBody(request, FromSuggestionsSchema);
  const db = await getDb();
  const order = await createDraftFromSuggestions(db, supplierId, user.id);
  return json(await getPurchaseOrder(db, order.id), { status: 201 });
}

export const loader = () => methodNotAllowed(["POST"]);
