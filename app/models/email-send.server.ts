// Building and sending the quote, invoice and test e-mails (run by the `email` queue's processor;
// the web request waits for its result). Job data carries ids and the custom message only: the
// portal token, the password and the PDF are made here, at send time.
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { emails, invoices, quotes } from "../../db/schema";
import { DocumentEmail, TestEmail, renderEmail, type BusinessDetails } from "../emails/document-email";
import { formatMoney } from "../utils/money";
import { logActivity } from "./activity.server";
import { invoicePdf, quotePdf } from "./documents.server";
import { activeSmtpAccount, getEmailConfig, smtpTransport, type SmtpAccount } from "./email-config.server";
import { invalid, notFound } from "../utils/refusal.server";
import { forgetUnreadCount, getEmail } from "./inbox.server";
import { getInvoiceDetail } from "./invoice.server";
import { createPortalToken, portalPath } from "./portal.server";
import { getQuoteDetail } from "./quote.server";
import { getSettings } from "./settings.server";

export type SendResult = { messageId: string; accepted: string[]; to: string };

type Attachment = { filename: string; content: Buffer; contentType: string };

type Outgoing = {
  to: string;
  subject: string;
  html?: string;
  text: string;
  attachments?: Attachment[];
  /** Threading headers of a reply (RFC 5322 In-Reply-To / References). */
  inReplyTo?: string;
  references?: string[];
};

async function deliver(account: SmtpAccount, mail: Outgoing): Promise<SendResult> {
  const transport = smtpTransport(account);
  try {
    const info = await transport.sendMail({
      from: { name: account.senderName, address: account.senderEmail },
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
    });
    return { messageId: info.messageId, accepted: (info.accepted ?? []).map(String), to: mail.to };
  } finally {
    transport.close();
  }
}

async function business(db: Executor): Promise<BusinessDetails> {
  return (await getSettings(db)).business;
}

const appUrl = () => (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, "");

/** What the Send Email dialog needs: the recipient and whether sending can work. */
export async function sendReadiness(db: Executor, customer: { email: string | null } | null) {
  const config = await getEmailConfig(db);
  const configured = Boolean(config?.isActive && config.senderEmail && config.hasPassword);
  const state = !customer ? "no-customer" : !customer.email ? "no-email" : !configured ? "not-configured" : "ready";
  return { state, recipient: customer?.email ?? null } as const;
}

export async function sendQuoteEmail(
  db: Executor,
  quoteId: number,
  customMessage?: string | null,
  actorId?: number | null,
): Promise<SendResult> {
  const detail = await getQuoteDetail(db, quoteId);
  if (!detail) throw notFound("Quote not found");
  const { quote, customer } = detail;
  if (!customer) throw invalid("The quote has no customer");
  if (!customer.email) throw invalid("The customer has no email address");
  const account = await activeSmtpAccount(db);
  const pdf = await quotePdf(db, quoteId);
  if (!pdf) throw notFound("Quote not found");
  const token = await createPortalToken(db, customer.id, actorId, { revokeOthers: false });
  const link = `${appUrl()}${portalPath(customer.id, token)}`;
  const biz = await business(db);
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
      business: biz,
    }),
  );
  const result = await deliver(account, {
    to: customer.email,
    subject: `Quote ${quote.quoteNumber} from ${biz.companyName}`,
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
  const detail = await getInvoiceDetail(db, invoiceId);
  if (!detail) throw notFound("Invoice not found");
  const { invoice, customer } = detail;
  if (!customer) throw invalid("The invoice has no customer");
  if (!customer.email) throw invalid("The customer has no email address");
  const account = await activeSmtpAccount(db);
  const pdf = await invoicePdf(db, invoiceId);
  if (!pdf) throw notFound("Invoice not found");
  const biz = await business(db);
  const { html, text } = await renderEmail(
    DocumentEmail({
      kind: "Invoice",
      number: invoice.invoiceNumber,
      title: invoice.title,
      customerName: customer.name,
      total: formatMoney(invoice.total),
      extraLines: [`Balance due: ${formatMoney(invoice.balance)}${invoice.dueDate ? ` by ${invoice.dueDate}` : ""}.`],
      actionUrl: invoice.paymentLinkUrl,
      actionLabel: "Pay online",
      customMessage,
      business: biz,
    }),
  );
  const result = await deliver(account, {
    to: customer.email,
    subject: `Invoice ${invoice.invoiceNumber} from ${biz.companyName}`,
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

/** Settings → Email's test: a short message to the sender's own address. */
export async function sendTestEmail(db: Executor): Promise<SendResult> {
  const account = await activeSmtpAccount(db);
  const { html, text } = await renderEmail(TestEmail({ business: await business(db) }));
  return deliver(account, { to: account.senderEmail, subject: "Cabinetry Jobs test email", html, text });
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
  const original = await getEmail(db, emailId);
  if (!original) throw notFound("Email not found");
  if (!original.fromEmail) throw invalid("This email has no sender address to reply to");
  const account = await activeSmtpAccount(db);
  const references = [
    ...new Set([original.threadId, original.messageId].filter((id): id is string => Boolean(id && id.startsWith("<")))),
  ];
  const result = await deliver(account, {
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
  forgetUnreadCount();
  return result;
}
