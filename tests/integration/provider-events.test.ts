// Payments from the providers' own published example payloads (issue 10 item 13), through the same
// receiving service as the route and a worker of this file's own (its own queue prefix), against the
// local provider fakes: PayPal verified over the raw body as delivered, invoices named only by a
// reference we issued, Authorize.Net's samples without an invoice number, and a transaction held for
// review and then approved.
import { Queue } from "bullmq";
import { eq, inArray, like } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import {
  activityLog,
  authorizenetPaymentPages,
  customers,
  invoices,
  paymentLinks,
  payments,
  webhookEvents,
} from "../../db/schema";
import { findPaymentLink } from "~/models/payment-links.server";
import { createPaymentLink } from "~/services/payment-links.server";
import { receiveWebhook } from "~/services/webhooks.server";
import { closeQueues, WEBHOOKS_QUEUE } from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import {
  addAnetTransaction,
  anetSignature,
  FAKE,
  fakeRequests,
  paypalWebhookHeaders,
  squareSignature,
  stripeSignatureHeader,
} from "../setup/fake-providers";

const run = `${Date.now().toString(36)}${process.pid}`;
const prefix = `cabtest-provev-${run}`;
const fakeUrl = () => inject("fakeProvidersUrl");
const saved: Record<string, string | undefined> = {};
let customerId = 0;
let seq = 0;
let worker: RunningWorker | undefined;

function providerEnv(url: string) {
  return {
    QUEUE_PREFIX: prefix,
    STRIPE_SECRET_KEY: FAKE.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: FAKE.stripeWebhookSecret,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: new URL(url).port,
    STRIPE_API_PROTOCOL: "http",
    PAYPAL_CLIENT_ID: FAKE.paypalClientId,
    PAYPAL_CLIENT_SECRET: FAKE.paypalSecret,
    PAYPAL_API_BASE: url,
    PAYPAL_WEBHOOK_ID: FAKE.paypalWebhookId,
    SQUARE_ACCESS_TOKEN: FAKE.squareAccessToken,
    SQUARE_LOCATION_ID: FAKE.squareLocationId,
    SQUARE_API_BASE: url,
    SQUARE_WEBHOOK_SIGNATURE_KEY: FAKE.squareSignatureKey,
    SQUARE_WEBHOOK_URL: FAKE.squareWebhookUrl,
    AUTHORIZENET_API_LOGIN_ID: FAKE.anetLoginId,
    AUTHORIZENET_TRANSACTION_KEY: FAKE.anetTransactionKey,
    AUTHORIZENET_API_BASE: url,
    AUTHORIZENET_FORM_URL: `${url}/payment/payment`,
    AUTHORIZENET_SIGNATURE_KEY: FAKE.anetSignatureKey,
  };
}

async function newInvoice(total: string, invoiceNumber = `PE-${run}-${++seq}`) {
  const db = await getDb();
  const [row] = await db
    .insert(invoices)
    .values({
      customerId,
      invoiceNumber,
      title: `Provider events ${seq}`,
      status: "sent",
      dueDate: "2030-01-01",
      subtotal: total,
      taxRate: "0",
      total,
      balance: total,
    })
    .returning();
  return row;
}

/** A real link (the provider fake answers), and our reference stored with it. */
async function linkFor(invoiceId: number, provider: "stripe" | "paypal" | "square" | "authorizenet") {
  const db = await getDb();
  await createPaymentLink(db, invoiceId, provider, "https://jobs.example.com");
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.invoiceId, invoiceId))
    .orderBy(paymentLinks.id)
    .then((rows) => rows.filter((r) => r.provider === provider).slice(-1));
  return link;
}

const deliver = async (provider: string, body: string, headers: Record<string, string>) =>
  receiveWebhook(await getDb(), provider, body, new Headers(headers));

const paymentsOf = async (invoiceId: number) =>
  (await getDb()).select().from(payments).where(eq(payments.invoiceId, invoiceId));
const eventRow = async (eventId: string) =>
  (await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId)))[0];
const invoiceRow = async (id: number) => (await (await getDb()).select().from(invoices).where(eq(invoices.id, id)))[0];

async function settled(eventId: string) {
  const end = Date.now() + 15_000;
  for (;;) {
    const row = await eventRow(eventId);
    if (row?.processed || row?.rejectedAt) return row;
    if (Date.now() > end) throw new Error(`${eventId} not processed in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  for (const [key, value] of Object.entries(providerEnv(fakeUrl()))) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Provider events ${run}` })
    .returning();
  customerId = c.id;
  worker = await startWorker({
    prefix,
    concurrency: 2,
    registry: { [WEBHOOKS_QUEUE]: processors[WEBHOOKS_QUEUE] },
    schedulers: false,
  });
});

afterAll(async () => {
  await worker?.close();
  await closeQueues();
  const connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
  const q = new Queue(WEBHOOKS_QUEUE, { connection, prefix });
  await q.obliterate({ force: true });
  await q.close();
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
    await db.delete(authorizenetPaymentPages).where(inArray(authorizenetPaymentPages.invoiceId, ids));
    await db.delete(invoices).where(inArray(invoices.id, ids));
  }
  await db.delete(activityLog).where(eq(activityLog.customerId, customerId));
  await db.delete(webhookEvents).where(like(webhookEvents.eventId, `%${run}%`));
  await db.delete(customers).where(eq(customers.id, customerId));
  await closeDb();
});

/** PayPal's documented PAYMENT.CAPTURE.COMPLETED sample, with our ids and amounts filled in. */
function paypalCaptureCompleted(opts: { id: string; captureId: string; value: string; customId: string }) {
  return {
    id: opts.id,
    event_version: "1.0",
    create_time: "2019-02-14T21:50:07.940Z",
    resource_type: "capture",
    resource_version: "2.0",
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    summary: `Payment completed for $ ${opts.value} USD`,
    resource: {
      id: opts.captureId,
      amount: { currency_code: "USD", value: opts.value },
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      seller_receivable_breakdown: {
        gross_amount: { currency_code: "USD", value: opts.value },
        paypal_fee: { currency_code: "USD", value: "0.73" },
        net_amount: { currency_code: "USD", value: "4.27" },
      },
      custom_id: opts.customId,
      status: "COMPLETED",
      create_time: "2019-02-14T21:49:58Z",
      update_time: "2019-02-14T21:49:58Z",
      links: [
        { href: `https://api.paypal.com/v2/payments/captures/${opts.captureId}`, rel: "self", method: "GET" },
        {
          href: `https://api.paypal.com/v2/payments/captures/${opts.captureId}/refund`,
          rel: "refund",
          method: "POST",
        },
      ],
    },
    links: [
      {
        href: `https://api.paypal.com/v1/notifications/webhooks-events/${opts.id}`,
        rel: "self",
        method: "GET",
      },
    ],
  };
}

describe("PayPal", () => {
  it("verifies the signature over the body exactly as delivered (spacing and escapes included)", async () => {
    const inv = await newInvoice("5.00");
    const link = await linkFor(inv.id, "paypal");
    const id = `WH-${run}-${++seq}`;
    const sample = paypalCaptureCompleted({
      id,
      captureId: `CAP${run}${seq}`,
      value: "5.00",
      customId: link.reference,
    });
    // PayPal's bytes: indented, with an escaped slash and a non-ASCII escape that re-encoding would change.
    const body = JSON.stringify(sample, null, 2)
      .replace('"summary": "Payment completed', '"summary": "Paiement re\\u00e7u \\/ Payment completed')
      .replace(/\n/g, "\r\n");
    expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
    expect(await deliver("paypal", body, await paypalWebhookHeaders(fakeUrl(), body))).toEqual({
      duplicate: false,
      queued: true,
    });
    // What went to verify-webhook-signature carries the event as received.
    const verify = (await fakeRequests(fakeUrl())).filter(
      (r) => r.path === "/v1/notifications/verify-webhook-signature" && r.body.includes(id),
    );
    expect(verify.at(-1)!.body.endsWith(`"webhook_event":${body}}`)).toBe(true);
    expect(await settled(`paypal:${id}`)).toMatchObject({ processed: true, processingError: null });
    expect(await paymentsOf(inv.id)).toMatchObject([{ provider: "paypal", amount: "5.00" }]);
  });
});

describe("invoice references are ours alone", () => {
  it("refuses a PayPal custom_id or Stripe client_reference_id that is a bare invoice id", async () => {
    const inv = await newInvoice("841.00");
    await linkFor(inv.id, "paypal");
    const paypalId = `WH-${run}-${++seq}`;
    const paypal = JSON.stringify(
      paypalCaptureCompleted({ id: paypalId, captureId: `CAP${run}${seq}`, value: "841.00", customId: String(inv.id) }),
    );
    await deliver("paypal", paypal, await paypalWebhookHeaders(fakeUrl(), paypal));
    const stripeId = `evt_${run}_${++seq}`;
    const stripe = JSON.stringify({
      id: stripeId,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: `cs_${run}_${seq}`,
          object: "checkout.session",
          payment_status: "paid",
          payment_intent: `pi_${run}_${seq}`,
          amount_total: 84100,
          currency: "usd",
          client_reference_id: String(inv.id),
          metadata: { invoiceId: String(inv.id) },
        },
      },
    });
    await deliver("stripe", stripe, { "stripe-signature": stripeSignatureHeader(stripe) });
    const refused = "The event names no payment link of this business; no payment was recorded";
    for (const eventId of [`paypal:${paypalId}`, `stripe:${stripeId}`]) {
      const row = await settled(eventId);
      expect(row).toMatchObject({ processed: false, processingError: refused });
      expect(row.rejectedAt).not.toBeNull();
    }
    expect(await paymentsOf(inv.id)).toHaveLength(0);
    expect((await invoiceRow(inv.id)).status).toBe("sent");
  });

  it("Square: the documented payment.updated (no note) pays through the link's order id", async () => {
    const inv = await newInvoice("2.00");
    const link = await linkFor(inv.id, "square");
    expect(link.providerRef).toMatch(/^ORD/);
    const eventId = `sq-${run}-${++seq}`;
    const paymentId = `KkAkhdMsgzn59SM8A89WgKwekxLZY${seq}`;
    const body = JSON.stringify({
      merchant_id: "6SSW7HV8K2ST5",
      type: "payment.updated",
      event_id: eventId,
      created_at: "2020-02-06T21:27:34.308Z",
      data: {
        type: "payment",
        id: paymentId,
        object: {
          payment: {
            amount_money: { amount: 200, currency: "USD" },
            approved_money: { amount: 200, currency: "USD" },
            card_details: {
              status: "CAPTURED",
              entry_method: "KEYED",
              card: { card_brand: "MASTERCARD", last_4: "9029" },
            },
            created_at: "2020-02-06T21:27:09.542Z",
            id: paymentId,
            location_id: "S8GWD5R9QB376",
            order_id: link.providerRef,
            receipt_number: "hYy9",
            source_type: "CARD",
            status: "COMPLETED",
            total_money: { amount: 200, currency: "USD" },
            updated_at: "2020-02-06T21:27:34.308Z",
            version: 3,
          },
        },
      },
    });
    await deliver("square", body, { "x-square-hmacsha256-signature": squareSignature(body) });
    expect(await settled(`square:${eventId}`)).toMatchObject({ processed: true, processingError: null });
    expect(await paymentsOf(inv.id)).toMatchObject([{ provider: "square", providerTransactionId: paymentId }]);
    expect((await invoiceRow(inv.id)).status).toBe("paid");
  });
});

/** Authorize.Net's documented webhook sample: no invoice number, only the transaction id. */
function anetEvent(type: string, transId: string, amount: number, extra: Record<string, unknown> = {}) {
  const notificationId = `anet-${run}-${++seq}`;
  const body = JSON.stringify({
    notificationId,
    eventType: type,
    eventDate: "2017-03-29T20:48:02.0080095Z",
    webhookId: "63d6fea2-aa13-4b1d-a204-f5fbc15942b7",
    payload: {
      responseCode: 1,
      authCode: "LZ6I19",
      avsResponse: "Y",
      authAmount: amount,
      entityName: "transaction",
      id: transId,
      ...extra,
    },
  });
  return { notificationId, body, headers: { "X-ANET-Signature": anetSignature(body) } };
}

describe("Authorize.Net", () => {
  it("sends our 20-character reference, not a cut 40-character invoice number, and finds it without one in the webhook", async () => {
    const shared = `LONG-${run}-`.padEnd(20, "X");
    const long = await newInvoice("45.00", `${shared}${"A".repeat(20)}`);
    const sibling = await newInvoice("45.00", `${shared}${"B".repeat(20)}`);
    expect(long.invoiceNumber).toHaveLength(40);
    const link = await linkFor(long.id, "authorizenet");
    await linkFor(sibling.id, "authorizenet");
    const hosted = (await fakeRequests(fakeUrl()))
      .filter((r) => r.path === "/xml/v1/request.api" && r.body.includes(link.reference))
      .map((r) => JSON.parse(r.body).getHostedPaymentPageRequest.transactionRequest.order);
    expect(hosted).toEqual([{ invoiceNumber: link.reference, description: `Invoice ${long.invoiceNumber}` }]);
    expect(link.reference.length).toBeLessThanOrEqual(20);

    // The customer paid on the hosted form; the webhook (as documented) names the transaction only.
    const transId = `6002${run.replace(/\D/g, "").slice(0, 6)}${seq}`;
    await addAnetTransaction(fakeUrl(), { transId, invoiceNumber: link.reference, authAmount: 45 });
    const event = anetEvent("net.authorize.payment.authcapture.created", transId, 45.0);
    await deliver("authorizenet", event.body, event.headers);
    expect(await settled(`authorizenet:${event.notificationId}`)).toMatchObject({
      processed: true,
      processingError: null,
    });
    expect(await paymentsOf(long.id)).toMatchObject([
      { provider: "authorizenet", providerTransactionId: transId, amount: "45.00" },
    ]);
    expect(await paymentsOf(sibling.id)).toHaveLength(0);
    // An invoice number that is no reference of ours (a cut one, say) is refused.
    const cut = anetEvent("net.authorize.payment.authcapture.created", `${transId}9`, 45.0, { invoiceNumber: shared });
    await deliver("authorizenet", cut.body, cut.headers);
    expect(await settled(`authorizenet:${cut.notificationId}`)).toMatchObject({ processed: false });
    expect(await paymentsOf(sibling.id)).toHaveLength(0);
  });

  it("records a transaction held for review once, when fraud.approved arrives", async () => {
    const inv = await newInvoice("120.00");
    const link = await linkFor(inv.id, "authorizenet");
    const transId = `6003${run.replace(/\D/g, "").slice(0, 6)}${++seq}`;
    await addAnetTransaction(fakeUrl(), { transId, invoiceNumber: link.reference, authAmount: 120 });
    const held = anetEvent("net.authorize.payment.authcapture.created", transId, 120, {
      responseCode: 4,
      fraudList: [{ fraudFilter: "AmountFilter", fraudAction: "hold" }],
    });
    await deliver("authorizenet", held.body, held.headers);
    expect(await settled(`authorizenet:${held.notificationId}`)).toMatchObject({ processed: true });
    expect(await paymentsOf(inv.id)).toHaveLength(0);

    const approved = anetEvent("net.authorize.payment.fraud.approved", transId, 120, {
      fraudList: [{ fraudFilter: "AmountFilter", fraudAction: "hold" }],
    });
    const again = anetEvent("net.authorize.payment.fraud.approved", transId, 120);
    for (const e of [approved, again]) {
      await deliver("authorizenet", e.body, e.headers);
      expect(await settled(`authorizenet:${e.notificationId}`)).toMatchObject({
        processed: true,
        processingError: null,
      });
    }
    expect(await paymentsOf(inv.id)).toMatchObject([{ providerTransactionId: transId, amount: "120.00" }]);
    expect((await invoiceRow(inv.id)).status).toBe("paid");
    expect(await findPaymentLink(await getDb(), "authorizenet", { reference: link.reference })).toMatchObject({
      invoiceId: inv.id,
    });
  });
});
