// The `email` queue: sends a quote, an invoice or the test e-mail over SMTP. A refusal that a retry
// cannot fix (no configuration, unknown record, SMTP 5xx, bad login) fails the job at once with
// the server's reason, which the waiting web request shows.
import { UnrecoverableError } from "bullmq";
import { getDb } from "../../db/client.server";
import { EmailConfigError } from "../../app/models/email-config.server";
import { sendInvoiceEmail, sendQuoteEmail, sendTestEmail, type SendResult } from "../../app/models/email-send.server";
import { ModelError } from "../../app/models/errors.server";
import type { JobLike, SendInvoiceEmailData, SendQuoteEmailData, SendTestEmailData } from "../queues";

function permanent(error: unknown): boolean {
  if (error instanceof EmailConfigError || error instanceof ModelError) return true;
  const e = error as { responseCode?: number; code?: string } | null;
  if (e?.code === "EAUTH" || e?.code === "EENVELOPE") return true;
  return typeof e?.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
}

async function run(send: () => Promise<SendResult>): Promise<SendResult> {
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

export async function sendTestEmailJob(_job: JobLike<SendTestEmailData>) {
  const db = await getDb();
  return run(() => sendTestEmail(db));
}
