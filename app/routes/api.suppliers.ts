import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createSupplier, listSuppliers } from "~/models/inventory.server";
import { SupplierSchema } from "~/schemas/inventory";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const url = new URL(request.url);
  const { rows, total } = await listSuppliers(await getDb(), {
    search: url.searchParams.get("search")?.slice(0, 200) ?? undefined,
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "inventory", "write");
  const input = await parseBody(request, SupplierSchema);
  return json(await createSupplier(await getDb(), input), { status: 201 });
}
