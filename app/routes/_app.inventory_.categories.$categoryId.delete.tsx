import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteDialog } from "~/components/delete-dialog";
import { DialogRouteError } from "~/components/dialog-route";
import { deleteAndReturn } from "~/forms/delete.server";
import { deleteCategory, getCategory } from "~/models/inventory.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "delete");
  const category = requireFound(await getCategory(await getDb(), requireId(params.categoryId, "Category")), "Category");
  return json({ name: category.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "delete");
  const id = requireId(params.categoryId, "Category");
  return deleteAndReturn(request, {
    list: "/inventory/categories",
    remove: async () => deleteCategory(await getDb(), id),
    done: ({ name }) => ({ title: "Category deleted", description: `${name} has been deleted.` }),
  });
}

export default function DeleteCategory() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <DeleteDialog
      title="Delete Category"
      name={name}
      note="A category that items or sub-categories use cannot be deleted; mark it inactive instead."
      list="/inventory/categories"
    />
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
