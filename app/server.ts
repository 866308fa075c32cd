// The web process: Express serving the Remix build with security headers on every response,
// a health check, the request guards (methods, CSRF, body size, content types, NUL bytes: see
// app/utils/request-guards.server.ts), and a graceful stop.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "../db/client.server";
import { AUTHORIZENET_PAY_PATH, authorizeNetFormOrigin } from "./integrations/authorizenet.server";
import { storageImageOrigin } from "./integrations/storage.server";
import { answerWebhook } from "./services/webhooks.server";
import { env, isDemo, servedOverHttps } from "./utils/env.server";
import { answerRefusals } from "./utils/refusal-response.server";
import { runWebProcesses, webProcessCount } from "./utils/web-processes.server";
import {
  ALLOWED_METHODS,
  bodyHasNul,
  bodyPlan,
  clientAddress,
  crossOriginReason,
  declaredLength,
  discardBody,
  expectedOrigin,
  hasDotSegments,
  tooLongToSettle,
  isApiPath,
  isFormContentType,
  isReadableMultipart,
  isSafeMethod,
  isWebhookPath,
  limitedStream,
  NUL_MESSAGE,
  readLimitedBody,
  settleBody,
  tooLargeMessage,
  urlHasNul,
} from "./utils/request-guards.server";

const config = env();
const production = config.NODE_ENV === "production";
const buildPath = path.resolve(process.cwd(), "build/index.js");

let devBuild: { mtimeMs: number; build: Promise<ServerBuild> } | undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (production) return answerRefusals((await import(pathToFileURL(buildPath).href)) as ServerBuild);
  // Development: re-import only when `remix dev` has written a new build.
  const { mtimeMs } = fs.statSync(buildPath);
  if (!devBuild || devBuild.mtimeMs !== mtimeMs) {
    const fresh = import(`${pathToFileURL(buildPath).href}?t=${mtimeMs}`) as Promise<ServerBuild>;
    devBuild = { mtimeMs, build: fresh.then(answerRefusals) };
  }
  return devBuild.build;
}

/**
 * Forms post only to our origin, except the Authorize.Net hand-off page: Accept Hosted requires
 * the browser to POST the token to its form (app/routes/pay.authorizenet.$reference.tsx).
 */
function formAction(path: string) {
  const anet = path.startsWith(AUTHORIZENET_PAY_PATH) ? authorizeNetFormOrigin() : null;
  return anet ? `form-action 'self' ${anet}` : "form-action 'self'";
}

const storeOrigin = storageImageOrigin();
const photoStoreOrigin = storeOrigin ? ` ${storeOrigin}` : "";

function contentSecurityPolicy(nonce: string, path: string, remoteImages = false) {
  return [
    "default-src 'self'",
    // No inline-script holes: scripts only from our origin or carrying this response's nonce.
    `script-src 'self' 'nonce-${nonce}'`,
    // Radix Themes sets style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Remote images only where the reader asked for an e-mail's images (Inbox, &images=1).
    // Photos in S3 are shown from short-lived presigned redirects to the store's origin.
    remoteImages ? "img-src 'self' data: blob: https: http:" : `img-src 'self' data: blob:${photoStoreOrigin}`,
    "font-src 'self' data:",
    production ? "connect-src 'self'" : "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    formAction(path),
    "object-src 'none'",
  ].join("; ");
}

/**
 * A refusal before Remix: JSON `{error}` for /api (decisions §4), a plain page otherwise. Sent once
 * the client has finished sending (settleBody), or at once when the declared body is past what we
 * drain (tooLongToSettle).
 */
function refuse(req: express.Request, res: express.Response, status: number, message: string) {
  const send = () => {
    if (isApiPath(req.path)) res.status(status).json({ error: message });
    else res.status(status).type("text/plain").send(message);
  };
  if (tooLongToSettle(req)) {
    discardBody(req);
    return send();
  }
  void settleBody(req).then(send);
}

/** What the guards hand on to Remix: the body they read (forms, JSON) or the counted stream (uploads). */
type RequestBody = { buffer?: Buffer; stream?: ReadableStream<Uint8Array> };

function remixHeaders(incoming: express.Request["headers"]) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value) headers.set(key, value);
  }
  return headers;
}

/**
 * A page or a JSON answer arrives as one chunk (entry.server.tsx renders the whole page first): it
 * goes out with its Content-Length in one write with the headers — not chunked (no closing chunk, a
 * second write), and under gzip without a flush after it. A longer stream (a file) goes on chunk by
 * chunk, each flushed as it comes, as @remix-run/express does.
 */
async function sendRemixResponse(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  const flush = () => (res as express.Response & { flush?: () => void }).flush?.();
  try {
    const first = await reader.read();
    if (first.done) return void res.end();
    let next = await reader.read();
    if (next.done) {
      if (!res.hasHeader("Content-Length")) res.setHeader("Content-Length", first.value.byteLength);
      return void res.end(first.value);
    }
    res.write(first.value);
    flush();
    for (; !next.done; next = await reader.read()) {
      res.write(next.value);
      flush();
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

/** As @remix-run/express builds the Request, with the body the guards read or counted. */
function createRemixRequest(req: express.Request, res: express.Response, body: RequestBody) {
  const hostPort = req.get("X-Forwarded-Host")?.split(":")[1] ?? req.get("host")?.split(":")[1];
  const port = hostPort && /^\d+$/.test(hostPort) ? `:${hostPort}` : "";
  const url = new URL(`${req.protocol}://${req.hostname}${port}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: remixHeaders(req.headers),
    signal: controller.signal,
  };
  if (!isSafeMethod(req.method)) {
    if (body.stream) {
      init.body = body.stream;
      init.duplex = "half";
    } else {
      const buffer = body.buffer ?? Buffer.alloc(0);
      init.body = new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
    }
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

export async function createApp() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);
  // Pages and JSON at gzip level 4: half the CPU of the default 6 for 3 % more bytes on our HTML
  // (docs/performance.md); the fingerprinted assets under /b (the browser build), fetched once and cached for a
  // year, at level 9.
  app.use(compression({ level: 4, filter: (req, res) => !req.path.startsWith("/b/") && compression.filter(req, res) }));
  app.use("/b", compression({ level: 9 }));

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const remoteImages = req.path === "/inbox" && req.query.images === "1";
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, req.path, remoteImages));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(self), geolocation=(), microphone=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (production && servedOverHttps()) {
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
    // API answers are per user and often personal: no cache keeps them, errors included.
    if (isApiPath(req.path)) res.setHeader("Cache-Control", "no-store");
    next();
  });

  app.use((req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      return refuse(req, res, 405, "Method not allowed");
    }
    if (urlHasNul(req.originalUrl)) return refuse(req, res, 400, NUL_MESSAGE);
    if (hasDotSegments(req.originalUrl)) return refuse(req, res, 400, "The path contains . or .. segments.");
    const csrf = crossOriginReason({
      method: req.method,
      path: req.path,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      expected: expectedOrigin(config.APP_URL, `${req.protocol}://${req.get("host")}`),
    });
    if (csrf) return refuse(req, res, 403, csrf);
    if (isSafeMethod(req.method)) return next();
    if (!isApiPath(req.path) && !isFormContentType(req.get("content-type"))) {
      return refuse(
        req,
        res,
        415,
        "Send the form as application/x-www-form-urlencoded or multipart/form-data (as a browser does).",
      );
    }
    const plan = bodyPlan(req.path);
    const declared = declaredLength(req);
    if (declared !== null && declared > plan.limit) {
      // Answered before reading: what arrives is dropped, the connection cut if it goes on.
      return refuse(req, res, 413, tooLargeMessage(plan.limit));
    }
    const body: RequestBody = {};
    res.locals.body = body;
    if (plan.streamed) {
      body.stream = limitedStream(req, plan.limit);
      return next();
    }
    readLimitedBody(req, plan.limit).then(
      async (buffer) => {
        if (buffer === "too-large") return refuse(req, res, 413, tooLargeMessage(plan.limit));
        if (!isWebhookPath(req.path) && bodyHasNul(req.get("content-type"), buffer)) {
          return refuse(req, res, 400, NUL_MESSAGE);
        }
        if (!(await isReadableMultipart(req.get("content-type"), buffer))) {
          return refuse(req, res, 400, "The form data could not be read (a broken multipart body).");
        }
        body.buffer = buffer;
        next();
      },
      (error) => next(error),
    );
  });

  app.get("/healthz", async (_req, res) => {
    try {
      await (await getDb()).execute(sql`select 1`);
      res.json({ ok: true });
    } catch {
      res.status(503).json({ ok: false });
    }
  });

  // Fingerprinted assets are immutable; everything else in public/ is cached briefly.
  app.use("/b", express.static("public/b", { immutable: true, maxAge: "1y" }));
  // Only a path ending in a file name (favicon.svg) can be in public/: page and API paths, and a
  // client navigation's `.data` request, go on without a file-system look-up each (docs/performance.md).
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) =>
    /\.[A-Za-z0-9]+$/.test(req.path) && !req.path.endsWith(".data") ? publicFiles(req, res, next) : next(),
  );
  if (process.env.LOG_REQUESTS !== "0") app.use(morgan("tiny"));

  // Payment webhooks go straight to their service (docs/decisions/payment-webhooks.md): no session,
  // no page, nothing of Remix's per-request work (building a Request, matching ~100 routes); the
  // guards above have read the body. The route module answers the same way with the same function.
  app.post("/api/webhooks/:provider", (req, res, next) => {
    const buffer = (res.locals.body as RequestBody | undefined)?.buffer ?? Buffer.alloc(0);
    // As Request.text() decodes it (UTF-8, a leading BOM dropped).
    const raw = new TextDecoder().decode(buffer);
    getDb()
      .then((db) => answerWebhook(db, req.params.provider, raw, remixHeaders(req.headers)))
      .then((answer) => res.status(answer.status).json(answer.body), next);
  });

  const build = await loadBuild();
  const handleRequest = createRequestHandler(production ? build : loadBuild, build.mode);
  app.all("*", async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res, (res.locals.body as RequestBody | undefined) ?? {});
      const response = await handleRequest(request, {
        cspNonce: res.locals.cspNonce as string,
        clientAddress: clientAddress(req, config.TRUST_PROXY),
      });
      // A route may answer without reading the whole body (a refused upload): let the client finish.
      if (!isSafeMethod(req.method)) await settleBody(req);
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  app.use(finalErrorHandler);
  return { app, build };
}

/**
 * The last word on an error nothing else answered: a client error Express or a middleware raised
 * (a broken %-escape in the path is a 400 URIError) keeps its status, anything else is a 500 that is
 * logged. /api always answers JSON `{error}` (decisions §4), pages plain text.
 */
const finalErrorHandler: express.ErrorRequestHandler = (error, req, res, next) => {
  const raw = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? error?.statusCode);
  const status = raw >= 400 && raw < 500 ? raw : 500;
  if (status >= 500) console.error(error);
  if (res.headersSent) return next(error);
  const message =
    status >= 500
      ? "Something went wrong on our side."
      : error instanceof URIError
        ? "The address is not valid (a broken %-escape)."
        : status === 413
          ? "The request body is too large."
          : "The request could not be read.";
  if (isApiPath(req.path)) res.status(status).json({ error: message });
  else res.status(status).type("text/plain").send(message);
};

async function main() {
  const port = config.PORT;
  // WEB_CONCURRENCY web processes behind this port, one by default (docs/decisions/web-processes.md).
  const count = webProcessCount(config);
  if (count > 1 && cluster.isPrimary) return runWebProcesses(count, port);
  const { app, build } = await createApp();
  const server = app.listen(port, () => {
    if (cluster.isPrimary) console.log(`Cabinetry Jobs listening on http://localhost:${port}`);
    if (isDemo()) {
      console.log("Demo logins (password cabinets2026): owner, office, installer");
    }
    if (!production) void broadcastDevReady(build);
  });

  let stopJobs: (() => Promise<void>) | undefined;
  if (!config.REDIS_URL) {
    // decisions §1: without Redis the web process runs the job processors itself (dev/demo).
    const { startInProcessJobs } = await import("../jobs/in-process");
    stopJobs = await startInProcessJobs();
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await stopJobs?.();
      const { closeQueues } = await import("../jobs/queues");
      await closeQueues();
      await closeDb();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main().catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDb();
    process.exit(1);
  });
}
