import { createCookie, createCookieSessionStorage, createSession, type Cookie, type Session } from "@remix-run/node";
import { env, servedOverHttps } from "./env.server";

export type Toast = { id?: string; title: string; description?: string; type?: "success" | "error" };

/**
 * sessionId: the server-side session (user_sessions; signing out deletes it). sessionVersion: the
 * user's users.session_version at sign-in (absent in older cookies = 0).
 */
type SessionData = {
  userId: number;
  sessionId: string;
  viewAs?: string;
  startedAt: number;
  sessionVersion?: number;
  /** A sign-in whose password was right, waiting for its second step (docs/decisions/security.md). */
  pending?: PendingSignIn;
};
/** Nobody is signed in while this is all the session holds. */
export type PendingSignIn = {
  userId: number;
  sessionVersion: number;
  /** Date.now() when the password was checked: the second step must follow within 10 minutes. */
  at: number;
  redirectTo: string;
  /** verify: enter a code; enrol: set two-factor up first (the owner requires it). */
  step: "verify" | "enrol";
};
type FlashData = { toast: Toast };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

function secrets() {
  const secret = env().SESSION_SECRET;
  if (secret) return [secret];
  // Demo/dev only (env() refuses production without a secret): stable per machine is enough.
  return ["demo-session-secret-change-me"];
}

export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: servedOverHttps(),
      secrets: secrets(),
      maxAge: 60 * 60 * 24 * 7,
    },
  });
  return storage;
}

export type AppSession = Session<SessionData, FlashData>;

// A page's root, layout and route loaders each read the session (the user, the toast): its cookie is
// verified (HMAC) and decoded once per request — the loaders share the incoming Request's AbortSignal,
// as getCurrentUser's cache does — and each caller gets a Session of its own over a copy of the data,
// so what one unsets or flashes is not seen by another.
const decoded = new WeakMap<AbortSignal, { cookie: string | null; data: Promise<AppSession["data"]> }>();

export async function getSession(request: Request): Promise<AppSession> {
  const cookie = request.headers.get("Cookie");
  let entry = decoded.get(request.signal);
  if (!entry || entry.cookie !== cookie) {
    entry = {
      cookie,
      data: sessionStorage()
        .getSession(cookie)
        .then((session) => session.data),
    };
    decoded.set(request.signal, entry);
  }
  // As Remix's own getSession: the cookie may hold any subset of the fields.
  return createSession<SessionData, FlashData>({ ...(await entry.data) } as SessionData);
}

export function commitSession(session: Session<SessionData, FlashData>, maxAgeSeconds?: number) {
  return sessionStorage().commitSession(session, maxAgeSeconds ? { maxAge: maxAgeSeconds } : undefined);
}

export function destroySession(session: Session<SessionData, FlashData>) {
  return sessionStorage().destroySession(session);
}

let device: Cookie | undefined;

/**
 * The browser's id for login alerts: random, signed with the session secret, kept 400 days (the
 * longest a browser keeps a cookie). Which users signed in with it is remembered in user_devices.
 */
export function deviceCookie() {
  device ??= createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: servedOverHttps(),
    secrets: secrets(),
    maxAge: 400 * 24 * 3600,
  });
  return device;
}
