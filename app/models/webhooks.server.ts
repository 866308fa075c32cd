// Payment webhooks (decisions §5): the route verifies a provider's signature against the RAW body,
// stores the event once (webhook_events, event id prefixed with the provider) and enqueues its row
// id; the `webhooks` processor turns a payment-success event into exactly one payment through the
// locked `recordPayment` path.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { invoices, webhookEvents } from "../../db/schema";
import { centsToString, normalizeMoney } from "../utils/money";
import { businessCurrency, moneyContext } from "./business.server";
import { isRefusal } from "../utils/refusal.server";
import {
  capturePaypalOrder,
  paypalAccessToken,
  paypalConfig,
  stripeClient,
  type PaymentProvider,
} from "./payment-links.server";
import { recordPayment } from "./payment.server";

export class WebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookError";
  }
}

export type VerifiedEvent = { eventId: string; eventType: string; payload: Record<string, unknown> };

const env = (name: string) => process.env[name]?.trim() || undefined;

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseJson(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new WebhookError("The webhook body is not a JSON object");
}

/** Verifies the signature of a delivery; throws WebhookError (→ 400) when it does not hold. */
export async function verifyWebhook(provider: PaymentProvider, raw: string, headers: Headers): Promise<VerifiedEvent> {
  switch (provider) {
    case "stripe": {
      const secret = env("STRIPE_WEBHOOK_SECRET");
      const stripe = stripeClient();
      const signature = headers.get("stripe-signature");
      if (!secret || !stripe) throw new WebhookError("Stripe webhooks are not configured");
      if (!signature) throw new WebhookError("Missing Stripe-Signature header");
      let event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, secret, 300);
      } catch {
        throw new WebhookError("Invalid Stripe signature");
      }
      return { eventId: event.id, eventType: event.type, payload: event as unknown as Record<string, unknown> };
    }
    case "paypal": {
      const config = paypalConfig();
      if (!config || !config.webhookId) throw new WebhookError("PayPal webhooks are not configured");
      const h = (name: string) => headers.get(name) ?? "";
      const names = [
        "paypal-auth-algo",
        "paypal-cert-url",
        "paypal-transmission-id",
        "paypal-transmission-sig",
        "paypal-transmission-time",
      ];
      if (names.some((n) => !h(n))) throw new WebhookError("Missing PayPal signature headers");
      const payload = parseJson(raw);
      const token = await paypalAccessToken(config).catch(() => {
        throw new WebhookError("PayPal signature could not be verified");
      });
      const res = await fetch(`${config.base}/v1/notifications/verify-webhook-signature`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          auth_algo: h("paypal-auth-algo"),
          cert_url: h("paypal-cert-url"),
          transmission_id: h("paypal-transmission-id"),
          transmission_sig: h("paypal-transmission-sig"),
          transmission_time: h("paypal-transmission-time"),
          webhook_id: config.webhookId,
          webhook_event: payload,
        }),
      }).catch(() => null);
      const status = res?.ok ? ((await res.json().catch(() => null)) as { verification_status?: string } | null) : null;
      if (status?.verification_status !== "SUCCESS") throw new WebhookError("Invalid PayPal signature");
      const event = z.object({ id: z.string().min(1), event_type: z.string().min(1) }).safeParse(payload);
      if (!event.success) throw new WebhookError("Not a PayPal event");
      return { eventId: event.data.id, eventType: event.data.event_type, payload };
    }
    case "square": {
      const key = env("SQUARE_WEBHOOK_SIGNATURE_KEY");
      const url = env("SQUARE_WEBHOOK_URL");
      if (!key || !url) throw new WebhookError("Square webhooks are not configured");
      const signature = headers.get("x-square-hmacsha256-signature");
      if (!signature) throw new WebhookError("Missing x-square-hmacsha256-signature header");
      const expected = createHmac("sha256", key)
        .update(url + raw)
        .digest("base64");
      if (!safeEqual(signature, expected)) throw new WebhookError("Invalid Square signature");
      const payload = parseJson(raw);
      const event = z.object({ event_id: z.string().min(1), type: z.string().min(1) }).safeParse(payload);
      if (!event.success) throw new WebhookError("Not a Square event");
      return { eventId: event.data.event_id, eventType: event.data.type, payload };
    }
    case "authorizenet": {
      const key = env("AUTHORIZENET_SIGNATURE_KEY");
      if (!key) throw new WebhookError("Authorize.Net webhooks are not configured");
      const header = headers.get("x-anet-signature") ?? "";
      const match = /^sha512=([0-9a-f]+)$/i.exec(header.trim());
      if (!match) throw new WebhookError("Missing X-ANET-Signature header");
      const expected = createHmac("sha512", key).update(raw).digest("hex");
      if (!safeEqual(match[1].toLowerCase(), expected)) throw new WebhookError("Invalid Authorize.Net signature");
      const payload = parseJson(raw);
      const event = z.object({ notificationId: z.string().min(1), eventType: z.string().min(1) }).safeParse(payload);
      if (!event.success) throw new WebhookError("Not an Authorize.Net event");
      return { eventId: event.data.notificationId, eventType: event.data.eventType, payload };
    }
  }
}

/**
 * Stores a verified event once. Returns the new row id, or null when the event was seen before
 * (a redelivery: answered 200 and ignored).
 */
export async function storeWebhookEvent(
  db: Executor,
  provider: PaymentProvider,
  event: VerifiedEvent,
): Promise<number | null> {
  const [row] = await db
    .insert(webhookEvents)
    .values({
      provider,
      eventId: `${provider}:${event.eventId}`,
      eventType: event.eventType,
      rawPayload: event.payload,
    })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ id: webhookEvents.id });
  return row?.id ?? null;
}

// ---------------------------------------------------------------- processing

/** A payment a provider reports as completed, as read from its event. */
export type ProviderPayment = {
  transactionId: string;
  amount: string;
  /** Upper-case ISO 4217 as the event states it ("" when missing); null when the provider's event never says. */
  currency: string | null;
  invoiceId?: number;
  invoiceNumber?: string;
};

const currencyOf = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : "");

const intId = (value: unknown) => {
  const n = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The payment inside a success event; null for any other event (stored, marked processed). */
export function paymentFromEvent(provider: string, type: string, payload: unknown): ProviderPayment | null {
  const p = payload as Record<string, any>;
  switch (provider) {
    case "stripe": {
      const obj = p?.data?.object;
      if (!obj) return null;
      // A Checkout Session pays when it completes with payment_status 'paid' (cards), or later with
      // async_payment_succeeded (ACH, SEPA: it completed 'unpaid'; async_payment_failed pays nothing).
      // Both carry the same PaymentIntent id, so together they still make one payment.
      if (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") {
        if (obj.payment_status !== "paid") return null;
        const txn = typeof obj.payment_intent === "string" ? obj.payment_intent : (obj.payment_intent?.id ?? obj.id);
        return {
          transactionId: String(txn),
          amount: centsToString(BigInt(obj.amount_total ?? 0)),
          currency: currencyOf(obj.currency),
          invoiceId: intId(obj.metadata?.invoiceId ?? obj.client_reference_id),
        };
      }
      if (type === "payment_intent.succeeded") {
        return {
          transactionId: String(obj.id),
          amount: centsToString(BigInt(obj.amount_received ?? obj.amount ?? 0)),
          currency: currencyOf(obj.currency),
          invoiceId: intId(obj.metadata?.invoiceId),
        };
      }
      return null;
    }
    case "paypal": {
      if (type !== "PAYMENT.CAPTURE.COMPLETED") return null;
      const r = p?.resource;
      if (!r?.id || !r?.amount) return null;
      return {
        transactionId: String(r.id),
        amount: normalizeMoney(r.amount.value),
        currency: currencyOf(r.amount.currency_code),
        invoiceId: intId(r.custom_id),
      };
    }
    case "square": {
      const payment = p?.data?.object?.payment;
      if (type !== "payment.updated" || payment?.status !== "COMPLETED") return null;
      const marker = /\[cj:(\d+)\]/.exec(String(payment.note ?? ""));
      return {
        transactionId: String(payment.id),
        amount: centsToString(BigInt(payment.amount_money?.amount ?? 0)),
        currency: currencyOf(payment.amount_money?.currency),
        invoiceId: intId(marker?.[1]),
      };
    }
    case "authorizenet": {
      if (type !== "net.authorize.payment.authcapture.created") return null;
      const body = p?.payload;
      if (!body?.id || body.responseCode !== 1) return null;
      return {
        transactionId: String(body.id),
        amount: normalizeMoney(body.authAmount),
        // Authorize.Net's webhook names no currency: the merchant account has exactly one.
        currency: null,
        invoiceNumber: typeof body.invoiceNumber === "string" ? body.invoiceNumber : undefined,
      };
    }
  }
  return null;
}

/**
 * Why a payment in `currency` must not be recorded for a business billing in `business`, or null
 * when it may. Amounts are only comparable in the same currency, and nothing converts them.
 */
export function currencyMismatch(currency: string | null, business: string): string | null {
  if (currency === null || currency === business) return null;
  return `The payment is in ${currency || "an unnamed currency"}, but this business bills in ${business}; no payment was recorded`;
}

/** Test hook: slows the processor so a test can kill a worker mid-job. Ignored in production. */
async function testDelay() {
  const ms = Number(process.env.WEBHOOK_PROCESS_DELAY_MS);
  if (process.env.NODE_ENV !== "production" && ms > 0) await new Promise((r) => setTimeout(r, ms));
}

export type ProcessOutcome = "processed" | "captured" | "ignored" | "duplicate" | "rejected" | "already-processed";

/**
 * Processes one stored event (idempotent). A payment the invoice cannot take (unknown invoice,
 * cancelled, more than the balance, another currency) is recorded as processingError and not
 * retried; any other failure is recorded and rethrown so the queue retries.
 */
export async function processWebhookEvent(db: Executor, eventRowId: number): Promise<ProcessOutcome> {
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventRowId));
  if (!event) throw new Error(`webhook event ${eventRowId} not found`);
  if (event.processed) return "already-processed";
  await testDelay();
  const finish = (processingError: string | null, processed = true) =>
    db
      .update(webhookEvents)
      .set({ processed, processingError, processedAt: processed ? new Date() : null, updatedAt: new Date() })
      .where(eq(webhookEvents.id, event.id));
  try {
    if (event.provider === "paypal" && event.eventType === "CHECKOUT.ORDER.APPROVED") {
      const resource = (event.rawPayload as { resource?: { id?: unknown; purchase_units?: unknown } } | null)?.resource;
      const orderId = resource?.id;
      if (typeof orderId !== "string" || !orderId) {
        await finish("The approved order has no id", false);
        return "rejected";
      }
      // Capturing money its capture webhook would then refuse to record helps nobody: check first.
      const units = Array.isArray(resource?.purchase_units)
        ? (resource.purchase_units as Array<{ amount?: { currency_code?: unknown } }>)
        : [];
      const business = await businessCurrency(db);
      const mismatch = units
        .map((u) => (u.amount ? currencyMismatch(currencyOf(u.amount.currency_code), business) : null))
        .find(Boolean);
      if (mismatch) {
        await finish(mismatch, false);
        return "rejected";
      }
      await capturePaypalOrder(orderId);
      await finish(null);
      return "captured";
    }
    const found = paymentFromEvent(event.provider, event.eventType ?? "", event.rawPayload);
    if (!found) {
      await finish(null);
      return "ignored";
    }
    const business = await businessCurrency(db);
    const mismatch = currencyMismatch(found.currency, business);
    if (mismatch) {
      await finish(mismatch, false);
      return "rejected";
    }
    let invoiceId = found.invoiceId;
    if (!invoiceId && found.invoiceNumber) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.invoiceNumber, found.invoiceNumber));
      invoiceId = row?.id;
    }
    if (!invoiceId) {
      await finish("The event names no invoice of this business", false);
      return "rejected";
    }
    const ctx = await moneyContext(db);
    try {
      const result = await recordPayment(
        db,
        {
          invoiceId,
          amount: found.amount,
          method: "credit_card",
          reference: found.transactionId.slice(0, 200),
          provider: event.provider,
          providerTransactionId: found.transactionId,
          currency: found.currency ?? business,
          status: "completed",
          rawPayload: event.rawPayload,
        },
        { actorId: null, today: ctx.today, timeZone: ctx.timeZone },
      );
      await finish(null);
      return result.duplicate ? "duplicate" : "processed";
    } catch (error) {
      if (isRefusal(error)) {
        // Not retryable: an overpayment, a cancelled or missing invoice. Left unprocessed for review.
        await finish(error.message, false);
        return "rejected";
      }
      throw error;
    }
  } catch (error) {
    await finish(error instanceof Error ? error.message : String(error), false).catch(() => {});
    throw error;
  }
}
