// Payment links (spec: Payment Link popover; docs/decisions/payments-and-webhooks.md): checks the
// invoice, asks the provider for a checkout under a new reference of ours, and stores the link.
// Authorize.Net's link is our page `/pay/authorizenet/{page reference}`, which posts a live form
// token to the hosted form (a token lives 15 minutes and must never sit in a URL).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { AUTHORIZENET_PAY_PATH, authorizeNetConfig, authorizeNetProvider } from "../integrations/authorizenet.server";
import {
  newPaymentReference,
  PAYMENT_PROVIDERS,
  PROVIDER_LABELS,
  type CheckoutRequest,
  type PaymentProvider,
} from "../integrations/payment-provider.server";
import { paymentProviders } from "../integrations/payment-providers.server";
import { businessCurrency } from "../models/business.server";
import { getHostedPage, insertHostedPage, renewHostedPageToken, savePaymentLink } from "../models/payment-links.server";
import { getInvoice } from "../models/invoice.server";
import { compareMoney, toCents } from "../utils/money";
import { invalid, notFound, type Refusal } from "../utils/refusal.server";

export { isPaymentProvider, PAYMENT_PROVIDERS, PROVIDER_LABELS } from "../integrations/payment-provider.server";
export type { PaymentProvider } from "../integrations/payment-provider.server";

export const SELECT_PROVIDER_MESSAGE = "Please select a payment provider to generate a link.";
export const paymentLinkSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { errorMap: () => ({ message: SELECT_PROVIDER_MESSAGE }) }),
});

const notConfigured = (provider: PaymentProvider): Refusal =>
  invalid(`${PROVIDER_LABELS[provider]} is not configured`, "provider");
const providerFailed = (provider: PaymentProvider): Refusal =>
  invalid(`${PROVIDER_LABELS[provider]} could not create the payment link. Please try again.`, "provider");

/**
 * Creates a link for the invoice's remaining balance with the provider and stores it (payment_links
 * and the invoice's link). A paid or cancelled invoice, or one with nothing to pay, is refused (400).
 */
export async function createPaymentLink(db: Executor, invoiceId: number, provider: PaymentProvider, appUrl: string) {
  const invoice = await getInvoice(db, invoiceId);
  if (!invoice) throw notFound("Invoice not found");
  if (invoice.status === "paid") throw invalid("This invoice is already paid", "invoiceId");
  if (invoice.status === "cancelled") throw invalid("A cancelled invoice cannot take payments", "invoiceId");
  const cents = toCents(invoice.balance) ?? 0n;
  if (cents <= 0n) throw invalid("This invoice has no balance to pay", "invoiceId");
  const client = paymentProviders[provider];
  if (!client.isConfigured()) throw notConfigured(provider);
  const currency = await businessCurrency(db);
  const base = appUrl.replace(/\/$/, "");
  const req: CheckoutRequest = {
    reference: newPaymentReference(),
    invoiceNumber: invoice.invoiceNumber,
    amount: invoice.balance,
    cents: Number(cents),
    currency,
    appUrl: base,
  };
  let url: string;
  let providerRef: string | undefined;
  try {
    const issuedAt = new Date();
    const checkout = await client.createCheckout(req);
    if ("formToken" in checkout) {
      // Asked now, so a misconfiguration shows in the popover rather than to the customer.
      const pageReference = randomBytes(32).toString("base64url");
      await insertHostedPage(
        db,
        {
          invoiceId,
          reference: pageReference,
          orderReference: req.reference,
          token: checkout.formToken,
          tokenAmount: req.amount,
        },
        issuedAt,
      );
      url = `${base}${AUTHORIZENET_PAY_PATH}${pageReference}`;
    } else {
      url = checkout.url;
      providerRef = checkout.providerRef;
    }
  } catch (error) {
    // The provider's own error may echo request details; log only its kind, never the secrets.
    console.error(
      `[payments] ${provider} link for invoice ${invoice.id} failed: ${error instanceof Error ? error.name : "error"}`,
    );
    throw providerFailed(provider);
  }
  await savePaymentLink(db, {
    invoiceId,
    provider,
    reference: req.reference,
    providerRef,
    url,
    amount: req.amount,
    currency,
  });
  return { paymentUrl: url, provider };
}

/**
 * A stored token younger than this is reused; an older one is renewed first, so the customer
 * always has at least 10 of the token's 15 minutes to reach the form.
 */
export const TOKEN_REUSE_MS = 5 * 60_000;

/** The page references we hand out: 32 random bytes in base64url. Anything else is not looked up. */
const PAGE_REFERENCE = /^[A-Za-z0-9_-]{43}$/;

export type HostedPaymentPage =
  | { state: "ready"; invoiceNumber: string; amount: string; formUrl: string; token: string }
  | { state: "paid" | "closed" | "unavailable"; invoiceNumber: string; amount: string };

/**
 * What `/pay/authorizenet/{reference}` shows: the form with a live token for the current balance,
 * or why there is nothing to pay. Null for an unknown reference (the page answers 404, whatever
 * the reason). Several links of one invoice all keep working: each renews its own token.
 */
export async function openHostedPaymentPage(
  db: Executor,
  reference: string,
  appUrl: string,
  now = new Date(),
): Promise<HostedPaymentPage | null> {
  if (!PAGE_REFERENCE.test(reference)) return null;
  const row = await getHostedPage(db, reference);
  if (!row) return null;
  const { page, invoice } = row;
  const base = { invoiceNumber: invoice.invoiceNumber, amount: invoice.balance };
  if (invoice.status === "cancelled") return { ...base, state: "closed" };
  if (invoice.status === "paid" || (toCents(invoice.balance) ?? 0n) <= 0n) return { ...base, state: "paid" };
  const config = authorizeNetConfig();
  if (!config) return { ...base, state: "unavailable" };

  const age = now.getTime() - page.tokenIssuedAt.getTime();
  if (age >= 0 && age < TOKEN_REUSE_MS && compareMoney(page.tokenAmount, invoice.balance) === 0) {
    return { ...base, state: "ready", formUrl: config.formUrl, token: page.token };
  }
  // Two customers' tabs renewing at once each get a valid token; the last one stored wins.
  const currency = await businessCurrency(db);
  const pageUrl = `${appUrl.replace(/\/$/, "")}${AUTHORIZENET_PAY_PATH}${reference}`;
  const orderReference = page.orderReference ?? newPaymentReference();
  let token: string;
  try {
    const checkout = await authorizeNetProvider.createCheckout({
      reference: orderReference,
      invoiceNumber: invoice.invoiceNumber,
      amount: invoice.balance,
      cents: Number(toCents(invoice.balance) ?? 0n),
      currency,
      appUrl,
    });
    if (!("formToken" in checkout)) throw new Error("no form token");
    token = checkout.formToken;
  } catch (error) {
    console.error(
      `[payments] authorizenet token renewal for invoice ${invoice.id} failed: ${error instanceof Error ? error.message : "error"}`,
    );
    return { ...base, state: "unavailable" };
  }
  // A page made before references existed gets one now, so its payment finds the invoice.
  if (!page.orderReference) {
    await savePaymentLink(
      db,
      {
        invoiceId: invoice.id,
        provider: "authorizenet",
        reference: orderReference,
        url: pageUrl,
        amount: invoice.balance,
        currency,
      },
      { showOnInvoice: false },
    );
  }
  await renewHostedPageToken(db, page.id, { token, tokenAmount: invoice.balance, orderReference }, now);
  return { ...base, state: "ready", formUrl: config.formUrl, token };
}
