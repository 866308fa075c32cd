// Once per `npm test`: a fresh PostgreSQL database (created here, dropped at the end), migrations,
// the demo data, a production build and the production server on a free port.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { startDovecot } from "./dovecot";
import { startFakeProviders } from "./fake-providers";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
export const TEST_EMAIL_SECRET_KEY = "dGVzdC1lbWFpbC1zZWNyZXQta2V5LTMyLWJ5dGVzISE=";

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Removes every Redis key of this run (its BullMQ prefix): queues, jobs, and the job schedulers such
 * as the repeating inbox sync, which would otherwise stay behind after every run.
 */
export async function deleteRunKeys(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  let deleted = 0;
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length) deleted += await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
  return deleted;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, label: string) {
  const result = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${label} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

async function waitFor(url: string, child: ChildProcess, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const dbName = `cab_test_${Date.now().toString(36)}_${process.pid}`;
  const databaseUrl = withDatabase(adminUrl, dbName);
  const queuePrefix = `cabtest-${dbName}`;

  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    SESSION_SECRET: "test-session-secret-0123456789",
    // The app-password key (docs/decisions/sending-email.md); tests/setup/env.ts gives test workers the same one.
    EMAIL_SECRET_KEY: process.env.EMAIL_SECRET_KEY ?? TEST_EMAIL_SECRET_KEY,
    BUSINESS_TIME_ZONE: "America/New_York",
    // The run's photo store (disk); test workers that make derivatives read the same folder.
    PHOTOS_DIR: path.join(os.tmpdir(), `${dbName}-photos`),
    // One web process: the suite's files share this server; tests/integration/web-processes.test.ts runs several.
    WEB_CONCURRENCY: "1",
  };
  run(tsx, ["db/migrate.ts"], env, "migrate");
  run(tsx, ["db/seed/index.ts"], env, "seed");
  // Login alerts (Security) e-mail a user whose account signs in from a browser it has not seen:
  // in tests every browser context and fetch() is such a browser, so the run starts with them off
  // and tests/e2e/security.test.ts turns them on while it holds the settings and e-mail locks.
  const runDb = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await runDb`insert into settings (key, value) values ('security', ${runDb.json({ loginAlerts: false })})
    on conflict (key) do update set value = settings.value || excluded.value`;
  await runDb.end();
  // vitest runs with NODE_ENV=test; the server under test is a production build.
  if (!process.env.SKIP_BUILD)
    run(path.join(root, "node_modules/.bin/remix"), ["build"], { ...env, NODE_ENV: "production" }, "build");

  // Local stand-ins for the payment providers' APIs; the server reads their URLs from its env.
  const fakes = await startFakeProviders();
  // A real IMAP server for the Inbox; the app reaches it through the IMAP_* overrides.
  const imap = await startDovecot();
  const imapEnv = { IMAP_HOST: imap.host, IMAP_PORT: String(imap.port), IMAP_SECURE: "false" };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "app/server.ts"], {
    cwd: root,
    env: {
      ...env,
      ...fakes.env,
      ...imapEnv,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: baseUrl,
      LOG_REQUESTS: "0",
      // As behind one proxy (fly.io): a test may act as another client with X-Forwarded-For.
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`${baseUrl}/healthz`, server);
  // A server that dies under a test says how (a crash prints nothing of its own); every later test fails.
  let stopping = false;
  server.once("exit", (code, signal) => {
    if (!stopping) console.error(`[global-setup] the test server exited unexpectedly: code ${code}, signal ${signal}`);
  });

  project.provide("databaseUrl", databaseUrl);
  project.provide("redisUrl", redisUrl);
  project.provide("queuePrefix", queuePrefix);
  project.provide("baseUrl", baseUrl);
  project.provide("fakeProvidersUrl", fakes.url);
  project.provide("imapPort", imap.port);
  project.provide("imapPassword", imap.password);
  project.provide("photosDir", env.PHOTOS_DIR!);

  return async () => {
    stopping = true;
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    await fakes.close();
    await imap.stop();
    await deleteRunKeys(redisUrl, queuePrefix).catch((error) =>
      console.error(`could not delete the run's Redis keys (${queuePrefix}:*): ${error}`),
    );
    await fs.rm(env.PHOTOS_DIR!, { recursive: true, force: true });
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  };
}
