// Authorize.Net (docs/decisions/payments-and-webhooks.md): Accept Hosted form tokens
// (getHostedPaymentPageRequest), transaction details (getTransactionDetailsRequest) for webhooks
// that do not carry the invoice number or the refunded transaction, and the webhook signature
// (X-ANET-Signature: HMAC-SHA512 of the raw body with the signature key).
//
// The hosted form takes its token only as the `token` field of an HTML form POST, and a token lives
// 15 minutes, so the payment link is our page `/pay/authorizenet/{reference}` that posts a live
// token (app/services/payment-links.server.ts). app/server.ts reads the form's origin from here
// for that page's CSP `form-action`.
import { createHmac } from "node:crypto";
import { z } from "zod";
import { normalizeMoney } from "../utils/money";
import {
  env,
  parseJsonObject,
  ProviderCallError,
  safeEqual,
  stringOf,
  WebhookSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentProviderClient,
  type ProviderEvent,
  type TransactionDetails,
} from "./payment-provider.server";

/** Our page that hands the customer to the hosted form: `${AUTHORIZENET_PAY_PATH}{reference}`. */
export const AUTHORIZENET_PAY_PATH = "/pay/authorizenet/";

/** The hosted form takes the token only as the `token` field of an HTML form POST. */
export function authorizeNetFormUrl(): string {
  return process.env.AUTHORIZENET_FORM_URL?.trim() || "https://accept.authorize.net/payment/payment";
}

/** The form's origin for CSP `form-action`; null when AUTHORIZENET_FORM_URL is not a URL. */
export function authorizeNetFormOrigin(): string | null {
  try {
    const url = new URL(authorizeNetFormUrl());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

export function authorizeNetConfig() {
  const loginId = env("AUTHORIZENET_API_LOGIN_ID");
  const transactionKey = env("AUTHORIZENET_TRANSACTION_KEY");
  if (!loginId || !transactionKey) return null;
  return {
    loginId,
    transactionKey,
    base: (env("AUTHORIZENET_API_BASE") ?? "https://api.authorize.net").replace(/\/$/, ""),
    formUrl: authorizeNetFormUrl(),
  };
}
type Config = NonNullable<ReturnType<typeof authorizeNetConfig>>;

/** One call of the JSON API; its answers start with a byte order mark. */
async function call(config: Config, request: string, fields: Record<string, unknown>): Promise<unknown> {
  const res = await fetch(`${config.base}/xml/v1/request.api`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      [request]: {
        merchantAuthentication: { name: config.loginId, transactionKey: config.transactionKey },
        ...fields,
      },
    }),
  });
  const text = (await res.text()).replace(/^\uFEFF/, "");
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  const ok = z.object({ messages: z.object({ resultCode: z.literal("Ok") }) }).safeParse(parsed);
  if (!res.ok || !ok.success) throw new ProviderCallError(`Authorize.Net refused ${request} (HTTP ${res.status})`);
  return parsed;
}

/**
 * getTransactionDetailsRequest: the invoice number of a payment whose webhook did not carry it, and
 * the original transaction (refTransId) of a refund.
 */
export async function authorizeNetTransactionDetails(transId: string): Promise<TransactionDetails> {
  const config = authorizeNetConfig();
  if (!config) throw new Error("Authorize.Net is not configured");
  const body = z
    .object({
      transaction: z.object({
        refTransId: z.string().optional(),
        authAmount: z.union([z.number(), z.string()]).optional(),
        order: z.object({ invoiceNumber: z.string().optional() }).optional(),
      }),
    })
    .safeParse(await call(config, "getTransactionDetailsRequest", { transId }));
  if (!body.success)
    throw new ProviderCallError("Authorize.Net answered getTransactionDetailsRequest without a transaction");
  const t = body.data.transaction;
  return {
    invoiceNumber: stringOf(t.order?.invoiceNumber),
    refTransId: stringOf(t.refTransId),
    amount: t.authAmount === undefined ? undefined : normalizeMoney(t.authAmount),
  };
}

type Obj = Record<string, any>;

/** Events whose transaction took the money: captured at once, or held for review and then approved. */
const PAYMENT_EVENTS = new Set(["net.authorize.payment.authcapture.created", "net.authorize.payment.fraud.approved"]);

export const authorizeNetProvider: PaymentProviderClient = {
  provider: "authorizenet",

  isConfigured: () => authorizeNetConfig() !== null,

  /** A form token for our hand-off page. The invoice number field (20 characters at most) carries our reference. */
  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const config = authorizeNetConfig();
    if (!config) throw new Error("Authorize.Net is not configured");
    const body = z.object({ token: z.string().min(1) }).safeParse(
      await call(config, "getHostedPaymentPageRequest", {
        refId: req.reference,
        transactionRequest: {
          transactionType: "authCaptureTransaction",
          amount: req.amount,
          order: { invoiceNumber: req.reference, description: `Invoice ${req.invoiceNumber}`.slice(0, 255) },
        },
        hostedPaymentSettings: {
          setting: [
            {
              settingName: "hostedPaymentReturnOptions",
              settingValue: JSON.stringify({
                showReceipt: true,
                url: `${req.appUrl}/pay/complete`,
                cancelUrl: `${req.appUrl}/pay/cancelled`,
              }),
            },
          ],
        },
      }),
    );
    if (!body.success)
      throw new ProviderCallError("Authorize.Net answered getHostedPaymentPageRequest without a token");
    return { formToken: body.data.token };
  },

  async verifyWebhook(raw, headers) {
    const key = env("AUTHORIZENET_SIGNATURE_KEY");
    if (!key) throw new WebhookSignatureError("Authorize.Net webhooks are not configured");
    const header = headers.get("x-anet-signature") ?? "";
    const match = /^sha512=([0-9a-f]+)$/i.exec(header.trim());
    if (!match) throw new WebhookSignatureError("Missing X-ANET-Signature header");
    const expected = createHmac("sha512", key).update(raw).digest("hex");
    if (!safeEqual(match[1].toLowerCase(), expected))
      throw new WebhookSignatureError("Invalid Authorize.Net signature");
    const payload = parseJsonObject(raw);
    const event = z.object({ notificationId: z.string().min(1), eventType: z.string().min(1) }).safeParse(payload);
    if (!event.success) throw new WebhookSignatureError("Not an Authorize.Net event");
    return { eventId: event.data.notificationId, eventType: event.data.eventType, payload };
  },

  // Authorize.Net's webhooks name no currency (the merchant account has exactly one), and the
  // documented samples carry no invoice number: the service fetches the transaction when it is missing.
  readEvent(type, payload): ProviderEvent | null {
    const body = (payload as Obj | null)?.payload as Obj | undefined;
    if (!body?.id || body.entityName !== "transaction") return null;
    if (PAYMENT_EVENTS.has(type)) {
      // authcapture.created for a transaction held for review says responseCode 4: it is recorded
      // when fraud.approved arrives. Either way the transaction id makes it one payment.
      if (type === "net.authorize.payment.authcapture.created" && body.responseCode !== 1) return null;
      return {
        kind: "payment",
        transactionId: String(body.id),
        amount: normalizeMoney(body.authAmount),
        currency: null,
        reference: stringOf(body.invoiceNumber),
      };
    }
    if (type === "net.authorize.payment.refund.created") {
      if (body.responseCode !== 1) return null;
      return { kind: "refund", refundId: String(body.id), amount: normalizeMoney(body.authAmount), currency: null };
    }
    return null;
  },
};
