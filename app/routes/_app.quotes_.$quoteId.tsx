import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { QuotePage } from "~/components/quote-page";
import { moneyContext, plusDays } from "~/models/business.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { convertQuoteToInvoice } from "~/models/invoice.server";
import { deleteQuote, getQuotePage, markQuoteSent, respondToQuote } from "~/models/quote.server";
import { paymentTermDays } from "~/schemas/choices";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFound } from "~/utils/refusal.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.quote.quoteNumber ?? "Quote"} · Cabinetry Jobs` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "quotes");
  const id = requireId(params.quoteId, "Quote");
  return json(requireFound(await getQuotePage(await getDb(), id), "Quote"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireId(params.quoteId, "Quote");
  const form = await request.formData();
  const intent = form.get("intent");
  const db = await getDb();
  const here = `/quotes/${id}`;
  try {
    switch (intent) {
      case "send": {
        const user = await requirePermission(request, "quotes", "write");
        const quote = await markQuoteSent(db, id, user.id);
        return redirectWithToast(request, here, {
          title: "Quote marked as sent",
          description: `${quote.quoteNumber} is now sent.`,
        });
      }
      case "convert": {
        const user = await requirePermission(request, "invoices", "write");
        const ctx = await moneyContext(db, user.id);
        const invoice = await convertQuoteToInvoice(db, id, {
          ...ctx,
          dueDate: plusDays(ctx.today, paymentTermDays(ctx.paymentTerms)),
        });
        return redirectWithToast(request, `/invoices/${invoice.id}`, {
          title: "Invoice created",
          description: `${invoice.invoiceNumber} was created from the quote.`,
        });
      }
      case "approve":
      case "reject": {
        // Staff record an answer the customer gave by phone or e-mail.
        const user = await requirePermission(request, "quotes", "write");
        const quote = await respondToQuote(db, id, intent === "approve" ? "approved" : "rejected", {
          via: "staff",
          actorId: user.id,
        });
        return redirectWithToast(request, here, {
          title: intent === "approve" ? "Quote approved" : "Quote rejected",
          description: `${quote.quoteNumber} is now ${quote.status}.`,
        });
      }
      case "delete": {
        await requirePermission(request, "quotes", "delete");
        const quote = await deleteQuote(db, id);
        return redirectWithToast(request, "/quotes", {
          title: "Quote deleted",
          description: `${quote.quoteNumber} has been deleted.`,
        });
      }
      default:
        return json({ error: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    return refusalToast(request, here, error);
  }
}

export default function QuoteDetail() {
  return <QuotePage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
