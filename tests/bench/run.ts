// `npm run bench`: the Customers list under load against the large data set (docs/performance.md),
// compared with a frameworkless "floor" server running the same SQL, plus the first visit's JS/CSS
// bytes.
//
// 1. scratch database cab_bench_<timestamp>: migrate, `db/seed/index.ts --large`, VACUUM ANALYZE;
//    build when build/index.js is older than the sources; production server; sign in as owner.
// 2. floor server (tests/bench/floor.ts) with the statements listCustomers really sends.
// 3. autocannon, 20 connections: warm-up, then a measured run per target.
// 4. gzipped JS and CSS of a first visit to /customers.
// 5. Markdown table on stdout and in tests/bench/.results/latest.md; servers stopped and the
//    database dropped whatever happens.
//
// Knobs (env): BENCH_DURATION (s, default 12), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS
// (default 20), BENCH_SEARCH (search term; default picked from the data), BENCH_SYNTHETIC=1
// (20k generated customers instead of db/seed/index.ts --large, for when the seed is unavailable),
// BENCH_DIAG=0 (skip the diagnostic /customers.data target).
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { listCustomers } from "../../app/models/customer.server";
import { containsPattern } from "../../app/utils/search.server";
import * as schema from "../../db/schema";
import { firstVisitAssets, type AssetReport } from "./assets";
import { cpuWindow, machineBusyMs, type CpuWindow } from "./cpu";
import {
  fmtKb,
  fmtMs,
  freePort,
  markdownTable,
  newestMtime,
  percentile,
  portOpen,
  root,
  run,
  seconds,
  startChild,
  stopChild,
  tsxBin,
  waitForHttp,
  withDatabase,
} from "./lib";
import { fillSynthetic } from "./synthetic";

/** How many of the first visit's files are scripts or stylesheets. */
const fileCount = (assets: AssetReport, kind: "js" | "css") => assets.files.filter((f) => f.kind === kind).length;

const DURATION = Number(process.env.BENCH_DURATION ?? 12);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SYNTHETIC = process.env.BENCH_SYNTHETIC === "1";
const DIAG = process.env.BENCH_DIAG !== "0";
const PAGE_SIZE = 50;
const USERNAME = "owner";
const PASSWORD = "cabinets2026";

const started = Date.now();
const log = (message: string) => console.log(`[bench ${seconds(Date.now() - started).padStart(7)}] ${message}`);

// ---------------------------------------------------------------- statements of listCustomers

type Param = { k: "pattern" | "limit" | "offset" } | { v: unknown };
type Statement = { sql: string; params: Param[] };
type Captured = { sql: string; params: unknown[] };
type ListQueries = { rows: Statement; count: Statement };

/**
 * Calls the app's own listCustomers with a drizzle client that logs every statement, so the floor
 * and EXPLAIN use exactly the SQL the Customers page sends. Parameters become slots by value.
 */
async function captureListQueries(client: postgres.Sql, search: string | undefined) {
  const captured: Captured[] = [];
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ sql: query, params }) },
  });
  const result = await listCustomers(db, { search, limit: PAGE_SIZE, offset: 0 });
  const pattern = search ? containsPattern(search.trim()) : undefined;
  const template = (c: Captured): Statement => ({
    sql: c.sql,
    params: c.params.map((p): Param => {
      if (pattern !== undefined && p === pattern) return { k: "pattern" };
      if (p === PAGE_SIZE || p === String(PAGE_SIZE)) return { k: "limit" };
      if (p === 0 || p === "0") return { k: "offset" };
      return { v: p };
    }),
  });
  const count = captured.find((c) => /\bcount\s*\(/i.test(c.sql));
  const rows = captured.find((c) => c !== count);
  if (captured.length !== 2 || !count || !rows) {
    throw new Error(
      `listCustomers sent ${captured.length} statements; the floor expects a page query and a count:\n` +
        captured.map((c) => c.sql).join("\n"),
    );
  }
  return {
    queries: { rows: template(rows), count: template(count) } as ListQueries,
    captured: { rows, count },
    result,
  };
}

/**
 * A term that matches a few customers through the trigram indexes: a rare last name, else (the large
 * data draws 40 first × 40 last names, ~500 customers per last name) a "First Last" pair.
 */
async function pickSearchTerm(sql: postgres.Sql) {
  if (process.env.BENCH_SEARCH) return process.env.BENCH_SEARCH;
  const matches = async (term: string) => {
    const pattern = containsPattern(term);
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*)::int as n from customers
      where name ilike ${pattern} or email ilike ${pattern} or phone ilike ${pattern} or city ilike ${pattern}`;
    return n;
  };
  const candidates = await sql<{ w: string; c: number }[]>`
    select w, count(*)::int as c
    from (select split_part(name, ' ', -1) as w from customers) t
    where length(w) >= 5 and w ~ '^[A-Za-z][A-Za-z''-]+$'
    group by w having count(*) between 2 and 40
    order by abs(count(*) - 8), w
    limit 25`;
  for (const { w } of candidates) {
    const n = await matches(w);
    if (n >= 2 && n <= 50) return w;
  }
  const names = await sql<{ name: string }[]>`
    select name from customers group by name having count(*) between 3 and 30
    order by abs(count(*) - 12), name limit 10`;
  for (const { name } of names) {
    const n = await matches(name);
    if (n >= 2 && n <= 50) return name;
  }
  const [{ name }] = await sql<
    { name: string }[]
  >`select name from customers order by id offset (select count(*) / 2 from customers) limit 1`;
  return name;
}

// ---------------------------------------------------------------- load

type Target = {
  key: string;
  label: string;
  url: string;
  /** Which server answers it (for its pid, and to restart it when something killed it). */
  server: "app" | "floor";
  /** Headers sent; a function because the session cookie changes when the app is restarted. */
  headers: () => Record<string, string>;
  /** Which floor it is compared with; undefined for the floors themselves. */
  kind?: "list" | "search";
  diagnostic?: boolean;
};

/** The two servers; restartable when another process kills one (a shared machine). */
type Servers = {
  pid: (name: "app" | "floor") => number | undefined;
  /** Restarts whichever server has exited; true when one was restarted. */
  revive: () => Promise<boolean>;
};

type Measured = {
  target: Target;
  p50: number;
  p95: number;
  p99: number;
  p97_5: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU ms per request of the server process and of its PostgreSQL backends. */
  serverCpu: number;
  dbCpu: number;
  /** Cores busy with anything else on the machine during the measured run. */
  otherCores: number;
};

async function load(target: Target, duration: number, collect: boolean) {
  const samples: number[] = [];
  const instance = autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration,
    headers: target.headers(),
    timeout: 30,
  });
  if (collect)
    instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => samples.push(ms));
  const result: Result = await instance;
  return { result, samples };
}

let quietBudgetMs = Number(process.env.BENCH_QUIET_WAIT ?? 30) * 1000;

/** Other processes' CPU in cores over one second (our servers are idle between targets). */
async function foreignLoad() {
  const t = performance.now();
  const before = machineBusyMs();
  const self = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 1000));
  const used = process.cpuUsage(self);
  const selfMs = (used.user + used.system) / 1000;
  return Math.max(0, machineBusyMs() - before - selfMs) / (performance.now() - t);
}

/** On a shared machine, waits (within BENCH_QUIET_WAIT seconds for the whole run) for other work to calm down. */
async function waitForQuiet(label: string) {
  let load = await foreignLoad();
  if (load < 0.5 || quietBudgetMs <= 0) return load;
  const t = Date.now();
  log(`other processes use ${load.toFixed(2)} cores — waiting for quiet before ${label}`);
  while (load >= 0.5 && quietBudgetMs > 0 && Date.now() - t < 20_000) {
    const t1 = Date.now();
    load = await foreignLoad();
    quietBudgetMs -= Date.now() - t1;
  }
  return load;
}

async function measure(target: Target, servers: Servers, dbPids: () => Promise<number[]>): Promise<Measured> {
  for (let attempt = 1; ; attempt++) {
    await servers.revive();
    await waitForQuiet(target.label);
    if (WARMUP > 0) await load(target, WARMUP, false);
    const end = cpuWindow(servers.pid(target.server), dbPids);
    const { result, samples } = await load(target, DURATION, true);
    const cpu = await end();
    // Killed from outside during the run: restart it and measure this target again (once).
    if (attempt === 1 && (await servers.revive())) {
      log(`${target.label}: the ${target.server} server died during the run — measuring again`);
      continue;
    }
    return summarize(target, result, samples, cpu);
  }
}

function summarize(target: Target, result: Result, samples: number[], cpu: CpuWindow): Measured {
  samples.sort((a, b) => a - b);
  const m: Measured = {
    target,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    p97_5: result.latency.p97_5,
    rps: samples.length / result.duration,
    requests: samples.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpu: samples.length ? cpu.serverMs / samples.length : NaN,
    dbCpu: samples.length ? cpu.dbMs / samples.length : NaN,
    otherCores: Math.max(0, cpu.machineMs - cpu.serverMs - cpu.dbMs - cpu.selfMs) / cpu.elapsedMs,
  };
  log(
    `${target.label.padEnd(44)} p50 ${fmtMs(m.p50).padStart(7)}  p95 ${fmtMs(m.p95).padStart(7)}  ` +
      `p99 ${fmtMs(m.p99).padStart(7)} ms  ` +
      `${m.rps.toFixed(0).padStart(5)} req/s  non-2xx ${m.non2xx}  errors ${m.errors}  ` +
      `CPU/req: server ${fmtMs(m.serverCpu)} ms, db ${fmtMs(m.dbCpu)} ms; other load ${m.otherCores.toFixed(2)} cores`,
  );
  return m;
}

// ---------------------------------------------------------------- checks

async function getText(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Each target answers 200 with the rows and total listCustomers returns (no redirect to /login). */
async function checkTarget(target: Target, expected: { rows: number; total: number }) {
  const { status, headers, text } = await getText(target.url, target.headers());
  if (status !== 200) throw new Error(`${target.label}: ${target.url} answered ${status}`);
  if (target.key.startsWith("api")) {
    const rows = JSON.parse(text) as unknown[];
    const total = Number(headers.get("x-total-count"));
    if (rows.length !== expected.rows || total !== expected.total) {
      throw new Error(
        `${target.label}: ${rows.length} rows / total ${total}, expected ${expected.rows} / ${expected.total}`,
      );
    }
    return;
  }
  if (target.key.endsWith(".data")) return;
  const rows = text.split('data-testid="customer-row"').length - 1;
  const total = expected.total.toLocaleString("en-US");
  if (rows !== expected.rows || !text.includes(total)) {
    throw new Error(
      `${target.label}: ${rows} rows (total ${total} ${text.includes(total) ? "shown" : "missing"}), ` +
        `expected ${expected.rows}`,
    );
  }
}

async function signIn(baseUrl: string) {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ username: USERNAME, password: PASSWORD, redirectTo: "/customers" }),
    headers: { Origin: baseUrl },
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie)
    throw new Error(`sign-in as ${USERNAME} failed: ${res.status} ${await res.text()}`);
  return cookie.split(";")[0];
}

// ---------------------------------------------------------------- EXPLAIN

type Explain = { plan: string; trgmIndexes: string[]; executionMs: number; createdAtIndex: boolean };

async function explain(sql: postgres.Sql, statement: Captured): Promise<Explain> {
  const rows = await sql.unsafe(`explain (analyze, buffers) ${statement.sql}`, statement.params as never[]);
  const plan = rows.map((r) => r["QUERY PLAN"] as string).join("\n");
  const trgmIndexes = [
    ...new Set([...plan.matchAll(/Bitmap Index Scan on (customers_\w+_trgm_idx)/g)].map((m) => m[1])),
  ];
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return { plan, trgmIndexes, executionMs, createdAtIndex: plan.includes("customers_created_at_idx") };
}

// ---------------------------------------------------------------- main

async function buildIfStale(env: NodeJS.ProcessEnv) {
  const buildFile = path.join(root, "build/index.js");
  const sources = Math.max(
    newestMtime(path.join(root, "app")),
    fs.statSync(path.join(root, "remix.config.js")).mtimeMs,
    fs.statSync(path.join(root, "package.json")).mtimeMs,
  );
  const built = fs.existsSync(buildFile) ? fs.statSync(buildFile).mtimeMs : 0;
  if (built >= sources && fs.existsSync(path.join(root, "public/build"))) {
    log("build/index.js is newer than app/ — not rebuilding");
    return 0;
  }
  const t = Date.now();
  log(built ? "build/index.js is older than app/ sources — npx remix build" : "no build/index.js — npx remix build");
  await run(path.join(root, "node_modules/.bin/remix"), ["build"], { ...env, NODE_ENV: "production" }, "build");
  return Date.now() - t;
}

function gitDescribe() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "app", "db"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return "unknown";
  }
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `cab_bench_${Date.now()}`;
  const databaseUrl = withDatabase(adminUrl, dbName);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  let sql: postgres.Sql | undefined;
  let app: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  let created = false;
  let restarts = 0;

  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.allSettled([stopChild(app), stopChild(floor)]);
      await sql?.end({ timeout: 2 }).catch(() => {});
      if (created) {
        await admin.unsafe(`drop database if exists "${dbName}" with (force)`).then(
          () => log(`dropped database ${dbName}`),
          (error: unknown) => console.error(`could not drop ${dbName}:`, error),
        );
      }
      await admin.end({ timeout: 2 }).catch(() => {});
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    // ------------------------------------------------------------ 1. database, data, build, server
    await admin.unsafe(`create database "${dbName}"`);
    created = true;
    log(`created database ${dbName}`);

    const redisUrl =
      process.env.REDIS_URL ?? ((await portOpen("127.0.0.1", 6379)) ? "redis://127.0.0.1:6379" : undefined);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-session-secret-0123456789",
      BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE ?? "America/New_York",
      ...(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: `cabbench-${dbName}` } : {}),
    };

    let t = Date.now();
    await run(tsxBin, ["db/migrate.ts"], env, "migrate");
    const migrateMs = Date.now() - t;

    t = Date.now();
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {}, connection: { application_name: "cab-bench" } });
    let dataset: string;
    if (SYNTHETIC) {
      log("BENCH_SYNTHETIC=1: filling 20,000 generated customers (not the large data set)");
      await fillSynthetic(sql);
      dataset = "synthetic: 20,000 customers only (BENCH_SYNTHETIC=1)";
    } else {
      if (!fs.existsSync(path.join(root, "db/seed/index.ts")))
        throw new Error("db/seed/index.ts is missing (BENCH_SYNTHETIC=1 runs on generated customers instead)");
      log("loading the large data set: tsx db/seed/index.ts --large");
      await run(tsxBin, ["db/seed/index.ts", "--large"], env, "seed");
      dataset = "db/seed/index.ts --large (docs/performance.md)";
    }
    const loadMs = Date.now() - t;
    log(`data loaded in ${seconds(loadMs)}`);

    t = Date.now();
    await sql.unsafe("vacuum (analyze)");
    const vacuumMs = Date.now() - t;
    log(`VACUUM (ANALYZE) in ${seconds(vacuumMs)}`);

    const countsWanted = [
      "customers",
      "jobs",
      "quotes",
      "quote_items",
      "invoices",
      "payments",
      "photos",
      "emails",
      "inventory_items",
      "inventory_transactions",
    ];
    const present = new Set(
      (
        await sql<
          { table_name: string }[]
        >`select table_name from information_schema.tables where table_schema = 'public'`
      ).map((r) => r.table_name),
    );
    const counts: Record<string, number> = {};
    for (const table of countsWanted.filter((name) => present.has(name))) {
      const [{ n }] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${table}"`);
      counts[table] = n;
    }
    log(
      `rows: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(", ")}`,
    );

    const buildMs = await buildIfStale(env);

    // The statements listCustomers sends, and the search term.
    const term = await pickSearchTerm(sql);
    const list = await captureListQueries(sql, undefined);
    const search = await captureListQueries(sql, term);
    log(`search term "${term}": ${search.result.total} matching customers (plain list total ${list.result.total})`);

    const [appPort, floorPort] = await Promise.all([freePort(), freePort()]);
    const baseUrl = `http://127.0.0.1:${appPort}`;
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    const appEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: "production",
      PORT: String(appPort),
      APP_URL: baseUrl,
      LOG_REQUESTS: "0",
    };
    const floorEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: "production",
      FLOOR_PORT: String(floorPort),
      FLOOR_QUERIES: JSON.stringify({ list: list.queries, search: search.queries }),
    };
    // The exact production command; started directly with node (not npx) so the pid is the server's.
    const startApp = async () => {
      app = startChild(process.execPath, ["--import", "tsx", "app/server.ts"], appEnv, "app");
      await waitForHttp(`${baseUrl}/healthz`, app);
    };
    const startFloor = async () => {
      floor = startChild(process.execPath, ["--import", "tsx", "tests/bench/floor.ts"], floorEnv, "floor");
      await waitForHttp(`${floorUrl}/healthz`, floor);
    };
    const session = { cookie: "" };
    t = Date.now();
    await Promise.all([startApp(), startFloor()]);
    log(
      `app on ${baseUrl}, floor on ${floorUrl} (started in ${seconds(Date.now() - t)})` +
        (redisUrl ? "" : " — no Redis: the app runs its jobs in-process"),
    );
    session.cookie = await signIn(baseUrl);
    log(`signed in as ${USERNAME}`);

    const dead = (child: ChildProcess | undefined) => !child || child.exitCode !== null || child.signalCode !== null;
    const servers: Servers = {
      pid: (name) => (name === "app" ? app : floor)?.pid,
      revive: async () => {
        let revived = false;
        if (dead(app)) {
          if (restarts++ >= 3) throw new Error("the app server keeps exiting");
          log(`the app server exited (${app?.signalCode ?? app?.exitCode}) — another process killed it? restarting`);
          await startApp();
          session.cookie = await signIn(baseUrl);
          revived = true;
        }
        if (dead(floor)) {
          if (restarts++ >= 3) throw new Error("the floor server keeps exiting");
          log(`the floor server exited (${floor?.signalCode ?? floor?.exitCode}) — restarting`);
          await startFloor();
          revived = true;
        }
        return revived;
      },
    };

    // ------------------------------------------------------------ targets and checks
    const q = encodeURIComponent(term);
    const page = () => ({ Cookie: session.cookie, Accept: "text/html" });
    const json = () => ({ Cookie: session.cookie, Accept: "application/json" });
    const html = () => ({ Accept: "text/html" });
    const targets: Target[] = [
      { key: "floor", label: "Floor: list", url: `${floorUrl}/customers`, server: "floor", headers: html },
      {
        key: "floorSearch",
        label: "Floor: search",
        url: `${floorUrl}/customers?search=${q}`,
        server: "floor",
        headers: html,
      },
      {
        key: "page",
        label: "Page `/customers`",
        url: `${baseUrl}/customers`,
        server: "app",
        headers: page,
        kind: "list",
      },
      {
        key: "pageSearch",
        label: `Page \`/customers?search=${term}\``,
        url: `${baseUrl}/customers?search=${q}`,
        server: "app",
        headers: page,
        kind: "search",
      },
      {
        key: "api",
        label: "API `/api/customers?limit=50`",
        url: `${baseUrl}/api/customers?limit=50`,
        server: "app",
        headers: json,
        kind: "list",
      },
      {
        key: "apiSearch",
        label: `API \`/api/customers?search=${term}&limit=50\``,
        url: `${baseUrl}/api/customers?search=${q}&limit=50`,
        server: "app",
        headers: json,
        kind: "search",
      },
    ];
    if (DIAG) {
      targets.push({
        key: "page.data",
        label: "Diagnostic: `/customers.data` (loaders, no SSR)",
        url: `${baseUrl}/customers.data`,
        server: "app",
        headers: () => ({ Cookie: session.cookie }),
        kind: "list",
        diagnostic: true,
      });
    }
    for (const target of targets) {
      const expected = target.key.toLowerCase().includes("search") ? search.result : list.result;
      await checkTarget(target, { rows: expected.rows.length, total: expected.total });
    }
    log("every target answers 200 with the expected rows and total");

    // ------------------------------------------------------------ EXPLAIN
    const explainSearch = await explain(sql, search.captured.rows);
    const explainSearchCount = await explain(sql, search.captured.count);
    const explainListCount = await explain(sql, list.captured.count);
    const explainList = await explain(sql, list.captured.rows);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the search page query ("${term}"):\n${explainSearch.plan}\n`);
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of the plain list's count:\n${explainListCount.plan}\n`);
    const usesTrgm = (e: Explain) =>
      e.trgmIndexes.length
        ? `yes (${e.trgmIndexes.join(", ")})`
        : e.createdAtIndex
          ? "no (walks customers_created_at_idx)"
          : "no";
    log(`search query: trigram index ${usesTrgm(explainSearch)}, execution ${fmtMs(explainSearch.executionMs)} ms`);

    // ------------------------------------------------------------ first visit bytes
    const assets: AssetReport = await firstVisitAssets(`${baseUrl}/customers`, { Cookie: session.cookie });
    log(
      `first visit to /customers: JS ${fmtKb(assets.js.gzip)} gz (${fileCount(assets, "js")} files), ` +
        `CSS ${fmtKb(assets.css.gzip)} gz (${fileCount(assets, "css")} files)`,
    );
    if (assets.extra.length) log(`  also loaded through imports not listed in the HTML: ${assets.extra.join(", ")}`);

    // ------------------------------------------------------------ 3. load
    log(`load: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s measured per target`);
    const results: Measured[] = [];
    const db = sql;
    // The servers' connections only: not autovacuum workers, not this script's own.
    const dbPids = async () =>
      (
        await db<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and application_name <> 'cab-bench'`
      ).map((r) => r.pid);
    for (const target of targets) results.push(await measure(target, servers, dbPids));

    // ------------------------------------------------------------ 5. report
    const by = (key: string) => results.find((r) => r.target.key === key)!;
    const floorList = by("floor");
    const floorSearch = by("floorSearch");
    const cpuOf = (m: Measured) => m.serverCpu + m.dbCpu;
    const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : "–");
    const verdict = (m: Measured) => {
      if (!m.target.kind) return "";
      if (m.target.diagnostic) return "(diagnostic)";
      const checks =
        m.target.kind === "list"
          ? [m.p95 <= 2 * floorList.p95 ? "≤ 2× floor list ✅" : "> 2× floor list ❌"]
          : [
              m.p95 <= 2 * floorSearch.p95 ? "≤ 2× floor search ✅" : "> 2× floor search ❌",
              m.p95 <= 3 * floorList.p95 ? "≤ 3× floor list ✅" : "> 3× floor list ❌",
            ];
      return checks.join("; ");
    };
    const loadTable = markdownTable(
      [
        "Target",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "req/s",
        "non-2xx",
        "p95 ÷ floor list",
        "p95 ÷ floor search",
        "Aim",
        "CPU ms/req server + db",
        "CPU ÷ floor (same kind)",
        "Other load",
      ],
      results.map((m) => [
        m.target.label,
        fmtMs(m.p50),
        fmtMs(m.p95),
        fmtMs(m.p99),
        m.rps.toFixed(0),
        m.non2xx + m.errors ? `${m.non2xx}${m.errors ? ` (+${m.errors} errors)` : ""}` : "0",
        ratio(m.p95, floorList.p95),
        ratio(m.p95, floorSearch.p95),
        verdict(m),
        `${fmtMs(m.serverCpu)} + ${fmtMs(m.dbCpu)}`,
        ratio(cpuOf(m), cpuOf(m.target.kind === "search" || m.target.key === "floorSearch" ? floorSearch : floorList)),
        `${m.otherCores.toFixed(2)} cores`,
      ]),
    );
    const factsTable = markdownTable(
      ["Figure", "Value"],
      [
        [
          "Data set",
          `${dataset}: ${Object.entries(counts)
            .map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`)
            .join(", ")}`,
        ],
        [
          "Loading (migrate / seed / VACUUM ANALYZE)",
          `${seconds(migrateMs)} / ${seconds(loadMs)} / ${seconds(vacuumMs)}`,
        ],
        ["Build", buildMs ? seconds(buildMs) : "up to date"],
        [`Search "${term}"`, `${search.result.total} of ${list.result.total.toLocaleString("en-US")} customers`],
        ["Search query uses trigram index", usesTrgm(explainSearch)],
        [
          "Search page query / its count: execution",
          `${fmtMs(explainSearch.executionMs)} ms / ${fmtMs(explainSearchCount.executionMs)} ms`,
        ],
        [
          "Plain list page query / its count(*): execution",
          `${fmtMs(explainList.executionMs)} ms / ${fmtMs(explainListCount.executionMs)} ms`,
        ],
        [
          "First visit to /customers: JS (gzip -9)",
          `${fmtKb(assets.js.gzip)} (${fmtKb(assets.js.raw)} raw, ${fileCount(assets, "js")} files)`,
        ],
        [
          "First visit to /customers: CSS (gzip -9)",
          `${fmtKb(assets.css.gzip)} (${fmtKb(assets.css.raw)} raw, ${fileCount(assets, "css")} files)`,
        ],
      ],
    );
    const assetTable = markdownTable(
      ["File", "Via", "Raw", "gzip -9"],
      [...assets.files].sort((a, b) => b.gzip - a.gzip).map((f) => [f.url, f.via, fmtKb(f.raw), fmtKb(f.gzip)]),
    );
    const cpu = os.cpus();
    const [{ version: pgVersion }] = await sql<
      { version: string }[]
    >`select current_setting('server_version') as version`;
    const markdown = [
      `### Benchmark: Customers list (${new Date().toISOString().slice(0, 10)})`,
      "",
      `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, Node ${process.version}, PostgreSQL ${pgVersion}, ` +
        `commit ${gitDescribe()}. ` +
        `autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured per target, ` +
        `load generator on the same machine. ` +
        `Latencies are exact percentiles of every response's time ` +
        `(p95 computed from the samples; autocannon itself reports p97.5, not p95). ` +
        `Responses uncompressed (no Accept-Encoding). Floor = bare node:http + postgres.js running the same ` +
        `two statements as listCustomers, string template, no session check. ` +
        `"CPU ms/req" = CPU time of the answering Node process and of its PostgreSQL backends per response ` +
        `(from /proc); ` +
        `"CPU ÷ floor" compares that total with the floor's for the same query (list or search). ` +
        `"Other load" = cores used by anything else on the machine during the measured run ` +
        `(other work skews latencies, CPU per request much less).`,
      "",
      loadTable,
      "",
      factsTable,
      "",
      "<details><summary>First-visit files</summary>",
      "",
      assetTable,
      "",
      "</details>",
      "",
    ].join("\n");
    console.log(`\n${markdown}`);
    const outDir = path.join(root, "tests/bench/.results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, "latest.md"), markdown);
    fs.writeFileSync(
      path.join(outDir, "latest.json"),
      JSON.stringify(
        {
          results: results.map(({ target, ...m }) => ({ target: target.label, url: target.url, ...m })),
          explainSearch,
          explainListCount,
          assets,
          counts,
        },
        null,
        2,
      ),
    );
    log(`wrote tests/bench/.results/latest.md`);
  } finally {
    await cleanup();
    log(`total ${seconds(Date.now() - started)}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
