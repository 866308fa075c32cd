import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getItem, updateItem } from "~/models/inventory.server";
import { ItemSchema } from "~/schemas/inventory";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

// Items are never deleted (the ledger references them): deactivate with PUT active=false.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  return json(requireFound(await getItem(await getDb(), requireId(params.id, "Item")), "Item"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed(["GET", "PUT", "PATCH"]);
  await requireApiPermission(request, "inventory", "write");
  const id = requireId(params.id, "Item");
  const db = await getDb();
  const input = await parseBody(request, ItemSchema);
  return json(await updateItem(db, id, input));
}
