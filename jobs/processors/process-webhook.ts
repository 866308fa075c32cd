// The `webhooks` queue (app/services/webhooks.server.ts): turns a stored payment webhook into at most
// one payment or refund, and the scheduled sweep that enqueues events whose job was lost.
// Idempotent: a processed event is skipped and a provider transaction or refund is recorded once,
// so a retry, a redelivery or a stalled job picked up by another worker is harmless.
import { getDb } from "../../db/client.server";
import { processWebhookEvent, sweepWebhookEvents, type ProcessOutcome } from "../../app/services/webhooks.server";
import type { JobLike, ProcessWebhookData, SweepWebhooksData } from "../queues";

export async function processWebhook(job: JobLike<ProcessWebhookData>): Promise<ProcessOutcome> {
  return processWebhookEvent(await getDb(), job.data.eventRowId);
}

export async function sweepWebhooks(_job: JobLike<SweepWebhooksData>): Promise<{ enqueued: number }> {
  return sweepWebhookEvents(await getDb());
}
