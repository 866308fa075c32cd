// Online payments (docs/decisions/payment-links.md, payment-webhooks.md): payment links against
// local fake provider APIs, the Authorize.Net hand-off page that POSTs a live token to the hosted
// form, signed webhooks stored once and turned into exactly one payment by the `webhooks` queue
// (never in another currency), and a worker killed mid-job whose stalled job another worker
// finishes.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Queue } from "bullmq";
import { eq, inArray, like } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
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
import { newPaymentReference, PAYMENT_PROVIDERS } from "~/integrations/payment-provider.server";
import { findPaymentLink, savePaymentLink } from "~/models/payment-links.server";
import { storeWebhookEvent } from "~/models/webhook-events.server";
import { createPaymentLink } from "~/services/payment-links.server";
import { currencyMismatch, processWebhookEvent } from "~/services/webhooks.server";
import { Refusal } from "~/utils/refusal.server";
import { PROCESS_WEBHOOK_JOB, WEBHOOKS_QUEUE } from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import {
  ageAnetToken,
  anetSignature,
  fakeRequests,
  paypalWebhookHeaders,
  squareSignature,
  stripeSignatureHeader,
} from "../setup/fake-providers";
import { api, baseUrl, signIn } from "../setup/http";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const run = `${Date.now().toString(36)}${process.pid}`;
const fakeUrl = () => inject("fakeProvidersUrl");
let owner = "";
let installer = "";
let customerId = 0;
let seq = 0;
let worker: RunningWorker | undefined;
/** Our payment reference per invoice and provider: webhooks name an invoice only through one. */
const refs = new Map<number, Record<string, string>>();
const ref = (invoiceId: number, provider: string) => refs.get(invoiceId)![provider];

async function newInvoice(total = "1250.00", status = "sent") {
  const db = await getDb();
  seq += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      customerId,
      invoiceNumber: `OP-${run}-${seq}`,
      title: `Online pay ${seq}`,
      status,
      dueDate: "2030-01-01",
      subtotal: total,
      taxRate: "0",
      total,
      balance: total,
    })
    .returning();
  // A link per provider, as if one had been generated with each (our reference travels with it).
  const mine: Record<string, string> = {};
  for (const provider of PAYMENT_PROVIDERS) {
    mine[provider] = newPaymentReference();
    await savePaymentLink(
      db,
      {
        invoiceId: row.id,
        provider,
        reference: mine[provider],
        url: `https://pay.example/${provider}`,
        amount: total,
        currency: "USD",
      },
      { showOnInvoice: false },
    );
  }
  refs.set(row.id, mine);
  return row;
}

async function invoiceRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

async function paymentsOf(id: number) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.invoiceId, id));
}

async function eventsFor(eventId: string) {
  const db = await getDb();
  return db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
}

async function until<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function deliver(provider: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${baseUrl()}/api/webhooks/${provider}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
  return { status: res.status, body: await res.text() };
}

function stripeEvent(invoiceId: number, cents: number, type = "checkout.session.completed") {
  const id = `evt_${run}_${++seq}`;
  const pi = `pi_${run}_${seq}`;
  const object =
    type === "checkout.session.completed"
      ? {
          id: `cs_${run}_${seq}`,
          object: "checkout.session",
          payment_status: "paid",
          payment_intent: pi,
          amount_total: cents,
          currency: "usd",
          client_reference_id: ref(invoiceId, "stripe"),
          metadata: { paymentRef: ref(invoiceId, "stripe") },
        }
      : {
          id: pi,
          object: "payment_intent",
          amount_received: cents,
          currency: "usd",
          metadata: { paymentRef: ref(invoiceId, "stripe") },
        };
  return {
    id,
    pi,
    body: JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } }),
  };
}

/** A Checkout Session event; ACH/SEPA sessions complete 'unpaid' and pay later (async_payment_*). */
function sessionEvent(
  invoiceId: number,
  cents: number,
  type: string,
  opts: { paymentStatus?: string; session?: string; pi?: string; currency?: string } = {},
) {
  const id = `evt_${run}_${++seq}`;
  const object = {
    id: opts.session ?? `cs_${run}_${seq}`,
    object: "checkout.session",
    payment_status: opts.paymentStatus ?? "paid",
    payment_intent: opts.pi ?? `pi_${run}_${seq}`,
    amount_total: cents,
    currency: opts.currency ?? "usd",
    client_reference_id: ref(invoiceId, "stripe"),
    metadata: { paymentRef: ref(invoiceId, "stripe") },
  };
  const body = JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  return { id, body, headers: { "Stripe-Signature": stripeSignatureHeader(body) } };
}

/** Waits until the worker has finished with a stored event (processed, or refused with a reason). */
async function settled(eventId: string) {
  const [row] = await until(async () => {
    const rows = await eventsFor(eventId);
    return rows[0]?.processed || rows[0]?.processingError ? rows : undefined;
  });
  return row;
}

beforeAll(async () => {
  [owner, installer] = await Promise.all([signIn("owner"), signIn("installer")]);
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Online pay ${run}` })
    .returning();
  customerId = c.id;
  // The server enqueues into this run's queues; a worker here processes the webhooks queue only.
  worker = await startWorker({
    prefix: inject("queuePrefix"),
    concurrency: 3,
    registry: { [WEBHOOKS_QUEUE]: processors[WEBHOOKS_QUEUE] },
    schedulers: false,
  });
});

afterAll(async () => {
  await worker?.close();
  const db = await getDb();
  const mine = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, customerId));
  const ids = mine.map((r) => r.id);
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

describe("POST /api/invoices/:id/payment-link", () => {
  it("answers 401 without a session and 403 to an installer", async () => {
    const inv = await newInvoice();
    const anon = await api(`/api/invoices/${inv.id}/payment-link`, { method: "POST", json: { provider: "stripe" } });
    expect(anon.status).toBe(401);
    const inst = await api(`/api/invoices/${inv.id}/payment-link`, {
      method: "POST",
      json: { provider: "stripe" },
      cookie: installer,
    });
    expect(inst.status).toBe(403);
    expect((await invoiceRow(inv.id)).paymentLinkUrl).toBeNull();
  });

  it("asks for a provider, and refuses paid, cancelled and unknown invoices", async () => {
    const inv = await newInvoice();
    for (const json of [{}, { provider: "" }, { provider: "venmo" }]) {
      const res = await api(`/api/invoices/${inv.id}/payment-link`, { method: "POST", json, cookie: owner });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("Please select a payment provider to generate a link.");
    }
    const paid = await newInvoice("10.00", "paid");
    const cancelled = await newInvoice("10.00", "cancelled");
    expect(
      await api(`/api/invoices/${paid.id}/payment-link`, {
        method: "POST",
        json: { provider: "stripe" },
        cookie: owner,
      }),
    ).toMatchObject({
      status: 400,
      body: { error: "This invoice is already paid" },
    });
    expect(
      (
        await api(`/api/invoices/${cancelled.id}/payment-link`, {
          method: "POST",
          json: { provider: "stripe" },
          cookie: owner,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(`/api/invoices/999999999/payment-link`, {
          method: "POST",
          json: { provider: "stripe" },
          cookie: owner,
        })
      ).status,
    ).toBe(404);
  });

  it("creates a Stripe Checkout Session for the balance in cents and stores the link", async () => {
    const inv = await newInvoice("1234.56");
    const res = await api(`/api/invoices/${inv.id}/payment-link`, {
      method: "POST",
      json: { provider: "stripe" },
      cookie: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = (await fakeRequests(fakeUrl())).filter(
      (r) =>
        r.path === "/v1/checkout/sessions" &&
        new URLSearchParams(r.body).get("metadata[invoiceNumber]") === inv.invoiceNumber,
    );
    expect(sent).toHaveLength(1);
    const form = new URLSearchParams(sent[0].body);
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("123456");
    expect(form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(form.get("mode")).toBe("payment");
    // Our own reference, stored with the link, names the invoice: never its bare id.
    const link = await findPaymentLink(await getDb(), "stripe", { reference: form.get("client_reference_id")! });
    expect(link).toMatchObject({ invoiceId: inv.id, providerRef: res.body.paymentUrl.split("/").at(-1) });
    expect(form.get("client_reference_id")).toMatch(/^CJ[A-Z2-7]{18}$/);
    expect(form.get("metadata[paymentRef]")).toBe(link!.reference);
    expect(form.get("payment_intent_data[metadata][paymentRef]")).toBe(link!.reference);
    expect(sent[0].body).not.toContain(`=${inv.id}&`);
    // The customer comes back to public pages, not to the staff invoice (which would ask them to sign in).
    expect(form.get("success_url")).toBe(`${baseUrl()}/pay/complete`);
    expect(form.get("cancel_url")).toBe(`${baseUrl()}/pay/cancelled`);
    for (const [path, text] of [
      ["/pay/complete", "Thank you for your payment"],
      ["/pay/cancelled", "No payment was taken"],
    ]) {
      const page = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(text);
    }
    expect((await fetch(`${baseUrl()}/pay/anything-else`, { redirect: "manual" })).status).toBe(404);
    expect(sent[0].headers.authorization).toBe("Bearer sk_test_fake_cabinetry");
    const row = await invoiceRow(inv.id);
    expect([row.paymentLinkUrl, row.paymentLinkProvider]).toEqual([res.body.paymentUrl, "stripe"]);
    // The secret never comes back to the caller.
    expect(JSON.stringify(res.body)).not.toContain("sk_test");
  });

  it("creates PayPal, Square and Authorize.Net links against their APIs", async () => {
    const inv = await newInvoice("99.95");
    const paypal = await api(`/api/invoices/${inv.id}/payment-link`, {
      method: "POST",
      json: { provider: "paypal" },
      cookie: owner,
    });
    expect(paypal.status).toBe(200);
    expect(paypal.body.paymentUrl).toMatch(/^https:\/\/www\.paypal\.com\/checkoutnow\?token=/);
    const square = await api(`/api/invoices/${inv.id}/payment-link`, {
      method: "POST",
      json: { provider: "square" },
      cookie: owner,
    });
    expect(square.status).toBe(200);
    expect(square.body.paymentUrl).toMatch(/^https:\/\/square\.link\/u\//);
    const anet = await api(`/api/invoices/${inv.id}/payment-link`, {
      method: "POST",
      json: { provider: "authorizenet" },
      cookie: owner,
    });
    expect(anet.status).toBe(200);
    // Our hand-off page under a random reference; the token is not in the URL (see below).
    expect(anet.body.paymentUrl).toMatch(new RegExp(`^${baseUrl()}/pay/authorizenet/[A-Za-z0-9_-]{43}$`));
    expect(anet.body.paymentUrl).not.toContain("FAKETOKEN");
    expect((await invoiceRow(inv.id)).paymentLinkProvider).toBe("authorizenet");

    const all = await fakeRequests(fakeUrl());
    const links = await (await getDb()).select().from(paymentLinks).where(eq(paymentLinks.invoiceId, inv.id));
    const issued = (provider: string) =>
      links.find((l) => l.provider === provider && l.url !== `https://pay.example/${provider}`)!;
    const order = all.find(
      (r) =>
        r.path === "/v2/checkout/orders" &&
        JSON.parse(r.body).purchase_units[0].custom_id === issued("paypal").reference,
    );
    expect(JSON.parse(order!.body).purchase_units[0].amount).toEqual({ currency_code: "USD", value: "99.95" });
    const link = all.find(
      (r) => r.path === "/v2/online-checkout/payment-links" && r.body.includes(issued("square").reference),
    );
    expect(JSON.parse(link!.body).quick_pay).toMatchObject({
      price_money: { amount: 9995, currency: "USD" },
      location_id: "LOC_FAKE",
    });
    const hosted = all.find((r) => r.path === "/xml/v1/request.api" && r.body.includes(inv.invoiceNumber));
    // The invoice number field (20 characters at most) carries our reference, not a cut invoice number.
    expect(JSON.parse(hosted!.body).getHostedPaymentPageRequest.transactionRequest).toMatchObject({
      transactionType: "authCaptureTransaction",
      amount: "99.95",
      order: { invoiceNumber: issued("authorizenet").reference, description: `Invoice ${inv.invoiceNumber}` },
    });
  });

  it("says so when a provider is not configured", async () => {
    // This test process has none of the provider variables the server was started with.
    const inv = await newInvoice();
    for (const [provider, label] of [
      ["stripe", "Stripe"],
      ["paypal", "PayPal"],
      ["square", "Square"],
      ["authorizenet", "Authorize.Net"],
    ] as const) {
      const error = await createPaymentLink(await getDb(), inv.id, provider, "http://localhost").catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Refusal);
      expect((error as Refusal).status).toBe(400);
      expect((error as Refusal).message).toBe(`${label} is not configured`);
    }
  });
});

describe("Authorize.Net hosted payment page (/pay/authorizenet/:reference)", () => {
  const formUrl = () => `${fakeUrl()}/payment/payment`;

  async function anetLink(invoiceId: number) {
    const res = await api(`/api/invoices/${invoiceId}/payment-link`, {
      method: "POST",
      json: { provider: "authorizenet" },
      cookie: owner,
    });
    expect(res.status).toBe(200);
    return res.body.paymentUrl as string;
  }

  async function openPage(url: string) {
    const res = await fetch(url, { redirect: "manual" });
    const html = await res.text();
    return { status: res.status, headers: res.headers, html, token: /name="token" value="([^"]+)"/.exec(html)?.[1] };
  }

  /** What a browser does with the page's form: POST the token as a form field. */
  async function postForm(token: string) {
    const res = await fetch(formUrl(), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }),
    });
    return { status: res.status, html: await res.text() };
  }

  /** getHostedPaymentPageRequest calls the app made for this invoice (named in the order description). */
  async function tokenRequests(invoiceId: number) {
    const { invoiceNumber } = await invoiceRow(invoiceId);
    return (await fakeRequests(fakeUrl()))
      .filter((r) => r.path === "/xml/v1/request.api")
      .map((r) => JSON.parse(r.body).getHostedPaymentPageRequest)
      .filter((r) => r?.transactionRequest?.order?.description === `Invoice ${invoiceNumber}`);
  }

  const storedPage = async (invoiceId: number) =>
    (
      await (
        await getDb()
      )
        .select()
        .from(authorizenetPaymentPages)
        .where(eq(authorizenetPaymentPages.invoiceId, invoiceId))
    )[0];

  it("links to our page, which POSTs the stored token to the hosted form (no token in any URL)", async () => {
    const inv = await newInvoice("99.95");
    const url = await anetLink(inv.id);
    expect(url).toMatch(new RegExp(`^${baseUrl()}/pay/authorizenet/[A-Za-z0-9_-]{43}$`));
    const stored = await storedPage(inv.id);
    expect(stored).toMatchObject({ tokenAmount: "99.95" });
    expect(url).not.toContain(stored.token);

    const page = await openPage(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    // CSP: this page's forms may post to the hosted form's origin, and still only with nonce'd scripts.
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`form-action 'self' ${new URL(fakeUrl()).origin}`);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(page.html).toMatch(new RegExp(`<form[^>]*method="post"[^>]*action="${formUrl()}"`));
    expect(page.token).toBe(stored.token);
    expect(page.html).toContain("Continue to secure payment");
    expect(page.html).toContain("$99.95");

    // The hosted form takes the posted token, and only that way.
    const posted = await postForm(page.token!);
    expect(posted.status).toBe(200);
    expect(posted.html).toContain(`<span data-testid="anet-form-amount">99.95</span>`);
    expect((await fetch(`${formUrl()}?token=${encodeURIComponent(page.token!)}`)).status).toBe(400);
    // Every other page keeps form-action 'self'.
    expect((await fetch(`${baseUrl()}/login`)).headers.get("content-security-policy")).toContain("form-action 'self';");
  });

  it("reuses a fresh token, renews an expired one, and one issued for an older balance", async () => {
    const inv = await newInvoice("300.00");
    const url = await anetLink(inv.id);
    const first = await openPage(url);
    expect((await openPage(url)).token).toBe(first.token);
    expect(await tokenRequests(inv.id)).toHaveLength(1);

    // 20 minutes later: Authorize.Net refuses the old token, so the page must not send it.
    const db = await getDb();
    await db
      .update(authorizenetPaymentPages)
      .set({ tokenIssuedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(authorizenetPaymentPages.invoiceId, inv.id));
    await ageAnetToken(fakeUrl(), first.token!, 20 * 60_000);
    expect((await postForm(first.token!)).status).toBe(400);
    const renewed = await openPage(url);
    expect(renewed.status).toBe(200);
    expect(renewed.token).toBeTruthy();
    expect(renewed.token).not.toBe(first.token);
    expect((await postForm(renewed.token!)).status).toBe(200);
    expect(await tokenRequests(inv.id)).toHaveLength(2);

    // A partial payment since: the fresh token charges the old balance, so it is renewed too.
    await db
      .update(invoices)
      .set({ paidTotal: "100.00", balance: "200.00", status: "partial" })
      .where(eq(invoices.id, inv.id));
    const partial = await openPage(url);
    expect(partial.token).not.toBe(renewed.token);
    expect((await tokenRequests(inv.id)).at(-1).transactionRequest.amount).toBe("200.00");
    expect((await postForm(partial.token!)).html).toContain(`<span data-testid="anet-form-amount">200.00</span>`);
    expect((await storedPage(inv.id)).tokenAmount).toBe("200.00");

    // Paid, then cancelled: no form and no new token.
    await db
      .update(invoices)
      .set({ paidTotal: "300.00", balance: "0.00", status: "paid" })
      .where(eq(invoices.id, inv.id));
    const paid = await openPage(url);
    expect([paid.status, paid.token]).toEqual([200, undefined]);
    expect(paid.html).toContain("This invoice is paid");
    await db.update(invoices).set({ status: "cancelled" }).where(eq(invoices.id, inv.id));
    const closed = await openPage(url);
    expect([closed.status, closed.token]).toEqual([410, undefined]);
    expect(await tokenRequests(inv.id)).toHaveLength(3);
  });

  it("answers 404 to a guessed reference or an invoice id, the same page either way", async () => {
    const inv = await newInvoice("10.00");
    await anetLink(inv.id);
    const guesses = [String(inv.id), "A".repeat(43), `${(await storedPage(inv.id)).reference.slice(0, 42)}x`];
    for (const guess of guesses) {
      const page = await openPage(`${baseUrl()}/pay/authorizenet/${guess}`);
      expect(page.status).toBe(404);
      expect(page.token).toBeUndefined();
      expect(page.html).toContain("Payment link not found");
      expect(page.html).not.toContain(inv.invoiceNumber);
    }
  });
});

describe("Stripe webhooks", () => {
  it("records a payment exactly once across sequential and concurrent redeliveries", async () => {
    const inv = await newInvoice("500.00");
    const event = stripeEvent(inv.id, 50000);
    const header = { "Stripe-Signature": stripeSignatureHeader(event.body) };
    const first = await deliver("stripe", event.body, header);
    expect(first.status).toBe(200);
    expect((await deliver("stripe", event.body, header)).status).toBe(200);
    expect((await deliver("stripe", event.body, header)).status).toBe(200);
    const concurrent = await Promise.all([1, 2, 3].map(() => deliver("stripe", event.body, header)));
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200]);

    const [stored] = await until(async () => {
      const rows = await eventsFor(`stripe:${event.id}`);
      return rows[0]?.processed ? rows : undefined;
    });
    expect(await eventsFor(`stripe:${event.id}`)).toHaveLength(1);
    expect(stored.processingError).toBeNull();
    expect(stored.processedAt).not.toBeNull();
    const rows = await paymentsOf(inv.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "stripe",
      providerTransactionId: event.pi,
      amount: "500.00",
      currency: "USD",
      status: "completed",
    });
    expect(rows[0].rawPayload).toMatchObject({ id: event.id });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "paid", balance: "0.00", paidTotal: "500.00" });

    // payment_intent.succeeded for the same payment: a second event, still one payment.
    const pi = JSON.parse(stripeEvent(inv.id, 50000, "payment_intent.succeeded").body);
    pi.data.object.id = event.pi;
    const piBody = JSON.stringify(pi);
    expect((await deliver("stripe", piBody, { "Stripe-Signature": stripeSignatureHeader(piBody) })).status).toBe(200);
    await until(async () => (await eventsFor(`stripe:${pi.id}`))[0]?.processed);
    expect(await paymentsOf(inv.id)).toHaveLength(1);
  });

  it("rejects a bad, missing or old signature and stores nothing", async () => {
    const inv = await newInvoice("40.00");
    const event = stripeEvent(inv.id, 4000);
    const bad = await deliver("stripe", event.body, {
      "Stripe-Signature": stripeSignatureHeader(event.body, { secret: "whsec_wrong" }),
    });
    expect(bad.status).toBe(400);
    expect((await deliver("stripe", event.body, {})).status).toBe(400);
    const tampered = await deliver("stripe", event.body.replace("4000", "400"), {
      "Stripe-Signature": stripeSignatureHeader(event.body),
    });
    expect(tampered.status).toBe(400);
    const old = await deliver("stripe", event.body, {
      "Stripe-Signature": stripeSignatureHeader(event.body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    });
    expect(old.status).toBe(400);
    expect((await deliver("venmo", event.body, {})).status).toBe(400);
    expect(await eventsFor(`stripe:${event.id}`)).toHaveLength(0);
    expect(await paymentsOf(inv.id)).toHaveLength(0);
  });

  it("records more than the balance as a processing error, not an overpayment", async () => {
    const inv = await newInvoice("10.00");
    const event = stripeEvent(inv.id, 2000);
    expect(
      (await deliver("stripe", event.body, { "Stripe-Signature": stripeSignatureHeader(event.body) })).status,
    ).toBe(200);
    const [row] = await until(async () => {
      const rows = await eventsFor(`stripe:${event.id}`);
      return rows[0]?.processingError ? rows : undefined;
    });
    expect(row.processingError).toBe("Payment amount cannot exceed remaining balance of $10.00");
    expect(row.processed).toBe(false);
    expect(await paymentsOf(inv.id)).toHaveLength(0);
    expect((await invoiceRow(inv.id)).status).toBe("sent");
  });

  it("pays a delayed (ACH/SEPA) session on async_payment_succeeded, once, whatever else arrives", async () => {
    const inv = await newInvoice("640.00");
    const session = `cs_${run}_ach${++seq}`;
    const pi = `pi_${run}_ach${seq}`;
    // The customer finished Checkout, but the bank debit is still pending: nothing is paid yet.
    const pending = sessionEvent(inv.id, 64000, "checkout.session.completed", { paymentStatus: "unpaid", session, pi });
    expect((await deliver("stripe", pending.body, pending.headers)).status).toBe(200);
    expect(await settled(`stripe:${pending.id}`)).toMatchObject({ processed: true, processingError: null });
    expect(await paymentsOf(inv.id)).toHaveLength(0);
    expect((await invoiceRow(inv.id)).status).toBe("sent");

    const succeeded = sessionEvent(inv.id, 64000, "checkout.session.async_payment_succeeded", { session, pi });
    expect((await deliver("stripe", succeeded.body, succeeded.headers)).status).toBe(200);
    expect(await settled(`stripe:${succeeded.id}`)).toMatchObject({ processed: true, processingError: null });
    expect(await paymentsOf(inv.id)).toMatchObject([
      { provider: "stripe", providerTransactionId: pi, amount: "640.00", currency: "USD" },
    ]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "paid", balance: "0.00" });

    // Another delivery of the success (a new event id) and a 'paid' completed event: still one payment.
    const again = sessionEvent(inv.id, 64000, "checkout.session.async_payment_succeeded", { session, pi });
    const paid = sessionEvent(inv.id, 64000, "checkout.session.completed", { session, pi });
    for (const e of [again, paid]) expect((await deliver("stripe", e.body, e.headers)).status).toBe(200);
    for (const e of [again, paid])
      expect(await settled(`stripe:${e.id}`)).toMatchObject({ processed: true, processingError: null });
    expect(await paymentsOf(inv.id)).toHaveLength(1);
  });

  it("a session completed 'paid' plus async_payment_succeeded, even concurrently, make one payment", async () => {
    const inv = await newInvoice("75.50");
    const session = `cs_${run}_card${++seq}`;
    const pi = `pi_${run}_card${seq}`;
    const events = [
      sessionEvent(inv.id, 7550, "checkout.session.completed", { session, pi }),
      sessionEvent(inv.id, 7550, "checkout.session.async_payment_succeeded", { session, pi }),
    ];
    expect((await Promise.all(events.map((e) => deliver("stripe", e.body, e.headers)))).map((r) => r.status)).toEqual([
      200, 200,
    ]);
    for (const e of events)
      expect(await settled(`stripe:${e.id}`)).toMatchObject({ processed: true, processingError: null });
    expect(await paymentsOf(inv.id)).toMatchObject([{ providerTransactionId: pi, amount: "75.50" }]);
    expect((await invoiceRow(inv.id)).status).toBe("paid");
  });

  it("stores a failed delayed payment (async_payment_failed) as processed with no payment", async () => {
    const inv = await newInvoice("90.00");
    const session = `cs_${run}_fail${++seq}`;
    const pending = sessionEvent(inv.id, 9000, "checkout.session.completed", { paymentStatus: "unpaid", session });
    const failed = sessionEvent(inv.id, 9000, "checkout.session.async_payment_failed", {
      paymentStatus: "unpaid",
      session,
    });
    for (const e of [pending, failed]) expect((await deliver("stripe", e.body, e.headers)).status).toBe(200);
    for (const e of [pending, failed]) {
      const row = await settled(`stripe:${e.id}`);
      expect([row.processed, row.processingError, row.eventType]).toEqual([true, null, JSON.parse(e.body).type]);
    }
    expect(await paymentsOf(inv.id)).toHaveLength(0);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "sent", balance: "90.00" });
  });
});

describe("PayPal, Square and Authorize.Net webhooks", () => {
  it("PayPal: a verified PAYMENT.CAPTURE.COMPLETED pays; a bad signature is refused", async () => {
    const inv = await newInvoice("75.00");
    const id = `WH-${run}-${++seq}`;
    const body = JSON.stringify({
      id,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: `CAP${run}${seq}`,
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "75.00" },
        custom_id: ref(inv.id, "paypal"),
      },
    });
    expect((await deliver("paypal", body, await paypalWebhookHeaders(fakeUrl(), body, { tamper: true }))).status).toBe(
      400,
    );
    expect(
      (await deliver("paypal", body, await paypalWebhookHeaders(fakeUrl(), body, { webhookId: "WH-OTHER" }))).status,
    ).toBe(400);
    expect(await eventsFor(`paypal:${id}`)).toHaveLength(0);
    expect((await deliver("paypal", body, await paypalWebhookHeaders(fakeUrl(), body))).status).toBe(200);
    await until(async () => (await eventsFor(`paypal:${id}`))[0]?.processed);
    expect(await paymentsOf(inv.id)).toMatchObject([
      { provider: "paypal", providerTransactionId: `CAP${run}${seq}`, amount: "75.00" },
    ]);
    expect((await invoiceRow(inv.id)).status).toBe("paid");
  });

  it("PayPal: an approved order (CHECKOUT.ORDER.APPROVED) is captured by the worker", async () => {
    // The worker of this file runs here: give it the PayPal settings the server has.
    const saved = { ...process.env };
    Object.assign(process.env, {
      PAYPAL_CLIENT_ID: "paypal-client-fake",
      PAYPAL_CLIENT_SECRET: "paypal-secret-fake",
      PAYPAL_API_BASE: fakeUrl(),
    });
    try {
      const orderId = `ORDER${run}${++seq}`.toUpperCase();
      const id = `WH-${run}-${seq}`;
      const body = JSON.stringify({
        id,
        event_type: "CHECKOUT.ORDER.APPROVED",
        resource: { id: orderId, status: "APPROVED" },
      });
      expect((await deliver("paypal", body, await paypalWebhookHeaders(fakeUrl(), body))).status).toBe(200);
      const [row] = await until(async () => {
        const rows = await eventsFor(`paypal:${id}`);
        return rows[0]?.processed || rows[0]?.processingError ? rows : undefined;
      });
      expect([row.processed, row.processingError]).toEqual([true, null]);
      const captures = (await fakeRequests(fakeUrl())).filter(
        (r) => r.path === `/v2/checkout/orders/${orderId}/capture`,
      );
      expect(captures).toHaveLength(1);
      expect(captures[0].headers["paypal-request-id"]).toBe(`capture-${orderId}`);
    } finally {
      for (const key of ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_API_BASE"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });

  it("Square: a signed payment.updated COMPLETED pays; a bad signature is refused", async () => {
    const inv = await newInvoice("120.00");
    const eventId = `sq-${run}-${++seq}`;
    const body = JSON.stringify({
      merchant_id: "M1",
      type: "payment.updated",
      event_id: eventId,
      data: {
        type: "payment",
        id: `PAY${seq}`,
        object: {
          payment: {
            id: `PAY${run}${seq}`,
            status: "COMPLETED",
            amount_money: { amount: 5000, currency: "USD" },
            note: `Invoice ${inv.invoiceNumber} ref ${ref(inv.id, "square")}`,
          },
        },
      },
    });
    expect(
      (await deliver("square", body, { "x-square-hmacsha256-signature": squareSignature(body, "wrong-key") })).status,
    ).toBe(400);
    expect(await eventsFor(`square:${eventId}`)).toHaveLength(0);
    expect((await deliver("square", body, { "x-square-hmacsha256-signature": squareSignature(body) })).status).toBe(
      200,
    );
    await until(async () => (await eventsFor(`square:${eventId}`))[0]?.processed);
    expect(await paymentsOf(inv.id)).toMatchObject([{ provider: "square", amount: "50.00" }]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "partial", balance: "70.00" });
  });

  it("Authorize.Net: a signed authcapture.created pays; a bad signature is refused", async () => {
    const inv = await newInvoice("33.10");
    const notificationId = `anet-${run}-${++seq}`;
    const body = JSON.stringify({
      notificationId,
      eventType: "net.authorize.payment.authcapture.created",
      eventDate: new Date().toISOString(),
      webhookId: "hook",
      payload: {
        responseCode: 1,
        authAmount: 33.1,
        invoiceNumber: ref(inv.id, "authorizenet"),
        entityName: "transaction",
        id: `6000${seq}`,
      },
    });
    expect((await deliver("authorizenet", body, { "X-ANET-Signature": anetSignature(body, "OTHERKEY") })).status).toBe(
      400,
    );
    expect((await deliver("authorizenet", body, {})).status).toBe(400);
    expect(await eventsFor(`authorizenet:${notificationId}`)).toHaveLength(0);
    expect((await deliver("authorizenet", body, { "X-ANET-Signature": anetSignature(body) })).status).toBe(200);
    await until(async () => (await eventsFor(`authorizenet:${notificationId}`))[0]?.processed);
    // Its webhook names no currency: recorded in the business currency.
    expect(await paymentsOf(inv.id)).toMatchObject([{ provider: "authorizenet", amount: "33.10", currency: "USD" }]);
    expect((await invoiceRow(inv.id)).status).toBe("paid");
  });
});

describe("webhooks in another currency than the business's (settings: USD)", () => {
  const refused = (code: string) =>
    `The payment is in ${code}, but this business bills in USD; no payment was recorded`;

  it("Stripe: a EUR session or PaymentIntent records no payment, says why, and is not retried", async () => {
    const inv = await newInvoice("50.00");
    const session = sessionEvent(inv.id, 5000, "checkout.session.completed", { currency: "eur" });
    const intent = JSON.parse(stripeEvent(inv.id, 5000, "payment_intent.succeeded").body);
    intent.data.object.currency = "eur";
    const intentBody = JSON.stringify(intent);
    expect((await deliver("stripe", session.body, session.headers)).status).toBe(200);
    expect(
      (await deliver("stripe", intentBody, { "Stripe-Signature": stripeSignatureHeader(intentBody) })).status,
    ).toBe(200);
    const row = await settled(`stripe:${session.id}`);
    expect([row.processed, row.processingError]).toEqual([false, refused("EUR")]);
    expect(await settled(`stripe:${intent.id}`)).toMatchObject({ processed: false, processingError: refused("EUR") });
    expect(await paymentsOf(inv.id)).toHaveLength(0);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: "sent", balance: "50.00" });

    // A permanent failure: the job completed (no BullMQ retry, which only a thrown error causes),
    // and processing the row again refuses again instead of throwing.
    const connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
    const queue = new Queue(WEBHOOKS_QUEUE, { connection, prefix: inject("queuePrefix") });
    try {
      await until(async () => (await queue.getJobState(`webhook-${row.id}`)) === "completed" || undefined);
      expect((await queue.getJob(`webhook-${row.id}`))?.returnvalue).toBe("rejected");
    } finally {
      await queue.close();
      await connection.quit();
    }
    expect(await processWebhookEvent(await getDb(), row.id)).toBe("rejected");
    expect(await paymentsOf(inv.id)).toHaveLength(0);
  });

  it("PayPal and Square: a capture in CAD or a payment in GBP records no payment", async () => {
    const inv = await newInvoice("75.00");
    const paypalId = `WH-${run}-${++seq}`;
    const paypal = JSON.stringify({
      id: paypalId,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: `CAP${run}${seq}`,
        status: "COMPLETED",
        amount: { currency_code: "CAD", value: "75.00" },
        custom_id: ref(inv.id, "paypal"),
      },
    });
    const squareId = `sq-${run}-${++seq}`;
    const square = JSON.stringify({
      merchant_id: "M1",
      type: "payment.updated",
      event_id: squareId,
      data: {
        type: "payment",
        id: `PAY${seq}`,
        object: {
          payment: {
            id: `PAY${run}${seq}`,
            status: "COMPLETED",
            amount_money: { amount: 7500, currency: "GBP" },
            note: `ref ${ref(inv.id, "square")}`,
          },
        },
      },
    });
    expect((await deliver("paypal", paypal, await paypalWebhookHeaders(fakeUrl(), paypal))).status).toBe(200);
    expect((await deliver("square", square, { "x-square-hmacsha256-signature": squareSignature(square) })).status).toBe(
      200,
    );
    expect(await settled(`paypal:${paypalId}`)).toMatchObject({ processed: false, processingError: refused("CAD") });
    expect(await settled(`square:${squareId}`)).toMatchObject({ processed: false, processingError: refused("GBP") });
    expect(await paymentsOf(inv.id)).toHaveLength(0);
    expect((await invoiceRow(inv.id)).status).toBe("sent");
  });

  it("PayPal: an approved order in EUR is not captured", async () => {
    const orderId = `ORDEREUR${run}${++seq}`.toUpperCase();
    const id = `WH-${run}-${seq}`;
    const body = JSON.stringify({
      id,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: {
        id: orderId,
        status: "APPROVED",
        purchase_units: [{ custom_id: "1", amount: { currency_code: "EUR", value: "10.00" } }],
      },
    });
    expect((await deliver("paypal", body, await paypalWebhookHeaders(fakeUrl(), body))).status).toBe(200);
    expect(await settled(`paypal:${id}`)).toMatchObject({ processed: false, processingError: refused("EUR") });
    expect((await fakeRequests(fakeUrl())).filter((r) => r.path.includes(orderId))).toHaveLength(0);
  });

  it("compares upper-case ISO codes; an event without one is refused; Authorize.Net's names none", () => {
    expect(currencyMismatch("USD", "USD")).toBeNull();
    expect(currencyMismatch("EUR", "USD")).toBe(refused("EUR"));
    expect(currencyMismatch("", "USD")).toBe(
      "The payment is in an unnamed currency, but this business bills in USD; no payment was recorded",
    );
    // Authorize.Net: the merchant account has one currency and the webhook does not say it.
    expect(currencyMismatch(null, "USD")).toBeNull();
  });
});

describe("a worker killed mid-job", () => {
  const prefix = `cabtest-paykill-${run}`;

  function startChild(extra: Record<string, string>) {
    const child = spawn(process.execPath, ["--import", "tsx", "jobs/worker.ts"], {
      cwd: root,
      env: {
        ...process.env,
        QUEUE_PREFIX: prefix,
        WORKER_CONCURRENCY: "1",
        WORKER_LOCK_DURATION_MS: "2000",
        WORKER_STALLED_INTERVAL_MS: "1000",
        ...extra,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (c) => (output += c));
    child.stderr!.on("data", (c) => (output += c));
    return { child, output: () => output };
  }
  const exited = (child: ChildProcess) =>
    new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once("exit", r)));

  afterAll(async () => {
    const connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
    for (const name of [WEBHOOKS_QUEUE, "maintenance"]) {
      const q = new Queue(name, { connection, prefix });
      await q.obliterate({ force: true });
      await q.close();
    }
    await connection.quit();
  });

  it("leaves the job to the next worker, which records the payment once", async () => {
    const inv = await newInvoice("88.00");
    const event = stripeEvent(inv.id, 8800);
    const db = await getDb();
    const stored = await storeWebhookEvent(db, "stripe", {
      eventId: event.id,
      eventType: "checkout.session.completed",
      payload: JSON.parse(event.body),
    });
    expect(stored.created).toBe(true);
    const rowId = stored.row.id;

    const first = startChild({ WEBHOOK_PROCESS_DELAY_MS: "60000" });
    const connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
    const queue = new Queue(WEBHOOKS_QUEUE, { connection, prefix });
    try {
      await queue.add(PROCESS_WEBHOOK_JOB, { eventRowId: rowId }, { jobId: `webhook-${rowId}`, attempts: 5 });
      await until(async () => (await queue.getActiveCount()) === 1 || undefined, 20_000);
      first.child.kill("SIGKILL");
      await exited(first.child);
      expect(await paymentsOf(inv.id)).toHaveLength(0);

      const second = startChild({});
      try {
        await until(async () => (await eventsFor(`stripe:${event.id}`))[0]?.processed, 30_000);
        await until(async () => (await queue.getCompletedCount()) === 1 || undefined, 10_000);
      } finally {
        second.child.kill("SIGTERM");
        await exited(second.child);
      }
      const rows = await paymentsOf(inv.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ provider: "stripe", providerTransactionId: event.pi, amount: "88.00" });
      expect(await invoiceRow(inv.id)).toMatchObject({ status: "paid", balance: "0.00" });
      const [job] = await queue.getCompleted();
      expect(job.data).toEqual({ eventRowId: rowId });
    } finally {
      if (first.child.exitCode === null && !first.child.signalCode) first.child.kill("SIGKILL");
      await queue.close();
      await connection.quit();
    }
  }, 90_000);
});
