import { type LoaderFunctionArgs } from "@remix-run/node";
import { inventoryForReports } from "~/models/inventory.server";
import { listParams, listResponse } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

// Spec §7: the list reports use — every active item with stock, reorder point and costs.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const { rows, total } = await inventoryForReports(await getDb(), listParams(new URL(request.url)));
  return listResponse(rows, total);
}
