// Small helpers for the benchmark: processes, ports, databases, percentiles, Markdown.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const tsxBin = path.join(root, "node_modules/.bin/tsx");

/**
 * The web process's node arguments as `npm start` has them (its V8 flags, `--import tsx`, the
 * entry), read from package.json so every bench measures the server production runs; `extra` goes
 * just before the entry (a profiler's flags, a preloaded module).
 */
export function appServerArgs(extra: string[] = []): string[] {
  const start = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } })
    .scripts.start;
  const args = /\bnode\s+(.+)$/.exec(start)?.[1].trim().split(/\s+/);
  if (!args?.length) throw new Error(`package.json's start script does not run node: ${start}`);
  return [...args.slice(0, -1), ...extra, ...args.slice(-1)];
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** True when something accepts TCP connections on host:port within `ms`. */
export function portOpen(host: string, port: number, ms = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * REDIS_URL, else this machine's Redis when it answers: with it the app runs as in production, the
 * jobs left to the worker (and WEB_CONCURRENCY may ask for several web processes; docs/decisions/web-processes.md).
 */
export async function localRedisUrl() {
  return process.env.REDIS_URL ?? ((await portOpen("127.0.0.1", 6379)) ? "redis://127.0.0.1:6379" : undefined);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a command to completion (output streamed with a prefix), rejecting on a non-zero exit. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, label: string, cwd = root): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const relay = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split("\n")) if (line.trim()) console.log(`  [${label}] ${line}`);
    };
    child.stdout.on("data", relay);
    child.stderr.on("data", relay);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${label} failed (exit ${code ?? signal}):\n${tail}`));
    });
  });
}

/** Starts a long-running child whose output is prefixed; the caller stops it with stopChild(). */
export function startChild(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  label: string,
  cwd = root,
): ChildProcess {
  const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) console.log(`  [${label}] ${line}`);
  };
  child.stdout?.on("data", relay);
  child.stderr?.on("data", relay);
  return child;
}

export async function stopChild(child: ChildProcess | undefined, ms = 12_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  await exited;
  clearTimeout(timer);
}

export async function waitForHttp(url: string, child: ChildProcess, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** Newest modification time of any file under `dir` (recursively). */
export function newestMtime(dir: string): number {
  let newest = 0;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  }
  return newest;
}

/** True when build/ is missing or older than app/, remix.config.js or package.json (a bench must not time old code). */
export function buildIsStale(): boolean {
  const buildFile = path.join(root, "build/index.js");
  if (!fs.existsSync(buildFile) || !fs.existsSync(path.join(root, "public/b"))) return true;
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    fs.statSync(path.join(root, "remix.config.js")).mtimeMs,
    fs.statSync(path.join(root, "package.json")).mtimeMs,
  );
  return fs.statSync(buildFile).mtimeMs < sources;
}

/** Median of the finite values (NaN when none). */
export function median(values: number[]) {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!v.length) return NaN;
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}

/** Exact percentile (nearest-rank) of a list of samples. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const fmtMs = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : "–");
export const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function markdownTable(header: string[], rows: (string | number)[][]) {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * Builds the production bundle when build/ is stale (buildIsStale); the milliseconds it took, 0 when
 * the build was current.
 */
export async function buildIfStale(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log) {
  if (!buildIsStale()) return 0;
  const t = Date.now();
  log("build/ is missing or older than app/ — npx remix build");
  await run(path.join(root, "node_modules/.bin/remix"), ["build"], { ...env, NODE_ENV: "production" }, "build");
  return Date.now() - t;
}

export type BenchDatabase = {
  url: string;
  name: string;
  /** An already loaded database named by BENCH_REUSE_DB or BENCH_DATABASE_URL: kept afterwards. */
  reused: boolean;
  /** Milliseconds the data took to load (0 when reused). */
  loadMs: number;
  /** Drops a scratch database (with force); a reused one is left alone. */
  drop(): Promise<void>;
};

/**
 * Every bench's database, one way: `BENCH_REUSE_DB=<name>` or `BENCH_DATABASE_URL=<url>` names an
 * already loaded one (migrated here, kept afterwards: quick iterations, and one load for several
 * benches); otherwise a scratch database `<prefix>_<time>` is created, migrated, loaded
 * (`db/seed/index.ts --large`, or the demo data with `seed: "demo"`) and VACUUM ANALYZEd.
 */
export async function benchDatabase(
  prefix: string,
  opts: { seed?: "large" | "demo"; env?: Record<string, string>; log?: (line: string) => void } = {},
): Promise<BenchDatabase> {
  const log = opts.log ?? console.log;
  const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const given =
    process.env.BENCH_DATABASE_URL ||
    (process.env.BENCH_REUSE_DB ? withDatabase(adminUrl, process.env.BENCH_REUSE_DB) : undefined);
  const { default: postgres } = await import("postgres");
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, NODE_ENV: "development" };
  if (given) {
    const name = new URL(given).pathname.slice(1);
    log(`reusing database ${name} (kept afterwards)`);
    await run(tsxBin, ["db/migrate.ts"], { ...env, DATABASE_URL: given }, "migrate");
    return { url: given, name, reused: true, loadMs: 0, drop: async () => {} };
  }
  const name = `${prefix}_${Date.now()}`;
  const url = withDatabase(adminUrl, name);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const drop = async () => {
    const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists "${name}" with (force)`).then(
      () => log(`dropped database ${name}`),
      (error: unknown) => console.error(`could not drop ${name}:`, error),
    );
    await a.end({ timeout: 2 }).catch(() => {});
  };
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 2 }).catch(() => {});
  }
  try {
    log(`created database ${name}`);
    await run(tsxBin, ["db/migrate.ts"], { ...env, DATABASE_URL: url }, "migrate");
    const t = Date.now();
    const large = (opts.seed ?? "large") === "large";
    log(`loading ${large ? "the large data set: tsx db/seed/index.ts --large" : "the demo data"}`);
    await run(tsxBin, ["db/seed/index.ts", ...(large ? ["--large"] : [])], { ...env, DATABASE_URL: url }, "seed");
    const loadMs = Date.now() - t;
    log(`data loaded in ${seconds(loadMs)}`);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql.unsafe("vacuum (analyze)");
    await sql.end({ timeout: 2 });
    return { url, name, reused: false, loadMs, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
