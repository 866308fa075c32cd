// Square (docs/decisions/payments-and-webhooks.md): CreatePaymentLink over REST and the webhook
// signature (HMAC-SHA256 of the registered URL + raw body, base64).
import { createHmac, randomUUID } from "node:crypto";
import { z } from "zod";
import { centsToString } from "../utils/money";
import {
  currencyOf,
  env,
  parseJsonObject,
  ProviderCallError,
  referenceIn,
  safeEqual,
  stringOf,
  WebhookSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentProviderClient,
  type ProviderEvent,
} from "./payment-provider.server";

export function squareConfig() {
  const token = env("SQUARE_ACCESS_TOKEN");
  const locationId = env("SQUARE_LOCATION_ID");
  if (!token || !locationId) return null;
  return { token, locationId, base: (env("SQUARE_API_BASE") ?? "https://connect.squareup.com").replace(/\/$/, "") };
}

const cents = (value: unknown) =>
  centsToString(BigInt(typeof value === "number" && Number.isSafeInteger(value) ? value : 0));

type Obj = Record<string, any>;

export const squareProvider: PaymentProviderClient = {
  provider: "square",

  isConfigured: () => squareConfig() !== null,

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const config = squareConfig();
    if (!config) throw new Error("Square is not configured");
    const res = await fetch(`${config.base}/v2/online-checkout/payment-links`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config.token}`,
        "Content-Type": "application/json",
        "Square-Version": "2024-01-18",
      },
      body: JSON.stringify({
        idempotency_key: randomUUID(),
        quick_pay: {
          name: `Invoice ${req.invoiceNumber}`,
          price_money: { amount: req.cents, currency: req.currency },
          location_id: config.locationId,
        },
        // Square copies the note onto the payment; the link's order id is on it too (provider_ref).
        payment_note: `Invoice ${req.invoiceNumber} ref ${req.reference}`,
        checkout_options: { redirect_url: `${req.appUrl}/pay/complete` },
      }),
    });
    const body = z
      .object({ payment_link: z.object({ url: z.string().url(), order_id: z.string().optional() }) })
      .safeParse(await res.json().catch(() => null));
    if (!res.ok || !body.success) throw new ProviderCallError(`Square refused the payment link (HTTP ${res.status})`);
    return { url: body.data.payment_link.url, providerRef: body.data.payment_link.order_id };
  },

  async verifyWebhook(raw, headers) {
    const key = env("SQUARE_WEBHOOK_SIGNATURE_KEY");
    const url = env("SQUARE_WEBHOOK_URL");
    if (!key || !url) throw new WebhookSignatureError("Square webhooks are not configured");
    const signature = headers.get("x-square-hmacsha256-signature");
    if (!signature) throw new WebhookSignatureError("Missing x-square-hmacsha256-signature header");
    const expected = createHmac("sha256", key)
      .update(url + raw)
      .digest("base64");
    if (!safeEqual(signature, expected)) throw new WebhookSignatureError("Invalid Square signature");
    const payload = parseJsonObject(raw);
    const event = z.object({ event_id: z.string().min(1), type: z.string().min(1) }).safeParse(payload);
    if (!event.success) throw new WebhookSignatureError("Not a Square event");
    return { eventId: event.data.event_id, eventType: event.data.type, payload };
  },

  readEvent(type, payload): ProviderEvent | null {
    const object = (payload as Obj | null)?.data?.object as Obj | undefined;
    if (type === "payment.updated") {
      const payment = object?.payment as Obj | undefined;
      if (!payment?.id || payment.status !== "COMPLETED") return null;
      return {
        kind: "payment",
        transactionId: String(payment.id),
        amount: cents(payment.amount_money?.amount),
        currency: currencyOf(payment.amount_money?.currency),
        reference: referenceIn(payment.note),
        providerRef: stringOf(payment.order_id),
      };
    }
    // refund.created usually says PENDING and refund.updated later COMPLETED: only a completed
    // refund gave money back, and its id makes it one row however many events say so.
    if (type === "refund.created" || type === "refund.updated") {
      const refund = object?.refund as Obj | undefined;
      if (!refund?.id || refund.status !== "COMPLETED") return null;
      return {
        kind: "refund",
        refundId: String(refund.id),
        paymentTransactionId: stringOf(refund.payment_id),
        amount: cents(refund.amount_money?.amount),
        currency: currencyOf(refund.amount_money?.currency),
      };
    }
    return null;
  },
};
