// PayPal (docs/decisions/payments-and-webhooks.md): Orders v2 links over REST, the capture of an
// approved order, and webhook verification through verify-webhook-signature with the body exactly
// as received (PayPal's own SDKs send the raw body: a re-encoded one need not match what was signed).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { normalizeMoney } from "../utils/money";
import {
  currencyOf,
  env,
  parseJsonObject,
  ProviderCallError,
  stringOf,
  WebhookSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentProviderClient,
  type ProviderEvent,
} from "./payment-provider.server";

export function paypalConfig() {
  const clientId = env("PAYPAL_CLIENT_ID");
  const secret = env("PAYPAL_CLIENT_SECRET") ?? env("PAYPAL_SECRET");
  if (!clientId || !secret) return null;
  return {
    clientId,
    secret,
    base: (env("PAYPAL_API_BASE") ?? "https://api-m.paypal.com").replace(/\/$/, ""),
    webhookId: env("PAYPAL_WEBHOOK_ID"),
  };
}
type Config = NonNullable<ReturnType<typeof paypalConfig>>;

async function accessToken(config: Config): Promise<string> {
  const res = await fetch(`${config.base}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const body = z.object({ access_token: z.string().min(1) }).safeParse(await res.json().catch(() => null));
  if (!res.ok || !body.success)
    throw new ProviderCallError(`PayPal refused the OAuth token request (HTTP ${res.status})`);
  return body.data.access_token;
}

/**
 * Captures an approved order (webhook CHECKOUT.ORDER.APPROVED): an Orders v2 link only authorizes
 * until the merchant captures; the capture's PAYMENT.CAPTURE.COMPLETED webhook records the payment.
 * Idempotent: PayPal-Request-Id is fixed per order, and an already captured order is success.
 */
export async function capturePaypalOrder(orderId: string): Promise<void> {
  const config = paypalConfig();
  if (!config) throw new Error("PayPal is not configured");
  const token = await accessToken(config);
  const res = await fetch(`${config.base}/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "PayPal-Request-Id": `capture-${orderId}`,
    },
  });
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { details?: Array<{ issue?: string }> } | null;
  if (res.status === 422 && body?.details?.some((d) => d.issue === "ORDER_ALREADY_CAPTURED")) return;
  throw new Error(`PayPal capture of an approved order failed with status ${res.status}`);
}

const SIGNATURE_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

type Obj = Record<string, any>;

/** The capture a refund belongs to: its `up` link is …/v2/payments/captures/{id}. */
function capturedIdOf(refund: Obj): string | undefined {
  const links: Obj[] = Array.isArray(refund.links) ? refund.links : [];
  for (const link of links) {
    const match = /\/v2\/payments\/captures\/([^/?#]+)/.exec(String(link?.href ?? ""));
    if (link?.rel === "up" && match) return decodeURIComponent(match[1]);
  }
  return undefined;
}

export const paypalProvider: PaymentProviderClient = {
  provider: "paypal",

  isConfigured: () => paypalConfig() !== null,

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const config = paypalConfig();
    if (!config) throw new Error("PayPal is not configured");
    const token = await accessToken(config);
    const res = await fetch(`${config.base}/v2/checkout/orders`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "PayPal-Request-Id": randomUUID(),
      },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [
          {
            // custom_id comes back on the capture: only our reference, never a bare invoice id.
            reference_id: req.reference,
            custom_id: req.reference,
            invoice_id: `${req.invoiceNumber}-${req.reference}`.slice(0, 127),
            description: `Invoice ${req.invoiceNumber}`.slice(0, 127),
            amount: { currency_code: req.currency, value: req.amount },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: `${req.appUrl}/pay/complete`,
              cancel_url: `${req.appUrl}/pay/cancelled`,
            },
          },
        },
      }),
    });
    const body = z
      .object({ id: z.string().optional(), links: z.array(z.object({ rel: z.string(), href: z.string().url() })) })
      .safeParse(await res.json().catch(() => null));
    const link = body.success
      ? body.data.links.find((l) => l.rel === "approve" || l.rel === "payer-action")
      : undefined;
    if (!res.ok || !link) throw new ProviderCallError(`PayPal refused the order (HTTP ${res.status})`);
    return { url: link.href, providerRef: body.success ? body.data.id : undefined };
  },

  async verifyWebhook(raw, headers) {
    const config = paypalConfig();
    if (!config || !config.webhookId) throw new WebhookSignatureError("PayPal webhooks are not configured");
    const h = (name: string) => headers.get(name) ?? "";
    if (SIGNATURE_HEADERS.some((n) => !h(n))) throw new WebhookSignatureError("Missing PayPal signature headers");
    const payload = parseJsonObject(raw);
    const token = await accessToken(config).catch(() => {
      throw new WebhookSignatureError("PayPal signature could not be verified");
    });
    // The event goes into the request as the raw text it arrived as, not re-encoded: PayPal checks
    // the signature over the bytes it sent (its SDKs build this request the same way).
    const fields = JSON.stringify({
      auth_algo: h("paypal-auth-algo"),
      cert_url: h("paypal-cert-url"),
      transmission_id: h("paypal-transmission-id"),
      transmission_sig: h("paypal-transmission-sig"),
      transmission_time: h("paypal-transmission-time"),
      webhook_id: config.webhookId,
    });
    const body = `${fields.slice(0, -1)},"webhook_event":${raw}}`;
    const res = await fetch(`${config.base}/v1/notifications/verify-webhook-signature`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body,
    }).catch(() => null);
    const status = res?.ok ? ((await res.json().catch(() => null)) as { verification_status?: string } | null) : null;
    if (status?.verification_status !== "SUCCESS") throw new WebhookSignatureError("Invalid PayPal signature");
    const event = z.object({ id: z.string().min(1), event_type: z.string().min(1) }).safeParse(payload);
    if (!event.success) throw new WebhookSignatureError("Not a PayPal event");
    return { eventId: event.data.id, eventType: event.data.event_type, payload };
  },

  readEvent(type, payload): ProviderEvent | null {
    const r = (payload as Obj | null)?.resource as Obj | undefined;
    if (!r) return null;
    if (type === "CHECKOUT.ORDER.APPROVED") {
      const units: Obj[] = Array.isArray(r.purchase_units) ? r.purchase_units : [];
      return {
        kind: "approve-order",
        orderId: typeof r.id === "string" ? r.id : "",
        currencies: units.filter((u) => u?.amount).map((u) => currencyOf(u.amount.currency_code)),
      };
    }
    if (type === "PAYMENT.CAPTURE.COMPLETED") {
      if (!r.id || !r.amount) return null;
      return {
        kind: "payment",
        transactionId: String(r.id),
        amount: normalizeMoney(r.amount.value),
        currency: currencyOf(r.amount.currency_code),
        reference: stringOf(r.custom_id),
        providerRef: stringOf(r.supplementary_data?.related_ids?.order_id),
      };
    }
    // The resource is the refund; its `up` link names the capture it returns money from.
    if (type === "PAYMENT.CAPTURE.REFUNDED") {
      if (!r.id || !r.amount || (r.status && r.status !== "COMPLETED")) return null;
      return {
        kind: "refund",
        refundId: String(r.id),
        paymentTransactionId: capturedIdOf(r),
        amount: normalizeMoney(r.amount.value),
        currency: currencyOf(r.amount.currency_code),
      };
    }
    return null;
  },
};
