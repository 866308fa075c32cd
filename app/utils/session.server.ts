import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { env, servedOverHttps } from "./env.server";

export type Toast = { id?: string; title: string; description?: string; type?: "success" | "error" };

/**
 * sessionId: the server-side session (user_sessions; signing out deletes it). sessionVersion: the
 * user's users.session_version at sign-in (absent in older cookies = 0).
 */
type SessionData = { userId: number; sessionId: string; viewAs?: string; startedAt: number; sessionVersion?: number };
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

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: Session<SessionData, FlashData>, maxAgeSeconds?: number) {
  return sessionStorage().commitSession(session, maxAgeSeconds ? { maxAge: maxAgeSeconds } : undefined);
}

export function destroySession(session: Session<SessionData, FlashData>) {
  return sessionStorage().destroySession(session);
}
