import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createCategory, listCategories } from "~/models/inventory.server";
import { CategorySchema } from "~/schemas/inventory";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const url = new URL(request.url);
  const { rows, total } = await listCategories(await getDb(), {
    search: url.searchParams.get("search")?.slice(0, 200) ?? undefined,
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "inventory", "write");
  const input = await parseBody(request, CategorySchema);
  return json(await createCategory(await getDb(), input), { status: 201 });
}
