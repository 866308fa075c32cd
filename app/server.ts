// The web process: Express serving the Remix build with security headers on every response,
// a health check, cross-origin refusal for state-changing requests (CSRF), and a graceful stop.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "../db/client.server";
import { AUTHORIZENET_PAY_PATH, authorizeNetFormOrigin } from "./integrations/authorizenet.server";
import { env, isDemo, servedOverHttps } from "./utils/env.server";

const config = env();
const production = config.NODE_ENV === "production";
const buildPath = path.resolve(process.cwd(), "build/index.js");

let devBuild: { mtimeMs: number; build: Promise<ServerBuild> } | undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (production) return (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  // Development: re-import only when `remix dev` has written a new build.
  const { mtimeMs } = fs.statSync(buildPath);
  if (!devBuild || devBuild.mtimeMs !== mtimeMs) {
    devBuild = { mtimeMs, build: import(`${pathToFileURL(buildPath).href}?t=${mtimeMs}`) as Promise<ServerBuild> };
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

function contentSecurityPolicy(nonce: string, path: string, remoteImages = false) {
  return [
    "default-src 'self'",
    // No inline-script holes: scripts only from our origin or carrying this response's nonce.
    `script-src 'self' 'nonce-${nonce}'`,
    // Radix Themes sets style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Remote images only where the reader asked for an e-mail's images (Inbox, &images=1).
    remoteImages ? "img-src 'self' data: blob: https: http:" : "img-src 'self' data: blob:",
    "font-src 'self' data:",
    production ? "connect-src 'self'" : "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    formAction(path),
    "object-src 'none'",
  ].join("; ");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A state-changing request must come from our own origin (decisions §4: CSRF). */
function isCrossOrigin(req: express.Request) {
  if (SAFE_METHODS.has(req.method)) return false;
  // Payment providers post webhooks server-to-server; their signatures authenticate them.
  if (req.path.startsWith("/api/webhooks/")) return false;
  const origin = req.get("origin");
  if (origin) {
    if (origin === "null") return true;
    try {
      return new URL(origin).host !== req.get("host");
    } catch {
      return true;
    }
  }
  return req.get("sec-fetch-site") === "cross-site";
}

export async function createApp() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);
  app.use(compression());

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
    if (isCrossOrigin(req)) {
      if (req.path.startsWith("/api/")) {
        res.status(403).json({ error: "Cross-origin request refused" });
      } else {
        res.status(403).type("text/plain").send("Cross-origin request refused");
      }
      return;
    }
    next();
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
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  if (process.env.LOG_REQUESTS !== "0") app.use(morgan("tiny"));

  const build = await loadBuild();
  app.all(
    "*",
    createRequestHandler({
      build: production ? build : loadBuild,
      mode: build.mode,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );
  return { app, build };
}

async function main() {
  const { app, build } = await createApp();
  const port = config.PORT;
  const server = app.listen(port, () => {
    console.log(`Cabinetry Jobs listening on http://localhost:${port}`);
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
