// HTTP helpers for API and page tests against the running production server.
import { inject } from "vitest";
import { withSettings } from "./shared-settings";

export const baseUrl = () => inject("baseUrl");

export const DEMO_PASSWORD = "cabinets2026";

/**
 * Signs in through the real /login form and returns the session cookie header value. It relies on
 * the Security settings (no two-factor required for everyone), so it holds their lock shared.
 */
export async function signIn(username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await withSettings("rely", () =>
    fetch(`${baseUrl()}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password }),
      headers: { Origin: baseUrl() },
      redirect: "manual",
    }),
  );
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`sign-in as ${username} failed: ${res.status}`);
  return cookie.split(";")[0];
}

/** fetch() against the server with an optional session cookie and JSON body. */
export async function api(
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: "manual",
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON; keep the text
  }
  return { status: res.status, headers: res.headers, body: body as any };
}
