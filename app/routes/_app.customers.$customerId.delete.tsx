import { Button, Flex, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DialogRoute } from "~/components/dialog-route";
import { deleteCustomer, getCustomer } from "~/models/customer.server";
import { requirePermission } from "~/utils/auth.server";
import { requireRouteId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getDb } from "~/utils/db.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "customers", "delete");
  const customer = await getCustomer(await getDb(), requireRouteId(params.customerId, "Customer"));
  if (!customer) throw new Response("Customer not found", { status: 404 });
  return json({ customer: { id: customer.id, name: customer.name } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "customers", "delete");
  const result = await deleteCustomer(await getDb(), requireRouteId(params.customerId, "Customer"));
  const back = `/customers${new URL(request.url).search}`;
  if (!result.ok) {
    return redirectWithToast(request, back, { type: "error", title: "Error", description: result.message });
  }
  return redirectWithToast(request, back, {
    title: "Customer deleted",
    description: `${result.name} has been deleted.`,
  });
}

export default function DeleteCustomer() {
  const { customer } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
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
