import type { LoaderFunctionArgs } from "@remix-run/node";
import { reorderSuggestions } from "~/models/purchasing.server";
import { listResponse } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idParam } from "~/utils/params.server";

// GET ?supplierId=: what to reorder per item (docs/decisions/purchasing.md), by supplier.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const url = new URL(request.url);
  const list = await reorderSuggestions(await getDb(), { supplierId: idParam(url, "supplierId") });
  return listResponse(list, list.length);
}
