import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { SendEmailForm } from "~/components/send-email-form";
import { dispatchPurchaseOrderEmail, purchaseOrderSendReadiness } from "~/services/email-dispatch.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { sendEmailAction } from "~/forms/send-email-action.server";

// "E-mail to supplier": the PO's PDF through the e-mail queue, as a quote is sent. A supplier
// without an address: the button says "No Email" and the action refuses with the reason.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory", "write");
  const id = requireId(params.poId, "Purchase order");
  const { order, state, recipient } = await purchaseOrderSendReadiness(await getDb(), id);
  return json({ order: { id, poNumber: order.poNumber, supplierName: order.supplierName }, state, recipient });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "inventory", "write");
  const id = requireId(params.poId, "Purchase order");
  const back = `/inventory/purchase-orders/${id}`;
  return sendEmailAction(request, back, async (customMessage) =>
    dispatchPurchaseOrderEmail(await getDb(), id, customMessage, user.id),
  );
}

export default function SendPurchaseOrder() {
  const { order, state, recipient } = useLoaderData<typeof loader>();
  const back = `/inventory/purchase-orders/${order.id}`;
  return (
    <DialogRoute
      title={`E-mail ${order.poNumber}`}
      description={`Send the purchase order PDF to ${order.supplierName}. A draft is placed when it is sent.`}
      closeTo={back}
    >
      <SendEmailForm state={state} recipient={recipient} cancelTo={back} />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
