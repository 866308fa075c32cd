// Payment webhooks (docs/decisions/payments-and-webhooks.md). Receiving: the provider's client checks
// the signature over the raw body, the event is stored once (webhook_events) and its row id handed to
// the `webhooks` queue. Processing (the worker): the event becomes at most one payment or refund
// through the same locked paths as manual ones. Recovery: a redelivery of an event still waiting,
// and a sweep every few minutes, enqueue it again under the same job id — so a job Redis lost is
// made again, and one Redis still holds is not doubled.
import type { Executor } from "../../db/client.server";
import { enqueue, PROCESS_WEBHOOK_JOB, WEBHOOKS_QUEUE } from "../../jobs/queues";
import { authorizeNetTransactionDetails } from "../integrations/authorizenet.server";
import {
  isPaymentProvider,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
} from "../integrations/payment-provider.server";
import { paymentProviders } from "../integrations/payment-providers.server";
import { capturePaypalOrder } from "../integrations/paypal.server";
import { businessCurrency, moneyContext } from "../models/business.server";
import { findPaymentLink } from "../models/payment-links.server";
import { recordPayment, recordProviderRefund } from "../models/payment.server";
import { notifyOffice } from "./notifications.server";
import {
  awaitsProcessing,
  finishWebhookEvent,
  staleWebhookEvents,
  storeWebhookEvent,
  webhookEventDone,
  webhookEventToProcess,
} from "../models/webhook-events.server";
import { invalid, isRefusal } from "../utils/refusal.server";

/** The BullMQ job id of an event's processing: one job per stored event, however often it is enqueued. */
export const webhookJobId = (eventRowId: number) => `webhook-${eventRowId}`;

const enqueueEvent = (eventRowId: number) =>
  enqueue(WEBHOOKS_QUEUE, PROCESS_WEBHOOK_JOB, { eventRowId }, { jobId: webhookJobId(eventRowId) });

export type Received = { duplicate: boolean; queued: boolean };

/**
 * A delivery to /api/webhooks/{provider}. Refuses (400) an unknown provider or a signature that does
 * not hold. `queued: false` means the event is stored but Redis did not take its job: the route asks
 * the provider to retry, and the retry (or the sweep) enqueues it.
 */
export async function receiveWebhook(
  db: Executor,
  provider: string | undefined,
  raw: string,
  headers: Headers,
): Promise<Received> {
  if (!isPaymentProvider(provider)) throw invalid("Unknown payment provider");
  let event;
  try {
    event = await paymentProviders[provider].verifyWebhook(raw, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw invalid(error.message);
    throw error;
  }
  const { row, created } = await storeWebhookEvent(db, provider, event);
  if (!created && !awaitsProcessing(row)) return { duplicate: true, queued: true };
  try {
    await enqueueEvent(row.id);
    return { duplicate: !created, queued: true };
  } catch (error) {
    console.error(`[webhooks] ${provider} event not queued: ${error instanceof Error ? error.message : error}`);
    return { duplicate: !created, queued: false };
  }
}

/** Larger deliveries are refused (413): no provider's event comes near it. */
export const MAX_WEBHOOK_BODY = 1_000_000;

export type WebhookAnswer = { status: number; body: { received: true; duplicate?: true } | { error: string } };

/**
 * The answer to a delivery, as the provider reads it: 200 (a duplicate says so), 400 for an unknown
 * provider or a bad signature, 413 for an oversized body, 503 when the queue did not take the event
 * (the provider retries). The Express entry (app/server.ts) answers POST /api/webhooks/:provider with
 * it without going through Remix; the route module answers with the same function.
 */
export async function answerWebhook(
  db: Executor,
  provider: string | undefined,
  raw: string,
  headers: Headers,
): Promise<WebhookAnswer> {
  if (raw.length > MAX_WEBHOOK_BODY) return { status: 413, body: { error: "The webhook body is too large" } };
  let result: Received;
  try {
    result = await receiveWebhook(db, provider, raw, headers);
  } catch (error) {
    if (isRefusal(error)) return { status: error.status, body: { error: error.message } };
    throw error;
  }
  if (!result.queued) return { status: 503, body: { error: "The event could not be queued; please retry" } };
  return { status: 200, body: result.duplicate ? { received: true, duplicate: true } : { received: true } };
}

/** Events waiting longer than this are enqueued again by the sweep (their job may be lost). */
export const SWEEP_AFTER_MS = 5 * 60_000;
/** Older events are left alone: providers stop retrying after about three days. */
const SWEEP_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** The scheduled sweep: enqueues every event still waiting after SWEEP_AFTER_MS (same job ids). */
export async function sweepWebhookEvents(db: Executor, now = new Date()): Promise<{ enqueued: number }> {
  const rows = await staleWebhookEvents(db, {
    olderThan: new Date(now.getTime() - SWEEP_AFTER_MS),
    notBefore: new Date(now.getTime() - SWEEP_WINDOW_MS),
    limit: 500,
  });
  for (const row of rows) await enqueueEvent(row.id);
  return { enqueued: rows.length };
}

// ---------------------------------------------------------------- processing

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

export type ProcessOutcome =
  "processed" | "refunded" | "captured" | "ignored" | "duplicate" | "rejected" | "already-processed";

/** Thrown inside processing for an event that can never be recorded; kept for review, not retried. */
class Rejection extends Error {}

type Payment = Extract<ProviderEvent, { kind: "payment" }>;
type Refund = Extract<ProviderEvent, { kind: "refund" }>;

/** The invoice a payment event pays: only through a link we issued (our reference, or the provider's id of it). */
async function invoiceOfPayment(db: Executor, provider: PaymentProvider, found: Payment): Promise<number> {
  let reference = found.reference;
  // Authorize.Net's documented webhooks carry no invoice number: read it from the transaction.
  if (!reference && provider === "authorizenet")
    reference = (await authorizeNetTransactionDetails(found.transactionId)).invoiceNumber;
  const link = await findPaymentLink(db, provider, { reference, providerRef: found.providerRef });
  if (!link) throw new Rejection("The event names no payment link of this business; no payment was recorded");
  return link.invoiceId;
}

/**
 * A payment event into a payment. A new payment settles its event in the payment's own statement
 * (`finished`); a duplicate leaves that to the caller.
 */
async function recordFoundPayment(
  db: Executor,
  provider: PaymentProvider,
  found: Payment,
  event: { id: number; rawPayload: unknown },
  officeNotices: boolean,
): Promise<{ outcome: ProcessOutcome; finished: boolean }> {
  const business = await businessCurrency(db);
  const mismatch = currencyMismatch(found.currency, business);
  if (mismatch) throw new Rejection(mismatch);
  const invoiceId = await invoiceOfPayment(db, provider, found);
  const ctx = await moneyContext(db);
  const result = await recordPayment(
    db,
    {
      invoiceId,
      amount: found.amount,
      method: "credit_card",
      reference: found.transactionId.slice(0, 200),
      provider,
      providerTransactionId: found.transactionId,
      currency: found.currency ?? business,
      status: "completed",
      rawPayload: event.rawPayload,
    },
    { actorId: null, today: ctx.today, timeZone: ctx.timeZone },
    // The payment's id is all the notice needs: the write returns two ids, not both rows.
    { alsoWrite: webhookEventDone(event.id), returning: "id" },
  );
  if (result.duplicate) return { outcome: "duplicate", finished: false };
  // The office hears of it (docs/decisions/notifications.md); a failed notice never fails the payment.
  await notifyOffice(db, "payment_received", result.payment.id, officeNotices);
  return { outcome: "processed", finished: true };
}

async function recordFoundRefund(db: Executor, provider: PaymentProvider, found: Refund, rawPayload: unknown) {
  const mismatch = currencyMismatch(found.currency, await businessCurrency(db));
  if (mismatch) throw new Rejection(mismatch.replace("no payment was recorded", "no refund was recorded"));
  let paymentTransactionId = found.paymentTransactionId;
  // Authorize.Net's refund event names the refund transaction only; it refers to the original.
  if (!paymentTransactionId && provider === "authorizenet")
    paymentTransactionId = (await authorizeNetTransactionDetails(found.refundId)).refTransId;
  if (!paymentTransactionId) throw new Rejection("The refund names no payment; no refund was recorded");
  const ctx = await moneyContext(db);
  const result = await recordProviderRefund(
    db,
    {
      provider,
      providerRefundId: found.refundId,
      paymentTransactionId,
      amount: found.amount,
      cumulative: found.cumulative,
      rawPayload,
    },
    { today: ctx.today },
  );
  return result.duplicate ? "duplicate" : "refunded";
}

/**
 * Processes one stored event (idempotent). One that can never be recorded (unknown reference,
 * cancelled invoice, more than the balance, another currency) is kept with its reason and
 * `rejectedAt`, and not retried; any other failure is recorded and rethrown so the queue retries.
 */
export async function processWebhookEvent(db: Executor, eventRowId: number): Promise<ProcessOutcome> {
  const read = await webhookEventToProcess(db, eventRowId);
  if (!read) throw new Error(`webhook event ${eventRowId} not found`);
  const { event, officeNotices } = read;
  if (event.processed) return "already-processed";
  await testDelay();
  try {
    if (!isPaymentProvider(event.provider)) throw new Rejection(`Unknown provider ${event.provider}`);
    const provider = event.provider;
    const found = paymentProviders[provider].readEvent(event.eventType ?? "", event.rawPayload);
    let outcome: ProcessOutcome;
    let finished = false;
    if (!found) outcome = "ignored";
    else if (found.kind === "approve-order") {
      if (!found.orderId) throw new Rejection("The approved order has no id");
      // Capturing money its capture webhook would then refuse to record helps nobody: check first.
      const business = await businessCurrency(db);
      const mismatch = found.currencies.map((c) => currencyMismatch(c, business)).find(Boolean);
      if (mismatch) throw new Rejection(mismatch);
      await capturePaypalOrder(found.orderId);
      outcome = "captured";
    } else if (found.kind === "payment")
      ({ outcome, finished } = await recordFoundPayment(db, provider, found, event, officeNotices));
    else outcome = await recordFoundRefund(db, provider, found, event.rawPayload);
    if (!finished) await finishWebhookEvent(db, event.id, { state: "done" });
    return outcome;
  } catch (error) {
    // Not retryable: the event itself, or a payment the invoice cannot take (overpaid, cancelled).
    if (error instanceof Rejection || isRefusal(error)) {
      await finishWebhookEvent(db, event.id, { state: "rejected", reason: error.message });
      return "rejected";
    }
    await finishWebhookEvent(db, event.id, {
      state: "failed",
      reason: error instanceof Error ? error.message : String(error),
    }).catch(() => {});
    throw error;
  }
}
