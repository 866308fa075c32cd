import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { emptyPurchaseOrder, PurchaseOrderForm } from "~/components/purchase-order-form";
import { useKeptQuery } from "~/components/use-kept-query";
import { createPurchaseOrder, purchaseOrderFormOptions } from "~/models/purchasing.server";
import { PurchaseOrderSchema } from "~/schemas/purchasing";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

// New purchase order (a dialog over the Purchase Orders tab; a plain page without JavaScript).
// ?supplierId= picks the supplier. Creating lands on the new draft's page.
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const supplierId = new URL(request.url).searchParams.get("supplierId") ?? "";
  return json({
    options: await purchaseOrderFormOptions(await getDb()),
    supplierId: /^\d+$/.test(supplierId) ? supplierId : "",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inventory", "write");
  const submission = parseWithZod(await request.formData(), { schema: PurchaseOrderSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const order = await createPurchaseOrder(await getDb(), submission.value, user.id);
    return redirectWithToast(request, `/inventory/purchase-orders/${order.id}`, {
      title: "Purchase order created",
      description: `${order.poNumber} is a draft: place it when it is ready.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function NewPurchaseOrder() {
  const { options, supplierId } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory/purchase-orders${useKeptQuery()}`;
  return (
    <DialogRoute title="New Purchase Order" closeTo={back} width={900}>
      <PurchaseOrderForm
        options={options}
        defaultValue={emptyPurchaseOrder(supplierId)}
        lastResult={data?.result}
        cancelTo={back}
        submitLabel="Create Purchase Order"
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
