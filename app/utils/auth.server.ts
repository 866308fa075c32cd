// Sign-in (remix-auth form strategy), the session's user, and the permission checks that every
// loader, action and /api route makes (decisions §2).
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "../../db/client.server";
import { getSettings } from "../models/settings.server";
import {
  endUserSession,
  getSessionUser,
  recordSignIn,
  startUserSession,
  verifyLogin,
  type SessionUser,
  type User,
} from "../models/user.server";
import { can, effectiveRole, type Action, type Area, type Role } from "./permissions";
import { commitSession, destroySession, getSession, type PendingSignIn } from "./session.server";
import { forbidden } from "./refusal.server";

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The client's address that app/server.ts puts in the load context (for sign-in throttling). */
export function clientAddressOf(context: AppLoadContext | undefined): string {
  const value = (context as { clientAddress?: unknown } | undefined)?.clientAddress;
  return typeof value === "string" && value ? value : "unknown";
}

// The form strategy sees only (a copy of) the request: the address travels in a header of ours,
// set here over whatever the client sent under that name.
const ADDRESS_HEADER = "x-cabinetry-client-address";

export const authenticator = new Authenticator<SessionUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!username || !password) throw new LoginError("Enter your username and password.", 400);
    if (username.length > 100 || password.length > 200) throw new LoginError("Invalid username or password.", 400);
    const result = await verifyLogin(
      await getDb(),
      username,
      password,
      request.headers.get(ADDRESS_HEADER) ?? "unknown",
    );
    if (result.ok) return result.user;
    if (result.reason === "throttled") {
      const minutes = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60));
      throw new LoginError(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        429,
      );
    }
    throw new LoginError("Invalid username or password.", 400);
  }),
  "form",
);

/** Checks the sign-in form (throttled per username and client address: user.server.ts). */
export function authenticateForm(request: Request, context: AppLoadContext | undefined) {
  const headers = new Headers(request.headers);
  headers.set(ADDRESS_HEADER, clientAddressOf(context));
  return authenticator.authenticate("form", new Request(request, { headers }));
}

/**
 * Starts a session for the user; returns its cookie (it lives as long as the session timeout). The
 * session is also recorded server-side, so signing out ends it for good.
 */
export async function signedInCookie(request: Request, user: SessionUser) {
  const session = await getSession(request);
  const db = await getDb();
  const previous = session.get("sessionId");
  if (previous) await endUserSession(db, previous);
  session.unset("viewAs");
  session.unset("pending");
  session.set("userId", user.id);
  session.set("sessionId", await startUserSession(db, user.id));
  session.set("startedAt", Date.now());
  session.set("sessionVersion", user.sessionVersion);
  const [{ security }] = await Promise.all([getSettings(db), recordSignIn(db, user.id)]);
  return commitSession(session, security.sessionTimeoutHours * 3600);
}

/** Starts a session for the user and redirects. */
export async function createUserSession(request: Request, user: SessionUser, redirectTo: string) {
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": await signedInCookie(request, user) } });
}

/** The second step lasts this long after the password was checked. */
const PENDING_MS = 10 * 60 * 1000;

/**
 * Remembers a sign-in whose password was right and which still needs its second step (a code, or
 * setting two-factor up). Any earlier session in this browser ends: nobody is signed in meanwhile.
 */
export async function pendingSignInCookie(request: Request, pending: Omit<PendingSignIn, "at">) {
  const session = await getSession(request);
  const previous = session.get("sessionId");
  if (previous) await endUserSession(await getDb(), previous);
  for (const key of ["userId", "sessionId", "startedAt", "sessionVersion", "viewAs"] as const) session.unset(key);
  session.set("pending", { ...pending, at: Date.now() });
  return commitSession(session, PENDING_MS / 1000);
}

/** The sign-in waiting for its second step in this browser, or null (none, expired). */
export async function getPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const pending = (await getSession(request)).get("pending");
  if (!pending || typeof pending.userId !== "number" || Date.now() - pending.at > PENDING_MS) return null;
  return pending;
}

/** Forgets a waiting sign-in (Start over). */
export async function clearPendingCookie(request: Request) {
  const session = await getSession(request);
  session.unset("pending");
  return commitSession(session);
}

/** Ends this session on the server too: a copy of the cookie signs no one in afterwards. */
export async function logout(request: Request) {
  const session = await getSession(request);
  const sessionId = session.get("sessionId");
  if (sessionId) await endUserSession(await getDb(), sessionId);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(session) } });
}

export type CurrentUser = User & {
  /** The role whose view is shown: the user's own, or a narrower one an owner chose to preview. */
  viewRole: Role;
  /** Security → forced password change: the password is older than allowed; nothing else opens. */
  mustChangePassword: boolean;
};

// Root, layout and route loaders of one request all ask for the user: look it up once. They share
// the incoming Request (and so its AbortSignal) unless Remix had a ?index or ?_routes to strip
// (patches/@remix-run+server-runtime*.patch); then each copy looks the user up itself.
const perRequest = new WeakMap<AbortSignal, Promise<CurrentUser | null>>();

/**
 * The signed-in user or null. None: a deactivated user, a signed-out session, an expired session
 * (Security → session timeout), or one from before the user's password was changed or reset
 * (session version).
 */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = perRequest.get(request.signal);
  if (!pending) {
    pending = lookUpCurrentUser(request);
    perRequest.set(request.signal, pending);
  }
  return pending;
}

async function lookUpCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  const sessionId = session.get("sessionId");
  if (!userId || !sessionId) return null;
  const db = await getDb();
  const [found, settings] = await Promise.all([getSessionUser(db, userId, sessionId), getSettings(db)]);
  if (!found) return null;
  const { sessionVersion, passwordChangedAt, ...user } = found;
  if ((session.get("sessionVersion") ?? 0) !== sessionVersion) return null;
  const startedAt = session.get("startedAt") ?? 0;
  if (Date.now() - startedAt > settings.security.sessionTimeoutHours * 3600 * 1000) return null;
  return {
    ...user,
    viewRole: effectiveRole(user.role, session.get("viewAs")),
    mustChangePassword: passwordExpired(passwordChangedAt, settings.security),
  };
}

/** Security → forced password change: is a password set at `changedAt` too old now? */
export function passwordExpired(
  changedAt: Date,
  security: { forcePasswordChange: boolean; passwordMaxAgeDays: number },
  now = Date.now(),
) {
  if (!security.forcePasswordChange) return false;
  return now - changedAt.getTime() >= security.passwordMaxAgeDays * 24 * 3600 * 1000;
}

/** The page that a user whose password has expired is sent to from every other page. */
export const CHANGE_PASSWORD_PATH = "/change-password";

export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  const url = new URL(request.url);
  if (!user) {
    const redirectTo = `${url.pathname}${url.search}`;
    throw redirect(redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`);
  }
  if (user.mustChangePassword && url.pathname !== CHANGE_PASSWORD_PATH) throw redirect(CHANGE_PASSWORD_PATH);
  return user;
}

/** For pages: redirect to /login without a session; a 403 page without the permission. */
export async function requirePermission(request: Request, area: Area, action: Action = "read") {
  const user = await requireUser(request);
  if (!can(user.viewRole, area, action)) {
    throw forbidden("You do not have permission to view this page.");
  }
  return user;
}

/** For /api: 401 JSON without a session; 403 JSON without the permission. */
export async function requireApiPermission(request: Request, area: Area, action: Action = "read") {
  const user = await getCurrentUser(request);
  if (!user) throw json({ error: "Not signed in" }, { status: 401 });
  if (user.mustChangePassword)
    throw json({ error: "Your password has expired: choose a new one at /change-password" }, { status: 403 });
  if (!can(user.viewRole, area, action))
    throw json({ error: "You do not have permission to do this" }, { status: 403 });
  return user;
}

// Any origin of ours would do: a path is resolved against it and must stay on it.
const REDIRECT_BASE = "http://redirect.invalid";

/**
 * Only a path on this site; never an open redirect. Browsers drop tabs and newlines inside URLs and
 * read `\` as `/`, so `/\t/evil.example` is `//evil.example`: such characters are refused outright,
 * then the path is resolved against a fixed origin and must still be on it.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to) || to.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  // "/..//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  if (url.origin !== REDIRECT_BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
