import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { formatQuantity } from "~/components/inventory";
import { PurchaseOrderForm } from "~/components/purchase-order-form";
import { getPurchaseOrder, purchaseOrderFormOptions, updatePurchaseOrder } from "~/models/purchasing.server";
import { PurchaseOrderSchema } from "~/schemas/purchasing";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { conflict, requireFound } from "~/utils/refusal.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

// Edit a draft purchase order (a dialog over its page). Once ordered it cannot be edited (409).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const db = await getDb();
  const order = requireFound(await getPurchaseOrder(db, requireId(params.poId, "Purchase order")), "Purchase order");
  if (order.status !== "draft") throw conflict(`${order.poNumber} is no longer a draft and cannot be edited`);
  return json({ order, options: await purchaseOrderFormOptions(db) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inventory", "write");
  const id = requireId(params.poId, "Purchase order");
  const submission = parseWithZod(await request.formData(), { schema: PurchaseOrderSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const order = await updatePurchaseOrder(await getDb(), id, submission.value, user.id);
    return redirectWithToast(request, `/inventory/purchase-orders/${id}`, {
      title: "Purchase order updated",
      description: `${order.poNumber} has been saved.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function EditPurchaseOrder() {
  const { order, options } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/inventory/purchase-orders/${order.id}`;
  return (
    <DialogRoute title={`Edit ${order.poNumber}`} closeTo={back} width={900}>
      <PurchaseOrderForm
        options={options}
        defaultValue={{
          supplierId: String(order.supplierId),
          expectedDate: order.expectedDate ?? "",
          notes: order.notes ?? "",
          lines: order.lines.map((l) => ({
            itemId: String(l.itemId),
            quantity: formatQuantity(l.quantity).replace(/,/g, ""),
            unitCost: l.unitCost,
            jobId: l.jobId ? String(l.jobId) : "",
          })),
        }}
        lastResult={data?.result}
        cancelTo={back}
        submitLabel="Save Changes"
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
