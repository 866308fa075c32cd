// Stored payment webhooks (webhook_events): each provider event once, its processing outcome, and
// the ones still waiting. The flow around them lives in app/services/webhooks.server.ts.
import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { reusableStatement, rows, type Executor } from "../../db/client.server";
import { officeNoticesPossibleSql } from "./notifications.server";
import { webhookEvents } from "../../db/schema";
import type { SameStatementWrite } from "./payment.server";

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
 * this call created it; a redelivery gets the stored row back. One statement either way: the
 * insert, and the stored row when the insert found one. Only the columns the receiver reads come
 * back (not the payload it just sent).
 */
export async function storeWebhookEvent(
  db: Executor,
  provider: string,
  event: { eventId: string; eventType: string; payload: unknown },
): Promise<{ row: StoredWebhookEvent; created: boolean }> {
  const eventId = `${provider}:${event.eventId}`;
  // The stored row is read from the statement's snapshot: an event stored by a delivery that is
  // still in flight waits for it (the unique index) and then shows neither row; read it again.
  const [row] = await rows<{ id: number; processed: boolean; rejected_at: Date | string | null; created: boolean }>(
    db,
    sql`with inserted as (
          insert into ${webhookEvents} (provider, event_id, event_type, raw_payload)
          values (${provider}, ${eventId}, ${event.eventType}, ${JSON.stringify(event.payload ?? null)}::jsonb)
          on conflict (event_id) do nothing
          returning id, processed, rejected_at)
        select id, processed, rejected_at, true as created from inserted
        union all
        select id, processed, rejected_at, false as created from ${webhookEvents} where event_id = ${eventId}`,
  );
  if (row) {
    const rejectedAt = row.rejected_at === null ? null : new Date(row.rejected_at);
    return { row: { id: Number(row.id), processed: row.processed, rejectedAt }, created: row.created };
  }
  const [existing] = await db.select(storedColumns).from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
  return { row: existing, created: false };
}

export async function getWebhookEvent(db: Executor, id: number): Promise<WebhookEventRow | undefined> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return row;
}

const eventToProcess = reusableStatement("webhook_event_to_process", (db) =>
  db
    .select({ event: webhookEvents, officeNotices: officeNoticesPossibleSql })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, sql.placeholder("id"))),
);

/**
 * The worker's read of an event, and in the same statement whether an office notice could go out
 * (officeNoticesPossible): a payment it makes then needs no read of its own for that. Built once.
 */
export async function webhookEventToProcess(
  db: Executor,
  id: number,
): Promise<{ event: WebhookEventRow; officeNotices: boolean } | undefined> {
  const [row] = await eventToProcess(db, { id });
  return row && { event: row.event, officeNotices: row.officeNotices === true };
}

/** An event still to be (re)processed: neither processed nor refused for good. */
export const awaitsProcessing = (row: Pick<WebhookEventRow, "processed" | "rejectedAt">) =>
  !row.processed && !row.rejectedAt;

/**
 * Records the outcome of processing: done, refused for good (kept with its reason for review, never
 * re-enqueued), or failed for now (the reason is kept while the queue retries).
 */
export async function finishWebhookEvent(db: Executor, id: number, outcome: WebhookOutcome) {
  await finishWebhookEventQuery(db, id, outcome);
}

export type WebhookOutcome =
  { state: "done" } | { state: "rejected"; reason: string } | { state: "failed"; reason: string };

/**
 * An event settled as done inside the payment it made (`recordPayment`'s `alsoWrite`): never a
 * payment committed without it. Written with placeholders, so the payment's statement is built once.
 */
export function webhookEventDone(id: number): SameStatementWrite {
  return {
    key: "webhook_done",
    build: (tx) => {
      const now = sql`${sql.param(sql.placeholder("eventDoneAt"), webhookEvents.processedAt)}`;
      return tx
        .update(webhookEvents)
        .set({ processed: true, processingError: null, processedAt: now, rejectedAt: null, updatedAt: now })
        .where(eq(webhookEvents.id, sql.placeholder("eventRowId")))
        .returning({ id: webhookEvents.id });
    },
    values: { eventRowId: id, eventDoneAt: new Date() },
  };
}

function finishWebhookEventQuery(db: Executor, id: number, outcome: WebhookOutcome) {
  const now = new Date();
  return db
    .update(webhookEvents)
    .set({
      processed: outcome.state === "done",
      processingError: outcome.state === "done" ? null : outcome.reason,
      processedAt: outcome.state === "done" ? now : null,
      rejectedAt: outcome.state === "rejected" ? now : null,
      updatedAt: now,
    })
    .where(eq(webhookEvents.id, id))
    .returning({ id: webhookEvents.id });
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
