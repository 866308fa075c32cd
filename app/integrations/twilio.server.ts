// SMS through Twilio's REST API (docs/decisions/notifications.md): POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth (account SID : auth token)
// and a form body To, From, Body. Configured by TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
// TWILIO_FROM on the server; TWILIO_API_URL points the client at a stand-in (tests). Nothing here
// reads the database; the token never leaves this module (not in errors, logs or job data).

const env = (name: string) => process.env[name]?.trim() || undefined;

/** The variables SMS needs, in the order the Settings page names them. */
export const SMS_ENV = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/** The SMS variables not set on this server (empty when SMS is configured). */
export function missingSmsEnv(): string[] {
  return SMS_ENV.filter((name) => !env(name));
}

export function smsConfigured() {
  return missingSmsEnv().length === 0;
}

/** Why SMS cannot be used, for the Settings page; null when it can. */
export function smsUnavailableReason(): string | null {
  const missing = missingSmsEnv();
  if (!missing.length) return null;
  const which = missing.length === SMS_ENV.length ? "" : ` (missing: ${missing.join(", ")})`;
  return `SMS needs ${SMS_ENV.join(", ")} set on the server${which}.`;
}

function smsConfig() {
  const accountSid = env("TWILIO_ACCOUNT_SID");
  const authToken = env("TWILIO_AUTH_TOKEN");
  const from = env("TWILIO_FROM");
  if (!accountSid || !authToken || !from) return null;
  return { accountSid, authToken, from, base: (env("TWILIO_API_URL") ?? "https://api.twilio.com").replace(/\/$/, "") };
}

export class SmsError extends Error {
  /** True when a retry cannot help (refused number, bad credentials): 4xx answers. */
  permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.name = "SmsError";
    this.permanent = permanent;
  }
}

export type SmsResult = { sid: string; to: string };

/** Sends one text message; throws SmsError with Twilio's reason (never the credentials). */
export async function sendSms(message: { to: string; body: string }): Promise<SmsResult> {
  const config = smsConfig();
  if (!config) throw new SmsError(smsUnavailableReason() ?? "SMS is not configured", true);
  const url = `${config.base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new SmsError(`Could not reach the SMS provider (${error instanceof Error ? error.message : error})`, false);
  }
  const body = (await res.json().catch(() => null)) as { sid?: unknown; message?: unknown; code?: unknown } | null;
  if (!res.ok || typeof body?.sid !== "string") {
    const reason = typeof body?.message === "string" ? body.message : `HTTP ${res.status}`;
    throw new SmsError(`The SMS provider refused the message: ${reason}`, res.status >= 400 && res.status < 500);
  }
  return { sid: body.sid, to: message.to };
}
