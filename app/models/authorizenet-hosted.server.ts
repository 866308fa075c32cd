// Authorize.Net Accept Hosted (decisions §7). getHostedPaymentPageRequest answers a form token
// that is valid for 15 minutes, and the customer's browser must send it as the `token` field of an
// HTML form POST to the hosted form (developer.authorize.net, "Accept Hosted"): a token in a URL
// is not the documented contract, and a stored link would expire long before the customer opens
// the e-mail. So the payment link is our page `/pay/authorizenet/{reference}`: the reference is 32
// random bytes (invoices cannot be enumerated), the token stays in the database and the page's
// form, and an old token — or one issued for an older balance — is renewed when the page opens.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../db/client.server";
import { authorizenetPaymentPages, invoices } from "../../db/schema";
import { AUTHORIZENET_PAY_PATH, authorizeNetFormUrl } from "../utils/authorizenet-form.server";
import { compareMoney, toCents } from "../utils/money";

const env = (name: string) => process.env[name]?.trim() || undefined;

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

/**
 * A stored token younger than this is reused; an older one is renewed first, so the customer
 * always has at least 10 of the token's 15 minutes to reach the form.
 */
export const TOKEN_REUSE_MS = 5 * 60_000;

/** The references we hand out: 32 random bytes in base64url. Anything else is not looked up. */
const REFERENCE = /^[A-Za-z0-9_-]{43}$/;

export type HostedPaymentRequest = { invoiceId: number; invoiceNumber: string; amount: string; appUrl: string };

/** getHostedPaymentPageRequest → the form token. Throws without provider details (they may echo the request). */
async function requestToken(config: Config, req: HostedPaymentRequest): Promise<string> {
  const res = await fetch(`${config.base}/xml/v1/request.api`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      getHostedPaymentPageRequest: {
        merchantAuthentication: { name: config.loginId, transactionKey: config.transactionKey },
        refId: String(req.invoiceId),
        transactionRequest: {
          transactionType: "authCaptureTransaction",
          amount: req.amount,
          // The webhook names the invoice only by this number (app/models/webhooks.server.ts).
          order: {
            invoiceNumber: req.invoiceNumber.slice(0, 20),
            description: `Invoice ${req.invoiceNumber}`.slice(0, 255),
          },
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
      },
    }),
  });
  // Authorize.Net's JSON answers start with a byte order mark.
  const text = (await res.text()).replace(/^\uFEFF/, "");
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  const body = z
    .object({ token: z.string().min(1), messages: z.object({ resultCode: z.literal("Ok") }) })
    .safeParse(parsed);
  if (!res.ok || !body.success)
    throw new Error(`Authorize.Net refused getHostedPaymentPageRequest (HTTP ${res.status})`);
  return body.data.token;
}

/**
 * The payment-link adapter: asks for a token now (so a misconfiguration shows in the popover, not
 * to the customer) and stores it under a new reference. Returns the absolute URL of our page.
 */
export async function createHostedPaymentPage(db: Executor, req: HostedPaymentRequest): Promise<string> {
  const config = authorizeNetConfig();
  if (!config) throw new Error("Authorize.Net is not configured");
  const issuedAt = new Date();
  const token = await requestToken(config, req);
  const reference = randomBytes(32).toString("base64url");
  await db
    .insert(authorizenetPaymentPages)
    .values({ invoiceId: req.invoiceId, reference, token, tokenAmount: req.amount, tokenIssuedAt: issuedAt });
  return `${req.appUrl}${AUTHORIZENET_PAY_PATH}${reference}`;
}

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
  if (!REFERENCE.test(reference)) return null;
  const [row] = await db
    .select({ page: authorizenetPaymentPages, invoice: invoices })
    .from(authorizenetPaymentPages)
    .innerJoin(invoices, eq(invoices.id, authorizenetPaymentPages.invoiceId))
    .where(eq(authorizenetPaymentPages.reference, reference));
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
  let token: string;
  try {
    token = await requestToken(config, {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      amount: invoice.balance,
      appUrl,
    });
  } catch (error) {
    console.error(
      `[payments] authorizenet token renewal for invoice ${invoice.id} failed: ${error instanceof Error ? error.message : "error"}`,
    );
    return { ...base, state: "unavailable" };
  }
  await db
    .update(authorizenetPaymentPages)
    .set({ token, tokenAmount: invoice.balance, tokenIssuedAt: now, updatedAt: new Date() })
    .where(eq(authorizenetPaymentPages.id, page.id));
  return { ...base, state: "ready", formUrl: config.formUrl, token };
}
