// Building and sending the quote, invoice, test and reply e-mails: the `email` queue's processor
// runs these (the web request waits for its result, app/services/email-dispatch.server.ts). Job
// data carries ids and the user's text only: the portal token, the password and the PDF are made
// here, at send time. A quote or invoice is read once; its PDF and its message come from that read.
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { emails, invoices, quotes, users } from "../../db/schema";
import { DocumentEmail, LoginAlertEmail, TestEmail, renderEmail } from "../emails/document-email";
import { sendMail, type SendResult } from "../integrations/smtp.server";
import { logActivity } from "../models/activity.server";
import { renderInvoicePdf, renderQuotePdf } from "../models/documents.server";
import { activeMailAccount } from "../models/email-config.server";
import { forgetUnreadCount, getEmail } from "../models/inbox.server";
import { getInvoiceDetail } from "../models/invoice.server";
import { createPortalToken, portalPath } from "../models/portal.server";
import { getPurchaseOrder, markPurchaseOrderSent, renderPurchaseOrderPdf } from "../models/purchasing.server";
import { getQuoteDetail } from "../models/quote.server";
import { getSettings } from "../models/settings.server";
import { formatDate, formatDateTime } from "../utils/dates";
import { formatMoney } from "../utils/money";
import { invalid, requireFound } from "../utils/refusal.server";

export type { SendResult };

const appUrl = () => (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, "");

function requireRecipient<C extends { email: string | null }>(customer: C | null, what: "quote" | "invoice") {
  if (!customer) throw invalid(`The ${what} has no customer`);
  if (!customer.email) throw invalid("The customer has no email address");
  return { ...customer, email: customer.email };
}

export async function sendQuoteEmail(
  db: Executor,
  quoteId: number,
  customMessage?: string | null,
  actorId?: number | null,
): Promise<SendResult> {
  const detail = requireFound(await getQuoteDetail(db, quoteId), "Quote");
  const { quote } = detail;
  const customer = requireRecipient(detail.customer, "quote");
  const account = await activeMailAccount(db);
  const settings = await getSettings(db);
  const pdf = await renderQuotePdf(detail, settings);
  const token = await createPortalToken(db, customer.id, actorId, { revokeOthers: false });
  const link = `${appUrl()}${portalPath(customer.id, token)}`;
  const { html, text } = await renderEmail(
    DocumentEmail({
      kind: "Quote",
      number: quote.quoteNumber,
      title: quote.title,
      customerName: customer.name,
      total: formatMoney(quote.total),
      actionUrl: link,
      actionLabel: "View and approve your quote",
      customMessage,
      business: settings.business,
    }),
  );
  const result = await sendMail(account, {
    to: customer.email,
    subject: `Quote ${quote.quoteNumber} from ${settings.business.companyName}`,
    html,
    text,
    attachments: [{ filename: pdf.filename, content: pdf.pdf, contentType: "application/pdf" }],
  });
  await db.transaction(async (tx) => {
    await tx
      .update(quotes)
      .set({ status: "sent", sentAt: new Date(), updatedAt: new Date() })
      .where(and(eq(quotes.id, quoteId), eq(quotes.status, "draft")));
    await logActivity(tx, {
      type: "quote_emailed",
      title: `Quote ${quote.quoteNumber} emailed`,
      description: `Sent to ${customer.email}`,
      customerId: quote.customerId,
      jobId: quote.jobId,
      quoteId,
      userId: actorId ?? null,
      amount: quote.total,
    });
  });
  return result;
}

export async function sendInvoiceEmail(
  db: Executor,
  invoiceId: number,
  customMessage?: string | null,
  actorId?: number | null,
): Promise<SendResult> {
  const detail = requireFound(await getInvoiceDetail(db, invoiceId), "Invoice");
  const { invoice } = detail;
  const customer = requireRecipient(detail.customer, "invoice");
  const account = await activeMailAccount(db);
  const settings = await getSettings(db);
  const pdf = await renderInvoicePdf(detail, settings);
  const { html, text } = await renderEmail(
    DocumentEmail({
      kind: "Invoice",
      number: invoice.invoiceNumber,
      title: invoice.title,
      customerName: customer.name,
      total: formatMoney(invoice.total),
      extraLines: [
        `Balance due: ${formatMoney(invoice.balance)}${invoice.dueDate ? ` by ${formatDate(invoice.dueDate, settings.system)}` : ""}.`,
      ],
      actionUrl: invoice.paymentLinkUrl,
      actionLabel: "Pay online",
      customMessage,
      business: settings.business,
    }),
  );
  const result = await sendMail(account, {
    to: customer.email,
    subject: `Invoice ${invoice.invoiceNumber} from ${settings.business.companyName}`,
    html,
    text,
    attachments: [{ filename: pdf.filename, content: pdf.pdf, contentType: "application/pdf" }],
  });
  await db.transaction(async (tx) => {
    await tx
      .update(invoices)
      .set({ status: "sent", sentAt: new Date(), updatedAt: new Date() })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, "draft")));
    await logActivity(tx, {
      type: "invoice_emailed",
      title: `Invoice ${invoice.invoiceNumber} emailed`,
      description: `Sent to ${customer.email}`,
      customerId: invoice.customerId,
      jobId: invoice.jobId,
      invoiceId,
      userId: actorId ?? null,
      amount: invoice.total,
    });
  });
  return result;
}

/**
 * "E-mail to supplier": the PO's PDF to the supplier's address; a draft becomes ordered (placed),
 * as a draft quote becomes sent.
 */
export async function sendPurchaseOrderEmail(
  db: Executor,
  purchaseOrderId: number,
  customMessage?: string | null,
  actorId?: number | null,
): Promise<SendResult> {
  const detail = requireFound(await getPurchaseOrder(db, purchaseOrderId), "Purchase order");
  const to = detail.supplier.email;
  if (!to) throw invalid(`${detail.supplier.name} has no email address: add one to the supplier first`);
  if (detail.status === "cancelled") throw invalid(`${detail.poNumber} is cancelled and cannot be sent`);
  const account = await activeMailAccount(db);
  const settings = await getSettings(db);
  const pdf = await renderPurchaseOrderPdf(detail, settings);
  const { html, text } = await renderEmail(
    DocumentEmail({
      kind: "Purchase Order",
      number: detail.poNumber,
      title: `${detail.lines.length} line${detail.lines.length === 1 ? "" : "s"}`,
      customerName: detail.supplier.contactName || detail.supplier.name,
      total: formatMoney(detail.total),
      extraLines: detail.expectedDate
        ? [`We expect delivery by ${formatDate(detail.expectedDate, settings.system)}.`]
        : undefined,
      customMessage,
      business: settings.business,
    }),
  );
  const result = await sendMail(account, {
    to,
    subject: `Purchase order ${detail.poNumber} from ${settings.business.companyName}`,
    html,
    text,
    attachments: [{ filename: pdf.filename, content: pdf.pdf, contentType: "application/pdf" }],
  });
  await db.transaction((tx) => markPurchaseOrderSent(tx, purchaseOrderId, to, actorId));
  return result;
}

/** Settings → Email's test: a short message to the sender's own address. */
export async function sendTestEmail(db: Executor): Promise<SendResult> {
  const account = await activeMailAccount(db);
  const { html, text } = await renderEmail(TestEmail({ business: (await getSettings(db)).business }));
  return sendMail(account, { to: account.senderEmail, subject: "Cabinetry Jobs test email", html, text });
}

/**
 * Security → login alerts: tells a user their account signed in from a new browser. Skipped (not
 * failed) when the user has no e-mail address or was removed meanwhile.
 */
export async function sendLoginAlert(
  db: Executor,
  data: { userId: number; at: string; browser: string; address: string },
): Promise<SendResult | { skipped: string }> {
  const [user] = await db
    .select({ name: users.name, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, data.userId));
  if (!user?.email) return { skipped: "The user has no email address" };
  const account = await activeMailAccount(db);
  const settings = await getSettings(db);
  const when = `${formatDateTime(new Date(data.at), settings.system)} (${settings.system.timeZone})`;
  const { html, text } = await renderEmail(
    LoginAlertEmail({
      business: settings.business,
      name: user.name,
      username: user.username,
      when,
      browser: data.browser,
      address: data.address,
    }),
  );
  return sendMail(account, { to: user.email, subject: "New sign-in to your Cabinetry Jobs account", html, text });
}

/** "Re: " once, however long the thread. */
export function replySubject(subject: string | null) {
  const base = (subject ?? "").trim();
  return /^re:/i.test(base) ? base : `Re: ${base || "(No subject)"}`;
}

/** The reply's text: what the user wrote, then the original quoted with "> " (plain text, as mail clients do). */
export function replyText(
  body: string,
  original: { fromName: string | null; fromEmail: string | null; receivedAt: Date | null; bodyText: string | null },
) {
  const who = original.fromName
    ? `${original.fromName} <${original.fromEmail ?? ""}>`
    : (original.fromEmail ?? "the sender");
  const when = original.receivedAt ? original.receivedAt.toUTCString() : null;
  const quoted = (original.bodyText ?? "")
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  return `${body.trim()}\n\n${when ? `On ${when}, ${who} wrote:` : `${who} wrote:`}\n${quoted}\n`;
}

/** Inbox → Reply: sends over SMTP, threaded under the original, and marks the original read. */
export async function sendReply(
  db: Executor,
  emailId: number,
  body: string,
  actorId?: number | null,
): Promise<SendResult> {
  const original = requireFound(await getEmail(db, emailId), "Email");
  if (!original.fromEmail) throw invalid("This email has no sender address to reply to");
  const account = await activeMailAccount(db);
  const references = [
    ...new Set([original.threadId, original.messageId].filter((id): id is string => Boolean(id && id.startsWith("<")))),
  ];
  const result = await sendMail(account, {
    to: original.fromEmail,
    subject: replySubject(original.subject),
    text: replyText(body, original),
    inReplyTo: original.messageId.startsWith("<") ? original.messageId : undefined,
    references,
  });
  await db.transaction(async (tx) => {
    await tx.update(emails).set({ isRead: true, updatedAt: new Date() }).where(eq(emails.id, emailId));
    await logActivity(tx, {
      type: "email_replied",
      title: `Replied to ${original.fromName || original.fromEmail}`,
      description: `${replySubject(original.subject)}: ${body.trim().slice(0, 200)}`,
      customerId: original.customerId,
      jobId: original.jobId,
      userId: actorId ?? null,
    });
  });
  await forgetUnreadCount();
  return result;
}
