import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { DialogRoute } from "~/components/dialog-route";
import { SendEmailForm } from "~/components/send-email-form";
import { quoteRecipient } from "~/models/documents.server";
import { SendEmailSchema } from "~/schemas/email";
import { dispatchQuoteEmail, sendReadiness } from "~/services/email-dispatch.server";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";
import { isRefusal, requireFound } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "quotes", "write");
  const id = requireRouteId(params.quoteId, "Quote");
  const db = await getDb();
  const quote = requireFound(await quoteRecipient(db, id), "Quote");
  const readiness = await sendReadiness(db, quote.customer);
  return json({ quote: { id, quoteNumber: quote.number, title: quote.title }, ...readiness });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "quotes", "write");
  const id = requireRouteId(params.quoteId, "Quote");
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), `/quotes/${id}`);
  const submission = parseWithZod(await request.formData(), { schema: SendEmailSchema });
  if (submission.status !== "success")
    return redirectWithToast(request, back, {
      type: "error",
      title: "Failed to send email",
      description: "The message is too long.",
    });
  const db = await getDb();
  try {
    const outcome = await dispatchQuoteEmail(db, id, submission.value.customMessage, user.id);
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
    if (isRefusal(error))
      return redirectWithToast(request, back, {
        type: "error",
        title: "Failed to send email",
        description: error.message,
      });
    throw error;
  }
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
