// `npm run worker`: the BullMQ worker process (docs/decisions/background-jobs.md). One Worker per
// queue of the processor registry on one shared Redis connection, the daily maintenance job
// scheduler, and a graceful shutdown (BullMQ "Going to production"): on SIGTERM/SIGINT stop taking
// jobs, let active ones finish (at most SHUTDOWN_TIMEOUT_MS), then close the database and Redis,
// exit 0.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { getSettings } from "../app/models/settings.server";
import { closeDb, getDb } from "../db/client.server";
import { DEFAULT_TIME_ZONE } from "../app/utils/dates";
import {
  BACKUPS_QUEUE,
  DAILY_BACKUP_CRON,
  DAILY_BACKUP_SCHEDULER,
  RUN_BACKUP_JOB,
  backupJobOptions,
  type RunBackupData,
  DAILY_MAINTENANCE_CRON,
  DAILY_MAINTENANCE_JOB,
  DAILY_MAINTENANCE_SCHEDULER,
  DAILY_NOTIFICATIONS_CRON,
  DAILY_NOTIFICATIONS_JOB,
  DAILY_NOTIFICATIONS_SCHEDULER,
  NOTIFICATIONS_QUEUE,
  EMAIL_QUEUE,
  INBOX_SYNC_SCHEDULER,
  MAINTENANCE_QUEUE,
  SYNC_INBOX_JOB,
  SWEEP_WEBHOOKS_JOB,
  PROCESS_WEBHOOK_JOB,
  WEBHOOKS_QUEUE,
  WEBHOOKS_SWEEP_CRON,
  WEBHOOKS_SWEEP_SCHEDULER,
  inboxSyncCron,
  defaultJobOptions,
  queuePrefix,
  redisConnection,
  type DailyMaintenanceData,
  type DailyNotificationsData,
  type ProcessorRegistry,
  type SyncInboxData,
  type SweepWebhooksData,
} from "./queues";
import { processors } from "./processors/index";

export const SHUTDOWN_TIMEOUT_MS = 30_000;

export type StartWorkerOptions = {
  /** BullMQ key prefix; default QUEUE_PREFIX (tests pass their own). */
  prefix?: string;
  /** Jobs processed at once per queue; default WORKER_CONCURRENCY or 5 (webhooks: WEBHOOKS_CONCURRENCY or 20). */
  concurrency?: number;
  /** Processors by queue and job name; default the shared registry. */
  registry?: ProcessorRegistry;
  /**
   * Upsert the job schedulers (daily maintenance, inbox sync); default true. Tests that drive jobs
   * by hand pass false.
   */
  schedulers?: boolean;
};

export type RunningWorker = {
  workers: Worker[];
  prefix: string;
  /** Stops taking jobs and waits for active ones (at most SHUTDOWN_TIMEOUT_MS). */
  stop: () => Promise<void>;
  /** stop(), then quits the Redis connection. */
  close: () => Promise<void>;
};

const log = (message: string) => console.log(`[worker] ${message}`);
const logError = (message: string) => console.error(`[worker] ${message}`);
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

function positiveEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function concurrencyFromEnv(): number {
  return positiveEnv("WORKER_CONCURRENCY", 5);
}

/**
 * Webhook jobs are short database transactions that mostly wait on PostgreSQL and Redis, and a
 * burst of payments must not queue behind five of them: their queue runs more at once
 * (WEBHOOKS_CONCURRENCY; else WORKER_CONCURRENCY when set; else 20 — docs/decisions/payment-webhooks.md).
 * Payments on one invoice still take its row lock one after the other.
 */
function webhooksConcurrencyFromEnv(): number {
  return positiveEnv("WEBHOOKS_CONCURRENCY", positiveEnv("WORKER_CONCURRENCY", 20));
}

/**
 * BullMQ's job lock and stalled-job check (defaults 30 s each). A job whose worker died is taken
 * over once its lock lapses; tests shorten both to see that recovery quickly.
 */
function lockOptionsFromEnv(): { lockDuration?: number; stalledInterval?: number } {
  const lock = Number(process.env.WORKER_LOCK_DURATION_MS);
  const stalled = Number(process.env.WORKER_STALLED_INTERVAL_MS);
  return {
    ...(Number.isInteger(lock) && lock >= 1_000 ? { lockDuration: lock } : {}),
    ...(Number.isInteger(stalled) && stalled >= 500 ? { stalledInterval: stalled } : {}),
  };
}

/** Resolves true when `promise` settles within `ms`, false when the time runs out first. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Logs what happened to a job by queue, name, id and timing — never its data (it may identify people). */
function describe(job: Job | undefined) {
  return job ? `${job.queueName}/${job.name} #${job.id}` : "a job";
}

export async function startWorker(options: StartWorkerOptions = {}): Promise<RunningWorker> {
  const prefix = options.prefix ?? queuePrefix();
  const concurrency = options.concurrency ?? concurrencyFromEnv();
  const registry = options.registry ?? processors;
  // The schedule runs at 05:00 in the business time zone (Settings → System), read at start.
  const timeZone = (await getSettings(await getDb())).system.timeZone || DEFAULT_TIME_ZONE;

  // One connection for the workers' commands and the scheduler queue; each Worker duplicates it
  // for its blocking connection. maxRetriesPerRequest is null (redisConnection), as BullMQ requires.
  const connection: Redis = redisConnection();
  connection.on("error", (error) => logError(`redis: ${error.message}`));

  // Aborted when stop() begins: a long job (the scheduled inbox catch-up) ends after its current step.
  const stopping = new AbortController();
  const workers = Object.entries(registry).map(([queueName, jobs]) => {
    const worker = new Worker(
      queueName,
      async (job: Job) => {
        const processor = jobs[job.name];
        // Retrying cannot make an unknown job name known: fail it at once.
        if (!processor) throw new UnrecoverableError(`no processor for job "${job.name}"`);
        // The payload's type is the processor's business: BullMQ hands over untyped JSON.
        return processor(job as Job<never>, stopping.signal);
      },
      {
        connection,
        prefix,
        concurrency: queueName === WEBHOOKS_QUEUE ? (options.concurrency ?? webhooksConcurrencyFromEnv()) : concurrency,
        ...lockOptionsFromEnv(),
      },
    );
    worker.on("completed", (job) => {
      // A payment webhook's outcome is kept on its event row (webhook_events), and at 500 events/s a
      // line each would be most of the log and a pipe write per event: only its failures are logged.
      if (job.name === PROCESS_WEBHOOK_JOB) return;
      const ms = job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : undefined;
      log(`${describe(job)} completed${ms === undefined ? "" : ` in ${ms} ms`}`);
    });
    worker.on("failed", (job, error) => {
      const attempts = job ? ` (attempt ${job.attemptsMade}/${job.opts.attempts || 1})` : "";
      logError(`${describe(job)} failed${attempts}: ${error.message}`);
    });
    worker.on("error", (error) => logError(`${queueName}: ${error.message}`));
    return worker;
  });

  // Upsert, not add: every worker start (and every deploy) keeps exactly one scheduler.
  const maintenance = new Queue<DailyMaintenanceData>(MAINTENANCE_QUEUE, {
    connection,
    prefix,
    defaultJobOptions,
  });
  maintenance.on("error", (error) => logError(`${MAINTENANCE_QUEUE}: ${error.message}`));
  const email = new Queue<SyncInboxData>(EMAIL_QUEUE, { connection, prefix, defaultJobOptions });
  email.on("error", (error) => logError(`${EMAIL_QUEUE}: ${error.message}`));
  const webhooks = new Queue<SweepWebhooksData>(WEBHOOKS_QUEUE, { connection, prefix, defaultJobOptions });
  webhooks.on("error", (error) => logError(`${WEBHOOKS_QUEUE}: ${error.message}`));
  const backupsQueue = new Queue<RunBackupData>(BACKUPS_QUEUE, { connection, prefix, defaultJobOptions });
  backupsQueue.on("error", (error) => logError(`${BACKUPS_QUEUE}: ${error.message}`));
  const notifications = new Queue<DailyNotificationsData>(NOTIFICATIONS_QUEUE, {
    connection,
    prefix,
    defaultJobOptions,
  });
  notifications.on("error", (error) => logError(`${NOTIFICATIONS_QUEUE}: ${error.message}`));

  const stopAll = async () => {
    stopping.abort();
    const closing = Promise.all(workers.map((worker) => worker.close()));
    if (!(await within(closing, SHUTDOWN_TIMEOUT_MS))) {
      // Jobs still running are left active; BullMQ's stalled-job check hands them to another worker.
      logError(`active jobs did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; closing anyway`);
      await within(Promise.all(workers.map((worker) => worker.close(true))), 5_000);
    }
    await maintenance.close().catch(() => {});
    await email.close().catch(() => {});
    await webhooks.close().catch(() => {});
    await backupsQueue.close().catch(() => {});
    await notifications.close().catch(() => {});
  };
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= stopAll());
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= stop().then(async () => {
      await connection.quit().catch(() => connection.disconnect());
    }));

  try {
    if (options.schedulers !== false) {
      await maintenance.upsertJobScheduler(
        DAILY_MAINTENANCE_SCHEDULER,
        { pattern: DAILY_MAINTENANCE_CRON, tz: timeZone },
        { name: DAILY_MAINTENANCE_JOB, data: {}, opts: defaultJobOptions },
      );
      // A failed scheduled sync (server down) is not retried: the next one comes soon anyway.
      await email.upsertJobScheduler(
        INBOX_SYNC_SCHEDULER,
        { pattern: inboxSyncCron() },
        {
          name: SYNC_INBOX_JOB,
          data: { trigger: "schedule" },
          opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
        },
      );
      // The morning digest and tomorrow's reminders (docs/decisions/notifications.md), 07:00 in the
      // business time zone; every message is claimed once, so a repeated run sends nothing twice.
      await notifications.upsertJobScheduler(
        DAILY_NOTIFICATIONS_SCHEDULER,
        { pattern: DAILY_NOTIFICATIONS_CRON, tz: timeZone },
        { name: DAILY_NOTIFICATIONS_JOB, data: {}, opts: defaultJobOptions },
      );
      // Events whose job Redis lost (a restart without persistence) are enqueued again
      // (app/services/webhooks.server.ts); a failed sweep waits for the next one.
      await webhooks.upsertJobScheduler(
        WEBHOOKS_SWEEP_SCHEDULER,
        { pattern: WEBHOOKS_SWEEP_CRON },
        {
          name: SWEEP_WEBHOOKS_JOB,
          data: {},
          opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
        },
      );
      // The daily backup (docs/decisions/backups.md), before the maintenance; it does nothing while
      // Settings → System "Auto backup" is off, so the scheduler always exists.
      await backupsQueue.upsertJobScheduler(
        DAILY_BACKUP_SCHEDULER,
        { pattern: DAILY_BACKUP_CRON, tz: timeZone },
        { name: RUN_BACKUP_JOB, data: { trigger: "schedule" }, opts: backupJobOptions },
      );
    }
    await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  } catch (error) {
    await close();
    throw error;
  }

  return { workers, prefix, stop, close };
}

async function main() {
  if (!process.env.REDIS_URL) {
    logError("REDIS_URL is not set. The worker needs Redis (e.g. REDIS_URL=redis://127.0.0.1:6379);");
    logError("without Redis, the web process runs background jobs itself (demo/dev only).");
    process.exit(1);
  }
  if (!process.env.DATABASE_URL) {
    // The embedded PGlite database belongs to the web process; a second process would corrupt it.
    logError("DATABASE_URL is not set. The worker needs the same PostgreSQL database as the web app.");
    process.exit(1);
  }

  process.on("unhandledRejection", (reason) => logError(`unhandled rejection: ${errorMessage(reason)}`));
  process.on("uncaughtException", (error) => logError(`uncaught exception: ${error.stack ?? error.message}`));

  // The handlers are in place before the first await: a signal while the queues start waits for
  // them, then stops them.
  const starting = startWorker();
  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logError(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    shuttingDown = true;
    log(`${signal} received: finishing active jobs`);
    try {
      const running = await starting;
      await running.stop();
      await closeDb();
      await running.close();
      log("stopped");
      process.exit(0);
    } catch (error) {
      logError(`shutdown failed: ${errorMessage(error)}`);
      process.exit(1);
    }
  };
  process.on("SIGTERM", (signal) => void shutdown(signal));
  process.on("SIGINT", (signal) => void shutdown(signal));

  const running = await starting;
  if (shuttingDown) return;
  log(
    `ready: queues ${running.workers.map((w) => w.name).join(", ")}; prefix "${running.prefix}"; ` +
      `concurrency ${concurrencyFromEnv()} (webhooks ${webhooksConcurrencyFromEnv()})`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    logError(`failed to start: ${errorMessage(error)}`);
    process.exit(1);
  });
}
