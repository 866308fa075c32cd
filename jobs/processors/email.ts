// The `email` queue: sends a quote, an invoice, a reply or the test e-mail over SMTP and syncs the
// inbox over IMAP (app/services/). A refusal that a retry cannot fix (no configuration, unknown
// record, SMTP 5xx, bad login) fails the job at once with the server's reason, which the waiting
// web request shows.
import { UnrecoverableError } from "bullmq";
import { getDb } from "../../db/client.server";
import { isPermanentSmtpError } from "../../app/integrations/smtp.server";
import {
  sendInvoiceEmail,
  sendLoginAlert,
  sendPurchaseOrderEmail,
  sendQuoteEmail,
  sendReply,
  sendTestEmail,
} from "../../app/services/email-send.server";
import {
  catchUpBudgetMs,
  catchUpInbox,
  syncInbox,
  type CatchUpResult,
  type SyncResult,
} from "../../app/services/inbox-sync.server";
import { isRefusal } from "../../app/utils/refusal.server";
import {
  inboxSyncMinutes,
  type JobLike,
  type SendInvoiceEmailData,
  type SendPurchaseOrderEmailData,
  type SendQuoteEmailData,
  type SendLoginAlertData,
  type SendReplyData,
  type SendTestEmailData,
  type SyncInboxData,
} from "../queues";

function permanent(error: unknown): boolean {
  if (isRefusal(error)) return true;
  return isPermanentSmtpError(error);
}
async function run<R>(send: () => Promise<R>): Promise<R> {
  try {
    return await send();
  } catch (error) {
    if (permanent(error)) throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

export async function sendQuoteEmailJob(job: JobLike<SendQuoteEmailData>) {
  const db = await getDb();
  return run(() => sendQuoteEmail(db, job.data.quoteId, job.data.customMessage, job.data.actorId));
}

export async function sendInvoiceEmailJob(job: JobLike<SendInvoiceEmailData>) {
  const db = await getDb();
  return run(() => sendInvoiceEmail(db, job.data.invoiceId, job.data.customMessage, job.data.actorId));
}

export async function sendPurchaseOrderEmailJob(job: JobLike<SendPurchaseOrderEmailData>) {
  const db = await getDb();
  return run(() => sendPurchaseOrderEmail(db, job.data.purchaseOrderId, job.data.customMessage, job.data.actorId));
}

export async function sendTestEmailJob(_job: JobLike<SendTestEmailData>) {
  const db = await getDb();
  return run(() => sendTestEmail(db));
}

export async function sendReplyJob(job: JobLike<SendReplyData>) {
  const db = await getDb();
  return run(() => sendReply(db, job.data.emailId, job.data.body, job.data.actorId));
}

export async function sendLoginAlertJob(job: JobLike<SendLoginAlertData>) {
  const db = await getDb();
  return run(() => sendLoginAlert(db, job.data));
}

/** Scheduled runs in progress in this process: a run that is still catching up is not joined by the next. */
let scheduledRunning = false;

/**
 * Pulls new mail into the Inbox. The Sync button's run takes one batch (the request waits for it)
 * and reports why it cannot sync. The scheduled run keeps going batch after batch until it has
 * caught up, within a budget that ends it before the next one is due (catchUpInbox), stops between
 * batches when the worker stops, and does nothing while e-mail is not configured (a business may
 * never set it up) or while this worker's previous scheduled run still goes on.
 */
export async function syncInboxJob(
  job: JobLike<SyncInboxData>,
  signal?: AbortSignal,
): Promise<(SyncResult & { skipped?: string }) | CatchUpResult> {
  const db = await getDb();
  if (job.data.trigger !== "schedule") return run(() => syncInbox(db, { maxResults: job.data.maxResults }));
  if (scheduledRunning)
    return { syncedCount: 0, totalFetched: 0, skipped: "The previous scheduled sync is still running" };
  scheduledRunning = true;
  try {
    return await run(() => catchUpInbox(db, { budgetMs: catchUpBudgetMs(inboxSyncMinutes()), signal }));
  } catch (error) {
    if (error instanceof UnrecoverableError) return { syncedCount: 0, totalFetched: 0, skipped: error.message };
    throw error;
  } finally {
    scheduledRunning = false;
  }
}
