// Refunds (issue 10 item 13, docs/decisions/refunds.md): a refund row linked to its payment, in the
// invoice's locked transaction, lowering the paid total and reopening the balance; recorded once from
// each provider's refund event (their published payload shapes), and by hand for cash and checks
// (the Record Refund dialog without JavaScript, and POST /api/invoices/{id}/refunds).
import { Queue } from "bullmq";
import { eq, inArray, like } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import {
  activityLog,
  customers,
  invoices,
  paymentLinks,
  paymentRefunds,
  payments,
  webhookEvents,
} from "../../db/schema";
import { newPaymentReference } from "~/integrations/payment-provider.server";
import { savePaymentLink } from "~/models/payment-links.server";
import { recordPayment, recordRefund } from "~/models/payment.server";
import { receiveWebhook } from "~/services/webhooks.server";
import { closeQueues, WEBHOOKS_QUEUE } from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import {
  addAnetTransaction,
  anetSignature,
  FAKE,
  paypalWebhookHeaders,
  squareSignature,
  stripeSignatureHeader,
} from "../setup/fake-providers";
import { api, baseUrl, signIn } from "../setup/http";

const run = `${Date.now().toString(36)}${process.pid}`;
const prefix = `cabtest-refunds-${run}`;
const fakeUrl = () => inject("fakeProvidersUrl");
const saved: Record<string, string | undefined> = {};
const ctx = { actorId: null, today: "2026-01-15", timeZone: "America/New_York" };
let owner = "";
let installer = "";
let customerId = 0;
let seq = 0;
let worker: RunningWorker | undefined;

async function newInvoice(total: string, opts: { dueDate?: string } = {}) {
  const db = await getDb();
  seq += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      customerId,
      invoiceNumber: `RF-${run}-${seq}`,
      title: `Refunds ${seq}`,
      status: "sent",
      dueDate: opts.dueDate ?? "2030-01-01",
      subtotal: total,
      taxRate: "0",
      total,
      balance: total,
    })
    .returning();
  return row;
}

const invoiceRow = async (id: number) => (await (await getDb()).select().from(invoices).where(eq(invoices.id, id)))[0];
const refundsOf = async (invoiceId: number) =>
  (await getDb()).select().from(paymentRefunds).where(eq(paymentRefunds.invoiceId, invoiceId));
const eventRow = async (eventId: string) =>
  (await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId)))[0];

async function settled(eventId: string) {
  const end = Date.now() + 15_000;
  for (;;) {
    const row = await eventRow(eventId);
    if (row?.processed || row?.rejectedAt) return row;
    if (Date.now() > end) throw new Error(`${eventId} not processed in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const deliver = async (provider: string, body: string, headers: Record<string, string>) =>
  receiveWebhook(await getDb(), provider, body, new Headers(headers));

beforeAll(async () => {
  const url = fakeUrl();
  const env = {
    QUEUE_PREFIX: prefix,
    STRIPE_SECRET_KEY: FAKE.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: FAKE.stripeWebhookSecret,
    PAYPAL_CLIENT_ID: FAKE.paypalClientId,
    PAYPAL_CLIENT_SECRET: FAKE.paypalSecret,
    PAYPAL_API_BASE: url,
    PAYPAL_WEBHOOK_ID: FAKE.paypalWebhookId,
    SQUARE_WEBHOOK_SIGNATURE_KEY: FAKE.squareSignatureKey,
    SQUARE_WEBHOOK_URL: FAKE.squareWebhookUrl,
    AUTHORIZENET_API_LOGIN_ID: FAKE.anetLoginId,
    AUTHORIZENET_TRANSACTION_KEY: FAKE.anetTransactionKey,
    AUTHORIZENET_API_BASE: url,
    AUTHORIZENET_SIGNATURE_KEY: FAKE.anetSignatureKey,
  };
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  [owner, installer] = await Promise.all([signIn("owner"), signIn("installer")]);
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Refunds ${run}` })
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
    await db.delete(paymentRefunds).where(inArray(paymentRefunds.invoiceId, ids));
    await db.delete(payments).where(inArray(payments.invoiceId, ids));
    await db.delete(paymentLinks).where(inArray(paymentLinks.invoiceId, ids));
    await db.delete(invoices).where(inArray(invoices.id, ids));
  }
  await db.delete(activityLog).where(eq(activityLog.customerId, customerId));
  await db.delete(webhookEvents).where(like(webhookEvents.eventId, `%${run}%`));
  await db.delete(customers).where(eq(customers.id, customerId));
  await closeDb();
});

describe("a refund by hand (cash, check)", () => {
  it("lowers the paid total: paid → partial → sent, never more than is left of the payment", async () => {
    const db = await getDb();
    const inv = await newInvoice("100.00");
    const { payment } = await recordPayment(db, { invoiceId: inv.id, amount: "100.00", method: "check" }, ctx);
    expect((await invoiceRow(inv.id)).status).toBe("paid");

    const first = await recordRefund(db, { invoiceId: inv.id, paymentId: payment.id, amount: "40.00" }, ctx);
    expect(first.invoice).toMatchObject({ status: "partial", paidTotal: "60.00", balance: "40.00" });
    expect(first.refund).toMatchObject({ paymentId: payment.id, amount: "40.00", provider: null });
    await expect(
      recordRefund(db, { invoiceId: inv.id, paymentId: payment.id, amount: "60.01" }, ctx),
    ).rejects.toMatchObject({ kind: "invalid", message: "Refund cannot exceed the $60.00 left of this payment" });
    const last = await recordRefund(db, { invoiceId: inv.id, paymentId: payment.id, amount: "60.00" }, ctx);
    expect(last.invoice).toMatchObject({ status: "sent", paidTotal: "0.00", balance: "100.00" });
    expect(await refundsOf(inv.id)).toHaveLength(2);
  });

  it("goes back to overdue past the due date, and refuses a payment taken online", async () => {
    const db = await getDb();
    const inv = await newInvoice("50.00", { dueDate: "2026-01-01" });
    const { payment } = await recordPayment(db, { invoiceId: inv.id, amount: "50.00", method: "cash" }, ctx);
    const result = await recordRefund(db, { invoiceId: inv.id, paymentId: payment.id, amount: "50.00" }, ctx);
    expect(result.invoice.status).toBe("overdue");

    const online = await newInvoice("20.00");
    const { payment: card } = await recordPayment(
      db,
      {
        invoiceId: online.id,
        amount: "20.00",
        method: "credit_card",
        provider: "stripe",
        providerTransactionId: `pi_${run}_manual`,
      },
      ctx,
    );
    await expect(
      recordRefund(db, { invoiceId: online.id, paymentId: card.id, amount: "5.00" }, ctx),
    ).rejects.toMatchObject({ kind: "invalid", fieldErrors: { paymentId: [expect.stringContaining("online")] } });
  });

  it("never refunds more than the payment under ten concurrent refunds (row lock)", async () => {
    const db = await getDb();
    const inv = await newInvoice("100.00");
    const { payment } = await recordPayment(db, { invoiceId: inv.id, amount: "100.00", method: "cash" }, ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        recordRefund(db, { invoiceId: inv.id, paymentId: payment.id, amount: "30.00" }, ctx),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await invoiceRow(inv.id)).toMatchObject({ paidTotal: "10.00", balance: "90.00", status: "partial" });
  });

  it("POST /api/invoices/{id}/refunds: 201 for the office roles, 403 for installers, 400 for bad input", async () => {
    const inv = await newInvoice("80.00");
    const paid = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: inv.id, amount: "80.00", method: "cash" },
    });
    expect(paid.status).toBe(201);
    const path = `/api/invoices/${inv.id}/refunds`;
    const body = { paymentId: paid.body.id, amount: "25.50", reason: "Hinge returned" };
    expect((await api(path, { method: "POST", cookie: installer, json: body })).status).toBe(403);
    expect((await api(path, { method: "POST", json: body })).status).toBe(401);
    for (const bad of [{ ...body, amount: "0" }, { ...body, amount: "abc" }, { ...body, paymentId: "x" }, {}]) {
      const res = await api(path, { method: "POST", cookie: owner, json: bad });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
    const res = await api(path, { method: "POST", cookie: owner, json: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: "25.50", reason: "Hinge returned", paymentId: paid.body.id });
    expect(res.body.invoice).toMatchObject({ status: "partial", paidTotal: "54.50", balance: "25.50" });
    const list = await api(path, { cookie: owner });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject([{ amount: "25.50" }]);
    expect((await api(`/api/invoices/999999999/refunds`, { cookie: owner })).status).toBe(404);
  });

  it("Record Refund works as a plain form; the invoice page and its PDF show the refund", async () => {
    const inv = await newInvoice("60.00");
    const paid = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: inv.id, amount: "60.00", method: "check", reference: "Check 1042" },
    });
    const dialog = `${baseUrl()}/invoices/${inv.id}/refund?redirectTo=${encodeURIComponent(`/invoices/${inv.id}`)}`;
    const page = await fetch(dialog, { headers: { Cookie: owner } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Record Refund");
    expect(html).toContain("Check 1042");
    expect((await fetch(dialog, { headers: { Cookie: installer }, redirect: "manual" })).status).toBe(403);

    const post = (form: Record<string, string>) =>
      fetch(dialog, {
        method: "POST",
        headers: { Cookie: owner, Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
        redirect: "manual",
      });
    const tooMuch = await post({ paymentId: String(paid.body.id), amount: "70.00", refundedAt: "" });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain("Refund cannot exceed the $60.00 left of this payment");
    const ok = await post({ paymentId: String(paid.body.id), amount: "15.00", refundedAt: "", reason: "Overcharge" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/invoices/${inv.id}`);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "partial", paidTotal: "45.00", balance: "15.00" });

    const detail = await (await fetch(`${baseUrl()}/invoices/${inv.id}`, { headers: { Cookie: owner } })).text();
    expect(detail).toMatch(/data-testid="refund-row"[\s\S]*?Refund[\s\S]*?Overcharge[\s\S]*?−\$15\.00/);
    const pdf = Buffer.from(
      await (await fetch(`${baseUrl()}/invoices/${inv.id}/pdf`, { headers: { Cookie: owner } })).arrayBuffer(),
    );
    const raw = pdf.toString("latin1");
    const text =
      [...raw.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => Buffer.from(m[1], "hex").toString("latin1")).join("") + raw;
    expect(text).toContain("Refund (Overcharge)");
    expect(text).toContain("-$15.00");
  });
});

describe("refunds from the providers' events", () => {
  /** A payment recorded from the provider's own event first, through a link of ours. */
  async function onlinePayment(provider: "stripe" | "paypal" | "square" | "authorizenet", total: string, txn: string) {
    const db = await getDb();
    const inv = await newInvoice(total);
    const reference = newPaymentReference();
    await savePaymentLink(db, {
      invoiceId: inv.id,
      provider,
      reference,
      url: "https://pay.example/x",
      amount: total,
      currency: "USD",
    });
    await recordPayment(
      db,
      {
        invoiceId: inv.id,
        amount: total,
        method: "credit_card",
        provider,
        providerTransactionId: txn,
        currency: "USD",
      },
      ctx,
    );
    expect((await invoiceRow(inv.id)).status).toBe("paid");
    return inv;
  }

  it("Stripe charge.refunded: the running total, recorded once however often and in whatever order", async () => {
    const pi = `pi_${run}_${++seq}`;
    const inv = await onlinePayment("stripe", "100.00", pi);
    // Stripe's charge object as in its OpenAPI fixtures, refunded in two steps.
    const charge = (amountRefunded: number, refundId: string) => ({
      id: `ch_${run}_${seq}`,
      object: "charge",
      amount: 10000,
      amount_captured: 10000,
      amount_refunded: amountRefunded,
      captured: true,
      currency: "usd",
      paid: true,
      payment_intent: pi,
      refunded: amountRefunded === 10000,
      refunds: { object: "list", data: [{ id: refundId, object: "refund", amount: 3000, status: "succeeded" }] },
      status: "succeeded",
    });
    const event = (object: unknown) => {
      const id = `evt_${run}_${++seq}`;
      const body = JSON.stringify({ id, object: "event", type: "charge.refunded", data: { object } });
      return { id, body, headers: { "stripe-signature": stripeSignatureHeader(body) } };
    };
    const first = event(charge(3000, `re_${run}_a`));
    const second = event(charge(5000, `re_${run}_b`));
    // The later total arrives first; the earlier one, late, adds nothing.
    for (const e of [second, first, second]) {
      await deliver("stripe", e.body, e.headers);
      expect(await settled(`stripe:${e.id}`)).toMatchObject({ processed: true, processingError: null });
    }
    expect(await refundsOf(inv.id)).toMatchObject([{ amount: "50.00", provider: "stripe" }]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "partial", paidTotal: "50.00", balance: "50.00" });
  });

  it("PayPal PAYMENT.CAPTURE.REFUNDED: the capture from the refund's up link, once", async () => {
    const capture = `CAP${run}${++seq}`.toUpperCase();
    const inv = await onlinePayment("paypal", "75.00", capture);
    const id = `WH-${run}-${seq}`;
    const body = JSON.stringify({
      id,
      event_version: "1.0",
      create_time: "2018-08-15T20:03:06.086Z",
      resource_type: "refund",
      resource_version: "2.0",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      summary: "A $ 75.00 USD capture payment was refunded",
      resource: {
        seller_payable_breakdown: {
          gross_amount: { currency_code: "USD", value: "75.00" },
          paypal_fee: { currency_code: "USD", value: "0.00" },
          net_amount: { currency_code: "USD", value: "75.00" },
          total_refunded_amount: { currency_code: "USD", value: "75.00" },
        },
        amount: { currency_code: "USD", value: "75.00" },
        update_time: "2018-08-15T13:03:00-07:00",
        create_time: "2018-08-15T13:03:00-07:00",
        links: [
          { href: `https://api.paypal.com/v2/payments/refunds/1Y107995YT783435V${seq}`, rel: "self", method: "GET" },
          { href: `https://api.paypal.com/v2/payments/captures/${capture}`, rel: "up", method: "GET" },
        ],
        id: `1Y107995YT783435V${seq}`,
        status: "COMPLETED",
      },
      links: [{ href: `https://api.paypal.com/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" }],
    });
    for (let i = 0; i < 2; i++) await deliver("paypal", body, await paypalWebhookHeaders(fakeUrl(), body));
    expect(await settled(`paypal:${id}`)).toMatchObject({ processed: true, processingError: null });
    expect(await refundsOf(inv.id)).toMatchObject([{ amount: "75.00", provider: "paypal" }]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "sent", paidTotal: "0.00", balance: "75.00" });
  });

  it("Square refund.created (PENDING) records nothing; refund.updated COMPLETED records it once", async () => {
    const paymentId = `KkAkhdMsgzn59SM8A89WgKwekxLZY${run}${++seq}`;
    const inv = await onlinePayment("square", "10.00", paymentId);
    const refund = (status: string) => ({
      id: `${paymentId}_ptNBVqHYxt5gAdfcobBe4u1AZsXhoz06KTtuq9Ls24P`,
      created_at: "2020-02-06T21:27:41.836Z",
      updated_at: "2020-02-06T21:27:41.846Z",
      amount_money: { amount: 1000, currency: "USD" },
      status,
      location_id: "NAQ1FHV6ZJ8YV",
      order_id: "haOyDuHiqtAXMk0d8pDKXpL7Jg4F",
      payment_id: paymentId,
      version: status === "PENDING" ? 1 : 2,
    });
    const event = (type: string, status: string) => {
      const eventId = `sq-${run}-${++seq}`;
      const body = JSON.stringify({
        merchant_id: "6SSW7HV8K2ST5",
        type,
        event_id: eventId,
        created_at: "2020-02-06T21:27:41.852Z",
        data: { type: "refund", id: refund(status).id, object: { refund: refund(status) } },
      });
      return { eventId, body };
    };
    const created = event("refund.created", "PENDING");
    const updated = event("refund.updated", "COMPLETED");
    const again = event("refund.updated", "COMPLETED");
    for (const e of [created, updated, again]) {
      await deliver("square", e.body, { "x-square-hmacsha256-signature": squareSignature(e.body) });
      expect(await settled(`square:${e.eventId}`)).toMatchObject({ processed: true, processingError: null });
    }
    expect(await refundsOf(inv.id)).toMatchObject([{ amount: "10.00", provider: "square" }]);
    expect((await invoiceRow(inv.id)).status).toBe("sent");
  });

  it("Authorize.Net refund.created: the refunded transaction from its details, once; an unknown one is refused", async () => {
    const transId = `6004${Date.now() % 1_000_000}${++seq}`;
    const inv = await onlinePayment("authorizenet", "45.00", transId);
    const refundId = `${transId}7`;
    await addAnetTransaction(fakeUrl(), { transId: refundId, refTransId: transId, authAmount: 20 });
    const event = (id: string, amount: number) => {
      const notificationId = `anet-${run}-${++seq}`;
      const body = JSON.stringify({
        notificationId,
        eventType: "net.authorize.payment.refund.created",
        eventDate: "2017-03-29T20:48:02.0080095Z",
        webhookId: "63d6fea2-aa13-4b1d-a204-f5fbc15942b7",
        payload: { responseCode: 1, avsResponse: "P", authAmount: amount, entityName: "transaction", id },
      });
      return { notificationId, body, headers: { "X-ANET-Signature": anetSignature(body) } };
    };
    for (const e of [event(refundId, 20), event(refundId, 20)]) {
      await deliver("authorizenet", e.body, e.headers);
      expect(await settled(`authorizenet:${e.notificationId}`)).toMatchObject({ processed: true });
    }
    expect(await refundsOf(inv.id)).toMatchObject([{ amount: "20.00", provider: "authorizenet" }]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "partial", balance: "20.00" });

    const orphanId = `${transId}8`;
    await addAnetTransaction(fakeUrl(), { transId: orphanId, refTransId: "999000111", authAmount: 5 });
    const orphan = event(orphanId, 5);
    await deliver("authorizenet", orphan.body, orphan.headers);
    expect(await settled(`authorizenet:${orphan.notificationId}`)).toMatchObject({
      processed: false,
      processingError: "The refund is for a payment this business has not recorded",
    });
  });
});
