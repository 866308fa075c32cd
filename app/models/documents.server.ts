// Quote and invoice documents: the PDF (app/utils/pdf.server.ts draws it) and who they go to.
// The e-mail processor loads a document once and renders both the PDF and the message from that
// one read (renderQuotePdf/renderInvoicePdf); the download routes load and render in one call.
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { customers, invoices, quotes } from "../../db/schema";
import { formatDate } from "../utils/dates";
import { renderDocumentPdf } from "../utils/pdf.server";
import { getInvoiceDetail } from "./invoice.server";
import { getQuoteDetail } from "./quote.server";
import { getSettings, type Settings } from "./settings.server";

export type QuoteDocument = NonNullable<Awaited<ReturnType<typeof getQuoteDetail>>>;
export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof getInvoiceDetail>>>;
export type DocumentPdf = { pdf: Buffer; filename: string };

export async function renderQuotePdf(detail: QuoteDocument, settings: Settings): Promise<DocumentPdf> {
  const { quote } = detail;
  const pdf = await renderDocumentPdf(
    {
      kind: "Quote",
      number: quote.quoteNumber,
      title: quote.title,
      description: quote.description,
      dates: [
        ["Date", formatDate(quote.createdAt, settings.system)],
        ...(quote.validUntil
          ? ([["Valid Until", formatDate(quote.validUntil, settings.system)]] as Array<[string, string]>)
          : []),
      ],
      customer: detail.customer,
      items: detail.items,
      totals: quote,
      terms: quote.terms,
    },
    settings,
  );
  return { pdf, filename: `${quote.quoteNumber}.pdf` };
}

export async function renderInvoicePdf(detail: InvoiceDocument, settings: Settings): Promise<DocumentPdf> {
  const { invoice } = detail;
  const pdf = await renderDocumentPdf(
    {
      kind: "Invoice",
      number: invoice.invoiceNumber,
      title: invoice.title,
      description: invoice.description,
      dates: [
        ["Issue Date", formatDate(invoice.issueDate, settings.system)],
        ["Due Date", formatDate(invoice.dueDate, settings.system)],
        ...(invoice.paymentTerms ? ([["Terms", invoice.paymentTerms]] as Array<[string, string]>) : []),
      ],
      customer: detail.customer,
      items: detail.items,
      totals: invoice,
      terms: invoice.terms,
      payments: detail.payments,
      refunds: detail.refunds,
      paid: invoice.paidTotal,
      balance: invoice.balance,
    },
    settings,
  );
  return { pdf, filename: `${invoice.invoiceNumber}.pdf` };
}

/** The quote's PDF for a download; null when the quote does not exist. */
export async function quotePdf(db: Executor, quoteId: number) {
  const detail = await getQuoteDetail(db, quoteId);
  if (!detail) return null;
  return { ...(await renderQuotePdf(detail, await getSettings(db))), customerId: detail.quote.customerId };
}

/** The invoice's PDF for a download; null when the invoice does not exist. */
export async function invoicePdf(db: Executor, invoiceId: number) {
  const detail = await getInvoiceDetail(db, invoiceId);
  if (!detail) return null;
  return renderInvoicePdf(detail, await getSettings(db));
}

/** Who a document goes to (one small read): what the Send dialog shows and the send checks need. */
export type DocumentRecipient = {
  id: number;
  number: string;
  title: string;
  customer: { id: number; name: string; email: string | null } | null;
};

export async function quoteRecipient(db: Executor, quoteId: number): Promise<DocumentRecipient | null> {
  const [row] = await db
    .select({
      id: quotes.id,
      number: quotes.quoteNumber,
      title: quotes.title,
      customerId: customers.id,
      name: customers.name,
      email: customers.email,
    })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(eq(quotes.id, quoteId));
  return row ? recipient(row) : null;
}

export async function invoiceRecipient(db: Executor, invoiceId: number): Promise<DocumentRecipient | null> {
  const [row] = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      title: invoices.title,
      customerId: customers.id,
      name: customers.name,
      email: customers.email,
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.id, invoiceId));
  return row ? recipient(row) : null;
}

function recipient(row: {
  id: number;
  number: string;
  title: string;
  customerId: number | null;
  name: string | null;
  email: string | null;
}): DocumentRecipient {
  const customer = row.customerId === null ? null : { id: row.customerId, name: row.name ?? "", email: row.email };
  return { id: row.id, number: row.number, title: row.title, customer };
}
