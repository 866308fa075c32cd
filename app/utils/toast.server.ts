// Toasts are flash messages in the session, shown after the redirect, with or without JS.
import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { commitSession, getSession, type AppSession, type Toast } from "./session.server";

/** `updateSession` changes the same session in the one cookie sent (e.g. a new session version). */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  { updateSession, ...init }: ResponseInit & { updateSession?: (session: AppSession) => void } = {},
) {
  const session = await getSession(request);
  updateSession?.(session);
  session.flash("toast", { id: randomUUID(), ...toast });
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the pending toast; the caller must send the returned Set-Cookie. */
export async function popToast(request: Request) {
  const session = await getSession(request);
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await commitSession(session) : null };
}
