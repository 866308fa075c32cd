// `npm run bench:inbox`: the scheduled Inbox sync catching up a busy mailbox (issue 16 item 5;
// docs/performance.md "Worker throughput"). A real Dovecot (tests/setup/dovecot.ts), the real worker
// process (`jobs/worker.ts`), and the job its inbox scheduler produces.
//
// 1. the database (benchDatabase in lib.ts): BENCH_REUSE_DB / BENCH_DATABASE_URL reuse a loaded one
//    (kept; its e-mail configuration is replaced for the run), else a scratch cab_inbox_<timestamp>
//    with `db/seed/index.ts --large` (BENCH_SEED=demo for the demo data);
// 2. Dovecot on a free port, a mailbox of this run configured in Settings → Email; the worker; one
//    scheduled run on the empty mailbox (it remembers where the mailbox stands);
// 3. BENCH_MESSAGES (5,000) messages APPENDed, about one in five from a customer's address;
// 4. scheduled runs (the scheduler's job: {trigger: "schedule"}, its options) one after another until
//    one reports it caught up; messages/min over the runs' own time (job start → finish);
// 5. checks: each message imported exactly once (by subject and by Message-ID), none missing.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Queue, QueueEvents } from "bullmq";
import { ImapFlow } from "imapflow";
import { Redis } from "ioredis";
import postgres from "postgres";
import { EMAIL_QUEUE, SYNC_INBOX_JOB } from "../../jobs/queues";
import { startDovecot, type Dovecot } from "../setup/dovecot";
import { machineBusyMs, processCpuMs } from "./cpu";
import {
  benchDatabase,
  type BenchDatabase,
  markdownTable,
  portOpen,
  root,
  seconds,
  sleep,
  startChild,
  stopChild,
} from "./lib";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000);
const SEED = process.env.BENCH_SEED ?? "large";
const EMAIL_SECRET_KEY = "YmVuY2gtZW1haWwtc2VjcmV0LWtleS0zMi1ieXRlcyE=";

const started = Date.now();
const log = (m: string) => console.log(`[inbox ${seconds(Date.now() - started).padStart(7)}] ${m}`);
const tag = Date.now().toString(36);
const MAILBOX = `office-${tag}@bench.test`;

/** A plain RFC 5322 message of about 2 KB, like a customer's note. */
function message(n: number, from: string) {
  const body = `Hello,\r\n\r\nMessage ${n} of the inbox bench.\r\n${"The cabinets look great; a question about the hinges. ".repeat(30)}\r\n\r\nThanks\r\n`;
  return Buffer.from(
    [
      `From: Customer ${n} <${from}>`,
      `To: Northwind Office <${MAILBOX}>`,
      `Subject: Inbox bench ${tag} #${String(n).padStart(5, "0")}`,
      `Message-ID: <bench-${tag}-${n}@bench.test>`,
      `Date: ${new Date(Date.UTC(2026, 10, 1) + n * 1000).toUTCString()}`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "",
      body,
    ].join("\r\n"),
  );
}

async function main() {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  if (!(await portOpen("127.0.0.1", 6379)) && !process.env.REDIS_URL)
    throw new Error("Redis is not running on 127.0.0.1:6379 (bash tests/setup/prepare.sh starts it)");
  const prefix = `cabbench-inbox-${tag}`;
  let database: BenchDatabase | undefined;
  let dovecot: Dovecot | undefined;
  let worker: ChildProcess | undefined;
  let sql: postgres.Sql | undefined;
  let redis: Redis | undefined;
  let queue: Queue | undefined;
  let events: QueueEvents | undefined;
  let failed = false;
  try {
    database = await benchDatabase("cab_inbox", { seed: SEED === "large" ? "large" : "demo", log });
    const databaseUrl = database.url;
    if (database.reused) log("its e-mail configuration is replaced for the run and removed afterwards");
    dovecot = await startDovecot();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      SESSION_SECRET: "bench-session-secret-0123456789",
      BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE ?? "America/New_York",
      EMAIL_SECRET_KEY,
      IMAP_HOST: dovecot.host,
      IMAP_PORT: String(dovecot.port),
      IMAP_SECURE: "false",
      NODE_ENV: "production",
    };
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {}, connection: { application_name: "cab-bench" } });
    const [{ emailsBefore }] = await sql<
      { emailsBefore: number }[]
    >`select count(*)::int as "emailsBefore" from emails`;
    const customerEmails = (
      await sql<
        { email: string }[]
      >`select email from customers where email is not null and email <> '' order by id limit 500`
    ).map((r) => r.email);

    // The one e-mail configuration, through the model (the app password encrypted as the app does).
    process.env.EMAIL_SECRET_KEY = EMAIL_SECRET_KEY;
    process.env.DATABASE_URL = databaseUrl;
    const { getDb, closeDb } = await import("../../db/client.server");
    const { saveEmailConfig } = await import("../../app/models/email-config.server");
    const db = await getDb();
    await sql`delete from email_config`;
    await saveEmailConfig(db, {
      provider: "gmail",
      senderEmail: MAILBOX,
      senderName: "Northwind Office",
      isActive: true,
      appPassword: dovecot.password,
    });
    await closeDb();

    worker = startChild(process.execPath, ["--import", "tsx", "jobs/worker.ts"], env, "worker");
    redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    queue = new Queue(EMAIL_QUEUE, { connection: redis, prefix });
    const { hostname, port } = new URL(redisUrl);
    events = new QueueEvents(EMAIL_QUEUE, { connection: { host: hostname, port: Number(port || 6379) }, prefix });
    await events.waitUntilReady();
    const readyBy = Date.now() + 60_000;
    while ((await queue.getWorkers()).length === 0) {
      if (worker.exitCode !== null) throw new Error(`the worker exited with ${worker.exitCode}`);
      if (Date.now() > readyBy) throw new Error("the worker did not start within 60 s");
      await sleep(200);
    }
    // The job the inbox scheduler produces (jobs/worker.ts), added now instead of at the next cron step.
    const scheduledRun = async () => {
      const job = await queue!.add(
        SYNC_INBOX_JOB,
        { trigger: "schedule" },
        { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
      );
      const result = (await job.waitUntilFinished(events!, 10 * 60_000)) as {
        syncedCount: number;
        totalFetched: number;
        batches?: number;
        caughtUp?: boolean;
        skipped?: string;
      };
      const done = await queue!.getJob(job.id!);
      return { result, ms: (done?.finishedOn ?? 0) - (done?.processedOn ?? 0) };
    };
    const first = await scheduledRun();
    log(`first scheduled run on the empty mailbox: ${JSON.stringify(first.result)}`);

    // ------------------------------------------------------------ deliver
    // Four connections appending at once, as a busy mail server delivers.
    let t = Date.now();
    let nextMessage = 1;
    const appender = async () => {
      const client = new ImapFlow({
        host: dovecot!.host,
        port: dovecot!.port,
        secure: false,
        auth: { user: MAILBOX, pass: dovecot!.password },
        logger: false,
      });
      await client.connect();
      try {
        for (let n = nextMessage++; n <= MESSAGES; n = nextMessage++) {
          const from =
            n % 5 === 0 && customerEmails.length
              ? customerEmails[n % customerEmails.length]
              : `sender${n}@elsewhere.test`;
          await client.append("INBOX", message(n, from));
        }
      } finally {
        await client.logout();
      }
    };
    await Promise.all([appender(), appender(), appender(), appender()]);
    log(`appended ${MESSAGES} messages in ${seconds(Date.now() - t)}`);

    // ------------------------------------------------------------ scheduled runs until caught up
    const cpu0 = {
      worker: processCpuMs(worker.pid),
      machine: machineBusyMs(),
    };
    const loadBefore = os.loadavg();
    const runs: { result: Awaited<ReturnType<typeof scheduledRun>>["result"]; ms: number }[] = [];
    t = Date.now();
    for (let i = 0; i < 20; i++) {
      const r = await scheduledRun();
      runs.push(r);
      log(`scheduled run ${i + 1}: ${JSON.stringify(r.result)} in ${seconds(r.ms)}`);
      if (r.result.caughtUp || r.result.skipped) break;
    }
    const wallMs = Date.now() - t;
    const cpu = {
      worker: processCpuMs(worker.pid) - cpu0.worker,
      machine: machineBusyMs() - cpu0.machine,
    };
    const loadAfter = os.loadavg();
    const imported = runs.reduce((s, r) => s + r.result.syncedCount, 0);
    const runMs = runs.reduce((s, r) => s + r.ms, 0);
    const perMinute = (imported * 60_000) / runMs;

    // ------------------------------------------------------------ checks
    const [check] = await sql<{ rows: number; subjects: number; ids: number; linked: number }[]>`
      select count(*)::int as rows, count(distinct subject)::int as subjects, count(distinct message_id)::int as ids,
             count(customer_id)::int as linked
      from emails where subject like ${`Inbox bench ${tag} #%`}`;
    const problems: string[] = [];
    if (check.rows !== MESSAGES) problems.push(`${check.rows} rows for ${MESSAGES} messages`);
    if (check.subjects !== MESSAGES || check.ids !== MESSAGES)
      problems.push(`${check.subjects} distinct subjects, ${check.ids} distinct Message-IDs`);
    if (!runs.at(-1)?.result.caughtUp) problems.push("the scheduled runs did not catch up");

    const report = [
      `Inbox, ${new Date().toISOString()}, ${MESSAGES} messages, data set ${database.reused ? `reused ${database.name}` : SEED} (${emailsBefore.toLocaleString("en-US")} e-mails before)`,
      "",
      markdownTable(
        ["measure", "value"],
        [
          ["scheduled runs until caught up", String(runs.length)],
          ["batches of 50", String(runs.reduce((s, r) => s + (r.result.batches ?? 0), 0))],
          ["imported / fetched", `${imported} / ${runs.reduce((s, r) => s + r.result.totalFetched, 0)}`],
          ["scheduled path (job start → finish)", `**${perMinute.toFixed(0)} messages/min** (${seconds(runMs)})`],
          ["wall time, runs added one after another", seconds(wallMs)],
          ["rows / distinct subjects / distinct Message-IDs", `${check.rows} / ${check.subjects} / ${check.ids}`],
          ["linked to a customer by address", String(check.linked)],
          ["CPU per message: worker", `${(cpu.worker / MESSAGES).toFixed(2)} ms`],
          ["CPU per message: whole machine (all sessions)", `${(cpu.machine / MESSAGES).toFixed(2)} ms`],
          [
            "load average before / after (1 min)",
            `${loadBefore[0].toFixed(2)} / ${loadAfter[0].toFixed(2)} on ${os.cpus().length} cores`,
          ],
        ],
      ),
      "",
      problems.length
        ? `PROBLEMS: ${problems.join("; ")}`
        : "Checks: every message imported exactly once in the scheduled runs.",
    ].join("\n");
    console.log(`\n${report}\n`);
    fs.mkdirSync(path.join(root, "tests/bench/.results"), { recursive: true });
    fs.writeFileSync(path.join(root, "tests/bench/.results/inbox.md"), report + "\n");
    if (problems.length) failed = true;
  } finally {
    await events?.close().catch(() => {});
    await queue?.obliterate({ force: true }).catch(() => {});
    await queue?.close().catch(() => {});
    await stopChild(worker);
    if (redis) {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
        cursor = next;
        if (keys.length) await redis.unlink(...keys);
      } while (cursor !== "0");
      await redis.quit().catch(() => {});
    }
    if (database?.reused && sql) await sql`delete from email_config`.catch(() => {});
    await sql?.end({ timeout: 5 });
    await dovecot?.stop();
    await database?.drop();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
