// One local HTTP server that answers like the payment providers' APIs the app calls (Stripe
// Checkout Sessions, PayPal OAuth + Orders v2 + verify-webhook-signature, Square CreatePaymentLink,
// Authorize.Net getHostedPaymentPageRequest and its Accept Hosted form, which takes the token only
// by form POST and refuses it after 15 minutes), plus helpers that sign webhooks the way each
// provider does. Global setup starts it and hands its URL to the server under test through the
// provider env vars; tests read what the app sent from GET /__requests.
import { createHash, createHmac, createSign, createVerify, generateKeyPairSync, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";
import Stripe from "stripe";

export const FAKE = {
  stripeSecretKey: "sk_test_fake_cabinetry",
  stripeWebhookSecret: "whsec_test_fake_cabinetry",
  paypalClientId: "paypal-client-fake",
  paypalSecret: "paypal-secret-fake",
  paypalWebhookId: "WH-FAKE-CABINETRY",
  squareAccessToken: "square-token-fake",
  squareLocationId: "LOC_FAKE",
  squareSignatureKey: "square-signature-key-fake",
  squareWebhookUrl: "https://jobs.example.com/api/webhooks/square",
  anetLoginId: "anet-login-fake",
  anetTransactionKey: "anet-txn-key-fake",
  anetSignatureKey: "ANETSIGNATUREKEYFAKE0123456789ABCDEF",
  twilioAccountSid: "ACfake0123456789abcdef0123456789ab",
  twilioAuthToken: "twilio-auth-token-fake",
  twilioFrom: "+18025550100",
};

/**
 * The Twilio variables pointing at the fake. Not given to the server under test (its System tab
 * shows SMS as unavailable); a test that sends SMS sets them in its own process.
 */
export const twilioEnv = (fakeUrl: string) => ({
  TWILIO_ACCOUNT_SID: FAKE.twilioAccountSid,
  TWILIO_AUTH_TOKEN: FAKE.twilioAuthToken,
  TWILIO_FROM: FAKE.twilioFrom,
  TWILIO_API_URL: fakeUrl,
});

export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; body: string };

/** PayPal signs with its own key pair; the fake keeps one and checks signatures with it. */
const paypalKeys = generateKeyPairSync("rsa", { modulusLength: 2048 });

/** PayPal's signed string: transmission id | time | webhook id | CRC32 of the raw body (decimal). */
const paypalSignedString = (id: string, time: string, webhookId: string, body: string) =>
  `${id}|${time}|${webhookId}|${crc32(Buffer.from(body))}`;

function paypalHeadersFor(body: string, webhookId: string, tamper: boolean) {
  const id = randomUUID();
  const time = new Date().toISOString();
  const sign = createSign("RSA-SHA256");
  sign.update(paypalSignedString(id, time, webhookId, body));
  let sig = sign.sign(paypalKeys.privateKey, "base64");
  if (tamper) sig = sig.slice(0, -4) + (sig.endsWith("AAA=") ? "BBB=" : "AAA=");
  return {
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-FAKE",
    "paypal-transmission-id": id,
    "paypal-transmission-sig": sig,
    "paypal-transmission-time": time,
  };
}

/**
 * PayPal's signature headers for a delivery. The key pair lives in the fake server's process
 * (PayPal's side), so tests ask it to sign through POST /__paypal/sign.
 */
export async function paypalWebhookHeaders(
  fakeUrl: string,
  body: string,
  opts: { webhookId?: string; tamper?: boolean } = {},
): Promise<Record<string, string>> {
  const res = await fetch(`${fakeUrl}/__paypal/sign`, {
    method: "POST",
    body: JSON.stringify({ body, webhookId: opts.webhookId ?? FAKE.paypalWebhookId, tamper: Boolean(opts.tamper) }),
  });
  return (await res.json()) as Record<string, string>;
}

export function stripeSignatureHeader(body: string, opts: { timestamp?: number; secret?: string } = {}) {
  const stripe = new Stripe(FAKE.stripeSecretKey);
  return stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: opts.secret ?? FAKE.stripeWebhookSecret,
    timestamp: opts.timestamp,
  });
}

export const squareSignature = (body: string, key = FAKE.squareSignatureKey, url = FAKE.squareWebhookUrl) =>
  createHmac("sha256", key)
    .update(url + body)
    .digest("base64");

export const anetSignature = (body: string, key = FAKE.anetSignatureKey) =>
  `sha512=${createHmac("sha512", key).update(body).digest("hex").toUpperCase()}`;

function send(res: http.ServerResponse, status: number, body: unknown, bom = false) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end((bom ? "\uFEFF" : "") + JSON.stringify(body));
}

function sendHtml(res: http.ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`);
}

/** Accept Hosted form tokens are valid for 15 minutes after they are issued. */
export const ANET_TOKEN_TTL_MS = 15 * 60_000;

/** Ages an Accept Hosted token in the fake as if `ms` had passed since it was issued. */
export async function ageAnetToken(fakeUrl: string, token: string, ms = ANET_TOKEN_TTL_MS) {
  const res = await fetch(`${fakeUrl}/__anet/age`, { method: "POST", body: JSON.stringify({ token, ms }) });
  if (!res.ok) throw new Error(`fake providers: unknown Authorize.Net token`);
}

/** The text of the last member, `"webhook_event": …`, of a verify-webhook-signature request, as sent. */
function webhookEventText(body: string): string {
  const key = body.lastIndexOf('"webhook_event"');
  if (key < 0) return "";
  const start = body.indexOf(":", key) + 1;
  return body.slice(start, body.lastIndexOf("}")).trim();
}

/** A transaction getTransactionDetailsRequest answers with (as Authorize.Net's API shapes it). */
export type FakeAnetTransaction = {
  transId: string;
  invoiceNumber?: string;
  refTransId?: string;
  authAmount: number;
  transactionType?: string;
};

/** Tells the fake Authorize.Net about a transaction (one the hosted form took, or a refund). */
export async function addAnetTransaction(fakeUrl: string, txn: FakeAnetTransaction) {
  const res = await fetch(`${fakeUrl}/__anet/transaction`, { method: "POST", body: JSON.stringify(txn) });
  if (!res.ok) throw new Error("fake providers: transaction not stored");
}

export async function startFakeProviders() {
  const anetTransactions = new Map<string, FakeAnetTransaction>();
  const requests: RecordedRequest[] = [];
  /** Accept Hosted tokens the fake issued: when, and for which transaction. */
  const anetTokens = new Map<string, { issuedAt: number; amount: string; invoiceNumber: string }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "/").split("?")[0];
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      if (path === "/__requests") return send(res, 200, requests);
      if (path === "/__anet/age") {
        const r = JSON.parse(body) as { token: string; ms: number };
        const issued = anetTokens.get(r.token);
        if (!issued) return send(res, 404, { error: "unknown token" });
        issued.issuedAt -= r.ms;
        return send(res, 200, { ok: true });
      }
      if (path === "/__anet/transaction") {
        const txn = JSON.parse(body) as FakeAnetTransaction;
        anetTransactions.set(txn.transId, txn);
        return send(res, 200, { ok: true });
      }
      if (path === "/__paypal/sign") {
        const r = JSON.parse(body) as { body: string; webhookId: string; tamper: boolean };
        return send(res, 200, paypalHeadersFor(r.body, r.webhookId, r.tamper));
      }
      requests.push({ method: req.method ?? "GET", path, headers, body });
      const auth = headers.authorization ?? "";
      const id = createHash("sha1").update(randomUUID()).digest("hex").slice(0, 24);

      // ---- Stripe
      if (path === "/v1/checkout/sessions" && req.method === "POST") {
        if (auth !== `Bearer ${FAKE.stripeSecretKey}`)
          return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
        const form = new URLSearchParams(body);
        return send(res, 200, {
          id: `cs_test_${id}`,
          object: "checkout.session",
          mode: "payment",
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          metadata: { paymentRef: form.get("metadata[paymentRef]") },
          url: `https://checkout.stripe.com/c/pay/cs_test_${id}`,
        });
      }
      // ---- PayPal
      if (path === "/v1/oauth2/token" && req.method === "POST") {
        const expected = `Basic ${Buffer.from(`${FAKE.paypalClientId}:${FAKE.paypalSecret}`).toString("base64")}`;
        if (auth !== expected || !body.includes("grant_type=client_credentials"))
          return send(res, 401, { error: "invalid_client" });
        return send(res, 200, { access_token: "paypal-access-token-fake", token_type: "Bearer", expires_in: 32400 });
      }
      if (path === "/v2/checkout/orders" && req.method === "POST") {
        if (auth !== "Bearer paypal-access-token-fake") return send(res, 401, { name: "AUTHENTICATION_FAILURE" });
        const orderId = id.slice(0, 17).toUpperCase();
        return send(res, 200, {
          id: orderId,
          status: "PAYER_ACTION_REQUIRED",
          links: [
            { href: `https://api-m.paypal.com/v2/checkout/orders/${orderId}`, rel: "self", method: "GET" },
            { href: `https://www.paypal.com/checkoutnow?token=${orderId}`, rel: "payer-action", method: "GET" },
          ],
        });
      }
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
      if (capture && req.method === "POST") {
        if (auth !== "Bearer paypal-access-token-fake") return send(res, 401, { name: "AUTHENTICATION_FAILURE" });
        return send(res, 201, {
          id: capture[1],
          status: "COMPLETED",
          purchase_units: [
            { payments: { captures: [{ id: `CAP${id.slice(0, 13).toUpperCase()}`, status: "COMPLETED" }] } },
          ],
        });
      }
      if (path === "/v1/notifications/verify-webhook-signature" && req.method === "POST") {
        if (auth !== "Bearer paypal-access-token-fake") return send(res, 401, { name: "AUTHENTICATION_FAILURE" });
        const v = JSON.parse(body) as Record<string, string> & { webhook_event: unknown };
        // Like PayPal: the CRC32 is taken over the event's text as it stands in this request, so an
        // event re-encoded by the caller (other spacing or escapes) no longer matches the signature.
        const verify = createVerify("RSA-SHA256");
        verify.update(paypalSignedString(v.transmission_id, v.transmission_time, v.webhook_id, webhookEventText(body)));
        let ok = false;
        try {
          ok = v.auth_algo === "SHA256withRSA" && verify.verify(paypalKeys.publicKey, v.transmission_sig, "base64");
        } catch {
          ok = false;
        }
        return send(res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
      }
      // ---- Twilio (Programmable Messaging): Basic auth of the account SID and auth token, the SID
      // in the path, a form body with To, From (the account's number) and Body.
      const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (twilio && req.method === "POST") {
        const basic = `Basic ${Buffer.from(`${FAKE.twilioAccountSid}:${FAKE.twilioAuthToken}`).toString("base64")}`;
        if (auth !== basic || twilio[1] !== FAKE.twilioAccountSid)
          return send(res, 401, { code: 20003, message: "Authenticate", status: 401 });
        if (!(headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
          return send(res, 400, { code: 20001, message: "Expected a form body", status: 400 });
        const form = new URLSearchParams(body);
        const to = form.get("To") ?? "";
        if (!/^\+[1-9]\d{7,14}$/.test(to))
          return send(res, 400, {
            code: 21211,
            message: `The 'To' number ${to} is not a valid phone number.`,
            status: 400,
          });
        if (form.get("From") !== FAKE.twilioFrom)
          return send(res, 400, {
            code: 21606,
            message: "The From phone number is not valid for this account.",
            status: 400,
          });
        if (!form.get("Body"))
          return send(res, 400, { code: 21602, message: "Message body is required.", status: 400 });
        return send(res, 201, {
          sid: `SM${id.padEnd(32, "0")}`,
          account_sid: FAKE.twilioAccountSid,
          to,
          from: FAKE.twilioFrom,
          body: form.get("Body"),
          status: "queued",
        });
      }
      // ---- Square
      if (path === "/v2/online-checkout/payment-links" && req.method === "POST") {
        if (auth !== `Bearer ${FAKE.squareAccessToken}`)
          return send(res, 401, { errors: [{ category: "AUTHENTICATION_ERROR", code: "UNAUTHORIZED" }] });
        return send(res, 200, {
          payment_link: {
            id: `PL${id}`,
            version: 1,
            order_id: `ORD${id}`,
            url: `https://square.link/u/${id.slice(0, 8)}`,
          },
        });
      }
      // ---- Authorize.Net
      if (path === "/xml/v1/request.api" && req.method === "POST") {
        const parsed = JSON.parse(body) as {
          getHostedPaymentPageRequest?: { merchantAuthentication?: { name?: string; transactionKey?: string } };
          getTransactionDetailsRequest?: {
            merchantAuthentication?: { name?: string; transactionKey?: string };
            transId?: string;
          };
        };
        const m = (parsed.getHostedPaymentPageRequest ?? parsed.getTransactionDetailsRequest)?.merchantAuthentication;
        if (m?.name !== FAKE.anetLoginId || m?.transactionKey !== FAKE.anetTransactionKey) {
          return send(
            res,
            200,
            {
              messages: {
                resultCode: "Error",
                message: [{ code: "E00007", text: "User authentication failed due to invalid authentication values." }],
              },
            },
            true,
          );
        }
        if (parsed.getTransactionDetailsRequest) {
          const found = anetTransactions.get(String(parsed.getTransactionDetailsRequest.transId ?? ""));
          if (!found)
            return send(
              res,
              200,
              { messages: { resultCode: "Error", message: [{ code: "E00040", text: "The record cannot be found." }] } },
              true,
            );
          return send(
            res,
            200,
            {
              transaction: {
                transId: found.transId,
                ...(found.refTransId ? { refTransId: found.refTransId } : {}),
                transactionType:
                  found.transactionType ?? (found.refTransId ? "refundTransaction" : "authCaptureTransaction"),
                transactionStatus: found.refTransId ? "refundPendingSettlement" : "capturedPendingSettlement",
                responseCode: 1,
                authAmount: found.authAmount,
                settleAmount: found.authAmount,
                ...(found.invoiceNumber ? { order: { invoiceNumber: found.invoiceNumber } } : {}),
              },
              messages: { resultCode: "Ok", message: [{ code: "I00001", text: "Successful." }] },
            },
            true,
          );
        }
        const txn = (
          parsed.getHostedPaymentPageRequest as {
            transactionRequest?: { amount?: string; order?: { invoiceNumber?: string } };
          }
        ).transactionRequest;
        const token = `FAKETOKEN${id}`;
        anetTokens.set(token, {
          issuedAt: Date.now(),
          amount: String(txn?.amount ?? ""),
          invoiceNumber: String(txn?.order?.invoiceNumber ?? ""),
        });
        return send(
          res,
          200,
          { token, messages: { resultCode: "Ok", message: [{ code: "I00001", text: "Successful." }] } },
          true,
        );
      }
      // Accept Hosted's form: the browser posts `token` as an HTML form field. A token in the query
      // string, a GET, an unknown or expired token: an error page instead of the payment form.
      if (path === "/payment/payment") {
        const form =
          req.method === "POST" && (headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")
            ? new URLSearchParams(body)
            : null;
        const token = form?.get("token") ?? "";
        const issued = anetTokens.get(token);
        if (!form)
          return sendHtml(res, 400, "Missing or invalid token.", "<p>Post the form token as the token field.</p>");
        if (!issued) return sendHtml(res, 400, "Missing or invalid token.", "");
        if (Date.now() - issued.issuedAt > ANET_TOKEN_TTL_MS)
          return sendHtml(res, 400, "Your session has expired or does not exist.", "");
        return sendHtml(
          res,
          200,
          "Fake Accept Hosted payment form",
          `<p>Invoice <span data-testid="anet-form-invoice">${issued.invoiceNumber}</span>, amount <span data-testid="anet-form-amount">${issued.amount}</span></p>`,
        );
      }
      send(res, 404, { error: `fake providers: no route for ${req.method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const env = {
    STRIPE_SECRET_KEY: FAKE.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: FAKE.stripeWebhookSecret,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: "http",
    PAYPAL_CLIENT_ID: FAKE.paypalClientId,
    PAYPAL_CLIENT_SECRET: FAKE.paypalSecret,
    PAYPAL_API_BASE: url,
    PAYPAL_WEBHOOK_ID: FAKE.paypalWebhookId,
    SQUARE_ACCESS_TOKEN: FAKE.squareAccessToken,
    SQUARE_LOCATION_ID: FAKE.squareLocationId,
    SQUARE_API_BASE: url,
    SQUARE_WEBHOOK_SIGNATURE_KEY: FAKE.squareSignatureKey,
    SQUARE_WEBHOOK_URL: FAKE.squareWebhookUrl,
    AUTHORIZENET_API_LOGIN_ID: FAKE.anetLoginId,
    AUTHORIZENET_TRANSACTION_KEY: FAKE.anetTransactionKey,
    AUTHORIZENET_API_BASE: url,
    AUTHORIZENET_FORM_URL: `${url}/payment/payment`,
    AUTHORIZENET_SIGNATURE_KEY: FAKE.anetSignatureKey,
  };
  return { url, env, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What the app sent to the fakes (tests run in other processes than the fake server). */
export async function fakeRequests(url: string): Promise<RecordedRequest[]> {
  const res = await fetch(`${url}/__requests`);
  return (await res.json()) as RecordedRequest[];
}
