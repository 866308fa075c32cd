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
import { syncInbox, type SyncResult } from "../../app/services/inbox-sync.server";
import { isRefusal } from "../../app/utils/refusal.server";
import type {
  JobLike,
  SendInvoiceEmailData,
  SendPurchaseOrderEmailData,
  SendQuoteEmailData,
  SendLoginAlertData,
  SendReplyData,
  SendTestEmailData,
  SyncInboxData,
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

/**
 * Pulls new mail into the Inbox. The scheduled run does nothing while e-mail is not configured
 * (a business may never set it up); the Sync button's run reports why it cannot sync.
 */
export async function syncInboxJob(job: JobLike<SyncInboxData>): Promise<SyncResult & { skipped?: string }> {
  const db = await getDb();
  try {
    return await run(() => syncInbox(db, { maxResults: job.data.maxResults }));
  } catch (error) {
    if (job.data.trigger === "schedule" && error instanceof UnrecoverableError) {
      return { syncedCount: 0, totalFetched: 0, skipped: error.message };
    }
    throw error;
  }
}
