// A webhook is never lost when Redis loses its job (issue 10 item 4): a redelivery of an event still
// waiting enqueues it again under the same job id (BullMQ adds nothing while that job exists), and a
// scheduled sweep enqueues events still waiting after a few minutes. The deliveries go through the
// receiving service the route calls, into queues under a prefix of this file's own, so the test
// decides when a worker runs and can wipe the queue as a Redis restart without persistence would.
import { Queue } from "bullmq";
import { eq, inArray, like } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, invoices, paymentLinks, payments, webhookEvents } from "../../db/schema";
import { newPaymentReference } from "~/integrations/payment-provider.server";
import { savePaymentLink } from "~/models/payment-links.server";
import { storeWebhookEvent } from "~/models/webhook-events.server";
import { receiveWebhook, sweepWebhookEvents, webhookJobId } from "~/services/webhooks.server";
import {
  closeQueues,
  WEBHOOKS_QUEUE,
  WEBHOOKS_SWEEP_CRON,
  WEBHOOKS_SWEEP_SCHEDULER,
  SWEEP_WEBHOOKS_JOB,
} from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { FAKE, stripeSignatureHeader } from "../setup/fake-providers";

// Redis refusing the job (down, full): `enqueue` rejects while `queue.down` is set.
const queue_ = vi.hoisted(() => ({ down: false }));
vi.mock("../../jobs/queues", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../jobs/queues")>();
  return {
    ...original,
    enqueue: ((...args: Parameters<typeof original.enqueue>) =>
      queue_.down
        ? Promise.reject(new Error("Connection is closed."))
        : original.enqueue(...args)) as typeof original.enqueue,
  };
});

const run = `${Date.now().toString(36)}${process.pid}`;
const prefix = `cabtest-whrec-${run}`;
const saved: Record<string, string | undefined> = {};
const testEnv = {
  QUEUE_PREFIX: prefix,
  STRIPE_SECRET_KEY: FAKE.stripeSecretKey,
  STRIPE_WEBHOOK_SECRET: FAKE.stripeWebhookSecret,
};
let customerId = 0;
let seq = 0;
let connection: Redis;
let queue: Queue;
let worker: RunningWorker | undefined;

async function newInvoice(total: string) {
  const db = await getDb();
  seq += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      customerId,
      invoiceNumber: `WR-${run}-${seq}`,
      title: `Webhook recovery ${seq}`,
      status: "sent",
      dueDate: "2030-01-01",
      subtotal: total,
      taxRate: "0",
      total,
      balance: total,
    })
    .returning();
  const reference = newPaymentReference();
  await savePaymentLink(db, {
    invoiceId: row.id,
    provider: "stripe",
    reference,
    url: "https://checkout.stripe.com/c/pay/cs_test",
    amount: total,
    currency: "USD",
  });
  return { ...row, reference };
}

/** A signed checkout.session.completed for the invoice's link, as Stripe delivers it. */
function stripeDelivery(inv: { id: number; reference: string }, cents: number) {
  const id = `evt_${run}_${++seq}`;
  const pi = `pi_${run}_${seq}`;
  const body = JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${run}_${seq}`,
        object: "checkout.session",
        payment_status: "paid",
        payment_intent: pi,
        amount_total: cents,
        currency: "usd",
        client_reference_id: inv.reference,
        metadata: { paymentRef: inv.reference },
      },
    },
  });
  const deliver = async () =>
    receiveWebhook(await getDb(), "stripe", body, new Headers({ "stripe-signature": stripeSignatureHeader(body) }));
  return { id, pi, body, deliver };
}

const paymentsOf = async (invoiceId: number) =>
  (await getDb()).select().from(payments).where(eq(payments.invoiceId, invoiceId));
const eventRow = async (eventId: string) =>
  (await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId)))[0];

async function until<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const startWebhooksWorker = () =>
  startWorker({
    prefix,
    concurrency: 2,
    registry: { [WEBHOOKS_QUEUE]: processors[WEBHOOKS_QUEUE] },
    schedulers: false,
  });

/** What a Redis restart without persistence does to the queue: every job and key of it is gone. */
async function loseQueuedJobs() {
  await queue.obliterate({ force: true });
  expect(await connection.keys(`${prefix}:${WEBHOOKS_QUEUE}:*`)).toEqual([]);
}

beforeAll(async () => {
  for (const [key, value] of Object.entries(testEnv)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Webhook recovery ${run}` })
    .returning();
  customerId = c.id;
  connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
  queue = new Queue(WEBHOOKS_QUEUE, { connection, prefix });
});

afterAll(async () => {
  await worker?.close();
  await closeQueues();
  for (const name of Object.keys(processors)) {
    const q = new Queue(name, { connection, prefix });
    await q.obliterate({ force: true });
    await q.close();
  }
  await queue.close();
  await connection.quit();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const db = await getDb();
  const ids = (await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, customerId))).map(
    (r) => r.id,
  );
  if (ids.length) {
    await db.delete(payments).where(inArray(payments.invoiceId, ids));
    await db.delete(paymentLinks).where(inArray(paymentLinks.invoiceId, ids));
    await db.delete(invoices).where(inArray(invoices.id, ids));
  }
  await db.delete(activityLog).where(eq(activityLog.customerId, customerId));
  await db.delete(webhookEvents).where(like(webhookEvents.eventId, `%${run}%`));
  await db.delete(customers).where(eq(customers.id, customerId));
  await closeDb();
});

describe("a webhook whose job Redis lost", () => {
  it("is enqueued again by the provider's redelivery and makes exactly one payment", async () => {
    const inv = await newInvoice("410.00");
    const event = stripeDelivery(inv, 41000);
    // No worker yet: the event is stored and its job waits in Redis...
    expect(await event.deliver()).toEqual({ duplicate: false, queued: true });
    const stored = await eventRow(`stripe:${event.id}`);
    expect(await queue.getJobState(webhookJobId(stored.id))).toBe("waiting");
    // ...until Redis restarts without persistence.
    await loseQueuedJobs();

    worker = await startWebhooksWorker();
    // Nothing is left to process: the payment is not recorded by itself.
    await new Promise((r) => setTimeout(r, 500));
    expect(await paymentsOf(inv.id)).toHaveLength(0);

    // The provider retries (it got 200 before, but keeps retrying on its schedule or by hand).
    expect(await event.deliver()).toEqual({ duplicate: true, queued: true });
    await until(async () => (await eventRow(`stripe:${event.id}`)).processed);
    // More redeliveries, some at once: the event is processed, so nothing is enqueued again.
    const more = await Promise.all([1, 2, 3].map(() => event.deliver()));
    expect(more).toEqual([1, 2, 3].map(() => ({ duplicate: true, queued: true })));
    expect(await paymentsOf(inv.id)).toMatchObject([
      { provider: "stripe", providerTransactionId: event.pi, amount: "410.00" },
    ]);
    const [invoice] = await (await getDb()).select().from(invoices).where(eq(invoices.id, inv.id));
    expect(invoice).toMatchObject({ status: "paid", balance: "0.00", paidTotal: "410.00" });
    expect(await queue.getJobCounts("completed", "waiting", "active", "failed")).toMatchObject({
      completed: 1,
      waiting: 0,
      active: 0,
      failed: 0,
    });
  });

  it("is not doubled when redelivered while its job still waits (same job id)", async () => {
    await worker?.close();
    worker = undefined;
    const inv = await newInvoice("55.00");
    const event = stripeDelivery(inv, 5500);
    await event.deliver();
    const again = await Promise.all([1, 2, 3].map(() => event.deliver()));
    expect(again.every((r) => r.duplicate && r.queued)).toBe(true);
    const stored = await eventRow(`stripe:${event.id}`);
    expect(await queue.getWaiting()).toMatchObject([{ id: webhookJobId(stored.id), data: { eventRowId: stored.id } }]);

    worker = await startWebhooksWorker();
    await until(async () => (await eventRow(`stripe:${event.id}`)).processed);
    expect(await paymentsOf(inv.id)).toHaveLength(1);
  });

  it("stays stored when the queue is unreachable, answers 'not queued', and the retry enqueues it", async () => {
    const inv = await newInvoice("72.00");
    const event = stripeDelivery(inv, 7200);
    queue_.down = true;
    try {
      expect(await event.deliver()).toEqual({ duplicate: false, queued: false });
    } finally {
      queue_.down = false;
    }
    // The event was kept (nothing deletes it), so the retry is not lost as a "duplicate".
    expect(await eventRow(`stripe:${event.id}`)).toMatchObject({ processed: false, rejectedAt: null });
    expect(await event.deliver()).toEqual({ duplicate: true, queued: true });
    await until(async () => (await eventRow(`stripe:${event.id}`)).processed);
    expect(await paymentsOf(inv.id)).toHaveLength(1);
  });
});

describe("the webhook sweep", () => {
  it("enqueues an event still waiting after five minutes, once, and leaves fresh, done and refused ones", async () => {
    const db = await getDb();
    const inv = await newInvoice("99.00");
    const orphan = stripeDelivery(inv, 9900);
    const fresh = stripeDelivery(inv, 100);
    const refused = stripeDelivery(inv, 200);
    const store = async (e: { id: string; body: string }) =>
      (
        await storeWebhookEvent(db, "stripe", {
          eventId: e.id,
          eventType: "checkout.session.completed",
          payload: JSON.parse(e.body),
        })
      ).row;
    // Stored, but its job never reached Redis (or Redis lost it), and nobody redelivers.
    const lost = await store(orphan);
    const recent = await store(fresh);
    const rejected = await store(refused);
    // Times far in the past keep this sweep to this test's rows (the database is shared).
    const now = new Date("2001-01-01T12:00:00Z");
    const at = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * 60_000);
    await db
      .update(webhookEvents)
      .set({ createdAt: at(12) })
      .where(eq(webhookEvents.id, lost.id));
    await db
      .update(webhookEvents)
      .set({ createdAt: at(2) })
      .where(eq(webhookEvents.id, recent.id));
    await db
      .update(webhookEvents)
      .set({ createdAt: at(30), rejectedAt: at(29), processingError: "refused for review" })
      .where(eq(webhookEvents.id, rejected.id));

    expect(await sweepWebhookEvents(db, now)).toEqual({ enqueued: 1 });
    await until(async () => (await eventRow(`stripe:${orphan.id}`)).processed);
    // A second sweep finds nothing waiting; the payment is recorded once.
    expect(await sweepWebhookEvents(db, now)).toEqual({ enqueued: 0 });
    expect(await paymentsOf(inv.id)).toMatchObject([{ providerTransactionId: orphan.pi, amount: "99.00" }]);
    expect(await eventRow(`stripe:${fresh.id}`)).toMatchObject({ processed: false });
    expect(await eventRow(`stripe:${refused.id}`)).toMatchObject({ processed: false });
    expect(await queue.getJob(webhookJobId(recent.id))).toBeUndefined();
    expect(await queue.getJob(webhookJobId(rejected.id))).toBeUndefined();
  });

  it("runs from a job scheduler every five minutes that the worker registers once", async () => {
    const first = await startWorker({ prefix, concurrency: 1, registry: {} });
    await first.close();
    const second = await startWorker({ prefix, concurrency: 1, registry: {} });
    await second.close();
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({
      key: WEBHOOKS_SWEEP_SCHEDULER,
      name: SWEEP_WEBHOOKS_JOB,
      pattern: WEBHOOKS_SWEEP_CRON,
    });
    expect(WEBHOOKS_SWEEP_CRON).toBe("*/5 * * * *");
    expect(processors[WEBHOOKS_QUEUE][SWEEP_WEBHOOKS_JOB]).toBeTypeOf("function");
  });
});
