import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createItem, listItems } from "~/models/inventory.server";
import { ITEM_TYPES, ItemSchema } from "~/schemas/inventory";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { choiceParam } from "~/utils/ops-api.server";
import { idParam } from "~/utils/params.server";

// Spec §7: GET /api/inventory/items (search, categoryId, type, lowStock=true); POST creates.
// issuable=true: only what may be issued to a job (active, stock-tracked) — the Issue Materials picker.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const url = new URL(request.url);
  const issuable = url.searchParams.get("issuable") === "true";
  const { rows, total } = await listItems(await getDb(), {
    search: url.searchParams.get("search")?.slice(0, 200) ?? undefined,
    categoryId: idParam(url, "categoryId"),
    type: choiceParam(url, "type", ITEM_TYPES),
    lowStock: url.searchParams.get("lowStock") === "true",
    ...(issuable ? { active: "active" as const, tracked: true } : {}),
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "inventory", "write");
  const input = await parseBody(request, ItemSchema);
  return json(await createItem(await getDb(), input), { status: 201 });
}
