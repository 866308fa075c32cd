import { Button, Flex, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { deleteCustomer, getCustomer } from "~/models/customer.server";
import { requirePermission } from "~/utils/auth.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getDb } from "~/utils/db.server";
import { useListQuery } from "./_app.customers";
import { requireFound } from "~/utils/refusal.server";
import { refusalToast } from "~/utils/refusal-response.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "customers", "delete");
  const customer = requireFound(await getCustomer(await getDb(), requireId(params.customerId, "Customer")), "Customer");
  return json({ customer: { id: customer.id, name: customer.name } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "customers", "delete");
  const id = requireId(params.customerId, "Customer");
  const back = `/customers${new URL(request.url).search}`;
  try {
    const { name } = await deleteCustomer(await getDb(), id);
    return redirectWithToast(request, back, { title: "Customer deleted", description: `${name} has been deleted.` });
  } catch (error) {
    return refusalToast(request, back, error);
  }
}

export default function DeleteCustomer() {
  const { customer } = useLoaderData<typeof loader>();
  const query = useListQuery();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <DialogRoute title="Delete Customer" closeTo={`/customers${query}`} width={440}>
      <Form method="post">
        <Text as="p" mb="4">
          Are you sure you want to delete {customer.name}?
        </Text>
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={`/customers${query}`} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" color="red" disabled={pending}>
            {pending ? "Deleting..." : "Delete"}
          </Button>
        </Flex>
      </Form>
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
