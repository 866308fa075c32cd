import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CustomerForm } from "~/components/customer-form";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { getCustomer, updateCustomer } from "~/models/customer.server";
import { CustomerSchema } from "~/schemas/customer";
import { requirePermission } from "~/utils/auth.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getDb } from "~/utils/db.server";
import { requireFound } from "~/utils/refusal.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "customers", "write");
  const customer = requireFound(await getCustomer(await getDb(), requireId(params.customerId, "Customer")), "Customer");
  return json({ customer });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "customers", "write");
  const id = requireId(params.customerId, "Customer");
  const submission = parseWithZod(await request.formData(), { schema: CustomerSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const customer = await updateCustomer(await getDb(), id, submission.value);
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
  // Opened from the customer's page (`?from=detail`): Cancel and Save go back there.
  const back = useSearchParams()[0].get("from") === "detail" ? `/customers/${customer.id}` : `/customers${query}`;
  return (
    <DialogRoute title="Edit Customer" description={customer.name} closeTo={back}>
      <CustomerForm
        lastResult={lastResult}
        defaultValue={customer}
        cancelTo={back}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
