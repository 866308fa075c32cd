import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteSupplier, getSupplier, updateSupplier } from "~/models/inventory.server";
import { SupplierSchema } from "~/schemas/inventory";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  return json(requireFound(await getSupplier(await getDb(), requireId(params.id, "Supplier")), "Supplier"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "inventory", "write");
      const id = requireId(params.id, "Supplier");
      const input = await parseBody(request, SupplierSchema);
      return json(await updateSupplier(await getDb(), id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "inventory", "delete");
      await deleteSupplier(await getDb(), requireId(params.id, "Supplier"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
