// Stripe (docs/decisions/payments-and-webhooks.md): Checkout Sessions through the official SDK, and
// its webhook signature check (constructEvent over the raw body, 300 s tolerance).
import Stripe from "stripe";
import { centsToString } from "../utils/money";
import {
  currencyOf,
  env,
  stringOf,
  WebhookSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentProviderClient,
  type ProviderEvent,
} from "./payment-provider.server";

// One client per configuration: `new Stripe()` builds every API resource (a few ms), and every
// webhook delivery asks for the client to check its signature.
let cachedClient: { config: string; client: Stripe } | undefined;

export function stripeClient(): Stripe | null {
  const key = env("STRIPE_SECRET_KEY");
  if (!key) return null;
  const port = Number(env("STRIPE_API_PORT"));
  const protocol = env("STRIPE_API_PROTOCOL");
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 1,
    ...(env("STRIPE_API_HOST") ? { host: env("STRIPE_API_HOST") } : {}),
    ...(Number.isInteger(port) && port > 0 ? { port } : {}),
    ...(protocol === "http" || protocol === "https" ? { protocol: protocol as "http" | "https" } : {}),
  };
  const config = JSON.stringify([key, options]);
  if (cachedClient?.config !== config) cachedClient = { config, client: new Stripe(key, options) };
  return cachedClient.client;
}

const cents = (value: unknown) =>
  centsToString(BigInt(typeof value === "number" && Number.isSafeInteger(value) ? value : 0));

type Obj = Record<string, any>;

export const stripeProvider: PaymentProviderClient = {
  provider: "stripe",

  isConfigured: () => Boolean(env("STRIPE_SECRET_KEY")),

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const stripe = stripeClient();
    if (!stripe) throw new Error("Stripe is not configured");
    // Our reference goes on the session and on its PaymentIntent, so both kinds of event carry it.
    const metadata = { paymentRef: req.reference, invoiceNumber: req.invoiceNumber };
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: req.currency.toLowerCase(),
            unit_amount: req.cents,
            product_data: { name: `Invoice ${req.invoiceNumber}` },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      client_reference_id: req.reference,
      success_url: `${req.appUrl}/pay/complete`,
      cancel_url: `${req.appUrl}/pay/cancelled`,
    });
    if (!session.url) throw new Error("Stripe answered without a session URL");
    return { url: session.url, providerRef: session.id };
  },

  async verifyWebhook(raw, headers) {
    const secret = env("STRIPE_WEBHOOK_SECRET");
    const stripe = stripeClient();
    const signature = headers.get("stripe-signature");
    if (!secret || !stripe) throw new WebhookSignatureError("Stripe webhooks are not configured");
    if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
    let event;
    try {
      event = stripe.webhooks.constructEvent(raw, signature, secret, 300);
    } catch {
      throw new WebhookSignatureError("Invalid Stripe signature");
    }
    return { eventId: event.id, eventType: event.type, payload: event as unknown as Record<string, unknown> };
  },

  readEvent(type, payload): ProviderEvent | null {
    const obj = (payload as Obj | null)?.data?.object as Obj | undefined;
    if (!obj) return null;
    // A Checkout Session pays when it completes with payment_status 'paid' (cards), or later with
    // async_payment_succeeded (ACH, SEPA: it completed 'unpaid'; async_payment_failed pays nothing).
    // Both carry the same PaymentIntent id, so together they still make one payment.
    if (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") {
      if (obj.payment_status !== "paid") return null;
      const txn = typeof obj.payment_intent === "string" ? obj.payment_intent : (obj.payment_intent?.id ?? obj.id);
      return {
        kind: "payment",
        transactionId: String(txn),
        amount: cents(obj.amount_total),
        currency: currencyOf(obj.currency),
        reference: stringOf(obj.client_reference_id) ?? stringOf(obj.metadata?.paymentRef),
        providerRef: stringOf(obj.id),
      };
    }
    if (type === "payment_intent.succeeded") {
      return {
        kind: "payment",
        transactionId: String(obj.id),
        amount: cents(obj.amount_received ?? obj.amount),
        currency: currencyOf(obj.currency),
        reference: stringOf(obj.metadata?.paymentRef),
      };
    }
    // charge.refunded carries the charge with the total refunded so far (amount_refunded); its
    // refunds list is no longer expanded by default, so the total is what counts.
    if (type === "charge.refunded") {
      const pi = typeof obj.payment_intent === "string" ? obj.payment_intent : obj.payment_intent?.id;
      const latest = Array.isArray(obj.refunds?.data) ? stringOf(obj.refunds.data[0]?.id) : undefined;
      return {
        kind: "refund",
        refundId: latest ?? `${obj.id}@${obj.amount_refunded}`,
        paymentTransactionId: stringOf(pi) ?? stringOf(obj.id),
        amount: cents(obj.amount_refunded),
        currency: currencyOf(obj.currency),
        cumulative: true,
      };
    }
    return null;
  },
};
