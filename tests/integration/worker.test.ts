// The BullMQ worker against the real Redis and database. Every queue here lives under a prefix of
// its own (obliterated at the end), so other test files' workers never see these jobs. The jobs
// rerun a business day in 1941 (`asOf`), which touches only the rows this file creates
// (its documents are due in 1941; only maintenance.test.ts's, rolled back, are older: docs/decisions/tests-in-parallel.md).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Job, Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, invoices, quotes } from "../../db/schema";
import type { MaintenanceResult } from "~/models/maintenance.server";
import {
  DAILY_MAINTENANCE_CRON,
  DAILY_MAINTENANCE_JOB,
  DAILY_MAINTENANCE_SCHEDULER,
  EMAIL_QUEUE,
  INBOX_SYNC_SCHEDULER,
  SYNC_INBOX_JOB,
  MAINTENANCE_QUEUE,
  closeQueues,
  enqueue,
} from "../../jobs/queues";
import { registerInProcessProcessors, stopInProcessRuns } from "../../jobs/in-process";
import { dailyMaintenance } from "../../jobs/processors/daily-maintenance";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const run = `${Date.now().toString(36)}-${process.pid}`;
const prefix = `cabtest-worker-${run}`;
const childPrefix = `${prefix}-child`;
const redisUrl = () => process.env.REDIS_URL as string;

const created = { customers: [] as number[], quotes: [] as number[], invoices: [] as number[] };
let seq = 0;

async function pastDueDocuments(date: string) {
  const db = await getDb();
  seq += 1;
  const [c] = await db
    .insert(customers)
    .values({ name: `Worker test ${run} ${seq}` })
    .returning({ id: customers.id });
  const [q] = await db
    .insert(quotes)
    .values({
      customerId: c.id,
      quoteNumber: `WT-${run}-Q${seq}`,
      title: `Worker test quote ${run} ${seq}`,
      status: "sent",
      validUntil: date,
    })
    .returning({ id: quotes.id });
  const [i] = await db
    .insert(invoices)
    .values({
      customerId: c.id,
      invoiceNumber: `WT-${run}-I${seq}`,
      title: `Worker test invoice ${run} ${seq}`,
      status: "sent",
      // Issued today (the default), due long ago: as of a past date the AR aging of another file
      // (reports-api, 1950) never counts it (docs/decisions/tests-in-parallel.md).
      dueDate: date,
      total: "250.00",
      balance: "250.00",
    })
    .returning({ id: invoices.id });
  created.customers.push(c.id);
  created.quotes.push(q.id);
  created.invoices.push(i.id);
  return { quoteId: q.id, invoiceId: i.id };
}

async function statuses(ids: { quoteId: number; invoiceId: number }) {
  const db = await getDb();
  const [q] = await db
    .select({ status: quotes.status })
    .from(quotes)
    .where(inArray(quotes.id, [ids.quoteId]));
  const [i] = await db
    .select({ status: invoices.status })
    .from(invoices)
    .where(inArray(invoices.id, [ids.invoiceId]));
  return { quote: q?.status, invoice: i?.status };
}

/** Removes every key of a test prefix and returns what is left (should be nothing). */
async function obliterate(keyPrefix: string) {
  const connection = new Redis(redisUrl(), { maxRetriesPerRequest: null });
  try {
    // Every queue the worker serves (the registry), not only maintenance.
    for (const name of new Set([MAINTENANCE_QUEUE, ...Object.keys(processors)])) {
      const queue = new Queue(name, { connection, prefix: keyPrefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    return await connection.keys(`${keyPrefix}:*`);
  } finally {
    await connection.quit();
  }
}

function connectionOptions() {
  return { connection: new Redis(redisUrl(), { maxRetriesPerRequest: null }), prefix };
}

afterAll(async () => {
  const db = await getDb();
  if (created.invoices.length) await db.delete(invoices).where(inArray(invoices.id, created.invoices));
  if (created.quotes.length) await db.delete(quotes).where(inArray(quotes.id, created.quotes));
  if (created.customers.length) {
    await db.delete(activityLog).where(inArray(activityLog.customerId, created.customers));
    await db.delete(customers).where(inArray(customers.id, created.customers));
  }
  await closeDb();
});

describe("BullMQ worker", () => {
  let running: RunningWorker | undefined;
  let queue: Queue;
  let events: QueueEvents;
  const previousPrefix = process.env.QUEUE_PREFIX;

  beforeAll(async () => {
    // enqueue() reads the prefix from the environment, like the web process does.
    process.env.QUEUE_PREFIX = prefix;
    running = await startWorker({ prefix, concurrency: 2 });
    queue = new Queue(MAINTENANCE_QUEUE, connectionOptions());
    events = new QueueEvents(MAINTENANCE_QUEUE, connectionOptions());
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await running?.close();
    await events?.close();
    await queue?.close();
    await closeQueues();
    process.env.QUEUE_PREFIX = previousPrefix;
    expect(await obliterate(prefix)).toEqual([]);
  });

  it("processes a maintenance job added through enqueue()", async () => {
    const docs = await pastDueDocuments("1941-03-01");
    const enqueued = await enqueue(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, { asOf: "1941-03-02" });
    expect(enqueued).toMatchObject({ mode: "redis", queueName: MAINTENANCE_QUEUE, jobName: DAILY_MAINTENANCE_JOB });

    const job = await Job.fromId<unknown, MaintenanceResult>(queue, enqueued.id);
    expect(job?.opts).toMatchObject({
      attempts: 5,
      backoff: { type: "exponential", delay: 5000 },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    });
    const result = await job!.waitUntilFinished(events, 20_000);

    expect(result.today).toBe("1941-03-02");
    expect(result.expiredQuotes).toBeGreaterThanOrEqual(1);
    expect(result.overdueInvoices).toBeGreaterThanOrEqual(1);
    expect(await statuses(docs)).toEqual({ quote: "expired", invoice: "overdue" });
  });

  it("registers one daily maintenance scheduler, however often a worker starts", async () => {
    const second = await startWorker({ prefix, concurrency: 1 });
    await second.close();

    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({
      key: DAILY_MAINTENANCE_SCHEDULER,
      name: DAILY_MAINTENANCE_JOB,
      pattern: DAILY_MAINTENANCE_CRON,
      tz: process.env.BUSINESS_TIME_ZONE || "America/New_York",
    });
    expect(schedulers[0].next).toBeGreaterThan(Date.now());

    // The inbox sync: one scheduler on the email queue, every 5 minutes, not at start-up.
    const email = new Queue(EMAIL_QUEUE, connectionOptions());
    try {
      const inbox = await email.getJobSchedulers();
      expect(inbox).toHaveLength(1);
      expect(inbox[0]).toMatchObject({ key: INBOX_SYNC_SCHEDULER, name: SYNC_INBOX_JOB, pattern: "*/5 * * * *" });
      expect(inbox[0].next).toBeGreaterThan(Date.now());
      expect(await email.getJobCounts("active", "completed", "failed")).toEqual({ active: 0, completed: 0, failed: 0 });
    } finally {
      await email.close();
    }
  });

  it("fails a job with an unknown name at once instead of retrying it", async () => {
    const job = await queue.add("no-such-job", {});
    await expect(job.waitUntilFinished(events, 20_000)).rejects.toThrow(/no processor for job "no-such-job"/);
    const failed = await Job.fromId(queue, job.id!);
    expect(failed?.attemptsMade).toBe(1);
  });

  it("closes cleanly", async () => {
    const worker = running!;
    running = undefined;
    await worker.close();
    for (const w of worker.workers) expect(w.isRunning()).toBe(false);
  });
});

describe("jobs/worker.ts as a process", () => {
  const env = () => ({ ...process.env, QUEUE_PREFIX: childPrefix, WORKER_CONCURRENCY: "2" });

  afterAll(async () => {
    expect(await obliterate(childPrefix)).toEqual([]);
  });

  it("exits 0 soon after SIGTERM", { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "jobs/worker.ts"], {
      cwd: root,
      env: env(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );

    // Starting under tsx compiles the worker's modules: seconds on a loaded machine.
    const until = Date.now() + 45_000;
    while (!output.includes("[worker] ready") && child.exitCode === null && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(output).toContain(`prefix "${childPrefix}"`);

    const signalledAt = Date.now();
    child.kill("SIGTERM");
    // The signal (if any) and the worker's output tell a failure's cause (killed before its handler, a crash).
    expect(await exited, `the worker's output:\n${output}`).toEqual({ code: 0, signal: null });
    // Not a speed goal: a stop that waited for a job lock to expire (30 s) would take longer than this.
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    expect(output).toContain("[worker] stopped");
  });

  it("refuses to start without REDIS_URL", () => {
    const withoutRedis: NodeJS.ProcessEnv = env();
    delete withoutRedis.REDIS_URL;
    const result = spawnSync(process.execPath, ["--import", "tsx", "jobs/worker.ts"], {
      cwd: root,
      env: withoutRedis,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("REDIS_URL is not set");
  });
});

describe("enqueue without REDIS_URL (in-process runner)", () => {
  const savedRedisUrl = process.env.REDIS_URL;
  beforeAll(() => {
    delete process.env.REDIS_URL;
  });
  afterAll(async () => {
    await stopInProcessRuns();
    process.env.REDIS_URL = savedRedisUrl;
  });

  it("runs the registered processor in this process", async () => {
    const docs = await pastDueDocuments("1941-02-01");
    let finished!: (result: MaintenanceResult) => void;
    const done = new Promise<MaintenanceResult>((resolve) => (finished = resolve));
    registerInProcessProcessors({
      [MAINTENANCE_QUEUE]: {
        [DAILY_MAINTENANCE_JOB]: async (job) => {
          const result = await dailyMaintenance(job);
          finished(result);
          return result;
        },
      },
    });

    const enqueued = await enqueue(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, { asOf: "1941-02-02" });
    expect(enqueued.mode).toBe("in-process");
    const result = await done;
    expect(result.today).toBe("1941-02-02");
    expect(await statuses(docs)).toEqual({ quote: "expired", invoice: "overdue" });
  });

  it("retries a failing processor up to the attempts asked for", async () => {
    let calls = 0;
    let settled!: () => void;
    const third = new Promise<void>((resolve) => (settled = resolve));
    registerInProcessProcessors({
      [MAINTENANCE_QUEUE]: {
        [DAILY_MAINTENANCE_JOB]: async () => {
          calls += 1;
          if (calls === 3) settled();
          throw new Error("expected failure (test)");
        },
      },
    });
    await enqueue(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, {}, { attempts: 3, backoff: { type: "fixed", delay: 1 } });
    await third;
    await stopInProcessRuns();
    expect(calls).toBe(3);
  });

  it("refuses when no processor is registered", async () => {
    await stopInProcessRuns();
    await expect(enqueue(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, {})).rejects.toThrow(/startInProcessJobs/);
  });
});
