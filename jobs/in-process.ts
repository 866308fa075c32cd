// The stand-in for Redis and the worker (demo/dev only, docs/decisions/background-jobs.md): without
// REDIS_URL, `enqueue` and `enqueueAndWait` (jobs/queues.ts) hand jobs to this module, which runs
// the same processors inside the web process with the same attempts, backoff and delay, and a plain
// timer instead of the BullMQ job schedulers. Production runs `npm run worker` against Redis
// instead; never both. jobs/queues.ts loads this module only when a job runs without Redis.
import { UnrecoverableError, type JobsOptions } from "bullmq";
import {
  BACKUPS_QUEUE,
  RUN_BACKUP_JOB,
  backupJobOptions,
  DAILY_MAINTENANCE_JOB,
  DAILY_NOTIFICATIONS_HOUR,
  DAILY_NOTIFICATIONS_JOB,
  NOTIFICATIONS_QUEUE,
  EMAIL_QUEUE,
  MAINTENANCE_QUEUE,
  SYNC_INBOX_JOB,
  SWEEP_WEBHOOKS_JOB,
  WEBHOOKS_QUEUE,
  WEBHOOKS_SWEEP_MINUTES,
  defaultJobOptions,
  enqueue,
  inboxSyncMinutes,
  type EnqueuedJob,
  type JobLike,
  type JobProcessor,
  type ProcessorRegistry,
} from "./queues";
import { processors } from "./processors/index";
import { getDb } from "../db/client.server";
import { getSettings } from "../app/models/settings.server";
import { businessToday, formatInZone } from "../app/utils/dates";

type InProcessState = {
  processors?: ProcessorRegistry;
  /** Runs in progress (waiting for a delay, a retry or a processor), for `stopInProcessRuns`. */
  running: Set<Promise<void>>;
  /** Pending delays, each with the resolver that lets `stopInProcessRuns` cut it short. */
  timers: Map<NodeJS.Timeout, () => void>;
  nextId: number;
};

// On globalThis, like the database client: the server entry and the Remix bundle each load their
// own copy of this module, and both must see the same registered processors.
const stateKey = Symbol.for("cabinetry.jobs.in-process");
type GlobalWithRunner = typeof globalThis & { [stateKey]?: InProcessState };

function inProcessState(): InProcessState {
  const g = globalThis as GlobalWithRunner;
  return (g[stateKey] ??= { running: new Set(), timers: new Map(), nextId: 0 });
}

/** Makes `enqueue` run these processors in this process when REDIS_URL is unset. */
export function registerInProcessProcessors(registry: ProcessorRegistry | undefined) {
  inProcessState().processors = registry;
}

/**
 * Unregisters the processors, cancels pending retries and delays, and waits for runs already
 * inside a processor to finish.
 */
export async function stopInProcessRuns(): Promise<void> {
  const state = inProcessState();
  state.processors = undefined;
  for (const [timer, resolve] of state.timers) {
    clearTimeout(timer);
    resolve();
  }
  state.timers.clear();
  await Promise.allSettled([...state.running]);
}

function backoffDelay(opts: JobsOptions, attemptsMade: number): number {
  const backoff = opts.backoff ?? defaultJobOptions.backoff;
  if (typeof backoff === "number") return backoff;
  const delay = backoff.delay ?? 0;
  return backoff.type === "exponential" ? delay * 2 ** (attemptsMade - 1) : delay;
}

function later(state: InProcessState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      resolve();
    }, ms);
    timer.unref();
    state.timers.set(timer, resolve);
  });
}

class StoppedError extends Error {}

/**
 * The one retry loop, as BullMQ runs a job: after `delay`, up to `attempts` tries with the backoff
 * between them; an UnrecoverableError fails at once. Resolves with the processor's result, rejects
 * with the last failure, or with a StoppedError when `stopInProcessRuns` cut it short.
 */
function run<R>(
  queueName: string,
  jobName: string,
  data: unknown,
  opts: JobsOptions,
): { id: string; done: Promise<R> } {
  const state = inProcessState();
  const processor: JobProcessor | undefined = state.processors?.[queueName]?.[jobName];
  if (!processor) {
    throw new Error(
      `No processor for ${queueName}/${jobName}: set REDIS_URL and run the worker, or call startInProcessJobs()`,
    );
  }
  const id = `in-process-${++state.nextId}`;
  const attempts = Math.max(1, opts.attempts ?? defaultJobOptions.attempts);
  const job: JobLike = { id, name: jobName, data, attemptsMade: 0 };
  const stopped = () => new StoppedError(`${queueName}/${jobName} #${id}: in-process jobs stopped`);

  const done = (async () => {
    await later(state, opts.delay ?? 0);
    for (;;) {
      if (!state.processors) throw stopped();
      try {
        return (await processor(job as JobLike<never>)) as R;
      } catch (error) {
        job.attemptsMade += 1;
        const message = error instanceof Error ? error.message : String(error);
        console.error(
          `[jobs] ${queueName}/${jobName} #${id} failed (attempt ${job.attemptsMade}/${attempts}): ${message}`,
        );
        if (error instanceof UnrecoverableError || job.attemptsMade >= attempts) throw error;
        await later(state, backoffDelay(opts, job.attemptsMade));
      }
    }
  })();
  const settled = done.then(
    () => {},
    () => {},
  );
  state.running.add(settled);
  void settled.finally(() => state.running.delete(settled));
  return { id, done };
}

/** `enqueue` without Redis: starts the job and returns at once (failures are logged by the loop). */
export function runInProcess(queueName: string, jobName: string, data: unknown, opts: JobsOptions): EnqueuedJob {
  const { id, done } = run(queueName, jobName, data, opts);
  done.catch(() => {});
  return { id, queueName, jobName, mode: "in-process" };
}

/** `enqueueAndWait` without Redis: the job's result, or its last failure. */
export function runInProcessAndWait<R>(queueName: string, jobName: string, data: unknown, opts: JobsOptions) {
  return run<R>(queueName, jobName, data, opts).done;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Registers the processors for `enqueue`, runs the daily maintenance now and then every 24 hours.
 * Resolves to a stop function: it clears the timer and waits for a run in progress.
 */
export async function startInProcessJobs(): Promise<() => Promise<void>> {
  if (process.env.REDIS_URL) {
    // enqueue() would hand the jobs to Redis; the BullMQ worker and its scheduler own them.
    console.warn("[jobs] REDIS_URL is set: background jobs run in `npm run worker`, not in-process");
    return async () => {};
  }
  registerInProcessProcessors(processors);

  const runMaintenance = () => {
    enqueue(MAINTENANCE_QUEUE, DAILY_MAINTENANCE_JOB, {}).catch((error: unknown) => {
      console.error("[jobs] daily maintenance not started:", error instanceof Error ? error.message : error);
    });
    // The daily backup (skipped while "Auto backup" is off; docs/decisions/backups.md).
    enqueue(BACKUPS_QUEUE, RUN_BACKUP_JOB, { trigger: "schedule" }, backupJobOptions).catch((error: unknown) => {
      console.error("[jobs] daily backup not started:", error instanceof Error ? error.message : error);
    });
  };
  runMaintenance();
  // unref: the timer alone never keeps the process alive (shutdown does not wait a day).
  const timer = setInterval(runMaintenance, DAY_MS);
  timer.unref();
  // The inbox sync's schedule (the worker's is a cron step of the same length); skipped quietly
  // while e-mail is not configured.
  const syncTimer = setInterval(() => {
    enqueue(EMAIL_QUEUE, SYNC_INBOX_JOB, { trigger: "schedule" }, { attempts: 1 }).catch((error: unknown) => {
      console.error("[jobs] inbox sync not started:", error instanceof Error ? error.message : error);
    });
  }, inboxSyncMinutes() * 60_000);
  syncTimer.unref();
  // The webhook sweep (the worker's is a job scheduler): events still waiting are run again.
  const sweepTimer = setInterval(() => {
    enqueue(WEBHOOKS_QUEUE, SWEEP_WEBHOOKS_JOB, {}, { attempts: 1 }).catch((error: unknown) => {
      console.error("[jobs] webhook sweep not started:", error instanceof Error ? error.message : error);
    });
  }, WEBHOOKS_SWEEP_MINUTES * 60_000);
  sweepTimer.unref();

  // The daily notifications (the worker's is a 07:00 job scheduler): once per business day, at the
  // first check past 07:00 in the business time zone.
  let notifiedDay: string | undefined;
  const notifyTimer = setInterval(() => {
    void (async () => {
      const { timeZone } = (await getSettings(await getDb())).system;
      const now = new Date();
      const today = businessToday(timeZone, now);
      if (notifiedDay === today || Number(formatInZone(now, "H", timeZone)) < DAILY_NOTIFICATIONS_HOUR) return;
      notifiedDay = today;
      await enqueue(NOTIFICATIONS_QUEUE, DAILY_NOTIFICATIONS_JOB, { asOf: today });
    })().catch((error: unknown) => {
      console.error("[jobs] daily notifications not started:", error instanceof Error ? error.message : error);
    });
  }, 10 * 60_000);
  notifyTimer.unref();

  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    clearInterval(syncTimer);
    clearInterval(sweepTimer);
    clearInterval(notifyTimer);
    await stopInProcessRuns();
  };
}
