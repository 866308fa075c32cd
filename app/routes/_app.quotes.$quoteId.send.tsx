import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { SendEmailForm } from "~/components/send-email-form";
import { quoteRecipient } from "~/models/documents.server";
import { dispatchQuoteEmail, sendReadiness } from "~/services/email-dispatch.server";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";
import { sendEmailAction } from "~/forms/send-email-action.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "quotes", "write");
  const id = requireId(params.quoteId, "Quote");
  const db = await getDb();
  const quote = requireFound(await quoteRecipient(db, id), "Quote");
  const readiness = await sendReadiness(db, quote.customer);
  return json({ quote: { id, quoteNumber: quote.number, title: quote.title }, ...readiness });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "quotes", "write");
  const id = requireId(params.quoteId, "Quote");
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), `/quotes/${id}`);
  return sendEmailAction(request, back, async (customMessage) =>
    dispatchQuoteEmail(await getDb(), id, customMessage, user.id),
  );
}

export default function SendQuoteEmail() {
  const { quote, state, recipient } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const cancelTo = safeClientBack(params.get("redirectTo"), `/quotes/${quote.id}`);
  return (
    <DialogRoute
      title={`Send ${quote.quoteNumber}`}
      description={`E-mail "${quote.title}" with the PDF and a portal link.`}
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
