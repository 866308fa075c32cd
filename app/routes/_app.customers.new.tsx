import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CustomerForm } from "~/components/customer-form";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { createCustomer } from "~/models/customer.server";
import { CustomerSchema } from "~/schemas/customer";
import { requirePermission } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getDb } from "~/utils/db.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "customers", "write");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "customers", "write");
  const submission = parseWithZod(await request.formData(), { schema: CustomerSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const customer = await createCustomer(await getDb(), submission.value, user.id);
  return redirectWithToast(request, `/customers/${customer.id}`, {
    title: "Customer added",
    description: `${customer.name} has been successfully added to your customer database.`,
  });
}

export default function NewCustomer() {
  const lastResult = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute
      title="Add New Customer"
      description="Enter the customer's contact details."
      closeTo={`/customers${query}`}
    >
      <CustomerForm
        lastResult={lastResult}
        cancelTo={`/customers${query}`}
        submitLabel="Add Customer"
        pendingLabel="Adding..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
