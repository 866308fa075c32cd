// Online payment links (spec: Payment Link popover; decisions §5): one adapter per provider, each
// configured by environment variables read at call time. Secrets stay on the server: they are
// never logged, returned, or put into job data; only the resulting public URL is stored (and, for
// Authorize.Net, the short-lived form token behind our hand-off page: authorizenet-hosted.server.ts).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { invoices } from "../../db/schema";
import { toCents } from "../utils/money";
import { authorizeNetConfig, createHostedPaymentPage } from "./authorizenet-hosted.server";
import { businessCurrency } from "./business.server";
import { invalid, isRefusal, notFound } from "../utils/refusal.server";

export const PAYMENT_PROVIDERS = ["stripe", "paypal", "square", "authorizenet"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  square: "Square",
  authorizenet: "Authorize.Net",
};
export const SELECT_PROVIDER_MESSAGE = "Please select a payment provider to generate a link.";

export const paymentLinkSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { errorMap: () => ({ message: SELECT_PROVIDER_MESSAGE }) }),
});

export const isPaymentProvider = (value: unknown): value is PaymentProvider =>
  typeof value === "string" && (PAYMENT_PROVIDERS as readonly string[]).includes(value);

const env = (name: string) => process.env[name]?.trim() || undefined;
const notConfigured = (provider: PaymentProvider) =>
  invalid(`${PROVIDER_LABELS[provider]} is not configured`, "provider");
const providerFailed = (provider: PaymentProvider) =>
  invalid(`${PROVIDER_LABELS[provider]} could not create the payment link. Please try again.`, "provider");

/** The marker put into a Square payment note, read back from the webhook's payment. */
export const squareNoteMarker = (invoiceId: number) => `[cj:${invoiceId}]`;

type LinkRequest = {
  invoiceId: number;
  invoiceNumber: string;
  title: string;
  amount: string;
  cents: number;
  /** ISO 4217, upper case: the business currency (settings), which webhooks are checked against. */
  currency: string;
  appUrl: string;
};

// ---------------------------------------------------------------- stripe

export function stripeClient(): Stripe | null {
  const key = env("STRIPE_SECRET_KEY");
  if (!key) return null;
  const port = Number(env("STRIPE_API_PORT"));
  const protocol = env("STRIPE_API_PROTOCOL");
  return new Stripe(key, {
    maxNetworkRetries: 1,
    ...(env("STRIPE_API_HOST") ? { host: env("STRIPE_API_HOST") } : {}),
    ...(Number.isInteger(port) && port > 0 ? { port } : {}),
    ...(protocol === "http" || protocol === "https" ? { protocol } : {}),
  });
}

async function stripeLink(req: LinkRequest): Promise<string> {
  const stripe = stripeClient();
  if (!stripe) throw notConfigured("stripe");
  const metadata = { invoiceId: String(req.invoiceId), invoiceNumber: req.invoiceNumber };
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
    client_reference_id: String(req.invoiceId),
    success_url: `${req.appUrl}/pay/complete`,
    cancel_url: `${req.appUrl}/pay/cancelled`,
  });
  if (!session.url) throw providerFailed("stripe");
  return session.url;
}

// ---------------------------------------------------------------- paypal

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

export async function paypalAccessToken(config: NonNullable<ReturnType<typeof paypalConfig>>): Promise<string> {
  const res = await fetch(`${config.base}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const body = z.object({ access_token: z.string().min(1) }).safeParse(await res.json().catch(() => null));
  if (!res.ok || !body.success) throw providerFailed("paypal");
  return body.data.access_token;
}

async function paypalLink(req: LinkRequest): Promise<string> {
  const config = paypalConfig();
  if (!config) throw notConfigured("paypal");
  const token = await paypalAccessToken(config);
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
          reference_id: String(req.invoiceId),
          custom_id: String(req.invoiceId),
          invoice_id: `${req.invoiceNumber}-${Date.now().toString(36)}`,
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
    .object({ links: z.array(z.object({ rel: z.string(), href: z.string().url() })) })
    .safeParse(await res.json().catch(() => null));
  const link = body.success ? body.data.links.find((l) => l.rel === "approve" || l.rel === "payer-action") : undefined;
  if (!res.ok || !link) throw providerFailed("paypal");
  return link.href;
}

/**
 * Captures an approved order (webhook CHECKOUT.ORDER.APPROVED): an Orders v2 link only authorizes
 * until the merchant captures; the capture's PAYMENT.CAPTURE.COMPLETED webhook records the payment.
 * Idempotent: PayPal-Request-Id is fixed per order, and an already captured order is success.
 */
export async function capturePaypalOrder(orderId: string): Promise<void> {
  const config = paypalConfig();
  if (!config) throw new Error("PayPal is not configured");
  const token = await paypalAccessToken(config);
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

// ---------------------------------------------------------------- square

export function squareConfig() {
  const token = env("SQUARE_ACCESS_TOKEN");
  const locationId = env("SQUARE_LOCATION_ID");
  if (!token || !locationId) return null;
  return { token, locationId, base: (env("SQUARE_API_BASE") ?? "https://connect.squareup.com").replace(/\/$/, "") };
}

async function squareLink(req: LinkRequest): Promise<string> {
  const config = squareConfig();
  if (!config) throw notConfigured("square");
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
      payment_note: `Invoice ${req.invoiceNumber} ${squareNoteMarker(req.invoiceId)}`,
      checkout_options: { redirect_url: `${req.appUrl}/pay/complete` },
    }),
  });
  const body = z
    .object({ payment_link: z.object({ url: z.string().url() }) })
    .safeParse(await res.json().catch(() => null));
  if (!res.ok || !body.success) throw providerFailed("square");
  return body.data.payment_link.url;
}

// ---------------------------------------------------------------- authorize.net

// The link is our page that posts a live token to the hosted form (authorizenet-hosted.server.ts).
const authorizeNetLink = (req: LinkRequest, db: Executor) => createHostedPaymentPage(db, req);

// ---------------------------------------------------------------- entry point

const adapters: Record<PaymentProvider, (req: LinkRequest, db: Executor) => Promise<string>> = {
  stripe: stripeLink,
  paypal: paypalLink,
  square: squareLink,
  authorizenet: authorizeNetLink,
};

export function isProviderConfigured(provider: PaymentProvider): boolean {
  switch (provider) {
    case "stripe":
      return Boolean(env("STRIPE_SECRET_KEY"));
    case "paypal":
      return paypalConfig() !== null;
    case "square":
      return squareConfig() !== null;
    case "authorizenet":
      return authorizeNetConfig() !== null;
  }
}

/**
 * Creates a link for the invoice's remaining balance with the provider and stores it on the
 * invoice. A paid or cancelled invoice, or one with nothing to pay, is a 400.
 */
export async function createPaymentLink(db: Executor, invoiceId: number, provider: PaymentProvider, appUrl: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound("Invoice not found", "invoiceId");
  if (invoice.status === "paid") throw invalid("This invoice is already paid", "invoiceId");
  if (invoice.status === "cancelled") throw invalid("A cancelled invoice cannot take payments", "invoiceId");
  const cents = toCents(invoice.balance) ?? 0n;
  if (cents <= 0n) throw invalid("This invoice has no balance to pay", "invoiceId");
  if (!isProviderConfigured(provider)) throw notConfigured(provider);
  const currency = await businessCurrency(db);
  let url: string;
  try {
    url = await adapters[provider](
      {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        title: invoice.title,
        amount: invoice.balance,
        cents: Number(cents),
        currency,
        appUrl: appUrl.replace(/\/$/, ""),
      },
      db,
    );
  } catch (error) {
    if (isRefusal(error)) throw error;
    // The provider's own error may echo request details; log only its kind, never the secrets.
    console.error(
      `[payments] ${provider} link for invoice ${invoice.id} failed: ${error instanceof Error ? error.name : "error"}`,
    );
    throw providerFailed(provider);
  }
  await db
    .update(invoices)
    .set({ paymentLinkUrl: url, paymentLinkProvider: provider, updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id));
  return { paymentUrl: url, provider };
}
