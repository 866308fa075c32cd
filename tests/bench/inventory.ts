// `npm run bench:inventory`: the Inventory screens (issue 13 item 8; docs/decisions/inventory.md) under
// load at the large data set (5k items, 500k transactions), against their floor: the SAME SQL
// statements — captured from the loaders' model calls through a logging drizzle client — replayed
// bare with postgres.js at the same concurrency, in this process (no HTTP, no session, no JSON or
// HTML), as tests/bench/homes.ts does. Targets: the Items tab, the Transactions tab (page 1 and
// filtered by an item), a job's Materials dialog (Usage and Issue tabs, over the Jobs list whose
// statements count too) and the Purchase Orders tab, requested as a browser loads a page (Accept:
// text/html). Per target also the CPU per request — the app's server process and its PostgreSQL
// backends against this process and the floor's backends (tests/bench/cpu.ts) — and the page's
// HTML bytes. Then EXPLAIN of every statement: Seq Scans on tables over 10k rows are listed.
//
// The large seed has no purchase orders: 5,000 (3 lines each, every status) are added by SQL first.
// Database (benchDatabase in lib.ts): BENCH_REUSE_DB=<name> or BENCH_DATABASE_URL (already loaded with
// `db/seed/index.ts --large`; kept), else a scratch database cab_inventory_<timestamp>, created, loaded and dropped.
// Knobs: BENCH_DURATION (s, default 8), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 20).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { SESSION_SETTINGS } from "../../db/client.server";
import { cpuWindow } from "./cpu";
import { CONNECTIONS, loadUrl, replayFloor, signInCookie, type Captured } from "./replay";
import * as schema from "../../db/schema";
import {
  categoryChoices,
  inventorySummary,
  itemLabel,
  itemOptions,
  jobMaterialCost,
  jobMaterials,
  listItems,
  listTransactions,
  supplierChoices,
} from "../../app/models/inventory.server";
import { getJob, listJobs } from "../../app/models/job.server";
import { listPurchaseOrders } from "../../app/models/purchasing.server";
import { getSettings } from "../../app/models/settings.server";
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
const TZ = process.env.BUSINESS_TIME_ZONE ?? "America/New_York";
const started = Date.now();
const loadAtStart = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" / ");
const FLOOR_APP = "cab-inventory-floor";
/** A browser's page load (as `npm run bench` asks): list pages then send their rows as HTML only. */
const PAGE_LOAD = { Accept: "text/html" };
const log = (m: string) => console.log(`[inventory ${seconds(Date.now() - started).padStart(7)}] ${m}`);

type Db = ReturnType<typeof drizzle<typeof schema>>;

type Target = { name: string; path: string; loader: (db: Db) => Promise<unknown> };

const PAGE = { limit: 50, offset: 0 };
/** The Jobs list's first page, as its loader reads it (the Materials dialog's parent route). */
const JOBS_PAGE = { search: "", status: "", ...PAGE };

/** What each screen's loader asks of the models (the routes under app/routes/_app.inventory*). */
function targets(ids: { itemId: number; jobId: number }): Target[] {
  return [
    {
      name: "Items tab",
      path: "/inventory",
      loader: (db) =>
        Promise.all([
          listItems(db, { search: "", type: "", categoryId: null, lowStock: false, active: "active", ...PAGE }),
          inventorySummary(db),
          categoryChoices(db),
        ]),
    },
    {
      name: "Transactions tab",
      path: "/inventory/transactions",
      loader: (db) =>
        Promise.all([listTransactions(db, { search: "", type: "", ...PAGE }), inventorySummary(db), getSettings(db)]),
    },
    {
      name: "Transactions of an item",
      path: `/inventory/transactions?itemId=${ids.itemId}`,
      loader: (db) =>
        Promise.all([
          listTransactions(db, { search: "", type: "", itemId: ids.itemId, ...PAGE }),
          inventorySummary(db),
          getSettings(db),
          itemLabel(db, ids.itemId),
        ]),
    },
    {
      name: "Job materials",
      path: `/jobs/${ids.jobId}/materials`,
      // The dialog is drawn over the Jobs list (its parent route): the list's statements are the screen's too.
      loader: async (db) => {
        await getJob(db, ids.jobId);
        return Promise.all([listJobs(db, JOBS_PAGE), jobMaterials(db, ids.jobId), jobMaterialCost(db, ids.jobId)]);
      },
    },
    {
      name: "Issue materials",
      path: `/jobs/${ids.jobId}/materials?tab=issue`,
      loader: async (db) => {
        await getJob(db, ids.jobId);
        return Promise.all([
          listJobs(db, JOBS_PAGE),
          jobMaterials(db, ids.jobId),
          jobMaterialCost(db, ids.jobId),
          itemOptions(db),
        ]);
      },
    },
    {
      name: "Purchase Orders tab",
      path: "/inventory/purchase-orders",
      loader: (db) =>
        Promise.all([
          listPurchaseOrders(db, { search: "", status: "", supplierId: null, ...PAGE }),
          inventorySummary(db),
          supplierChoices(db),
        ]),
    },
  ];
}

async function capture(client: postgres.Sql, target: Target) {
  const captured: Captured[] = [];
  const db = drizzle(client, { schema, logger: { logQuery: (sql, p) => captured.push({ sql, params: p }) } });
  await target.loader(db);
  return captured;
}

/** The large seed has no purchase orders: 5,000 over its suppliers and items, 3 lines each, every status. */
async function addPurchaseOrders(client: postgres.Sql) {
  const [{ n }] = await client.unsafe(`select count(*)::int as n from purchase_orders`);
  if (Number(n) >= 5000) return;
  log("adding 5,000 purchase orders (15,000 lines)");
  await client.unsafe(`
    insert into purchase_orders (po_number, supplier_id, status, ordered_at, expected_date, created_at, updated_at)
    select 'PO-BENCH-' || lpad(g::text, 5, '0'),
      (select id from suppliers order by id offset (g % (select count(*) from suppliers)) limit 1),
      (array['draft', 'ordered', 'partial', 'received', 'received', 'received', 'cancelled'])[1 + g % 7],
      now() - (g || ' hours')::interval, (current_date + (g % 30))::date,
      now() - (g || ' hours')::interval, now() - (g || ' hours')::interval
    from generate_series(1, 5000) g`);
  await client.unsafe(`
    insert into purchase_order_lines (purchase_order_id, item_id, quantity, unit_multiplier, unit_cost, received_quantity)
    select o.id, i.id, 1 + (o.id + k) % 20, i.unit_multiplier, greatest(i.average_cost, 1),
      case o.status when 'received' then 1 + (o.id + k) % 20 when 'partial' then 1 else 0 end
    from purchase_orders o cross join generate_series(0, 2) k
    join lateral (select id, unit_multiplier, average_cost from inventory_items
      order by id offset ((o.id * 7 + k * 131) % 5000) limit 1) i on true
    where o.po_number like 'PO-BENCH-%'`);
}

async function main() {
  let database: BenchDatabase | undefined;
  let app: ReturnType<typeof startChild> | undefined;
  let client: postgres.Sql | undefined;
  let adminClient: postgres.Sql | undefined;
  try {
    database = await benchDatabase("cab_inventory", { env: { BUSINESS_TIME_ZONE: TZ }, log });
    const databaseUrl = database.url;
    client = postgres(databaseUrl, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      onnotice: () => {},
      connection: { ...SESSION_SETTINGS, application_name: FLOOR_APP },
    });
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: { application_name: "cab-bench" } });
    adminClient = admin;
    /** The PostgreSQL backends serving the app's pool, or the floor's. */
    const backends = (floor: boolean) => async () =>
      (
        await admin<{ pid: number }[]>`
          select pid from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend'
            and ${floor ? admin`application_name = ${FLOOR_APP}` : admin`application_name not in (${FLOOR_APP}, 'cab-bench')`}`
      ).map((r) => r.pid);
    await addPurchaseOrders(client);
    await client.unsafe("vacuum (analyze)");
    const counts = await client.unsafe(
      `select (select count(*) from inventory_items) items, (select count(*) from inventory_transactions) transactions,
        (select count(*) from job_material_usages) usages, (select count(*) from purchase_orders) orders,
        (select count(*) from purchase_order_lines) lines`,
    );
    log(`data: ${JSON.stringify(counts[0])}`);
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
        REDIS_URL: undefined,
      },
      "app",
    );
    await waitForHttp(`${baseUrl}/healthz`, app);
    // An item with many movements, and the job with the most usage rows.
    const [{ itemId }] = await client.unsafe(
      `select item_id as "itemId" from inventory_transactions group by item_id order by count(*) desc limit 1`,
    );
    const [{ jobId }] = await client.unsafe(
      `select job_id as "jobId" from job_material_usages group by job_id order by count(*) desc limit 1`,
    );
    const cookie = await signInCookie(baseUrl, "office");
    const rows: string[][] = [];
    const everyStatement: Captured[] = [];
    const list = targets({ itemId: Number(itemId), jobId: Number(jobId) });
    log(`${list.length} screens, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each`);
    for (const target of list) {
      const statements = await capture(client, target);
      everyStatement.push(...statements);
      const url = `${baseUrl}${target.path}`;
      const check = await fetch(url, { headers: { ...PAGE_LOAD, Cookie: cookie }, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${target.name} answered ${check.status}`);
      if (WARMUP) await replayFloor(client, statements, WARMUP);
      // CPU per request: the floor's is this process (postgres.js) and its backends; the app's is
      // the server process and its pool's backends (autocannon, in this process, is not counted).
      const endFloor = cpuWindow(undefined, backends(true));
      const f = await replayFloor(client, statements, DURATION);
      const floorCpu = await endFloor();
      if (WARMUP) await loadUrl(url, cookie, WARMUP, PAGE_LOAD);
      const endApp = cpuWindow(app.pid, backends(false));
      const a = await loadUrl(url, cookie, DURATION, PAGE_LOAD);
      const appCpu = await endApp();
      const fCpu = (floorCpu.selfMs + floorCpu.dbMs) / f.length;
      const aCpu = (appCpu.serverMs + appCpu.dbMs) / a.samples.length;
      const other = Math.max(0, appCpu.machineMs - appCpu.serverMs - appCpu.dbMs - appCpu.selfMs) / appCpu.elapsedMs;
      const html = await (await fetch(url, { headers: { ...PAGE_LOAD, Cookie: cookie } })).text();
      const fp95 = percentile(f, 95);
      const ap95 = percentile(a.samples, 95);
      const ratio = ap95 / fp95;
      log(
        `${target.name.padEnd(24)} floor p95 ${fmtMs(fp95).padStart(7)} ms  app p50 ${fmtMs(percentile(a.samples, 50)).padStart(7)}` +
          ` p95 ${fmtMs(ap95).padStart(7)} ms  ${ratio.toFixed(2)}×  non-2xx ${a.non2xx}` +
          `  CPU/req app ${fmtMs(aCpu)} (server ${fmtMs(appCpu.serverMs / a.samples.length)}) floor ${fmtMs(fCpu)} ms` +
          `  HTML ${(html.length / 1000).toFixed(1)} KB  other load ${other.toFixed(2)} cores`,
      );
      rows.push([
        `${target.name} (\`${target.path.replace(/\d+/g, ":id")}\`)`,
        String(statements.length),
        fmtMs(percentile(f, 50)),
        fmtMs(fp95),
        fmtMs(percentile(a.samples, 50)),
        fmtMs(ap95),
        (a.samples.length / DURATION).toFixed(0),
        `${ratio.toFixed(2)}×`,
        `${fmtMs(aCpu)} / ${fmtMs(fCpu)}, ${(aCpu / fCpu).toFixed(2)}×`,
        (html.length / 1000).toFixed(1),
        String(a.non2xx),
      ]);
    }

    // Every statement of the screens, EXPLAINed: which read a big table sequentially.
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
      `### Benchmark: Inventory screens (${new Date().toISOString().slice(0, 10)}, ${CONNECTIONS} connections)`,
      "",
      `Floor = the screen's own statements (captured from the loader's model calls) sent bare by postgres.js, ` +
        `concurrently as the loader does, ${CONNECTIONS} loops in the bench process; app = autocannon on the ` +
        `screen's URL signed in as office (Accept: text/html). CPU ms/req: app = server process + its ` +
        `PostgreSQL backends, floor = bench process + the floor's backends. Load average at the start: ` +
        `${loadAtStart}. Data: ${JSON.stringify(counts[0])}.`,
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
          "CPU ms/req app / floor",
          "HTML KB",
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
    fs.writeFileSync(path.join(outDir, "inventory.md"), markdown);
  } finally {
    await stopChild(app);
    await client?.end({ timeout: 2 }).catch(() => {});
    await adminClient?.end({ timeout: 2 }).catch(() => {});
    await database?.drop();
    log(`total ${seconds(Date.now() - started)}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
