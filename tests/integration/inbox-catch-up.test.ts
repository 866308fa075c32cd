// The scheduled Inbox sync catches up in one run (issue 16 item 5, docs/decisions/inbox-sync.md):
// with more than one batch of 50 waiting, the job its scheduler produces imports them all, batch
// after batch, each once; the Sync button still takes one batch. Real Dovecot (the run's), the real
// BullMQ worker under a prefix of this file's own, the job added as the scheduler adds it.
import { ImapFlow } from "imapflow";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { emailConfig, emailSyncState, emails } from "../../db/schema";
import { saveEmailConfig } from "~/models/email-config.server";
import { EMAIL_QUEUE, SYNC_INBOX_JOB, type SyncInboxData } from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { holdShared } from "../setup/shared-settings";

const tag = `${Date.now().toString(36)}${process.pid}`;
const prefix = `cabtest-inbox-catchup-${tag}`;
const MAILBOX = `catch-up-${tag}@example.test`;
const subjectOf = (n: number) => `Catch-up ${tag} #${String(n).padStart(3, "0")}`;

let worker: RunningWorker;
let connection: Redis;
let queue: Queue<SyncInboxData>;
let events: QueueEvents;
let releaseEmail: (() => Promise<void>) | undefined;

async function deliver(from: number, count: number) {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: inject("imapPort"),
    secure: false,
    auth: { user: MAILBOX, pass: inject("imapPassword") },
    logger: false,
  });
  await client.connect();
  try {
    for (let n = from; n < from + count; n++) {
      const raw = [
        `From: Customer ${n} <customer-${n}-${tag}@elsewhere.test>`,
        `To: ${MAILBOX}`,
        `Subject: ${subjectOf(n)}`,
        `Message-ID: <catch-up-${tag}-${n}@example.test>`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        `Message ${n}`,
      ].join("\r\n");
      await client.append("INBOX", Buffer.from(raw));
    }
  } finally {
    await client.logout();
  }
}

/** Runs the job the inbox scheduler produces (jobs/worker.ts), with its options, and returns its result. */
async function scheduledRun() {
  const job = await queue.add(
    SYNC_INBOX_JOB,
    { trigger: "schedule" },
    { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  );
  return job.waitUntilFinished(events, 120_000);
}

const imported = async () =>
  (
    await (
      await getDb()
    )
      .select({ subject: emails.subject, messageId: emails.messageId })
      .from(emails)
      .where(like(emails.subject, `Catch-up ${tag} #%`))
  ).map((r) => r.subject);

beforeAll(async () => {
  // The one e-mail configuration and the Inbox are this file's while it runs (tests/setup/shared-settings.ts).
  releaseEmail = await holdShared("email", "change");
  const db = await getDb();
  await db.delete(emailConfig);
  await saveEmailConfig(db, {
    provider: "gmail",
    senderEmail: MAILBOX,
    senderName: "Northwind Office",
    isActive: true,
    appPassword: inject("imapPassword"),
  });
  connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
  queue = new Queue(EMAIL_QUEUE, { connection, prefix });
  events = new QueueEvents(EMAIL_QUEUE, { connection: connection.duplicate(), prefix });
  await events.waitUntilReady();
  worker = await startWorker({
    prefix,
    registry: { [EMAIL_QUEUE]: processors[EMAIL_QUEUE] },
    concurrency: 2,
    schedulers: false,
  });
});

afterAll(async () => {
  await worker?.close();
  await events?.close();
  await queue?.obliterate({ force: true });
  await queue?.close();
  await connection?.quit();
  const db = await getDb();
  await db.delete(emails).where(like(emails.subject, `Catch-up ${tag} #%`));
  await db.delete(emailSyncState).where(like(emailSyncState.mailbox, `%${MAILBOX}%`));
  await db.delete(emailConfig);
  await closeDb();
  await releaseEmail?.();
});

describe("the scheduled inbox sync", () => {
  it("imports every waiting batch in one run, each message once, oldest first", async () => {
    // The mailbox is known (a first run found it empty), then 135 messages arrive: three batches.
    expect(await scheduledRun()).toEqual({ syncedCount: 0, totalFetched: 0, batches: 1, caughtUp: true });
    await deliver(1, 135);

    expect(await scheduledRun()).toEqual({ syncedCount: 135, totalFetched: 135, batches: 3, caughtUp: true });
    const subjects = await imported();
    expect(subjects).toHaveLength(135);
    expect(new Set(subjects).size).toBe(135);
    expect(subjects).toContain(subjectOf(1));
    expect(subjects).toContain(subjectOf(135));

    // Nothing new: the next run finds nothing and imports nothing twice.
    expect(await scheduledRun()).toEqual({ syncedCount: 0, totalFetched: 0, batches: 1, caughtUp: true });
    expect(await imported()).toHaveLength(135);
  });

  it("leaves the Sync button's run at one batch", async () => {
    await deliver(136, 60);
    const manual = await queue.add(SYNC_INBOX_JOB, { trigger: "manual" }, { attempts: 1 });
    expect(await manual.waitUntilFinished(events, 120_000)).toEqual({ syncedCount: 50, totalFetched: 50 });
    expect(await scheduledRun()).toEqual({ syncedCount: 10, totalFetched: 10, batches: 1, caughtUp: true });
    expect(new Set(await imported()).size).toBe(195);
  });
});
