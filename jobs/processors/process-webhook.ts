// Turns a stored payment webhook into at most one payment (app/models/webhooks.server.ts).
// Idempotent: a processed event is skipped and a provider transaction is recorded once, so a
// retry, a redelivery or a stalled job picked up by another worker is harmless.
import { getDb } from "../../db/client.server";
import { processWebhookEvent, type ProcessOutcome } from "../../app/models/webhooks.server";
import type { JobLike, ProcessWebhookData } from "../queues";

export async function processWebhook(job: JobLike<ProcessWebhookData>): Promise<ProcessOutcome> {
  return processWebhookEvent(await getDb(), job.data.eventRowId);
}
