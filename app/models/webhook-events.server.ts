// Stored payment webhooks (webhook_events): each provider event once, its processing outcome, and
// the ones still waiting. The flow around them lives in app/services/webhooks.server.ts.
import { and, asc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { webhookEvents } from "../../db/schema";

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** What the receiving side needs of a stored event: its id and whether it still awaits processing. */
export type StoredWebhookEvent = Pick<WebhookEventRow, "id" | "processed" | "rejectedAt">;
const storedColumns = {
  id: webhookEvents.id,
  processed: webhookEvents.processed,
  rejectedAt: webhookEvents.rejectedAt,
};

/**
 * Stores a verified event once (event id prefixed with the provider). Returns the row and whether
 * this call created it; a redelivery gets the stored row back. Only the columns the receiver reads
 * come back (not the payload it just sent).
 */
export async function storeWebhookEvent(
  db: Executor,
  provider: string,
  event: { eventId: string; eventType: string; payload: unknown },
): Promise<{ row: StoredWebhookEvent; created: boolean }> {
  const eventId = `${provider}:${event.eventId}`;
  const [inserted] = await db
    .insert(webhookEvents)
    .values({ provider, eventId, eventType: event.eventType, rawPayload: event.payload })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning(storedColumns);
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db.select(storedColumns).from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
  return { row: existing, created: false };
}

export async function getWebhookEvent(db: Executor, id: number): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return row;
}

/** An event still to be (re)processed: neither processed nor refused for good. */
export const awaitsProcessing = (row: Pick<WebhookEventRow, "processed" | "rejectedAt">) =>
  !row.processed && !row.rejectedAt;

/**
 * Records the outcome of processing: done, refused for good (kept with its reason for review, never
 * re-enqueued), or failed for now (the reason is kept while the queue retries).
 */
export async function finishWebhookEvent(
  db: Executor,
  id: number,
  outcome: { state: "done" } | { state: "rejected"; reason: string } | { state: "failed"; reason: string },
) {
  const now = new Date();
  await db
    .update(webhookEvents)
    .set({
      processed: outcome.state === "done",
      processingError: outcome.state === "done" ? null : outcome.reason,
      processedAt: outcome.state === "done" ? now : null,
      rejectedAt: outcome.state === "rejected" ? now : null,
      updatedAt: now,
    })
    .where(eq(webhookEvents.id, id));
}

/** Events stored before `olderThan` (and after `notBefore`) that still await processing, oldest first. */
export async function staleWebhookEvents(db: Executor, opts: { olderThan: Date; notBefore: Date; limit: number }) {
  return db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.processed, false),
        isNull(webhookEvents.rejectedAt),
        lt(webhookEvents.createdAt, opts.olderThan),
        gt(webhookEvents.createdAt, opts.notBefore),
      ),
    )
    .orderBy(asc(webhookEvents.createdAt))
    .limit(opts.limit);
}
