// The job contract (queue names, job names, payload types, options) and the producer (`enqueue`):
// the only module of jobs/ the web app imports.
//
// Job data is stored in Redis in clear text (BullMQ "Going to production": protecting data), so it
// carries ids and plain parameters only — never passwords, tokens, API keys or message bodies. A
// processor loads whatever else it needs from the database when it runs.
//
// With REDIS_URL set, `enqueue` adds to BullMQ and `npm run worker` processes the job. Without it
// (demo/dev only, docs/decisions/background-jobs.md) the web process runs the same processor
// itself: jobs/in-process.ts, loaded only then, after `startInProcessJobs()` has registered the
// processors.
import { Queue, QueueEvents, type JobsOptions } from "bullmq";
import { Redis, type RedisOptions } from "ioredis";

// ---------------------------------------------------------------- names and payloads

export const MAINTENANCE_QUEUE = "maintenance";
export const DAILY_MAINTENANCE_JOB = "daily-maintenance";
/** The id of the job scheduler that produces the daily maintenance job. */
export const DAILY_MAINTENANCE_SCHEDULER = "daily-maintenance";
/** Cron pattern of the daily maintenance, read in the business time zone. */
export const DAILY_MAINTENANCE_CRON = "0 5 * * *";

export type DailyMaintenanceData = {
  /** Rerun a past business day ('YYYY-MM-DD'); absent = today in the business time zone. */
  asOf?: string;
};

export const WEBHOOKS_QUEUE = "webhooks";
export const PROCESS_WEBHOOK_JOB = "process-webhook";
/** Only the webhook_events row id: the payload stays in the database. */
export type ProcessWebhookData = { eventRowId: number };
/** Enqueues stored events still waiting after a few minutes (a job Redis lost is made again). */
export const SWEEP_WEBHOOKS_JOB = "sweep-webhooks";
export type SweepWebhooksData = Record<string, never>;
/** The id of the job scheduler of the webhook sweep, and its cron step. */
export const WEBHOOKS_SWEEP_SCHEDULER = "webhooks-sweep";
export const WEBHOOKS_SWEEP_MINUTES = 5;
export const WEBHOOKS_SWEEP_CRON = `*/${WEBHOOKS_SWEEP_MINUTES} * * * *`;
export const EMAIL_QUEUE = "email";
export const SEND_QUOTE_EMAIL_JOB = "send-quote";
export const SEND_INVOICE_EMAIL_JOB = "send-invoice";
export const SEND_TEST_EMAIL_JOB = "send-test";
export const SEND_PURCHASE_ORDER_EMAIL_JOB = "send-purchase-order";
/** E-mail jobs: ids and the user's message only — the processor loads the rest (never secrets). */
export type SendQuoteEmailData = { quoteId: number; customMessage?: string; actorId?: number | null };
export type SendInvoiceEmailData = { invoiceId: number; customMessage?: string; actorId?: number | null };
export type SendTestEmailData = { actorId?: number | null };
export type SendPurchaseOrderEmailData = { purchaseOrderId: number; customMessage?: string; actorId?: number | null };
export const SEND_LOGIN_ALERT_JOB = "send-login-alert";
/** A sign-in from a browser new to the user: who, when, and the browser and address it came from. */
export type SendLoginAlertData = { userId: number; at: string; browser: string; address: string };
export const SEND_REPLY_JOB = "send-reply";
/** The reply the user typed travels with the job, like a custom message; the original is loaded by id. */
export type SendReplyData = { emailId: number; body: string; actorId?: number | null };
export const SYNC_INBOX_JOB = "sync-inbox";
/** `schedule`: the repeatable job (quietly skipped while e-mail is not configured); `manual`: the Sync button. */
export type SyncInboxData = { trigger: "schedule" | "manual"; maxResults?: number };
/** The id of the job scheduler that syncs the inbox every INBOX_SYNC_MINUTES (default 5). */
export const INBOX_SYNC_SCHEDULER = "inbox-sync";
/** Minutes between scheduled syncs, 1–30 (a cron step, so a worker start does not sync at once). */
export function inboxSyncMinutes(): number {
  const value = Number(process.env.INBOX_SYNC_MINUTES);
  return Number.isInteger(value) && value >= 1 && value <= 30 ? value : 5;
}
export const inboxSyncCron = () => `*/${inboxSyncMinutes()} * * * *`;
/** A web request waits for these: few, quick retries (permanent SMTP refusals are not retried). */
export const emailJobOptions = { attempts: 3, backoff: { type: "exponential", delay: 1_000 } } satisfies JobsOptions;

/**
 * Office notifications and appointment reminders by e-mail (docs/decisions/notifications.md): ids
 * and plain parameters only; the processor loads the record, checks the switch and the opt-ins,
 * and records what it sent so nothing goes twice.
 */
export const SEND_OFFICE_NOTICE_JOB = "send-office-notice";
export type OfficeNoticeKind = "quote_approved" | "quote_changes_requested" | "payment_received";
/** `recordId`: the quote (approved, changes requested) or the payment (received). */
export type SendOfficeNoticeData = { kind: OfficeNoticeKind; recordId: number };
export const SEND_DIGEST_JOB = "send-digest";
/** The morning digest of Needs Attention for business day `day` ('YYYY-MM-DD'). */
export type SendDigestData = { day: string };
export const SEND_REMINDER_EMAIL_JOB = "send-reminder-email";
/** The e-mail reminder of a schedule event (an install) on business day `day`. */
export type SendReminderData = { eventId: number; day: string };

export const NOTIFICATIONS_QUEUE = "notifications";
/** The daily run: the digest and tomorrow's appointment reminders (e-mail jobs, SMS jobs). */
export const DAILY_NOTIFICATIONS_JOB = "daily-notifications";
export type DailyNotificationsData = {
  /** Rerun for a past or future business day ('YYYY-MM-DD'); absent = today in the business time zone. */
  asOf?: string;
};
/** The id of the job scheduler of the daily notifications, and its cron (business time zone). */
export const DAILY_NOTIFICATIONS_SCHEDULER = "daily-notifications";
export const DAILY_NOTIFICATIONS_HOUR = 7;
export const DAILY_NOTIFICATIONS_CRON = `0 ${DAILY_NOTIFICATIONS_HOUR} * * *`;
export const SEND_REMINDER_SMS_JOB = "send-reminder-sms";
export type SendReminderSmsData = SendReminderData;

export const PHOTOS_QUEUE = "photos";
export const MAKE_DERIVATIVES_JOB = "make-derivatives";
/** The photo's id only: the processor reads the original from the object store. */
export type MakeDerivativesData = { photoId: number };

export const BACKUPS_QUEUE = "backups";
export const RUN_BACKUP_JOB = "run-backup";
/**
 * `schedule`: the daily job (quietly skipped while Settings → System "Auto backup" is off);
 * `manual`: Back up now, with the id of the row the request made (docs/decisions/backups.md).
 */
export type RunBackupData = { trigger: "schedule" | "manual"; backupId?: number };
/** The id of the job scheduler of the daily backup, and its cron (business time zone, before the maintenance). */
export const DAILY_BACKUP_SCHEDULER = "daily-backup";
export const DAILY_BACKUP_CRON = "30 4 * * *";
/** One attempt: a failed backup is shown in Settings; the next day's (or Back up now) tries again. */
export const backupJobOptions = {
  attempts: 1,
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 100 },
} satisfies JobsOptions;

/** Queue name → job name → payload. A new job is one entry here plus its processor. */
export type JobPayloads = {
  [MAINTENANCE_QUEUE]: {
    [DAILY_MAINTENANCE_JOB]: DailyMaintenanceData;
  };
  [WEBHOOKS_QUEUE]: {
    [PROCESS_WEBHOOK_JOB]: ProcessWebhookData;
    [SWEEP_WEBHOOKS_JOB]: SweepWebhooksData;
  };
  [EMAIL_QUEUE]: {
    [SEND_QUOTE_EMAIL_JOB]: SendQuoteEmailData;
    [SEND_INVOICE_EMAIL_JOB]: SendInvoiceEmailData;
    [SEND_TEST_EMAIL_JOB]: SendTestEmailData;
    [SEND_PURCHASE_ORDER_EMAIL_JOB]: SendPurchaseOrderEmailData;
    [SEND_REPLY_JOB]: SendReplyData;
    [SEND_LOGIN_ALERT_JOB]: SendLoginAlertData;
    [SYNC_INBOX_JOB]: SyncInboxData;
    [SEND_OFFICE_NOTICE_JOB]: SendOfficeNoticeData;
    [SEND_DIGEST_JOB]: SendDigestData;
    [SEND_REMINDER_EMAIL_JOB]: SendReminderData;
  };
  [NOTIFICATIONS_QUEUE]: {
    [DAILY_NOTIFICATIONS_JOB]: DailyNotificationsData;
    [SEND_REMINDER_SMS_JOB]: SendReminderSmsData;
  };
  [PHOTOS_QUEUE]: {
    [MAKE_DERIVATIVES_JOB]: MakeDerivativesData;
  };
  [BACKUPS_QUEUE]: {
    [RUN_BACKUP_JOB]: RunBackupData;
  };
};

export type QueueName = keyof JobPayloads;
export type JobName<Q extends QueueName> = keyof JobPayloads[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobPayloads[Q][N];

/** What a processor sees of a job: a BullMQ Job, or the in-process runner's stand-in. */
export type JobLike<T = unknown> = {
  id?: string;
  name: string;
  data: T;
  attemptsMade: number;
};

/**
 * A processor of one job type; `signal` (the worker's) aborts when the worker is stopping, so a long
 * job can end at a safe point. In the registry the payload type is erased (`never`): any
 * processor fits, and the worker and runner cast the untyped data where it comes in.
 */
export type JobProcessor<T = never, R = unknown> = (job: JobLike<T>, signal?: AbortSignal) => Promise<R>;
/** Queue name → job name → processor; shared by the worker and the in-process runner. */
export type ProcessorRegistry = Record<string, Record<string, JobProcessor>>;

// ---------------------------------------------------------------- connection and options

export const defaultJobOptions = {
  attempts: 5,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
} satisfies JobsOptions;

/** Key prefix of every queue: separates deployments or test runs sharing one Redis. */
export function queuePrefix(): string {
  return process.env.QUEUE_PREFIX || "cabinetry";
}

/**
 * A new ioredis connection to REDIS_URL. `maxRetriesPerRequest: null` is what BullMQ requires for
 * workers (commands wait for a reconnect instead of throwing inside the worker loop).
 */
export function redisConnection(overrides: RedisOptions = {}): Redis {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set");
  return new Redis(url, { maxRetriesPerRequest: null, ...overrides });
}

// ---------------------------------------------------------------- producer

export type EnqueuedJob = {
  id: string;
  queueName: string;
  jobName: string;
  mode: "redis" | "in-process";
};

type ProducerState = {
  connection?: Redis;
  queues: Map<string, Queue>;
  /** QueueEvents per queue for `enqueueAndWait` (each holds its own blocking connection). */
  events?: Map<string, QueueEvents>;
};

// On globalThis, like the database client: the server entry and the Remix bundle each load their
// own copy of this module, and both must see the same queues.
const producerKey = Symbol.for("cabinetry.jobs.producer");
type GlobalWithJobs = typeof globalThis & { [producerKey]?: ProducerState };

function producerState(): ProducerState {
  const g = globalThis as GlobalWithJobs;
  return (g[producerKey] ??= { queues: new Map() });
}

function producerQueue(queueName: string): Queue {
  const state = producerState();
  const prefix = queuePrefix();
  const key = `${prefix}\u0000${queueName}`;
  let queue = state.queues.get(key);
  if (!queue) {
    // A web request should fail fast while Redis is unreachable instead of hanging on the
    // offline queue (BullMQ "Going to production": enableOfflineQueue false for Queue instances).
    state.connection ??= redisConnection({ enableOfflineQueue: false });
    queue = new Queue(queueName, { connection: state.connection, prefix, defaultJobOptions });
    queue.on("error", (error) => console.error(`[jobs] queue ${queueName}: ${error.message}`));
    state.queues.set(key, queue);
  }
  return queue;
}

/**
 * Adds a job. With REDIS_URL: to BullMQ, for the worker. Without: runs the registered processor
 * in this process, soon after this call returns (attempts, backoff and delay are honoured).
 */
export async function enqueue<Q extends QueueName, N extends JobName<Q>>(
  queueName: Q,
  jobName: N,
  data: JobData<Q, N>,
  opts: JobsOptions = {},
): Promise<EnqueuedJob> {
  if (process.env.REDIS_URL) {
    const job = await producerQueue(queueName).add(jobName, data, opts);
    return { id: job.id ?? "", queueName, jobName, mode: "redis" };
  }
  const { runInProcess } = await import("./in-process");
  return runInProcess(queueName, jobName, data, opts);
}

/**
 * Adds a job and waits for its result (the web request that must report "sent" only when the
 * server accepted it). With REDIS_URL: `job.waitUntilFinished` on the queue's events; a failed
 * job rejects with its failure reason. Without: runs the processor here, with the same attempts.
 */
export async function enqueueAndWait<Q extends QueueName, N extends JobName<Q>, R = unknown>(
  queueName: Q,
  jobName: N,
  data: JobData<Q, N>,
  opts: JobsOptions = {},
  timeoutMs = 45_000,
): Promise<R> {
  if (process.env.REDIS_URL) {
    const state = producerState();
    const key = `${queuePrefix()}\u0000${queueName}`;
    state.events ??= new Map();
    let events = state.events.get(key);
    if (!events) {
      events = new QueueEvents(queueName, { connection: redisConnection(), prefix: queuePrefix() });
      events.on("error", (error) => console.error(`[jobs] queue events ${queueName}: ${error.message}`));
      state.events.set(key, events);
    }
    await events.waitUntilReady();
    const job = await producerQueue(queueName).add(jobName, data, opts);
    return (await job.waitUntilFinished(events, timeoutMs)) as R;
  }
  const { runInProcessAndWait } = await import("./in-process");
  return runInProcessAndWait<R>(queueName, jobName, data, opts);
}

/** Closes the producer's queues and Redis connection (web process shutdown, tests). */
export async function closeQueues(): Promise<void> {
  const state = producerState();
  const events = [...(state.events?.values() ?? [])];
  state.events?.clear();
  await Promise.allSettled(events.map((e) => e.close()));
  const queues = [...state.queues.values()];
  state.queues.clear();
  await Promise.allSettled(queues.map((q) => q.close()));
  const connection = state.connection;
  state.connection = undefined;
  if (connection) await connection.quit().catch(() => connection.disconnect());
}
