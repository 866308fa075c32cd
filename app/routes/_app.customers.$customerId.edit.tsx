import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CustomerForm } from "~/components/customer-form";
import { DialogRoute } from "~/components/dialog-route";
import { getCustomer, updateCustomer } from "~/models/customer.server";
import { CustomerSchema } from "~/schemas/customer";
import { requirePermission } from "~/utils/auth.server";
import { requireRouteId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getDb } from "~/utils/db.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "customers", "write");
  const customer = await getCustomer(await getDb(), requireRouteId(params.customerId, "Customer"));
  if (!customer) throw new Response("Customer not found", { status: 404 });
  return json({ customer });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "customers", "write");
  const id = requireRouteId(params.customerId, "Customer");
  const submission = parseWithZod(await request.formData(), { schema: CustomerSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const customer = await updateCustomer(await getDb(), id, submission.value);
  if (!customer) throw new Response("Customer not found", { status: 404 });
  const back =
    new URL(request.url).searchParams.get("from") === "detail"
      ? `/customers/${id}`
      : `/customers${new URL(request.url).search}`;
  return redirectWithToast(request, back, {
    title: "Customer updated",
    description: `${customer.name} has been updated.`,
  });
}

export default function EditCustomer() {
  const { customer } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute title="Edit Customer" description={customer.name} closeTo={`/customers${query}`}>
      <CustomerForm
        lastResult={lastResult}
        defaultValue={customer}
        cancelTo={`/customers${query}`}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}
