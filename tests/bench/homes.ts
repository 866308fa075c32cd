// `npm run bench:homes`: the three Home dashboards (owner, office, installer; docs/decisions/dashboards.md)
// under load at the large data set, against their floor: the SAME SQL statements — captured from the
// home loaders' model calls through a logging drizzle client — replayed bare with postgres.js at the
// same concurrency, in this process (no HTTP, no session, no JSON or HTML). The loader sends its
// statements concurrently (Promise.all), so the floor does too. Aim (issue 14): p95 ≤ 2× the floor's.
// Then EXPLAIN of every statement: Seq Scans on tables over 10k rows are listed.
//
// Database (benchDatabase in lib.ts): BENCH_REUSE_DB=<name> or BENCH_DATABASE_URL (already loaded with
// `db/seed/index.ts --large`; kept), else a scratch database cab_homes_<timestamp>, created, loaded and dropped.
// Knobs: BENCH_DURATION (s, default 8), BENCH_WARMUP (s, default 2), BENCH_APP_WARMUP (s, default 15:
// each home and its framework floor loaded that long once before its rounds — a fresh web process's
// first 8 s under load cost 4.1–4.4 ms of CPU a request on the installer's Home, later ones 2.8–3.4),
// BENCH_CONNECTIONS (default 20), BENCH_HOMES (the Homes measured, default owner,office,installer),
// BENCH_ROUNDS (default 1): per Home that many rounds of floor, framework floor and page back to
// back, each p95 the median of its rounds and p95 ÷ floor the median of the rounds' own ratios (a
// single round on a shared 2-core machine moves ±10–20 %).
// CPU a request (tests/bench/cpu.ts), per round: the floor's is this process (postgres.js) and its
// backends, the page's the server process and its pool's backends (autocannon, in this process, is
// not counted) — on a saturated 2-core machine the p95 ratio follows the CPU ratio, which moves less.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { SESSION_SETTINGS } from "../../db/client.server";
import { cpuWindow, processTree } from "./cpu";
import { CONNECTIONS, loadUrl, replayFloor, signInCookie, type Captured } from "./replay";
import * as schema from "../../db/schema";
import { listActivity } from "../../app/models/activity.server";
import {
  HOME_LIST_LIMIT,
  highValueQuotes,
  homeMetrics,
  jobPipeline,
  jobsToCoordinate,
  quotesAwaitingResponse,
  recentJobs,
} from "../../app/models/home.server";
import { inventoryAlerts } from "../../app/models/inventory.server";
import { needsAttention } from "../../app/models/needs-attention.server";
import { installerDay } from "../../app/models/task.server";
import { addDays, businessToday, dayRange } from "../../app/utils/dates";
import type { Role } from "../../app/utils/permissions";
import {
  benchDatabase,
  buildIfStale,
  type BenchDatabase,
  fmtMs,
  freePort,
  markdownTable,
  median,
  percentile,
  root,
  seconds,
  startChild,
  stopChild,
  waitForHttp,
  appServerArgs,
  localRedisUrl,
} from "./lib";

const PAGE_LOAD = { Accept: "text/html" };
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const APP_WARMUP = Number(process.env.BENCH_APP_WARMUP ?? 15);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const TZ = process.env.BUSINESS_TIME_ZONE ?? "America/New_York";
/** The floor's connections, told apart from the app's pool in pg_stat_activity. */
const FLOOR_APP = "cab-homes-floor";
const started = Date.now();
const log = (m: string) => console.log(`[homes ${seconds(Date.now() - started).padStart(7)}] ${m}`);

type Db = ReturnType<typeof drizzle<typeof schema>>;

/** What the Home loader (app/routes/_app._index.tsx) asks of the models for a role. */
async function home(db: Db, role: Role, userId: number) {
  const today = businessToday(TZ);
  const clock = { today, timeZone: TZ };
  const viewer = { role, userId };
  const side = [needsAttention(db, clock, viewer), listActivity(db, viewer, { limit: HOME_LIST_LIMIT })];
  if (role === "installer") {
    const { from, to } = dayRange(today, addDays(today, 1), TZ);
    return Promise.all([installerDay(db, userId, today, from, to), ...side]);
  }
  if (role === "office")
    return Promise.all([
      homeMetrics(db, clock),
      quotesAwaitingResponse(db, clock),
      jobsToCoordinate(db, clock),
      inventoryAlerts(db),
      ...side,
    ]);
  return Promise.all([
    homeMetrics(db, clock),
    jobPipeline(db),
    recentJobs(db),
    highValueQuotes(db),
    inventoryAlerts(db),
    ...side,
  ]);
}

async function capture(client: postgres.Sql, role: Role, userId: number) {
  const captured: Captured[] = [];
  const db = drizzle(client, { schema, logger: { logQuery: (sql, p) => captured.push({ sql, params: p }) } });
  await home(db, role, userId);
  return captured;
}

async function main() {
  let database: BenchDatabase | undefined;
  let app: ReturnType<typeof startChild> | undefined;
  let client: postgres.Sql | undefined;
  const statementsFile = path.join(os.tmpdir(), `cab-homes-statements-${process.pid}.json`);
  try {
    database = await benchDatabase("cab_homes", { env: { BUSINESS_TIME_ZONE: TZ }, log });
    const databaseUrl = database.url;
    client = postgres(databaseUrl, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      onnotice: () => {},
      connection: { ...SESSION_SETTINGS, application_name: FLOOR_APP },
    });
    /** The PostgreSQL backends serving the floor (this client) or the app's pool. */
    const backends = (floor: boolean) => async () =>
      (
        await client!<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend'
            and ${floor ? client!`application_name = ${FLOOR_APP}` : client!`application_name <> ${FLOOR_APP}`}`
      ).map((r) => r.pid);
    const counts = await client.unsafe(
      `select (select count(*) from customers) c, (select count(*) from jobs) j, (select count(*) from invoices) i,
        (select count(*) from payments) p, (select count(*) from activity_log) a, (select count(*) from tasks) t`,
    );
    log(`data: ${JSON.stringify(counts[0])}`);
    const users = await client.unsafe(
      `select id, role, username from users where username in ('owner', 'office', 'installer')`,
    );
    // BENCH_HOMES=installer (or a comma list) measures those Homes only.
    const ROLES = (process.env.BENCH_HOMES?.split(",") ?? ["owner", "office", "installer"]) as Role[];
    const captured: Record<string, { statements: Captured[] }> = {};
    for (const role of ROLES) {
      const user = users.find((u) => u.role === role);
      if (!user) throw new Error(`no ${role} user in the data set`);
      captured[`home-${role}`] = { statements: await capture(client, role, Number(user.id)) };
    }
    // The framework floor (app/bench/framework-floor.tsx, as the list bench's): the same statements
    // in a bare Remix route of the app's process, the largest result drawn as a plain table.
    fs.writeFileSync(statementsFile, JSON.stringify(captured));
    await buildIfStale(process.env, log);
    const redisUrl = await localRedisUrl();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    app = startChild(
      process.execPath,
      appServerArgs(),
      {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NODE_ENV: "production",
        PORT: String(port),
        APP_URL: baseUrl,
        LOG_REQUESTS: "0",
        SESSION_SECRET: "bench-session-secret-0123456789",
        BUSINESS_TIME_ZONE: TZ,
        // As in production: the jobs left to the worker (none runs here); WEB_CONCURRENCY as the caller set it.
        ...(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: `cabhomes-${process.pid}` } : { REDIS_URL: undefined }),
        BENCH_FRAMEWORK_FLOOR: statementsFile,
      },
      "app",
    );
    await waitForHttp(`${baseUrl}/healthz`, app);
    // The primary and the web processes it forked (one when it serves alone).
    const webProcesses = Math.max(1, processTree(app.pid!).length - 1);
    log(
      `app: ${webProcesses} web process(es)${redisUrl ? "" : " (no Redis: the jobs run inside the one web process)"}`,
    );
    const rows: string[][] = [];
    const everyStatement: Captured[] = [];
    log(
      `${ROLES.length} home(s), ${CONNECTIONS} connections, ${APP_WARMUP} s app warm-up each, then per round ${WARMUP} s warm-up + ${DURATION} s each, ${ROUNDS} round(s)`,
    );
    for (const role of ROLES) {
      const user = users.find((u) => u.role === role)!;
      const cookie = await signInCookie(baseUrl, String(user.username));
      const statements = captured[`home-${role}`].statements;
      everyStatement.push(...statements);
      const url = `${baseUrl}/`;
      const check = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${role} home answered ${check.status}`);
      // Steady state, as a server that has been up a while: the JIT has compiled this page's code.
      if (APP_WARMUP) {
        await loadUrl(`${baseUrl}/bench-floor/home-${role}`, cookie, APP_WARMUP / 3, PAGE_LOAD);
        await loadUrl(url, cookie, APP_WARMUP, PAGE_LOAD);
      }
      // Each round: floor, framework floor, page back to back (a shared machine's load moves them together).
      const rounds: {
        floor: number[];
        framework: number[];
        app: number[];
        requests: number;
        non2xx: number;
        floorCpu: number;
        appCpu: number;
      }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        if (WARMUP) await replayFloor(client, statements, WARMUP);
        const endFloor = cpuWindow(undefined, backends(true));
        const f = await replayFloor(client, statements, DURATION);
        const floorCpu = await endFloor();
        const frameworkUrl = `${baseUrl}/bench-floor/home-${role}`;
        if (WARMUP) await loadUrl(frameworkUrl, cookie, WARMUP, PAGE_LOAD);
        const fw = await loadUrl(frameworkUrl, cookie, DURATION, PAGE_LOAD);
        // Asked as a browser's page load does (as the list bench's pages): a list that travels once
        // (docs/decisions/list-rows-once.md) is HTML only then.
        if (WARMUP) await loadUrl(url, cookie, WARMUP, PAGE_LOAD);
        const endApp = cpuWindow(app.pid, backends(false));
        const a = await loadUrl(url, cookie, DURATION, PAGE_LOAD);
        const appCpu = await endApp();
        const fCpu = (floorCpu.selfMs + floorCpu.dbMs) / f.length;
        const aCpu = (appCpu.serverMs + appCpu.dbMs) / a.samples.length;
        rounds.push({
          floorCpu: fCpu,
          appCpu: aCpu,
          floor: f,
          framework: fw.samples,
          app: a.samples,
          requests: a.samples.length,
          non2xx: a.non2xx + fw.non2xx,
        });
        log(
          `${`Home (${role})`.padEnd(18)} round ${round + 1}: floor p95 ${fmtMs(percentile(f, 95)).padStart(7)} ms  ` +
            `framework p95 ${fmtMs(percentile(fw.samples, 95)).padStart(7)} ms  app p95 ${fmtMs(percentile(a.samples, 95)).padStart(7)} ms  ` +
            `${(percentile(a.samples, 95) / percentile(f, 95)).toFixed(2)}×  non-2xx ${a.non2xx + fw.non2xx}  ` +
            `CPU/req app ${fmtMs(aCpu)} (server ${fmtMs(appCpu.serverMs / a.samples.length)}, db ${fmtMs(appCpu.dbMs / a.samples.length)})` +
            ` floor ${fmtMs(fCpu)} (client ${fmtMs(floorCpu.selfMs / f.length)}, db ${fmtMs(floorCpu.dbMs / f.length)}) ms`,
        );
      }
      const of = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
      const fp95 = of((r) => percentile(r.floor, 95));
      const ap95 = of((r) => percentile(r.app, 95));
      const fwp95 = of((r) => percentile(r.framework, 95));
      // The verdict pairs each round's page with its own floor, measured back to back under the same
      // load, then takes the median of those ratios: a ratio of the medians would set one round's page
      // against another round's floor (one of three rounds, 30 s apart, is often 20 % off the others).
      const ratio = of((r) => percentile(r.app, 95) / percentile(r.floor, 95));
      const non2xx = rounds.reduce((sum, r) => sum + r.non2xx, 0);
      rows.push([
        `Home (${role})`,
        String(statements.length),
        fmtMs(of((r) => percentile(r.floor, 50))),
        fmtMs(fp95),
        fmtMs(fwp95),
        fmtMs(of((r) => percentile(r.app, 50))),
        fmtMs(ap95),
        of((r) => r.requests / DURATION).toFixed(0),
        `${ratio.toFixed(2)}× ${ratio <= 2 ? "✅" : "❌"}`,
        `${(fwp95 / fp95).toFixed(2)}× + ${(ap95 / fwp95).toFixed(2)}×`,
        `${fmtMs(of((r) => r.appCpu))} / ${fmtMs(of((r) => r.floorCpu))}, ${of((r) => r.appCpu / r.floorCpu).toFixed(2)}×`,
        String(non2xx),
      ]);
    }

    // Every statement of the three homes, EXPLAINed: which read a big table sequentially.
    const big = new Set(
      (await client.unsafe(`select relname from pg_class where relkind = 'r' and reltuples > 10000`)).map((r) =>
        String(r.relname),
      ),
    );
    const scans: string[] = [];
    for (const statement of everyStatement) {
      const plan = await client.unsafe(`explain ${statement.sql}`, statement.params as never[]);
      const text = plan.map((r) => String(r["QUERY PLAN"])).join("\n");
      for (const m of text.matchAll(/Seq Scan on (\w+)/g))
        if (big.has(m[1])) scans.push(`${m[1]} in: ${statement.sql.replace(/\s+/g, " ").slice(0, 140)}…`);
    }
    const markdown = [
      `### Benchmark: Home dashboards (${new Date().toISOString().slice(0, 10)}, ${CONNECTIONS} connections)`,
      "",
      `${ROUNDS} round(s) per Home, each p95 the median of its rounds; p95 ÷ floor the median of the rounds' own ratios (each round's page against its own floor). Floor = the home's own statements (captured from the loader's model calls) sent bare by postgres.js, ` +
        `concurrently as the loader does, ${CONNECTIONS} loops in the bench process; app = autocannon on \`/\` ` +
        `signed in as that role, ${webProcesses} web process(es) (docs/decisions/web-processes.md). Framework floor = the same statements in a bare Remix route of the app's process ` +
        `(\`/bench-floor/home-<role>\`, app/bench/framework-floor.tsx: no session, no shell, the largest result ` +
        `as a plain table): what the page costs above it is our code. CPU/req: the web process and its pool's ` +
        `backends a page against this process and its backends a floor replay (medians of the rounds, then the median ` +
        `of the rounds' own ratios). Data: ${JSON.stringify(counts[0])}.`,
      "",
      markdownTable(
        [
          "Target",
          "Statements",
          "Floor p50 ms",
          "Floor p95 ms",
          "Framework floor p95 ms",
          "App p50 ms",
          "App p95 ms",
          "App req/s",
          "p95 ÷ floor",
          "Framework ÷ floor + app ÷ framework",
          "CPU/req app / floor ms",
          "non-2xx",
        ],
        rows,
      ),
      "",
      scans.length
        ? `Sequential scans of tables over 10k rows (${scans.length}):\n${scans.map((s) => `- ${s}`).join("\n")}`
        : "No sequential scan of a table over 10k rows.",
      "",
    ].join("\n");
    console.log(`\n${markdown}`);
    const outDir = path.join(root, "tests/bench/.results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, "homes.md"), markdown);
  } finally {
    await stopChild(app);
    fs.rmSync(statementsFile, { force: true });
    await client?.end({ timeout: 2 }).catch(() => {});
    await database?.drop();
    log(`total ${seconds(Date.now() - started)}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
