// Background work inside the web process when REDIS_URL is unset (demo/dev only, decisions §1):
// the same processors as the worker, with a plain timer instead of the BullMQ job scheduler.
// Production runs `npm run worker` against Redis instead; never both.
import {
  DAILY_MAINTENANCE_JOB,
  EMAIL_QUEUE,
  MAINTENANCE_QUEUE,
  SYNC_INBOX_JOB,
  SWEEP_WEBHOOKS_JOB,
  WEBHOOKS_QUEUE,
  WEBHOOKS_SWEEP_MINUTES,
  inboxSyncMinutes,
  enqueue,
  registerInProcessProcessors,
  stopInProcessRuns,
} from "./queues";
import { processors } from "./processors/index";

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

  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    clearInterval(syncTimer);
    clearInterval(sweepTimer);
    await stopInProcessRuns();
  };
}
