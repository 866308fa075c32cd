// Sign-in after the password (docs/decisions/security.md): the second step when the user has
// two-factor sign-in (or must set it up because the owner requires it), then the session, the
// browser's device cookie and the login alert for a browser new to the user.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { EMAIL_QUEUE, SEND_LOGIN_ALERT_JOB, enqueue } from "../../jobs/queues";
import { getDb } from "../../db/client.server";
import { getEmailConfig } from "../models/email-config.server";
import { getSettings } from "../models/settings.server";
import { rememberDevice, newDeviceId, twoFactorStatus } from "../models/two-factor.server";
import type { SessionUser } from "../models/user.server";
import { clientAddressOf, pendingSignInCookie, safeRedirect, signedInCookie } from "../utils/auth.server";
import { deviceCookie } from "../utils/session.server";

export const SECOND_STEP_PATH = "/login/two-factor";

/**
 * The password was right. With two-factor sign-in on (or required and not set up yet) nobody is
 * signed in yet: the browser goes to the second step. Otherwise the session starts now.
 */
export async function afterPassword(
  request: Request,
  context: AppLoadContext | undefined,
  user: SessionUser,
  redirectTo: string,
) {
  const db = await getDb();
  const [status, settings] = await Promise.all([twoFactorStatus(db, user.id), getSettings(db)]);
  const to = safeRedirect(redirectTo);
  if (status.enrolled || settings.security.twoFactor) {
    const cookie = await pendingSignInCookie(request, {
      userId: user.id,
      sessionVersion: user.sessionVersion,
      redirectTo: to,
      step: status.enrolled ? "verify" : "enrol",
    });
    return redirect(SECOND_STEP_PATH, { headers: { "Set-Cookie": cookie } });
  }
  return redirect(to, { headers: await completeSignIn(request, context, user) });
}

/**
 * Starts the session and remembers the browser; returns the Set-Cookie headers. A browser new to
 * a user who has signed in elsewhere before gets them a login alert (when the setting is on, the
 * user has an e-mail address and e-mail is set up).
 */
export async function completeSignIn(request: Request, context: AppLoadContext | undefined, user: SessionUser) {
  const headers = new Headers();
  headers.append("Set-Cookie", await signedInCookie(request, user));
  const db = await getDb();
  const parsed: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  const deviceId = typeof parsed === "string" && /^[\w-]{20,64}$/.test(parsed) ? parsed : newDeviceId();
  headers.append("Set-Cookie", await deviceCookie().serialize(deviceId));
  const seen = await rememberDevice(db, user.id, deviceId);
  if (seen.isNew && seen.hadOthers && user.email) {
    const [settings, config] = await Promise.all([getSettings(db), getEmailConfig(db)]);
    if (settings.security.loginAlerts && config?.isActive) {
      try {
        await enqueue(EMAIL_QUEUE, SEND_LOGIN_ALERT_JOB, {
          userId: user.id,
          at: new Date().toISOString(),
          browser: describeBrowser(request.headers.get("User-Agent")),
          address: clientAddressOf(context),
        });
      } catch (error) {
        // The alert is a courtesy: a queue that is down must not stop the sign-in.
        console.error(`[sign-in] login alert not queued: ${error instanceof Error ? error.message : error}`);
      }
    }
  }
  return headers;
}

/** "Chrome on Linux" from a User-Agent header (a hint for the reader, not a fingerprint). */
export function describeBrowser(userAgent: string | null) {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /(Chrome|Chromium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "An unknown browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}
