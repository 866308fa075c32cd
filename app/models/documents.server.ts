import type { Executor } from "../../db/client.server";
import { formatDate } from "../utils/dates";
import { renderDocumentPdf } from "../utils/pdf.server";
import { getInvoiceDetail } from "./invoice.server";
import { getQuoteDetail } from "./quote.server";
import { getSettings } from "./settings.server";

export async function quotePdf(db: Executor, quoteId: number) {
  const detail = await getQuoteDetail(db, quoteId);
  if (!detail) return null;
  const settings = await getSettings(db);
  const { quote } = detail;
  const pdf = await renderDocumentPdf(
    {
      kind: "Quote",
      number: quote.quoteNumber,
      title: quote.title,
      description: quote.description,
      dates: [
        ["Date", formatDate(quote.createdAt, settings.system.timeZone)],
        ...(quote.validUntil ? ([["Valid Until", formatDate(quote.validUntil)]] as Array<[string, string]>) : []),
      ],
      customer: detail.customer,
      items: detail.items,
      totals: quote,
      terms: quote.terms,
    },
    settings,
  );
  return { pdf, filename: `${quote.quoteNumber}.pdf`, customerId: quote.customerId };
}

export async function invoicePdf(db: Executor, invoiceId: number) {
  const detail = await getInvoiceDetail(db, invoiceId);
  if (!detail) return null;
  const settings = await getSettings(db);
  const { invoice } = detail;
  const pdf = await renderDocumentPdf(
    {
      kind: "Invoice",
      number: invoice.invoiceNumber,
      title: invoice.title,
      description: invoice.description,
      dates: [
        ["Issue Date", formatDate(invoice.issueDate)],
        ["Due Date", formatDate(invoice.dueDate)],
        ...(invoice.paymentTerms ? ([["Terms", invoice.paymentTerms]] as Array<[string, string]>) : []),
      ],
      customer: detail.customer,
      items: detail.items,
      totals: invoice,
      terms: invoice.terms,
      payments: detail.payments,
      paid: invoice.paidTotal,
      balance: invoice.balance,
    },
    settings,
  );
  return { pdf, filename: `${invoice.invoiceNumber}.pdf` };
}
