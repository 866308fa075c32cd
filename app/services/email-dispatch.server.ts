// Pages and /api send e-mail through here: check what can be refused at once (4xx), then enqueue
// on the `email` queue and wait for the processor's answer, so "sent" means the SMTP server took it
// (docs/decisions/sending-email.md). The checks read only what they need; the processor loads the document itself
// (app/services/email-send.server.ts), and the job carries ids and the user's text, never secrets.
import {
  EMAIL_QUEUE,
  SEND_INVOICE_EMAIL_JOB,
  SEND_PURCHASE_ORDER_EMAIL_JOB,
  SEND_QUOTE_EMAIL_JOB,
  SEND_REPLY_JOB,
  SEND_TEST_EMAIL_JOB,
  SYNC_INBOX_JOB,
  emailJobOptions,
  enqueueAndWait,
} from "../../jobs/queues";
import type { Executor } from "../../db/client.server";
import type { SendResult } from "../integrations/smtp.server";
import { invoiceRecipient, quoteRecipient } from "../models/documents.server";
import { getEmailConfig } from "../models/email-config.server";
import { forgetUnreadCount, getEmail } from "../models/inbox.server";
import { purchaseOrderRecipient } from "../models/purchasing.server";
import { conflict, invalid, requireFound } from "../utils/refusal.server";
import type { SyncResult } from "./inbox-sync.server";

export type DispatchOutcome<R = SendResult> = { ok: true; result: R } | { ok: false; error: string };

/** What the Send Email dialog needs: the recipient and whether sending can work. */
export async function sendReadiness(db: Executor, customer: { email: string | null } | null) {
  const config = await getEmailConfig(db);
  const configured = Boolean(config?.isActive && config.senderEmail && config.hasPassword);
  const state = !customer ? "no-customer" : !customer.email ? "no-email" : !configured ? "not-configured" : "ready";
  return { state, recipient: customer?.email ?? null } as const;
}

function reason(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/timed out|timeout/i.test(message)) return "The mail server did not answer in time";
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ECONNRESET/.test(message))
    return `Could not reach the mail server (${message})`;
  return message;
}

async function wait<R = SendResult>(run: () => Promise<R>): Promise<DispatchOutcome<R>> {
  try {
    return { ok: true, result: await run() };
  } catch (error) {
    return { ok: false, error: reason(error) };
  }
}

function refuse(state: string) {
  if (state === "no-customer") throw invalid("No customer: the record has no customer to email");
  if (state === "no-email") throw invalid("No email: the customer has no email address");
  if (state === "not-configured") throw conflict("Email not configured: activate it in Settings → Email");
}

export async function dispatchQuoteEmail(
  db: Executor,
  quoteId: number,
  customMessage: string | undefined,
  actorId: number | null,
) {
  const quote = requireFound(await quoteRecipient(db, quoteId), "Quote");
  refuse((await sendReadiness(db, quote.customer)).state);
  return wait(() =>
    enqueueAndWait<typeof EMAIL_QUEUE, typeof SEND_QUOTE_EMAIL_JOB, SendResult>(
      EMAIL_QUEUE,
      SEND_QUOTE_EMAIL_JOB,
      { quoteId, customMessage, actorId },
      emailJobOptions,
    ),
  );
}

export async function dispatchInvoiceEmail(
  db: Executor,
  invoiceId: number,
  customMessage: string | undefined,
  actorId: number | null,
) {
  const invoice = requireFound(await invoiceRecipient(db, invoiceId), "Invoice");
  refuse((await sendReadiness(db, invoice.customer)).state);
  return wait(() =>
    enqueueAndWait<typeof EMAIL_QUEUE, typeof SEND_INVOICE_EMAIL_JOB, SendResult>(
      EMAIL_QUEUE,
      SEND_INVOICE_EMAIL_JOB,
      { invoiceId, customMessage, actorId },
      emailJobOptions,
    ),
  );
}

/** The Send dialog of a purchase order: the supplier's address and whether sending can work. */
export async function purchaseOrderSendReadiness(db: Executor, purchaseOrderId: number) {
  const order = requireFound(await purchaseOrderRecipient(db, purchaseOrderId), "Purchase order");
  const config = await getEmailConfig(db);
  const configured = Boolean(config?.isActive && config.senderEmail && config.hasPassword);
  const state = !order.email ? "no-email" : !configured ? "not-configured" : "ready";
  return { order, state, recipient: order.email } as const;
}

/** "E-mail to supplier": refused at once when the supplier has no address or e-mail is not set up. */
export async function dispatchPurchaseOrderEmail(
  db: Executor,
  purchaseOrderId: number,
  customMessage: string | undefined,
  actorId: number | null,
) {
  const { order, state } = await purchaseOrderSendReadiness(db, purchaseOrderId);
  if (state === "no-email")
    throw invalid(`No email: ${order.supplierName} has no email address. Add one to the supplier first.`);
  if (order.status === "cancelled") throw conflict(`${order.poNumber} is cancelled and cannot be sent`);
  refuse(state);
  return wait(() =>
    enqueueAndWait<typeof EMAIL_QUEUE, typeof SEND_PURCHASE_ORDER_EMAIL_JOB, SendResult>(
      EMAIL_QUEUE,
      SEND_PURCHASE_ORDER_EMAIL_JOB,
      { purchaseOrderId, customMessage, actorId },
      emailJobOptions,
    ),
  );
}

export async function dispatchTestEmail(db: Executor, actorId: number | null) {
  const config = await getEmailConfig(db);
  if (!config?.isActive) throw conflict("Activate the email configuration before sending a test email");
  return wait(() =>
    enqueueAndWait<typeof EMAIL_QUEUE, typeof SEND_TEST_EMAIL_JOB, SendResult>(
      EMAIL_QUEUE,
      SEND_TEST_EMAIL_JOB,
      { actorId },
      emailJobOptions,
    ),
  );
}

async function requireActiveConfig(db: Executor, what: string) {
  const config = await getEmailConfig(db);
  if (!config?.isActive) throw conflict(`Email not configured: activate it in Settings → Email to ${what}`);
}

/** The Sync button and POST /api/emails/sync: one sync run through the worker, waited for. */
export async function dispatchInboxSync(db: Executor, maxResults?: number) {
  await requireActiveConfig(db, "sync the inbox");
  const outcome = await wait(() =>
    enqueueAndWait<typeof EMAIL_QUEUE, typeof SYNC_INBOX_JOB, SyncResult>(
      EMAIL_QUEUE,
      SYNC_INBOX_JOB,
      { trigger: "manual", maxResults },
      { attempts: 2, backoff: { type: "fixed", delay: 1_000 } },
      120_000,
    ),
  );
  // The worker (another process) stored the mail: this process's remembered count is stale.
  await forgetUnreadCount();
  return outcome;
}

export async function dispatchReply(db: Executor, emailId: number, body: string, actorId: number | null) {
  const original = requireFound(await getEmail(db, emailId), "Email");
  if (!original.fromEmail) throw invalid("This email has no sender address to reply to");
  await requireActiveConfig(db, "reply");
  const outcome = await wait(() =>
    enqueueAndWait<typeof EMAIL_QUEUE, typeof SEND_REPLY_JOB, SendResult>(
      EMAIL_QUEUE,
      SEND_REPLY_JOB,
      { emailId, body, actorId },
      emailJobOptions,
    ),
  );
  await forgetUnreadCount();
  return outcome;
}
