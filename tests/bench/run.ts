// `npm run bench`: every list screen and the customer, job, quote and invoice pages under load on
// the large data set (docs/performance.md), each against two floors, plus what a cold first visit
// downloads and its LCP on a phone profile.
//
// 1. scratch database cab_bench_<timestamp>: migrate, `db/seed/index.ts --large`, VACUUM ANALYZE;
//    build when build/index.js is older than the sources; production server; sign in as owner.
// 2. tests/bench/capture.ts records the SQL each screen's route loader (and its /api list) sends.
// 3. floor server (tests/bench/floor.ts): bare node:http + postgres.js running those statements and
//    printing the rows with a string template. Framework floor: the hidden route
//    app/routes/bench-floor.$screen.tsx in the same app process (enabled by BENCH_FRAMEWORK_FLOOR),
//    a bare Remix route rendering the same rows as plain elements.
// 4. autocannon, 20 connections: per screen its floor, framework floor, page, then the API list and
//    its floor back to back (a shared machine's load moves them together); BENCH_ROUNDS rounds,
//    medians.
// 5. per screen: HTML bytes, gzipped JS/CSS of a first visit, LCP under a P75 phone profile (9 Mbps,
//    100 ms RTT, CPU 4× slower; tests/bench/lcp.ts).
// 6. one table of ratios on stdout and in tests/bench/.results/latest.md; servers stopped and the
//    database dropped whatever happens.
//
// Flags: --all also runs every other `bench:*` script of package.json afterwards; --memory adds a
// BENCH_MEMORY_MINUTES (default 10) load at 20 connections sampling the app's RSS: the Customers
// list and random customer and job pages (thousands of distinct pathnames).
// Knobs (env): BENCH_DURATION (s, default 6), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS
// (default 20), BENCH_ROUNDS (default 1), BENCH_REUSE_DB (an already loaded database; kept), BENCH_SCREENS (comma-separated keys, default all),
// BENCH_LCP_RUNS (default 3; 0 skips), BENCH_SEARCH (search term; default picked from the data),
// BENCH_SYNTHETIC=1 (20k generated customers only, for when the seed is unavailable).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import postgres from "postgres";
import { containsPattern } from "../../app/utils/search.server";
import { firstVisitAssets, type AssetReport } from "./assets";
import type { Capture } from "./capture";
import { cpuWindow, machineBusyMs, processTree, type CpuWindow } from "./cpu";
import { launch, measureLcp, PHONE, type LcpResult } from "./lcp";
import {
  buildIfStale,
  fmtKb,
  fmtMs,
  freePort,
  markdownTable,
  median,
  percentile,
  localRedisUrl,
  root,
  run,
  seconds,
  sleep,
  startChild,
  stopChild,
  tsxBin,
  waitForHttp,
  withDatabase,
  appServerArgs,
} from "./lib";
import { fillSynthetic } from "./synthetic";

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 3);
const MEMORY_MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 10);
const SYNTHETIC = process.env.BENCH_SYNTHETIC === "1";
const ALL = process.argv.includes("--all");
const MEMORY = process.argv.includes("--memory");
const USERNAME = "owner";
const PASSWORD = "cabinets2026";

/**
 * The list screens: page path, its route module, and its /api list (when it has one). A detail
 * screen also names its route's params (its record is picked from the data: detailScreens).
 */
type ScreenDef = {
  key: string;
  path: string;
  route: string;
  api?: string;
  apiRoute?: string;
  params?: Record<string, string>;
};
const ALL_SCREENS: ScreenDef[] = [
  {
    key: "customers",
    path: "/customers",
    route: "routes/_app.customers",
    api: "/api/customers?limit=50",
    apiRoute: "routes/api.customers",
  },
  { key: "jobs", path: "/jobs", route: "routes/_app.jobs", api: "/api/jobs?limit=50", apiRoute: "routes/api.jobs" },
  {
    key: "quotes",
    path: "/quotes",
    route: "routes/_app.quotes",
    api: "/api/quotes?limit=50",
    apiRoute: "routes/api.quotes",
  },
  {
    key: "invoices",
    path: "/invoices",
    route: "routes/_app.invoices",
    api: "/api/invoices?limit=50",
    apiRoute: "routes/api.invoices",
  },
  {
    key: "tasks",
    path: "/tasks",
    route: "routes/_app.tasks",
    api: "/api/tasks?limit=50",
    apiRoute: "routes/api.tasks",
  },
  { key: "schedule", path: "/schedule", route: "routes/_app.schedule" },
  {
    key: "inbox",
    path: "/inbox",
    route: "routes/_app.inbox",
    api: "/api/emails?limit=50",
    apiRoute: "routes/api.emails",
  },
  {
    key: "photos",
    path: "/photos",
    route: "routes/_app.photos",
    api: "/api/photos?limit=50",
    apiRoute: "routes/api.photos",
  },
  {
    key: "inventory",
    path: "/inventory",
    route: "routes/_app.inventory",
    api: "/api/inventory/items?limit=50",
    apiRoute: "routes/api.inventory.items",
  },
];
/**
 * The detail screens, each on the record with the most of what its page lists (the busiest page of
 * its kind, not a typical one): the customer with the most jobs, the job with the most tasks, the
 * quote and the invoice with the most lines.
 */
const DETAILS = [
  {
    key: "customer",
    route: "routes/_app.customers_.$customerId",
    param: "customerId",
    path: (id: string) => `/customers/${id}`,
    pick: "select customer_id as id from jobs group by 1 order by count(*) desc, 1 limit 1",
  },
  {
    key: "job",
    route: "routes/_app.jobs_.$jobId",
    param: "jobId",
    path: (id: string) => `/jobs/${id}`,
    pick: "select job_id as id from tasks where job_id is not null group by 1 order by count(*) desc, 1 limit 1",
  },
  {
    key: "quote",
    route: "routes/_app.quotes_.$quoteId",
    param: "quoteId",
    path: (id: string) => `/quotes/${id}`,
    pick: "select quote_id as id from quote_items group by 1 order by count(*) desc, 1 limit 1",
  },
  {
    key: "invoice",
    route: "routes/_app.invoices_.$invoiceId",
    param: "invoiceId",
    path: (id: string) => `/invoices/${id}`,
    pick: "select invoice_id as id from invoice_items group by 1 order by count(*) desc, 1 limit 1",
  },
];
const wanted = process.env.BENCH_SCREENS?.split(",").map((s) => s.trim());
const SCREENS: ScreenDef[] = wanted ? ALL_SCREENS.filter((s) => wanted.includes(s.key)) : [...ALL_SCREENS];

/** Adds the detail screens (all, or those BENCH_SCREENS names) with their records' ids. */
async function addDetailScreens(sql: postgres.Sql) {
  for (const d of DETAILS) {
    if (wanted && !wanted.includes(d.key)) continue;
    const [row] = await sql.unsafe<{ id: number }[]>(d.pick);
    if (!row) throw new Error(`no record for the ${d.key} page`);
    const id = String(row.id);
    SCREENS.push({ key: d.key, path: d.path(id), route: d.route, params: { [d.param]: id } });
  }
}

type Role = "floor" | "framework" | "page" | "search" | "api" | "apiFloor";

const started = Date.now();
const log = (message: string) => console.log(`[bench ${seconds(Date.now() - started).padStart(7)}] ${message}`);

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
  /** The list screen it belongs to ("customers"), and what it is of that screen. */
  screen: string;
  role: Role;
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

/** EXPLAIN (ANALYZE) of a captured statement: its plan and execution time. */
async function explain(sql: postgres.Sql, statement: { sql: string; params: unknown[] }) {
  const rows = await sql.unsafe(`explain (analyze, buffers) ${statement.sql}`, statement.params as never[]);
  const plan = rows.map((r) => r["QUERY PLAN"] as string).join("\n");
  const trgm = [...new Set([...plan.matchAll(/Bitmap Index Scan on (\w+_trgm_idx)/g)].map((m) => m[1]))];
  return { plan, trgm, executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN) };
}

/** Resident memory of a process and its descendants (the web processes) in MiB (Linux /proc). */
function rssMiB(pid: number | undefined) {
  if (!pid) return NaN;
  try {
    return (
      processTree(pid).reduce(
        (sum, one) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${one}/status`, "utf8"))?.[1]),
        0,
      ) / 1024
    );
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------- main

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
  // BENCH_REUSE_DB=<name>: an already loaded database (kept afterwards), for quick iterations.
  const reuse = process.env.BENCH_REUSE_DB;
  const dbName = reuse ?? `cab_bench_${Date.now()}`;
  const databaseUrl = withDatabase(adminUrl, dbName);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  let sql: postgres.Sql | undefined;
  let app: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  let created = false;
  let restarts = 0;
  const outDir = path.join(root, "tests/bench/.results");
  fs.mkdirSync(outDir, { recursive: true });
  const statementsFile = path.join(outDir, `statements-${dbName}.json`);

  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.allSettled([stopChild(app), stopChild(floor)]);
      await sql?.end({ timeout: 2 }).catch(() => {});
      fs.rmSync(statementsFile, { force: true });
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
    const loadAtStart = os.loadavg();
    if (!reuse) {
      await admin.unsafe(`create database "${dbName}"`);
      created = true;
    }
    log(
      `${reuse ? "reusing" : "created"} database ${dbName}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(", ")}`,
    );

    const redisUrl = await localRedisUrl();
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
    if (reuse) {
      dataset = `the existing database ${reuse} (BENCH_REUSE_DB)`;
    } else if (SYNTHETIC) {
      log("BENCH_SYNTHETIC=1: filling 20,000 generated customers (not the large data set)");
      await fillSynthetic(sql);
      dataset = "synthetic: 20,000 customers only (BENCH_SYNTHETIC=1)";
    } else {
      log("loading the large data set: tsx db/seed/index.ts --large");
      await run(tsxBin, ["db/seed/index.ts", "--large"], env, "seed");
      dataset = "db/seed/index.ts --large (docs/performance.md)";
    }
    const loadMs = Date.now() - t;
    log(`data loaded in ${seconds(loadMs)}`);
    t = Date.now();
    await sql.unsafe("vacuum (analyze)");
    const vacuumMs = Date.now() - t;

    const buildMs = await buildIfStale(env, log);
    const term = await pickSearchTerm(sql);
    await addDetailScreens(sql);

    const [appPort, floorPort] = await Promise.all([freePort(), freePort()]);
    const baseUrl = `http://127.0.0.1:${appPort}`;
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    const appEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: "production",
      PORT: String(appPort),
      APP_URL: baseUrl,
      LOG_REQUESTS: "0",
      BENCH_FRAMEWORK_FLOOR: statementsFile,
    };
    const floorEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: "production",
      FLOOR_PORT: String(floorPort),
      FLOOR_STATEMENTS: statementsFile,
    };
    const startApp = async () => {
      app = startChild(process.execPath, appServerArgs(), appEnv, "app");
      await waitForHttp(`${baseUrl}/healthz`, app);
    };
    const startFloor = async () => {
      floor = startChild(process.execPath, ["--import", "tsx", "tests/bench/floor.ts"], floorEnv, "floor");
      await waitForHttp(`${floorUrl}/healthz`, floor);
    };
    await startApp();
    const session = { cookie: await signIn(baseUrl) };
    log(`app on ${baseUrl}, signed in as ${USERNAME}`);

    // ------------------------------------------------------------ 2. the statements of each screen
    const q = encodeURIComponent(term);
    const captureScreens = SCREENS.flatMap((s) => [
      { key: s.key, route: s.route, url: s.path, params: s.params },
      ...(s.key === "customers" ? [{ key: "customers-search", route: s.route, url: `${s.path}?search=${q}` }] : []),
      ...(s.api && s.apiRoute ? [{ key: `api-${s.key}`, route: s.apiRoute, url: s.api }] : []),
    ]);
    const captured = await new Promise<Capture>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/capture.ts"], {
        cwd: root,
        env: { ...appEnv, CAPTURE_SCREENS: JSON.stringify(captureScreens), CAPTURE_COOKIE: session.cookie },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.on("exit", (code) => {
        const line = out.split("\n").find((l) => l.startsWith("CAPTURE "));
        if (code === 0 && line) resolve(JSON.parse(line.slice(8)) as Capture);
        else reject(new Error(`capture.ts exited ${code}:\n${out.slice(-2000)}`));
      });
    });
    for (const [key, c] of Object.entries(captured)) {
      if (c.error || !c.statements.length) throw new Error(`capturing ${key}: ${c.error ?? "no statements"}`);
      log(`${key}: ${c.statements.length} statements`);
    }
    fs.writeFileSync(statementsFile, JSON.stringify(captured));
    await startFloor();
    log(`floor on ${floorUrl}`);

    const dead = (child: ChildProcess | undefined) => !child || child.exitCode !== null || child.signalCode !== null;
    const servers: Servers = {
      pid: (name) => (name === "app" ? app : floor)?.pid,
      revive: async () => {
        let revived = false;
        if (dead(app)) {
          if (restarts++ >= 3) throw new Error("the app server keeps exiting");
          log(`the app server exited (${app?.signalCode ?? app?.exitCode}) — restarting`);
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
    const page = () => ({ Cookie: session.cookie, Accept: "text/html" });
    const json = () => ({ Cookie: session.cookie, Accept: "application/json" });
    const html = () => ({ Accept: "text/html" });
    const targets: Target[] = [];
    for (const s of SCREENS) {
      const add = (
        role: Role,
        label: string,
        url: string,
        server: "app" | "floor",
        headers: () => Record<string, string>,
      ) => targets.push({ key: `${s.key}:${role}`, label, url, server, headers, screen: s.key, role });
      add("floor", `Floor ${s.path}`, `${floorUrl}/${s.key}`, "floor", html);
      add("framework", `Framework floor ${s.path}`, `${baseUrl}/bench-floor/${s.key}`, "app", html);
      add("page", `Page \`${s.path}\``, `${baseUrl}${s.path}`, "app", page);
      if (s.key === "customers") {
        targets.push({
          key: "customers:searchFloor",
          label: `Floor ${s.path}?search=${term}`,
          url: `${floorUrl}/customers-search`,
          server: "floor",
          headers: html,
          screen: s.key,
          role: "floor",
        });
        add("search", `Page \`${s.path}?search=${term}\``, `${baseUrl}${s.path}?search=${q}`, "app", page);
      }
      if (s.api) {
        add("apiFloor", `Floor (JSON) ${s.api}`, `${floorUrl}/api-${s.key}`, "floor", html);
        add("api", `API \`${s.api}\``, `${baseUrl}${s.api}`, "app", json);
      }
    }
    const htmlBytes = new Map<string, number>();
    for (const target of targets) {
      const { status, text } = await getText(target.url, target.headers());
      if (status !== 200) throw new Error(`${target.label}: ${target.url} answered ${status}`);
      htmlBytes.set(target.key, Buffer.byteLength(text));
    }
    log("every target answers 200");

    // ------------------------------------------------------------ EXPLAIN of the customers search
    const searchStatements = captured["customers-search"]?.statements ?? [];
    const searchRows = searchStatements.find((st) => !/count\(/i.test(st.sql));
    const searchExplain = searchRows ? await explain(sql, searchRows) : null;
    if (searchExplain)
      log(
        `customers search "${term}": trigram index ${searchExplain.trgm.length ? `yes (${searchExplain.trgm.join(", ")})` : "no"}, ` +
          `execution ${fmtMs(searchExplain.executionMs)} ms`,
      );

    // ------------------------------------------------------------ 5. first visit: bytes and LCP
    const assets = new Map<string, AssetReport>();
    for (const s of SCREENS)
      assets.set(s.key, await firstVisitAssets(`${baseUrl}${s.path}`, { Cookie: session.cookie }));
    // ------------------------------------------------------------ 4. load
    log(
      `load: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s measured per target, ${ROUNDS} round(s), ` +
        `${targets.length} targets`,
    );
    const db = sql;
    const dbPids = async () =>
      (
        await db<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and application_name <> 'cab-bench'`
      ).map((r) => r.pid);
    // One pass over the app's targets first: the first measured target would otherwise pay for
    // the JIT's warm-up of the whole server.
    for (const target of targets.filter((t) => t.server === "app")) await load(target, WARMUP, false);
    const rounds: Measured[][] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const results: Measured[] = [];
      for (const target of targets) results.push(await measure(target, servers, dbPids));
      rounds.push(results);
    }
    /** Medians over the rounds, per target. */
    const results: Measured[] = targets.map((target) => {
      const all = rounds.map((round) => round.find((m) => m.target.key === target.key)!);
      const med = (f: (m: Measured) => number) => median(all.map(f));
      return {
        ...all[0],
        p50: med((m) => m.p50),
        p95: med((m) => m.p95),
        p99: med((m) => m.p99),
        rps: med((m) => m.rps),
        requests: all.reduce((n, m) => n + m.requests, 0),
        non2xx: all.reduce((n, m) => n + m.non2xx, 0),
        errors: all.reduce((n, m) => n + m.errors, 0),
        serverCpu: med((m) => m.serverCpu),
        dbCpu: med((m) => m.dbCpu),
        otherCores: med((m) => m.otherCores),
      };
    });

    // LCP after the load: the server is warm, as a visitor finds it.
    const lcp = new Map<string, LcpResult[]>();
    if (LCP_RUNS > 0) {
      const browser = await launch();
      try {
        for (let i = 0; i < LCP_RUNS; i++)
          for (const s of SCREENS) {
            const r = await measureLcp(browser, `${baseUrl}${s.path}`, session.cookie);
            lcp.set(s.key, [...(lcp.get(s.key) ?? []), r]);
          }
      } finally {
        await browser.close();
      }
      for (const s of SCREENS) log(`LCP ${s.path}: ${(lcp.get(s.key) ?? []).map((r) => fmtMs(r.lcpMs)).join(", ")} ms`);
    }

    // ------------------------------------------------------------ memory (opt-in)
    let memory: { minute: number; rss: number }[] = [];
    if (MEMORY) {
      // Half the requests the Customers list, the other half a customer's or a job's page picked at
      // random: thousands of distinct pathnames, so every per-pathname cache (the kept route
      // matches, at most 1,000) fills and must stay bounded.
      const [ids] = await sql<{ c0: number; c1: number; j0: number; j1: number }[]>`
        select (select min(id) from customers)::int as c0, (select max(id) from customers)::int as c1,
               (select min(id) from jobs)::int as j0, (select max(id) from jobs)::int as j1`;
      const pick = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
      let sent = 0;
      const nextPath = () => {
        const turn = sent++ % 4;
        if (turn < 2) return "/customers";
        return turn === 2 ? `/customers/${pick(ids.c0, ids.c1)}` : `/jobs/${pick(ids.j0, ids.j1)}`;
      };
      log(
        `memory: ${MEMORY_MINUTES} min at ${CONNECTIONS} connections of /customers and random customer and job pages, RSS every 30 s`,
      );
      const t0 = Date.now();
      const instance = autocannon({
        url: `${baseUrl}/customers`,
        connections: CONNECTIONS,
        duration: MEMORY_MINUTES * 60,
        headers: page(),
        timeout: 30,
        requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      });
      const sampler = (async () => {
        while (Date.now() - t0 < MEMORY_MINUTES * 60_000) {
          memory.push({ minute: (Date.now() - t0) / 60_000, rss: rssMiB(app?.pid) });
          await sleep(30_000);
        }
      })();
      await instance;
      await sampler;
      memory.push({ minute: (Date.now() - t0) / 60_000, rss: rssMiB(app?.pid) });
      memory = memory.filter((m) => Number.isFinite(m.rss));
    }

    // ------------------------------------------------------------ 6. report
    const by = (screen: string, role: Role, key?: string) =>
      results.find((m) => (key ? m.target.key === key : m.target.screen === screen && m.target.role === role));
    const x = (a: number | undefined, b: number | undefined) =>
      a !== undefined && b !== undefined && Number.isFinite(a / b) ? a / b : NaN;
    const fx = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : "–");
    const mark = (v: number, goal: number, aim?: number) =>
      !Number.isFinite(v) ? "" : v <= (aim ?? goal) ? " ✅" : v <= goal ? " ☑️" : " ❌";
    const cpuOf = (m: Measured | undefined) => (m ? m.serverCpu + m.dbCpu : NaN);
    const kb = (bytes: number | undefined) => (bytes === undefined ? "–" : `${(bytes / 1024).toFixed(0)}`);
    /** A screen's measured targets: its floor, framework floor, page, API and API floor, search. */
    const targetsOf = (s: (typeof SCREENS)[number]) => ({
      fl: by(s.key, "floor", `${s.key}:floor`),
      fw: by(s.key, "framework"),
      pg: by(s.key, "page"),
      api: by(s.key, "api"),
      apiFl: by(s.key, "apiFloor"),
      search: by(s.key, "search"),
    });
    const ratioRows = SCREENS.map((s) => {
      const { fl, fw, pg, api, apiFl, search } = targetsOf(s);
      const a = assets.get(s.key);
      const l = lcp.get(s.key) ?? [];
      const lcpMs = median(l.map((r) => r.lcpMs));
      const pageRatio = x(pg?.p95, fl?.p95);
      const searchRatio = x(search?.p95, fl?.p95);
      const apiRatio = x(api?.p95, apiFl?.p95);
      return [
        `\`${s.path}\``,
        `${fmtMs(pg?.p95 ?? NaN)} / ${fmtMs(fw?.p95 ?? NaN)} / ${fmtMs(fl?.p95 ?? NaN)}`,
        `${fx(pageRatio)}${mark(pageRatio, 3, 2)}`,
        `${fx(x(fw?.p95, fl?.p95))} + ${fx(x(pg?.p95, fw?.p95))}`,
        `${fmtMs(cpuOf(pg))} / ${fmtMs(cpuOf(fw))} / ${fmtMs(cpuOf(fl))}, ${fx(x(cpuOf(pg), cpuOf(fl)))}`,
        search ? `${fmtMs(search.p95)} ms, ${fx(searchRatio)}${mark(searchRatio, 3)}` : "",
        api ? `${fmtMs(api.p95)} / ${fmtMs(apiFl?.p95 ?? NaN)}, ${fx(apiRatio)}${mark(apiRatio, 1.5)}` : "",
        `${kb(htmlBytes.get(`${s.key}:page`))} / ${kb(htmlBytes.get(`${s.key}:framework`))} / ${kb(htmlBytes.get(`${s.key}:floor`))}${mark((htmlBytes.get(`${s.key}:page`) ?? NaN) / 1024, 40)}`,
        a ? `${fmtKb(a.js.gzip)}${mark(a.js.gzip / 1024, 120)}` : "–",
        a ? `${fmtKb(a.css.gzip)}${mark(a.css.gzip / 1024, 40)}` : "–",
        l.length ? `${fmtMs(lcpMs)} ms${mark(lcpMs, 1500)}` : "–",
      ];
    });
    const ratioTable = markdownTable(
      [
        "Screen",
        "p95 ms page / framework floor / floor",
        "Page ÷ floor (≤ 3×, aim 2×)",
        "Framework ÷ floor + page ÷ framework",
        "CPU ms/req (server + db) page / framework / floor, page ÷ floor",
        "Search p95, ÷ plain-list floor (≤ 3×)",
        "API p95 / its floor ms, ratio (≤ 1.5×)",
        "HTML KB page / framework / floor (≤ 40)",
        "First visit JS gz (≤ 120 KB)",
        "CSS gz (≤ 40 KB)",
        `LCP, phone (≤ 1.5 s; median of ${LCP_RUNS})`,
      ],
      ratioRows,
    );
    // Issue 16's "done when": every ratio within its goal, or the remaining distance and why, per screen.
    const pct = (from: number, to: number) => `${(((to - from) / from) * 100).toFixed(0).replace("-", "−")} %`;
    const distances = SCREENS.flatMap((s) => {
      const { fl, fw, pg, api, apiFl } = targetsOf(s);
      const lines: string[] = [];
      const pageRatio = x(pg?.p95, fl?.p95);
      if (pg && fl && pageRatio > 3) {
        const frameworkRatio = x(fw?.p95, fl.p95);
        const target = 3 * fl.p95;
        const framework =
          frameworkRatio > 3
            ? `the framework floor alone (Express + Remix + React, the same statements, no session or shell) is ` +
              `${fx(frameworkRatio)} — over the goal before any code of ours: ${fmtMs(fw?.serverCpu ?? NaN)} ms of web CPU ` +
              `a request against the bare floor's ${fmtMs(fl.serverCpu)} ms, on ${fmtMs(fl.dbCpu)} ms of PostgreSQL`
            : `the framework floor is ${fx(frameworkRatio)}, within the goal`;
        const ours =
          `our page is ${fx(x(pg.p95, fw?.p95))} of the framework floor: ${fmtMs(pg.serverCpu)} against ` +
          `${fmtMs(fw?.serverCpu ?? NaN)} ms of web CPU, ${kb(htmlBytes.get(`${s.key}:page`))} KB of HTML against ` +
          `${kb(htmlBytes.get(`${s.key}:framework`))} (the shell, the session/user/settings reads, the screen's markup)`;
        lines.push(
          `- \`${s.path}\`: p95 ${fmtMs(pg.p95)} ms, ${fx(pageRatio)} its floor; within 3× it would be ≤ ` +
            `${fmtMs(target)} ms (${pct(pg.p95, target)}). Why: ${framework}; ${ours}.`,
        );
      }
      const apiRatio = x(api?.p95, apiFl?.p95);
      if (api && apiFl && apiRatio > 1.5) {
        const target = 1.5 * apiFl.p95;
        lines.push(
          `- \`${api.target.url.replace(/^https?:\/\/[^/]+/, "")}\`: p95 ${fmtMs(api.p95)} ms, ${fx(apiRatio)} its JSON floor; ` +
            `within 1.5× ≤ ${fmtMs(target)} ms (${pct(api.p95, target)}). CPU ${fmtMs(api.serverCpu)} against the floor's ` +
            `${fmtMs(apiFl.serverCpu)} ms a request (Express + Remix's per-request work + the session and permission ` +
            `reads), on ${fmtMs(apiFl.dbCpu)} ms of PostgreSQL.`,
        );
      }
      const lcpMs = median((lcp.get(s.key) ?? []).map((r) => r.lcpMs));
      if (Number.isFinite(lcpMs) && lcpMs > 1500) {
        lines.push(
          `- \`${s.path}\` LCP: ${fmtMs(lcpMs)} ms under the phone profile, ${fmtMs(lcpMs - 1500)} ms over 1.5 s ` +
            `(median of ${LCP_RUNS}; HTML ${kb(htmlBytes.get(`${s.key}:page`))} KB, the same JS and CSS as every screen).`,
        );
      }
      return lines;
    });
    const loadTable = markdownTable(
      ["Target", "p50 ms", "p95 ms", "p99 ms", "req/s", "non-2xx", "CPU ms/req server + db", "Other load"],
      results.map((m) => [
        m.target.label,
        fmtMs(m.p50),
        fmtMs(m.p95),
        fmtMs(m.p99),
        m.rps.toFixed(0),
        m.non2xx + m.errors ? `${m.non2xx}${m.errors ? ` (+${m.errors} errors)` : ""}` : "0",
        `${fmtMs(m.serverCpu)} + ${fmtMs(m.dbCpu)}`,
        `${m.otherCores.toFixed(2)} cores`,
      ]),
    );
    const memoryTable = memory.length
      ? markdownTable(
          ["Minute", "App RSS MiB", "vs minute 1"],
          memory.map((m) => {
            const base = memory.find((p) => p.minute >= 1)?.rss ?? memory[0].rss;
            return [m.minute.toFixed(1), m.rss.toFixed(0), `${(((m.rss - base) / base) * 100).toFixed(1)}%`];
          }),
        )
      : "";
    const cpu = os.cpus();
    const [{ version: pgVersion }] = await sql<
      { version: string }[]
    >`select current_setting('server_version') as version`;
    const loadAtEnd = os.loadavg();
    const markdown = [
      `### Benchmark: list and detail screens (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)`,
      "",
      `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, Node ${process.version}, PostgreSQL ${pgVersion}, ` +
        `commit ${gitDescribe()}. Load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(" / ")}, ` +
        `at end ${loadAtEnd.map((l) => l.toFixed(1)).join(" / ")} (shared machine). ` +
        `Data set: ${dataset}. autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s ` +
        `measured per target, ${ROUNDS} round(s) (medians); exact p95 of every response; uncompressed. ` +
        `Floor = bare node:http + postgres.js running the statements the route loader sends (without ` +
        `its session/user/settings lookups), string template. Framework floor = ` +
        `app/bench/framework-floor.tsx in the app process: the same statements, the rows as plain ` +
        `elements (Express + Remix + React, no session, no shell). ` +
        `LCP: cold visit at 390×844, ${PHONE.downMbps} Mbps down, ${PHONE.rttMs} ms RTT, CPU ${PHONE.cpuSlowdown}× slower. ` +
        `✅ within the aim, ☑️ within the goal, ❌ missed.`,
      "",
      ratioTable,
      "",
      `Search "${term}"; the search page's query ${searchExplain ? `runs in ${fmtMs(searchExplain.executionMs)} ms${searchExplain.trgm.length ? " on the trigram indexes" : " without a trigram index"}` : "was not explained"}. ` +
        `Loading: migrate ${seconds(migrateMs)}, data ${seconds(loadMs)}, VACUUM ${seconds(vacuumMs)}, build ${buildMs ? seconds(buildMs) : "up to date"}.`,
      "",
      ...(distances.length
        ? [
            "Remaining distance, per screen that misses a goal (p95 ÷ floor ≤ 3×, API ≤ 1.5×, LCP ≤ 1.5 s):",
            "",
            ...distances,
            "",
          ]
        : ["Every screen within its page, API and LCP goals.", ""]),
      "<details><summary>Every target</summary>",
      "",
      loadTable,
      "",
      "</details>",
      "",
      ...(memoryTable ? ["Memory (opt-in `--memory`):", "", memoryTable, ""] : []),
    ].join("\n");
    console.log(`\n${markdown}`);
    fs.writeFileSync(path.join(outDir, "latest.md"), markdown);
    fs.writeFileSync(
      path.join(outDir, "latest.json"),
      JSON.stringify(
        {
          results: results.map(({ target, ...m }) => ({ target: target.label, url: target.url, ...m })),
          htmlBytes: Object.fromEntries(htmlBytes),
          assets: Object.fromEntries(assets),
          lcp: Object.fromEntries(lcp),
          memory,
          searchExplain,
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

/**
 * `--all`: the other benchmarks (`bench:*` scripts of package.json), one after the other; not
 * `bench:ab`, which compares two versions named on its command line rather than measuring this one.
 */
async function runOthers() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const others = Object.keys(pkg.scripts).filter((name) => name.startsWith("bench:") && name !== "bench:ab");
  let failed = 0;
  for (const name of others) {
    log(`--all: npm run ${name}`);
    try {
      await run("npm", ["run", name], process.env, name);
    } catch (error) {
      failed++;
      console.error(error instanceof Error ? error.message : error);
    }
  }
  if (failed) throw new Error(`${failed} of ${others.length} other benchmarks failed`);
}

main()
  .then(() => (ALL ? runOthers() : undefined))
  .catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
