import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { SendEmailForm } from "~/components/send-email-form";
import { SendEmailSchema } from "~/schemas/email";
import { dispatchPurchaseOrderEmail, purchaseOrderSendReadiness } from "~/services/email-dispatch.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

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
  const submission = parseWithZod(await request.formData(), { schema: SendEmailSchema });
  if (submission.status !== "success")
    return redirectWithToast(request, back, {
      type: "error",
      title: "Failed to send email",
      description: "The message is too long.",
    });
  try {
    const outcome = await dispatchPurchaseOrderEmail(await getDb(), id, submission.value.customMessage, user.id);
    if (!outcome.ok)
      return redirectWithToast(request, back, {
        type: "error",
        title: "Failed to send email",
        description: outcome.error,
      });
    return redirectWithToast(request, back, {
      title: "Email sent successfully",
      description: `Sent to ${outcome.result.to}.`,
    });
  } catch (error) {
    return refusalToast(request, back, error, "Failed to send email");
  }
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
