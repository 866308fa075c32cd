import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteDialog } from "~/components/delete-dialog";
import { DialogRouteError } from "~/components/dialog-route";
import { deleteAndReturn } from "~/forms/delete.server";
import { deleteSupplier, getSupplier } from "~/models/inventory.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "delete");
  const supplier = requireFound(await getSupplier(await getDb(), requireId(params.supplierId, "Supplier")), "Supplier");
  return json({ name: supplier.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "inventory", "delete");
  const id = requireId(params.supplierId, "Supplier");
  return deleteAndReturn(request, {
    list: "/inventory/suppliers",
    remove: async () => deleteSupplier(await getDb(), id),
    done: ({ name }) => ({ title: "Supplier deleted", description: `${name} has been deleted.` }),
  });
}

export default function DeleteSupplier() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <DeleteDialog
      title="Delete Supplier"
      name={name}
      note="A supplier named on items, receipts or purchase orders cannot be deleted; mark it inactive instead."
      list="/inventory/suppliers"
    />
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
