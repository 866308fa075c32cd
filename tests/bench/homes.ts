// `npm run bench:homes`: what the three Home dashboards ask of the database on the large data set
// (docs/decisions/dashboards.md). Not yet part of `npm run bench` (no HTTP load, no floor server):
// it times the home loaders' model calls directly, 20 concurrent callers, and reports p50/p95 per
// role, plus the statements that read a big table without an index.
//
// 1. scratch database cab_homes_<timestamp>: migrate, `db/seed/index.ts --large`, VACUUM ANALYZE;
// 2. per role: 5 warm-up rounds, then ROUNDS rounds of CONNECTIONS concurrent home loads;
// 3. EXPLAIN of every statement one owner home sends: Seq Scans on tables over 10k rows are listed;
// 4. the database is dropped whatever happens.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "../../db/schema";
import { listActivity } from "../../app/models/activity.server";
import {
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
import { fmtMs, markdownTable, percentile, run, seconds, tsxBin, withDatabase } from "./lib";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TZ = "America/New_York";
const started = Date.now();
const log = (m: string) => console.log(`[homes ${seconds(Date.now() - started).padStart(7)}] ${m}`);

type Db = ReturnType<typeof drizzle<typeof schema>>;

async function home(db: Db, role: Role, userId: number) {
  const today = businessToday(TZ);
  const clock = { today, timeZone: TZ };
  const viewer = { role, userId };
  const side = [needsAttention(db, clock, viewer), listActivity(db, viewer, { limit: 5 })];
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

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `cab_homes_${Date.now()}`;
  const url = withDatabase(adminUrl, dbName);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  let client: postgres.Sql | undefined;
  try {
    await admin.unsafe(`create database "${dbName}"`);
    const env = { ...process.env, DATABASE_URL: url, SESSION_SECRET: "bench-session-secret-0123456789" };
    await run(tsxBin, ["db/migrate.ts"], env, "migrate");
    log("loading the large data set");
    await run(tsxBin, ["db/seed/index.ts", "--large"], env, "seed");
    client = postgres(url, { max: CONNECTIONS, onnotice: () => {} });
    await client.unsafe("vacuum (analyze)");
    const counts = await client.unsafe(
      `select (select count(*) from customers) c, (select count(*) from jobs) j, (select count(*) from invoices) i,
        (select count(*) from payments) p, (select count(*) from activity_log) a, (select count(*) from tasks) t`,
    );
    log(`data: ${JSON.stringify(counts[0])}`);
    const db = drizzle(client, { schema });
    const users = await client.unsafe(`select id, role from users where username in ('owner', 'office', 'installer')`);
    const rows: (string | number)[][] = [];
    for (const role of ["owner", "office", "installer"] as Role[]) {
      const userId = Number(users.find((u) => u.role === role)?.id);
      for (let i = 0; i < 5; i++) await home(db, role, userId);
      const samples: number[] = [];
      for (let r = 0; r < ROUNDS; r++)
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async () => {
            const t = performance.now();
            await home(db, role, userId);
            samples.push(performance.now() - t);
          }),
        );
      const single: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await home(db, role, userId);
        single.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      single.sort((a, b) => a - b);
      rows.push([
        role,
        fmtMs(percentile(single, 50)),
        fmtMs(percentile(single, 95)),
        fmtMs(percentile(samples, 50)),
        fmtMs(percentile(samples, 95)),
      ]);
      log(`${role}: done`);
    }
    console.log(
      `\n${markdownTable(
        [
          "Home",
          "alone p50 ms",
          "alone p95 ms",
          `${CONNECTIONS} concurrent p50 ms`,
          `${CONNECTIONS} concurrent p95 ms`,
        ],
        rows,
      )}\n`,
    );

    // Every statement of the owner's home, EXPLAINed: which read a big table sequentially.
    const captured: { sql: string; params: unknown[] }[] = [];
    const logged = drizzle(client, { schema, logger: { logQuery: (q, p) => captured.push({ sql: q, params: p }) } });
    const ownerId = Number(users.find((u) => u.role === "owner")?.id);
    await home(logged, "owner", ownerId);
    await home(logged, "office", ownerId);
    const big = new Set(
      (await client.unsafe(`select relname from pg_class where relkind = 'r' and reltuples > 10000`)).map((r) =>
        String(r.relname),
      ),
    );
    const scans: string[] = [];
    for (const statement of captured) {
      const plan = await client.unsafe(`explain ${statement.sql}`, statement.params as never[]);
      const text = plan.map((r) => String(r["QUERY PLAN"])).join("\n");
      for (const m of text.matchAll(/Seq Scan on (\w+)/g))
        if (big.has(m[1])) scans.push(`${m[1]} in: ${statement.sql.replace(/\s+/g, " ").slice(0, 140)}…`);
    }
    console.log(
      scans.length
        ? `Sequential scans of tables over 10k rows (${scans.length}):\n${scans.map((s) => `- ${s}`).join("\n")}`
        : "No sequential scan of a table over 10k rows.",
    );
  } finally {
    await client?.end({ timeout: 2 }).catch(() => {});
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {});
    await admin.end({ timeout: 2 }).catch(() => {});
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
