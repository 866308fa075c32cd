// `npm run bench:reports`: every report's /api route (and some report pages) under load at the large
// data set, against its floor: the SAME SQL statements — captured from the app's own runReport
// through a logging drizzle client — replayed bare with postgres.js at the same concurrency, in
// this process (no HTTP, no session, no JSON or HTML). Aim (issue 14): p95 ≤ 2× the floor's p95.
//
// Database (benchDatabase in lib.ts): BENCH_REUSE_DB=<name> or BENCH_DATABASE_URL (already loaded with
// `db/seed/index.ts --large`; kept), else a scratch database cab_bench_reports_<timestamp>, created, loaded and dropped.
// Knobs: BENCH_DURATION (s, default 8), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 20),
// BENCH_RANGE (default 365), BENCH_REPORT_PAGES ("all", or default: financial, ar-aging, profitability).
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { CONNECTIONS, loadUrl, replayFloor, type Captured } from "./replay";
import { REPORT_NAMES, runReport, type ReportName } from "../../app/models/reports.server";
import { businessToday } from "../../app/utils/dates";
import * as schema from "../../db/schema";
import {
  benchDatabase,
  buildIfStale,
  type BenchDatabase,
  fmtMs,
  freePort,
  markdownTable,
  percentile,
  root,
  seconds,
  startChild,
  stopChild,
  waitForHttp,
  appServerArgs,
} from "./lib";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const RANGE = process.env.BENCH_RANGE ?? "365";
const TZ = process.env.BUSINESS_TIME_ZONE ?? "America/New_York";
const PAGES: ReportName[] =
  process.env.BENCH_REPORT_PAGES === "all"
    ? REPORT_NAMES.filter((n) => n !== "summary")
    : ["financial", "ar-aging", "profitability"];

const started = Date.now();
const log = (message: string) => console.log(`[bench ${seconds(Date.now() - started).padStart(7)}] ${message}`);

/** The statements runReport sends for one report, in order. */
async function capture(client: postgres.Sql, name: ReportName, params: URLSearchParams, today: string) {
  const captured: Captured[] = [];
  const db = drizzle(client, { schema, logger: { logQuery: (sql, p) => captured.push({ sql, params: p }) } });
  await runReport(db, name, params, today, TZ);
  return captured;
}

async function main() {
  let database: BenchDatabase | undefined;
  let app: ReturnType<typeof startChild> | undefined;
  let client: postgres.Sql | undefined;
  try {
    database = await benchDatabase("cab_bench_reports", { env: { BUSINESS_TIME_ZONE: TZ }, log });
    const databaseUrl = database.url;
    client = postgres(databaseUrl, { max: Number(process.env.DATABASE_POOL_SIZE ?? 10), onnotice: () => {} });
    const [{ invoices, payments }] = await client<{ invoices: number; payments: number }[]>`
      select (select count(*) from invoices)::int as invoices, (select count(*) from payments)::int as payments`;
    log(`database: ${invoices.toLocaleString("en-US")} invoices, ${payments.toLocaleString("en-US")} payments`);
    await buildIfStale(process.env, log);
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
        // Background jobs in-process: reports enqueue nothing.
        REDIS_URL: undefined,
      },
      "app",
    );
    await waitForHttp(`${baseUrl}/healthz`, app);
    const login = await fetch(`${baseUrl}/login`, {
      method: "POST",
      body: new URLSearchParams({ username: "owner", password: "cabinets2026" }),
      headers: { Origin: baseUrl },
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`sign-in failed: ${login.status}`);

    const today = businessToday(TZ);
    const rows: string[][] = [];
    const targets: Array<{ label: string; url: string; statements: Captured[] }> = [];
    for (const name of REPORT_NAMES) {
      const params = new URLSearchParams(name === "ar-aging" ? {} : { range: RANGE });
      targets.push({
        label: `API /api/reports/${name}`,
        url: `${baseUrl}/api/reports/${name}?${params}`,
        statements: await capture(client, name, params, today),
      });
    }
    for (const name of PAGES) {
      const params = new URLSearchParams(name === "ar-aging" ? { tab: name } : { tab: name, range: RANGE });
      // The page runs the headline cards and the tab.
      const statements = [
        ...(await capture(client, "summary", new URLSearchParams({ range: RANGE }), today)),
        ...(await capture(client, name, params, today)),
      ];
      targets.push({ label: `Page /reports?tab=${name}`, url: `${baseUrl}/reports?${params}`, statements });
    }
    log(`${targets.length} targets, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each`);
    for (const t of targets) {
      const check = await fetch(t.url, { headers: { Cookie: cookie }, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${t.url} answered ${check.status}`);
      if (WARMUP) await replayFloor(client, t.statements, WARMUP, "in-transaction");
      const f = await replayFloor(client, t.statements, DURATION, "in-transaction");
      if (WARMUP) await loadUrl(t.url, cookie, WARMUP);
      const a = await loadUrl(t.url, cookie, DURATION);
      const fp95 = percentile(f, 95);
      const ap95 = percentile(a.samples, 95);
      const ratio = ap95 / fp95;
      log(
        `${t.label.padEnd(36)} floor p95 ${fmtMs(fp95).padStart(7)} ms  app p50 ${fmtMs(percentile(a.samples, 50)).padStart(7)}` +
          ` p95 ${fmtMs(ap95).padStart(7)} ms  ${ratio.toFixed(2)}×  non-2xx ${a.non2xx}`,
      );
      rows.push([
        t.label,
        String(t.statements.length),
        fmtMs(percentile(f, 50)),
        fmtMs(fp95),
        fmtMs(percentile(a.samples, 50)),
        fmtMs(ap95),
        (a.samples.length / DURATION).toFixed(0),
        `${ratio.toFixed(2)}× ${ratio <= 2 ? "✅" : "❌"}`,
        String(a.non2xx),
      ]);
    }
    const markdown = [
      `### Benchmark: Reports (${new Date().toISOString().slice(0, 10)}, range ${RANGE}, ${CONNECTIONS} connections)`,
      "",
      `Floor = the report's own statements (captured from runReport) replayed bare by postgres.js, ${CONNECTIONS} ` +
        `concurrent loops in the bench process; app = autocannon on the route. ${invoices.toLocaleString("en-US")} ` +
        `invoices, ${payments.toLocaleString("en-US")} payments.`,
      "",
      markdownTable(
        [
          "Target",
          "Statements",
          "Floor p50 ms",
          "Floor p95 ms",
          "App p50 ms",
          "App p95 ms",
          "App req/s",
          "p95 ÷ floor",
          "non-2xx",
        ],
        rows,
      ),
      "",
    ].join("\n");
    console.log(`\n${markdown}`);
    const outDir = path.join(root, "tests/bench/.results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, "reports.md"), markdown);
  } finally {
    await stopChild(app);
    await client?.end({ timeout: 2 });
    await database?.drop();
    log(`total ${seconds(Date.now() - started)}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
