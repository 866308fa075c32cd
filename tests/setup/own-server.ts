// A server of the test's own: its own database (migrated and seeded with the demo shop) and port,
// running the run's production build. For a test that changes business-wide settings other test
// files read at the same time (the date format, the clock, the units): on its own server nobody
// else sees the change, so there is nothing to restore and no window to coordinate.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { inject } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

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

export type OwnServer = { baseUrl: string; databaseUrl: string; pid: number; stop: () => Promise<void> };

/**
 * `webProcesses` above 1: the production arrangement of docs/decisions/web-processes.md — the run's
 * Redis (its own queue prefix, no worker reads it) and that many web processes behind one port.
 */
export async function startOwnServer(label: string, { webProcesses = 1 } = {}): Promise<OwnServer> {
  const runUrl = new URL(inject("databaseUrl"));
  const name = `${runUrl.pathname.slice(1)}_${label}`.slice(0, 63);
  const adminUrl = new URL(runUrl);
  adminUrl.pathname = "/postgres";
  const databaseUrl = new URL(runUrl);
  databaseUrl.pathname = `/${name}`;
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const photosDir = await fs.mkdtemp(path.join(os.tmpdir(), `${name}-photos-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    // No Redis: background jobs run inside this server (docs/decisions/in-process-jobs.md).
    REDIS_URL: "",
    QUEUE_PREFIX: `cabtest-${name}`,
    PHOTOS_DIR: photosDir,
    BUSINESS_TIME_ZONE: "America/New_York",
  };
  delete env.REDIS_URL;
  env.WEB_CONCURRENCY = String(webProcesses);
  if (webProcesses > 1) env.REDIS_URL = inject("redisUrl");
  for (const script of ["db/migrate.ts", "db/seed/index.ts"]) {
    const result = spawnSync(tsx, [script], { cwd: root, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}\n${result.stderr}`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "app/server.ts"], {
    cwd: root,
    env: { ...env, NODE_ENV: "production", PORT: String(port), APP_URL: baseUrl, LOG_REQUESTS: "0" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`own server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`own server did not answer within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    databaseUrl: databaseUrl.toString(),
    pid: server.pid!,
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
      await fs.rm(photosDir, { recursive: true, force: true });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
