import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { SendEmailForm } from "~/components/send-email-form";
import { invoiceRecipient } from "~/models/documents.server";
import { dispatchInvoiceEmail, sendReadiness } from "~/services/email-dispatch.server";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";
import { sendEmailAction } from "~/forms/send-email-action.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "invoices", "write");
  const id = requireId(params.invoiceId, "Invoice");
  const db = await getDb();
  const invoice = requireFound(await invoiceRecipient(db, id), "Invoice");
  const readiness = await sendReadiness(db, invoice.customer);
  return json({ invoice: { id, invoiceNumber: invoice.number, title: invoice.title }, ...readiness });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "invoices", "write");
  const id = requireId(params.invoiceId, "Invoice");
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), `/invoices/${id}`);
  return sendEmailAction(request, back, async (customMessage) =>
    dispatchInvoiceEmail(await getDb(), id, customMessage, user.id),
  );
}

export default function SendInvoiceEmail() {
  const { invoice: quote, state, recipient } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const cancelTo = safeClientBack(params.get("redirectTo"), `/invoices/${quote.id}`);
  return (
    <DialogRoute
      title={`Send ${quote.invoiceNumber}`}
      description={`E-mail "${quote.title}" with the PDF (and the payment link when it has one).`}
      closeTo={cancelTo}
    >
      <SendEmailForm state={state} recipient={recipient} cancelTo={cancelTo} />
    </DialogRoute>
  );
}

function safeClientBack(to: string | null, fallback: string) {
  return to && to.startsWith("/") && !to.startsWith("//") ? to : fallback;
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
