import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteDialog } from "~/components/delete-dialog";
import { deleteAndReturn } from "~/forms/delete.server";
import { deleteCustomer, getCustomer } from "~/models/customer.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "customers", "delete");
  const customer = await getCustomer(await getDb(), requireRouteId(params.customerId, "Customer"));
  if (!customer) throw new Response("Customer not found", { status: 404 });
  return json({ name: customer.name });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "customers", "delete");
  const id = requireRouteId(params.customerId, "Customer");
  return deleteAndReturn(request, {
    list: "/customers",
    remove: async () => deleteCustomer(await getDb(), id),
    done: ({ name }) => ({ title: "Customer deleted", description: `${name} has been deleted.` }),
  });
}

export default function DeleteCustomer() {
  const { name } = useLoaderData<typeof loader>();
  return <DeleteDialog title="Delete Customer" name={name} list="/customers" />;
}
