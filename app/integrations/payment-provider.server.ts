// The small interface every payment provider's client implements (docs/decisions/payments-and-webhooks.md).
// Services call it; models never do. Each client reads its configuration from the environment at
// call time, keeps its secrets to itself (never logged, returned or put into job data), and turns
// its provider's webhook payloads into the few events the app acts on.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const PAYMENT_PROVIDERS = ["stripe", "paypal", "square", "authorizenet"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  square: "Square",
  authorizenet: "Authorize.Net",
};

export const isPaymentProvider = (value: unknown): value is PaymentProvider =>
  typeof value === "string" && (PAYMENT_PROVIDERS as readonly string[]).includes(value);

/** A delivery whose signature does not hold, or that is not the provider's event: answered 400. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** The provider refused or failed a call; its own text may echo request details, so it is not shown. */
export class ProviderCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderCallError";
  }
}

export type VerifiedEvent = { eventId: string; eventType: string; payload: Record<string, unknown> };

/**
 * Our payment reference: "CJ" and 18 base32 characters (90 random bits). It fits Authorize.Net's
 * 20-character invoice number, and nobody else can send one we issued.
 */
export const PAYMENT_REFERENCE = /^CJ[A-Z2-7]{18}$/;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export function newPaymentReference(): string {
  const bytes = randomBytes(18);
  return `CJ${[...bytes].map((b) => BASE32[b & 31]).join("")}`;
}
/** Finds one of our references inside free text (the Square payment note). */
export function referenceIn(text: unknown): string | undefined {
  return typeof text === "string" ? /\bCJ[A-Z2-7]{18}\b/.exec(text)?.[0] : undefined;
}

export type CheckoutRequest = {
  /** Our reference for this link (payment_links.reference). */
  reference: string;
  invoiceNumber: string;
  amount: string;
  cents: number;
  /** ISO 4217, upper case: the business currency (settings), which webhooks are checked against. */
  currency: string;
  appUrl: string;
};

/** A link the customer opens; or, for Authorize.Net, a form token our own page posts to its form. */
export type Checkout = { url: string; providerRef?: string } | { formToken: string };

/** What a webhook event means for the app. Amounts are 2-decimal strings; currency upper case or null when never stated. */
export type ProviderEvent =
  | {
      kind: "payment";
      transactionId: string;
      amount: string;
      currency: string | null;
      /** Our payment reference as the event states it (absent when the event does not carry it). */
      reference?: string;
      /** The provider's id of the link's checkout (session, order), a second way to find the link. */
      providerRef?: string;
    }
  | {
      kind: "refund";
      refundId: string;
      /** The provider's id of the refunded payment, as recorded in payments.provider_transaction_id. */
      paymentTransactionId?: string;
      amount: string;
      currency: string | null;
      /** The amount is the total refunded on that payment so far (Stripe's charge.refunded), not this refund alone. */
      cumulative?: boolean;
    }
  | { kind: "approve-order"; orderId: string; currencies: string[] };

export type TransactionDetails = { invoiceNumber?: string; refTransId?: string; amount?: string };

export interface PaymentProviderClient {
  readonly provider: PaymentProvider;
  isConfigured(): boolean;
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  /** Checks the signature over the raw body exactly as received; throws WebhookSignatureError. */
  verifyWebhook(raw: string, headers: Headers): Promise<VerifiedEvent>;
  /** The payment, refund or order approval in an event; null for events the app does not act on. */
  readEvent(type: string, payload: unknown): ProviderEvent | null;
}

export const env = (name: string) => process.env[name]?.trim() || undefined;

export function safeEqual(a: string, b: string) {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}

export function parseJsonObject(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new WebhookSignatureError("The webhook body is not a JSON object");
}

export const currencyOf = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : "");
export const stringOf = (value: unknown) => (typeof value === "string" && value ? value : undefined);
