// Checks the web process (app/server.ts) makes before Remix sees a request: allowed methods,
// same-origin state changes (CSRF), body size, form content types and NUL bytes. Kept apart from
// Express so they can be tested alone. Choices: docs/decisions/request-guards.md.
import type { IncomingMessage } from "node:http";

/** Methods some route answers; anything else (TRACE, CONNECT, OPTIONS, PROPFIND…) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

const SAFE_METHODS = new Set(["GET", "HEAD"]);

export function isSafeMethod(method: string) {
  return SAFE_METHODS.has(method);
}

/** Payment providers post webhooks server-to-server; their signatures authenticate them. */
export function isWebhookPath(path: string) {
  return path.startsWith("/api/webhooks/");
}

export function isApiPath(path: string) {
  return path === "/api" || path.startsWith("/api/");
}

// ---------------------------------------------------------------- origin (CSRF, decisions §4)

/** The origin a request must come from: APP_URL's when set, else the one the request was sent to. */
export function expectedOrigin(appUrl: string | undefined, requestOrigin: string) {
  if (appUrl) {
    try {
      return new URL(appUrl).origin;
    } catch {
      // env() validated it; fall through to the request's own origin
    }
  }
  return requestOrigin;
}

/**
 * Why a state-changing request is refused, or null. The Origin must be exactly our origin (scheme,
 * host and port); without one, a browser's Sec-Fetch-Site must say same-origin (or none: typed
 * into the address bar). Clients that send neither (curl, server-to-server) are not browsers
 * carrying someone's cookies unasked, so they pass.
 */
export function crossOriginReason(input: {
  method: string;
  path: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  expected: string;
}): string | null {
  if (isSafeMethod(input.method) || isWebhookPath(input.path)) return null;
  if (input.origin !== undefined) {
    if (input.origin === "null") return "Cross-origin request refused";
    let origin: string;
    try {
      origin = new URL(input.origin).origin;
    } catch {
      return "Cross-origin request refused";
    }
    return origin === input.expected ? null : "Cross-origin request refused";
  }
  const site = input.secFetchSite?.trim().toLowerCase();
  if (site === undefined || site === "same-origin" || site === "none") return null;
  return "Cross-origin request refused";
}

// ---------------------------------------------------------------- content types

/** The media type of a Content-Type header, lower-cased without parameters ("" when absent). */
export function mediaType(contentType: string | null | undefined) {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Pages take HTML forms only: anything else (text/plain, JSON, none) would fail inside formData(). */
export function isFormContentType(contentType: string | undefined) {
  return FORM_TYPES.has(mediaType(contentType));
}

/**
 * A multipart body a form parser can read (its boundary is declared and present). A broken one would
 * otherwise fail inside the route's `request.formData()`, a server error.
 */
export async function isReadableMultipart(contentType: string | undefined, body: Buffer) {
  if (mediaType(contentType) !== "multipart/form-data") return true;
  try {
    await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      headers: { "Content-Type": contentType ?? "" },
    }).formData();
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- paths

/**
 * A path with dot segments (`/..`, `/.`, `/%2e%2e`): URL parsing folds them into another path, so
 * `/api/%2e%2e` would reach the home page. Browsers resolve them before sending; nobody else needs them.
 */
export function hasDotSegments(url: string) {
  const path = url.split(/[?#]/)[0];
  return path.split("/").some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

// ---------------------------------------------------------------- body size

/** Forms and JSON: far above any real form or API body, far below what hurts the server. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Routes that take files read their own body as a stream (after checking who is asking) and get a
 * larger cap; the web process only counts the bytes. The CSV import stops its file at 5 MB itself
 * (app/routes/_app.settings.system_.import.tsx); the 64 KB is the multipart envelope.
 */
const STREAMED_LIMITS: Array<{ path: string | RegExp; bytes: number }> = [
  { path: "/settings/system/import", bytes: 5 * 1024 * 1024 + 64 * 1024 },
  // Photos (docs/decisions/photos.md): PUT {uploadURL} is one file of at most 10 MB; the no-JS form
  // takes up to 20 files, each cut at 10 MB by the route while streaming, plus the envelope.
  { path: /^\/api\/objects\/upload\/[0-9a-f-]{36}$/, bytes: 10 * 1024 * 1024 },
  { path: "/photos/upload", bytes: 20 * 10 * 1024 * 1024 + 1024 * 1024 },
];

export type BodyPlan = { streamed: boolean; limit: number };

export function bodyPlan(path: string): BodyPlan {
  const clean = path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const streamed = STREAMED_LIMITS.find((l) => (typeof l.path === "string" ? l.path === clean : l.path.test(clean)));
  return streamed ? { streamed: true, limit: streamed.bytes } : { streamed: false, limit: DEFAULT_BODY_LIMIT };
}

export function tooLargeMessage(limit: number) {
  const mb = limit / (1024 * 1024);
  return `The request body is larger than ${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB.`;
}

/** Thrown into a streamed body that passes its cap; a route can tell it from a broken upload. */
export class BodyTooLargeError extends Error {
  readonly code = "BODY_TOO_LARGE";
  constructor(readonly limit: number) {
    super(tooLargeMessage(limit));
  }
}

/** True for a BodyTooLargeError anywhere in an error's cause chain (also across module copies). */
export function isBodyTooLarge(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === "BODY_TOO_LARGE") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The declared Content-Length, or null (chunked or absent). */
export function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers["content-length"];
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/**
 * What is still read (and dropped) of a refused body, and for how long, before the connection is
 * cut. A refusal waits until the client has sent its body (settleBody): Node closes the connection
 * after the answer, and a client still sending then gets a reset that discards our unread answer
 * (seen in CI under load for a 400 with a 5 MB body). Nothing is kept, so the cap is generous; an
 * endless or slow body is cut anyway.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * True when the declared body is longer than what we drain: waiting for it would end in the cut, so
 * the refusal is sent first (the client may still read it before the reset), as for a 413.
 */
export function tooLongToSettle(req: IncomingMessage) {
  const declared = declaredLength(req);
  return declared !== null && declared > DRAIN_BYTES;
}

/** Reads and drops the rest of a refused body, cutting the connection past DRAIN_BYTES or DRAIN_MS. */
export function discardBody(req: IncomingMessage) {
  let drained = 0;
  req.removeAllListeners("data");
  const timer = setTimeout(() => req.destroy(), DRAIN_MS);
  timer.unref();
  req.once("close", () => clearTimeout(timer));
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) req.destroy();
  });
  req.resume();
}

/**
 * Waits until the client has sent its whole body (read and dropped, up to DRAIN_BYTES) before we
 * answer: a server that answers and closes while the client is still sending makes the client's
 * TCP stack drop the answer with the reset. Node does no such "lingering close" by itself.
 */
export function settleBody(req: IncomingMessage): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once("end", () => resolve());
    req.once("close", () => resolve());
    discardBody(req);
  });
}

/** Reads the whole body when it fits in `limit` bytes; past it nothing more is kept (discardBody). */
export function readLimitedBody(req: IncomingMessage, limit: number): Promise<Buffer | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      cleanup();
      chunks.length = 0;
      discardBody(req);
      resolve("too-large");
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** The request as a web stream that errors with BodyTooLargeError once it passes `limit` bytes. */
export function limitedStream(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          controller.error(new BodyTooLargeError(limit));
          discardBody(req);
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => {
        if (size <= limit) controller.close();
      });
      req.on("error", (error) => controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel() {
      discardBody(req);
    },
  });
}

// ---------------------------------------------------------------- NUL bytes

// PostgreSQL text cannot hold U+0000; it fails the statement (a 500). No field or search of ours
// has a use for it, so it is refused at the door rather than in every schema.
export const NUL_MESSAGE = "The request contains a NUL character (U+0000), which no field accepts.";

/** A NUL anywhere in the URL: %00 (raw NUL cannot reach us; Node refuses it). */
export function urlHasNul(url: string) {
  return /%00/.test(url);
}

/** A NUL in a form or JSON body; other types (files) may carry binary data and are not looked at. */
export function bodyHasNul(contentType: string | undefined, body: Buffer) {
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") {
    return body.includes(0) || /%00/.test(body.toString("latin1"));
  }
  if (type === "application/json" || type.endsWith("+json")) {
    if (body.includes(0)) return true;
    const text = body.toString("utf8");
    if (!/\\u0000/i.test(text)) return false;
    try {
      return containsNul(JSON.parse(text));
    } catch {
      return false; // the route answers its own 400 for invalid JSON
    }
  }
  return false;
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes("\0") || containsNul(v, depth + 1));
}

// ---------------------------------------------------------------- client address

/**
 * The client's address for sign-in throttling. Behind `hops` trusted proxies (TRUST_PROXY; fly.io
 * is 1) it is the address the nearest of them saw; with none, the socket's own address: a
 * client-written X-Forwarded-For is never believed. IPv6 clients are keyed by their /64, since one
 * host may use any address in it.
 */
export function clientAddress(req: IncomingMessage, hops: number) {
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, req.socket.remoteAddress ?? ""];
  const address = chain[Math.max(0, chain.length - 1 - Math.max(0, hops))] ?? "";
  return normaliseAddress(address);
}

export function normaliseAddress(address: string) {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!plain.includes(":")) return plain;
  const [head] = plain.split("::");
  const groups = head.split(":").filter(Boolean);
  if (plain.includes("::") && groups.length < 4) {
    // Abbreviated: expand enough to take the first four groups.
    const tail = plain.split("::")[1]?.split(":").filter(Boolean) ?? [];
    const full = [...groups, ...Array(8 - groups.length - tail.length).fill("0"), ...tail];
    return `${full.slice(0, 4).join(":")}::/64`;
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}
