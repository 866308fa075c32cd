import { type LoaderFunctionArgs } from "@remix-run/node";
import { lowStockItems } from "~/models/inventory.server";
import { listResponse } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

// Spec §7: the items at or below their reorder point (or the system threshold), most urgent first.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const { items, total } = await lowStockItems(await getDb());
  return listResponse(items, total);
}
