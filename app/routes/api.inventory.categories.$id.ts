import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteCategory, getCategory, updateCategory } from "~/models/inventory.server";
import { CategorySchema } from "~/schemas/inventory";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  return json(requireFound(await getCategory(await getDb(), requireId(params.id, "Category")), "Category"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "inventory", "write");
      const id = requireId(params.id, "Category");
      const input = await parseBody(request, CategorySchema);
      return json(await updateCategory(await getDb(), id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "inventory", "delete");
      await deleteCategory(await getDb(), requireId(params.id, "Category"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
