// `npm run bench:ab -- <rev A> <rev B> [path] [user]`: two versions of the app side by side, for a
// change too small to see in a bench run on a shared machine (docs/performance.md, "Comparing two
// versions"). Each git revision is unpacked into a scratch folder (`git archive`, the project's own
// node_modules linked in: both revisions must have the same package-lock.json) and built; "." is the
// working tree as it is. Both production servers run at once on the same loaded database, and the
// page is loaded at 20 connections on one and then the other, in short windows alternated
// BENCH_AB_ROUNDS times (A B, B A, A B, …): the machine's drift over minutes, which on these 2-core
// machines moves a page's CPU by a quarter, falls on both sides alike. Per side, the medians of the
// windows: requests a second, p95, and CPU a request — the web process's, and PostgreSQL's (every
// client backend of the database: the other server is idle meanwhile).
//
// Database (benchDatabase in lib.ts): BENCH_REUSE_DB=<name> or BENCH_DATABASE_URL (already loaded), else
// a scratch one, loaded and dropped. Knobs: BENCH_AB_ROUNDS (default 6), BENCH_DURATION (s a window,
// default 8), BENCH_APP_WARMUP (s of load on each server before the first window, default 15),
// BENCH_CONNECTIONS (20). The table goes to tests/bench/.results/ab.md.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { cpuWindow } from "./cpu";
import { CONNECTIONS, loadUrl, signInCookie } from "./replay";
import {
  appServerArgs,
  benchDatabase,
  buildIfStale,
  type BenchDatabase,
  fmtMs,
  freePort,
  localRedisUrl,
  markdownTable,
  median,
  percentile,
  root,
  run,
  seconds,
  startChild,
  stopChild,
  waitForHttp,
} from "./lib";

const [revA, revB, pagePath = "/", user = "installer"] = process.argv.slice(2);
const ROUNDS = Math.max(1, Number(process.env.BENCH_AB_ROUNDS ?? 6));
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const APP_WARMUP = Number(process.env.BENCH_APP_WARMUP ?? 15);
const PAGE_LOAD = { Accept: "text/html", "Sec-Fetch-Dest": "document" };
const started = Date.now();
const log = (m: string) => console.log(`[ab ${seconds(Date.now() - started).padStart(7)}] ${m}`);

type Side = { label: string; rev: string; dir: string; scratch: boolean };
type Window = { requests: number; p95: number; webMs: number; dbMs: number; failed: number };

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

/** The folder a revision runs from: the working tree for ".", else a scratch copy of that commit, built. */
async function prepare(label: string, rev: string): Promise<Side> {
  if (rev === ".") {
    await buildIfStale(process.env, log);
    return { label, rev: `working tree (${git("rev-parse", "--short", "HEAD")} + changes)`, dir: root, scratch: false };
  }
  const sha = git("rev-parse", "--verify", `${rev}^{commit}`);
  const lock = git("show", `${sha}:package-lock.json`);
  if (lock !== fs.readFileSync(path.join(root, "package-lock.json"), "utf8").trim())
    throw new Error(`${rev} has another package-lock.json than the working tree: its node_modules would differ`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cab-ab-${sha.slice(0, 8)}-`));
  log(`${label}: ${rev} (${sha.slice(0, 8)}) into ${dir}, building`);
  await run("sh", ["-c", `git archive ${sha} | tar -x -C '${dir}'`], process.env, `${label} archive`);
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  await run(
    path.join(root, "node_modules/.bin/remix"),
    ["build"],
    { ...process.env, NODE_ENV: "production" },
    `${label} build`,
    dir,
  );
  return { label, rev: `${rev} (${sha.slice(0, 8)})`, dir, scratch: true };
}

async function main() {
  if (!revA || !revB) throw new Error("usage: npm run bench:ab -- <rev A> <rev B> [path] [user]  (a rev may be '.')");
  let database: BenchDatabase | undefined;
  const sides: Side[] = [];
  const servers: ReturnType<typeof startChild>[] = [];
  let client: postgres.Sql | undefined;
  try {
    // One at a time, so a failed second build still has the first one's scratch folder removed.
    sides.push(await prepare("A", revA));
    sides.push(await prepare("B", revB));
    database = await benchDatabase("cab_ab", { log });
    client = postgres(database.url, { max: 1, onnotice: () => {} });
    const backends = async () =>
      (
        await client!<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`
      ).map((r) => r.pid);
    const redisUrl = await localRedisUrl();
    const urls: string[] = [];
    const cookies: string[] = [];
    for (const side of sides) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = startChild(
        process.execPath,
        appServerArgs(),
        {
          ...process.env,
          DATABASE_URL: database.url,
          NODE_ENV: "production",
          PORT: String(port),
          APP_URL: baseUrl,
          LOG_REQUESTS: "0",
          SESSION_SECRET: "bench-session-secret-0123456789",
          ...(redisUrl
            ? { REDIS_URL: redisUrl, QUEUE_PREFIX: `cabab-${side.label}-${process.pid}` }
            : { REDIS_URL: undefined }),
        },
        side.label,
        side.dir,
      );
      servers.push(server);
      await waitForHttp(`${baseUrl}/healthz`, server);
      const cookie = await signInCookie(baseUrl, user);
      const check = await fetch(`${baseUrl}${pagePath}`, { headers: { Cookie: cookie }, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${side.label}: ${pagePath} answered ${check.status} to ${user}`);
      urls.push(`${baseUrl}${pagePath}`);
      cookies.push(cookie);
    }
    log(
      `${pagePath} as ${user}: ${APP_WARMUP} s warm-up on each, then ${ROUNDS} × ${DURATION} s windows on each in turn, ${CONNECTIONS} connections`,
    );
    for (const i of [0, 1]) if (APP_WARMUP) await loadUrl(urls[i], cookies[i], APP_WARMUP, PAGE_LOAD);
    const windows: Window[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const end = cpuWindow(servers[i].pid, backends);
        const { samples, non2xx } = await loadUrl(urls[i], cookies[i], DURATION, PAGE_LOAD);
        const cpu = await end();
        const n = Math.max(1, samples.length);
        windows[i].push({
          requests: samples.length,
          p95: percentile(samples, 95),
          webMs: cpu.serverMs / n,
          dbMs: cpu.dbMs / n,
          failed: non2xx,
        });
        const w = windows[i].at(-1)!;
        log(
          `round ${round + 1} ${sides[i].label}: ${(w.requests / DURATION).toFixed(0)} req/s, p95 ${fmtMs(w.p95)} ms, ` +
            `CPU a request web ${w.webMs.toFixed(2)} + db ${w.dbMs.toFixed(2)} ms, failed ${w.failed}`,
        );
      }
    }
    const med = (i: number, f: (w: Window) => number) => median(windows[i].map(f));
    const figures = [
      ["Requests a second", (w: Window) => w.requests / DURATION, 0],
      ["p95 ms", (w: Window) => w.p95, 1],
      ["Web CPU ms a request", (w: Window) => w.webMs, 2],
      ["PostgreSQL CPU ms a request", (w: Window) => w.dbMs, 2],
      ["Both, ms a request", (w: Window) => w.webMs + w.dbMs, 2],
    ] as const;
    const rows = figures.map(([name, f, digits]) => {
      const a = med(0, f);
      const b = med(1, f);
      return [name, a.toFixed(digits), b.toFixed(digits), `${(((b - a) / a) * 100).toFixed(1)} %`];
    });
    const failed = windows.flat().reduce((sum, w) => sum + w.failed, 0);
    const markdown =
      `### A/B: ${pagePath} as ${user} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)\n\n` +
      `A = ${sides[0].rev}, B = ${sides[1].rev}; ${ROUNDS} windows of ${DURATION} s on each, alternated, ` +
      `${CONNECTIONS} connections, ${os.cpus().length} cores; medians of the windows. Failed responses: ${failed}.\n\n` +
      markdownTable(["", "A", "B", "B against A"], rows) +
      "\n";
    console.log(`\n${markdown}`);
    const outDir = path.join(root, "tests/bench/.results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, "ab.md"), markdown);
  } finally {
    for (const server of servers) await stopChild(server);
    await client?.end({ timeout: 2 }).catch(() => {});
    await database?.drop();
    for (const side of sides) if (side.scratch) fs.rmSync(side.dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
