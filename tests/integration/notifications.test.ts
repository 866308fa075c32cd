// Notifications (issue 15; docs/decisions/notifications.md) against a REAL local SMTP server
// (smtp-server on 127.0.0.1 with AUTH), the fake Twilio API (tests/setup/fake-providers.ts) and the
// real BullMQ queues of this run: the production server enqueues the office's notice when a
// customer answers in the portal; a webhook's processing enqueues it when a payment arrives; the
// worker started here (the only one on this run's `email` and `notifications` queues while this
// file holds the e-mail lock) sends. Mail of other files is told apart by this file's tag.
import type { AddressInfo } from "node:net";
import { Queue } from "bullmq";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import {
  activityLog,
  customers,
  emailConfig,
  invoices,
  notificationsSent,
  paymentLinks,
  payments,
  quotes,
  scheduleEvents,
  users,
  webhookEvents,
} from "../../db/schema";
import {
  DAILY_NOTIFICATIONS_JOB,
  EMAIL_QUEUE,
  NOTIFICATIONS_QUEUE,
  closeQueues,
  enqueueAndWait,
  redisConnection,
} from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { newPaymentReference } from "~/integrations/payment-provider.server";
import { sendSms, SmsError } from "~/integrations/twilio.server";
import { saveEmailConfig } from "~/models/email-config.server";
import { savePaymentLink } from "~/models/payment-links.server";
import { createPortalToken } from "~/models/portal.server";
import { readSettings, saveSettings } from "~/models/settings.server";
import { processWebhookEvent } from "~/services/webhooks.server";
import {
  saveNotificationSettings,
  sendOfficeNotice,
  sendReminderEmail,
  sendReminderSms,
} from "~/services/notifications.server";
import { addDays, zonedToInstant } from "~/utils/dates";
import { FAKE, fakeRequests, stripeSignatureHeader, twilioEnv } from "../setup/fake-providers";
import { baseUrl } from "../setup/http";
import { holdShared } from "../setup/shared-settings";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** Another file may hold the shared locks for its whole run (tests/setup/shared-settings.ts): wait for it. */
const LOCK_WAIT_MS = 300_000;
const SENDER = `notify-${tag}@example.test`;
const PASSWORD = `app-pass-${tag}-Zx9`;
const OPTED_IN = `office-in-${tag}@example.test`;
const OPTED_OUT = `office-out-${tag}@example.test`;

type Captured = { to: string[]; mail: ParsedMail; raw: string };
const inbox: Captured[] = [];
let smtp: SMTPServer;
let worker: RunningWorker;
let releaseEmail: (() => Promise<void>) | undefined;
let releaseSettings: (() => Promise<void>) | undefined;
let savedSystem: { emailNotifications: boolean; smsNotifications: boolean } | undefined;
const savedEnv: Record<string, string | undefined> = {};
const logged: string[] = [];
const originalLog = console.log;
const originalError = console.error;
const created = { customers: [] as number[], users: [] as number[] };
let customerId = 0;
let seq = 0;

async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Mail of this file whose subject names `needle`. */
const mailAbout = (needle: string) => inbox.filter((m) => (m.mail.subject ?? "").includes(needle));

/** Waits until this run's notification queues have nothing left to do. */
async function drained() {
  const connection = redisConnection();
  const queues = [EMAIL_QUEUE, NOTIFICATIONS_QUEUE].map(
    (name) => new Queue(name, { connection, prefix: inject("queuePrefix") }),
  );
  try {
    await until(async () => {
      for (const q of queues) {
        const counts = await q.getJobCounts("waiting", "active", "delayed", "prioritized");
        if (Object.values(counts).some((n) => n > 0)) return false;
      }
      return true;
    });
  } finally {
    await Promise.all(queues.map((q) => q.close()));
    connection.disconnect();
  }
}

async function setSwitches(value: { emailNotifications?: boolean; smsNotifications?: boolean }) {
  await saveSettings(await getDb(), "system", value);
}

async function sentQuote() {
  seq += 1;
  const [q] = await (
    await getDb()
  )
    .insert(quotes)
    .values({
      customerId,
      quoteNumber: `QN-${tag}-${seq}`,
      title: `Kitchen ${tag} ${seq}`,
      status: "sent",
      subtotal: "1250.00",
      total: "1250.00",
    })
    .returning({ id: quotes.id, quoteNumber: quotes.quoteNumber });
  return q;
}

/** Answers a quote in the customer portal as the customer's browser would (a plain form POST). */
async function answerInPortal(quoteId: number, intent: "approve" | "request-changes", message = "") {
  const token = await createPortalToken(await getDb(), customerId, null, { revokeOthers: false });
  const res = await fetch(`${baseUrl()}/client/quotes/${customerId}`, {
    method: "POST",
    headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, quoteId: String(quoteId), intent, message }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, quoteId));
  expect(row.status).toBe(intent === "approve" ? "approved" : "rejected");
}

/** Jobs of this run's e-mail queue about one record (any state). */
async function noticeJobsFor(recordId: number) {
  const connection = redisConnection();
  const queue = new Queue(EMAIL_QUEUE, { connection, prefix: inject("queuePrefix") });
  try {
    const jobs = await queue.getJobs(["waiting", "active", "delayed", "completed", "failed", "prioritized"]);
    return jobs.filter((j) => j?.name === "send-office-notice" && j.data?.recordId === recordId);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

beforeAll(async () => {
  // The e-mail configuration and the System switches are shared: this file's until it ends.
  releaseEmail = await holdShared("email", "change");
  releaseSettings = await holdShared("settings", "change");
  console.log = (...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
    originalLog(...args);
  };
  console.error = (...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
    originalError(...args);
  };
  smtp = new SMTPServer({
    secure: false,
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SENDER && auth.password === PASSWORD) return cb(null, { user: auth.username });
      return cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((mail) => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), mail, raw: raw.toString("utf8") });
          cb();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const env = {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
    SMTP_SECURE: "false",
    APP_URL: baseUrl(),
    ...twilioEnv(inject("fakeProvidersUrl")),
  };
  for (const [key, value] of Object.entries(env)) {
    savedEnv[key] = process.env[key];
    process.env[key] = value;
  }

  const db = await getDb();
  const system = (await readSettings(db)).system;
  savedSystem = { emailNotifications: system.emailNotifications, smsNotifications: system.smsNotifications };
  await db.delete(emailConfig);
  await saveEmailConfig(db, {
    provider: "gmail",
    senderEmail: SENDER,
    senderName: "Notify",
    isActive: true,
    appPassword: PASSWORD,
  });
  const made = await db
    .insert(users)
    .values([
      {
        username: `notify-in-${tag}`,
        passwordHash: "x",
        name: `Opted In ${tag}`,
        email: OPTED_IN,
        role: "office",
        notifyEmail: true,
      },
      {
        username: `notify-out-${tag}`,
        passwordHash: "x",
        name: `Opted Out ${tag}`,
        email: OPTED_OUT,
        role: "owner",
        notifyEmail: false,
      },
    ])
    .returning({ id: users.id });
  created.users.push(...made.map((u) => u.id));
  const [c] = await db
    .insert(customers)
    .values({ name: `Notify ${tag}`, email: `client-${tag}@example.test` })
    .returning({ id: customers.id });
  customerId = c.id;
  created.customers.push(c.id);
  worker = await startWorker({
    prefix: inject("queuePrefix"),
    registry: { [EMAIL_QUEUE]: processors[EMAIL_QUEUE], [NOTIFICATIONS_QUEUE]: processors[NOTIFICATIONS_QUEUE] },
    concurrency: 2,
    schedulers: false,
  });
}, LOCK_WAIT_MS);

afterAll(async () => {
  await worker?.close();
  await closeQueues();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  console.log = originalLog;
  console.error = originalError;
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const db = await getDb();
  if (savedSystem) await saveSettings(db, "system", savedSystem);
  // This file's notices and digests (the reminders' rows go with their events).
  for (const id of created.users) await db.delete(notificationsSent).where(like(notificationsSent.key, `%:user:${id}`));
  if (created.users.length) await db.delete(users).where(inArray(users.id, created.users));
  for (const id of created.customers) {
    const mine = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, id));
    const ids = mine.map((r) => r.id);
    if (ids.length) {
      await db.delete(payments).where(inArray(payments.invoiceId, ids));
      await db.delete(paymentLinks).where(inArray(paymentLinks.invoiceId, ids));
      await db.delete(invoices).where(inArray(invoices.id, ids));
    }
    await db.delete(activityLog).where(eq(activityLog.customerId, id));
    await db.delete(quotes).where(eq(quotes.customerId, id));
    await db.delete(scheduleEvents).where(eq(scheduleEvents.customerId, id));
  }
  if (created.customers.length) await db.delete(customers).where(inArray(customers.id, created.customers));
  await db.delete(webhookEvents).where(like(webhookEvents.eventId, `stripe:evt_${tag}_%`));
  await db.delete(emailConfig);
  await closeDb();
  await releaseSettings?.();
  await releaseEmail?.();
});

describe("the office hears of portal answers", () => {
  it("an approval in the portal e-mails the office users who opted in, and nobody else", async () => {
    await setSwitches({ emailNotifications: true });
    const q = await sentQuote();
    await answerInPortal(q.id, "approve");
    const [mail] = await until(() => (mailAbout(q.quoteNumber).length ? mailAbout(q.quoteNumber) : undefined));
    expect(mail.mail.subject).toBe(`Quote ${q.quoteNumber} approved by Notify ${tag}`);
    expect(mail.to).toEqual([OPTED_IN]);
    expect(mail.mail.text).toContain(`Notify ${tag} approved quote ${q.quoteNumber}`);
    expect(mail.mail.text).toContain("$1,250.00");
    expect(mail.mail.text).toContain(`${baseUrl()}/quotes/${q.id}`);
    await drained();
    // One message, to the opted-in user only: the owner who did not opt in got nothing.
    expect(mailAbout(q.quoteNumber)).toHaveLength(1);
    expect(inbox.some((m) => m.to.includes(OPTED_OUT))).toBe(false);
  });

  it("a change request carries the customer's message", async () => {
    const q = await sentQuote();
    await answerInPortal(q.id, "request-changes", `Maple doors instead of oak ${tag}`);
    const [mail] = await until(() => (mailAbout(q.quoteNumber).length ? mailAbout(q.quoteNumber) : undefined));
    expect(mail.mail.subject).toBe(`Changes requested on quote ${q.quoteNumber} by Notify ${tag}`);
    expect(mail.to).toEqual([OPTED_IN]);
    expect(mail.mail.text).toContain(`Maple doors instead of oak ${tag}`);
  });

  it("with the e-mail switch off nothing is queued or sent", async () => {
    await setSwitches({ emailNotifications: false });
    const off = await sentQuote();
    await answerInPortal(off.id, "approve");
    expect(await noticeJobsFor(off.id)).toEqual([]);
    // A notice queued before the switch went off is not sent either: the processor reads it again.
    expect(await sendOfficeNotice(await getDb(), { kind: "quote_approved", recordId: off.id })).toEqual({
      sent: 0,
      skipped: "E-mail notifications are switched off",
    });
    // Switched on again, the next answer is mailed; the one answered while off never is.
    await setSwitches({ emailNotifications: true });
    const on = await sentQuote();
    await answerInPortal(on.id, "approve");
    await until(() => mailAbout(on.quoteNumber).length);
    await drained();
    expect(mailAbout(off.quoteNumber)).toEqual([]);
  });
});

describe("the office hears of online payments", () => {
  async function invoiceWithLink(total: string) {
    seq += 1;
    const db = await getDb();
    const [inv] = await db
      .insert(invoices)
      .values({
        customerId,
        invoiceNumber: `IN-${tag}-${seq}`,
        title: `Vanity ${tag} ${seq}`,
        status: "sent",
        dueDate: "2099-01-31",
        subtotal: total,
        taxRate: "0",
        total,
        balance: total,
      })
      .returning();
    const reference = newPaymentReference();
    await savePaymentLink(db, {
      invoiceId: inv.id,
      provider: "stripe",
      reference,
      url: "https://checkout.stripe.com/c/pay/cs_test",
      amount: total,
      currency: "USD",
    });
    return { ...inv, reference };
  }

  /** Stripe delivers checkout.session.completed to the server; the event is processed here (idempotent). */
  async function pay(inv: { reference: string }, cents: number) {
    seq += 1;
    const id = `evt_${tag}_${seq}`;
    const body = JSON.stringify({
      id,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_${tag}_${seq}`,
          object: "checkout.session",
          payment_status: "paid",
          payment_intent: `pi_${tag}_${seq}`,
          amount_total: cents,
          currency: "usd",
          client_reference_id: inv.reference,
          metadata: { paymentRef: inv.reference },
        },
      },
    });
    const res = await fetch(`${baseUrl()}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignatureHeader(body) },
      body,
    });
    expect(res.status).toBe(200);
    const db = await getDb();
    const [event] = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `stripe:${id}`));
    // Whichever worker gets it first records the payment once; the notice is queued once.
    await processWebhookEvent(db, event.id);
    const [row] = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `stripe:${id}`));
    expect(row.processed).toBe(true);
  }

  it("a payment webhook e-mails the opted-in office users", async () => {
    await setSwitches({ emailNotifications: true });
    const inv = await invoiceWithLink("400.00");
    await pay(inv, 15_000);
    const [mail] = await until(() => (mailAbout(inv.invoiceNumber).length ? mailAbout(inv.invoiceNumber) : undefined));
    expect(mail.mail.subject).toBe(`Payment received: $150.00 for invoice ${inv.invoiceNumber}`);
    expect(mail.to).toEqual([OPTED_IN]);
    expect(mail.mail.text).toContain("Balance now: $250.00");
    expect(mail.mail.text).toContain(`${baseUrl()}/invoices/${inv.id}`);
    await drained();
    expect(mailAbout(inv.invoiceNumber)).toHaveLength(1);
  });

  it("with the switch off a payment is recorded and nobody is e-mailed", async () => {
    await setSwitches({ emailNotifications: false });
    const inv = await invoiceWithLink("90.00");
    await pay(inv, 9_000);
    const [payment] = await (await getDb()).select().from(payments).where(eq(payments.invoiceId, inv.id));
    expect(payment.amount).toBe("90.00");
    expect(await noticeJobsFor(payment.id)).toEqual([]);
    await setSwitches({ emailNotifications: true });
  });

  it("with e-mail not configured a payment is recorded and no notice is queued", async () => {
    const db = await getDb();
    await db.update(emailConfig).set({ isActive: false });
    try {
      const inv = await invoiceWithLink("60.00");
      await pay(inv, 6_000);
      const [payment] = await db.select().from(payments).where(eq(payments.invoiceId, inv.id));
      expect(payment.amount).toBe("60.00");
      expect(await noticeJobsFor(payment.id)).toEqual([]);
    } finally {
      await db.update(emailConfig).set({ isActive: true });
    }
    // Configured again, the next payment is mailed.
    const next = await invoiceWithLink("61.00");
    await pay(next, 6_100);
    await until(() => mailAbout(next.invoiceNumber).length);
  });

  it("an office user who opts out gets nothing", async () => {
    const db = await getDb();
    await db.update(users).set({ notifyEmail: false }).where(eq(users.email, OPTED_IN));
    try {
      const inv = await invoiceWithLink("75.00");
      await pay(inv, 7_500);
      const [payment] = await db.select().from(payments).where(eq(payments.invoiceId, inv.id));
      await until(async () => (await noticeJobsFor(payment.id)).some((j) => j.finishedOn));
      await drained();
      expect(mailAbout(inv.invoiceNumber)).toEqual([]);
    } finally {
      await db.update(users).set({ notifyEmail: true }).where(eq(users.email, OPTED_IN));
    }
  });
});

describe("the morning digest", () => {
  it("mails each opted-in user their Needs Attention once per day, by the daily job", async () => {
    await setSwitches({ emailNotifications: true });
    const db = await getDb();
    // Something that needs attention: an invoice of this file long overdue.
    seq += 1;
    await db.insert(invoices).values({
      customerId,
      invoiceNumber: `OD-${tag}`,
      title: `Overdue ${tag}`,
      status: "overdue",
      dueDate: "1945-01-03",
      subtotal: "999999.00",
      taxRate: "0",
      total: "999999.00",
      balance: "999999.00",
    });
    const day = "2099-06-01";
    const result = await enqueueAndWait(NOTIFICATIONS_QUEUE, DAILY_NOTIFICATIONS_JOB, { asOf: day });
    expect(result).toMatchObject({ day, digest: true });
    const digest = await until(() =>
      inbox.find((m) => m.to.includes(OPTED_IN) && /^Needs attention/.test(m.mail.subject ?? "")),
    );
    expect(digest.mail.subject).toMatch(/^Needs attention on Jun 1, 2099: \d items?$/);
    expect(digest.mail.text).toContain(`Invoice OD-${tag} overdue`);
    // A second run of the same day sends no second digest.
    await enqueueAndWait(NOTIFICATIONS_QUEUE, DAILY_NOTIFICATIONS_JOB, { asOf: day });
    await drained();
    const digests = inbox.filter((m) => /^Needs attention on Jun 1, 2099/.test(m.mail.subject ?? ""));
    expect(digests.map((m) => m.to)).toEqual([[OPTED_IN]]);
  });
});

describe("SMS through the Twilio adapter", () => {
  it("posts To, From and Body with Basic auth of the account", async () => {
    const result = await sendSms({ to: "+18025550199", body: `Hello ${tag}` });
    expect(result.sid).toMatch(/^SM/);
    const sent = (await fakeRequests(inject("fakeProvidersUrl"))).filter((r) => r.body.includes(`Hello+${tag}`));
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe(`/2010-04-01/Accounts/${FAKE.twilioAccountSid}/Messages.json`);
    expect(sent[0].headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE.twilioAccountSid}:${FAKE.twilioAuthToken}`).toString("base64")}`,
    );
    const form = new URLSearchParams(sent[0].body);
    expect(Object.fromEntries(form)).toEqual({ To: "+18025550199", From: FAKE.twilioFrom, Body: `Hello ${tag}` });
  });

  it("a wrong auth token is refused, permanently, and the token is in no message", async () => {
    const saved = process.env.TWILIO_AUTH_TOKEN;
    process.env.TWILIO_AUTH_TOKEN = "wrong-token";
    try {
      const error = await sendSms({ to: "+18025550199", body: "x" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsError);
      expect((error as SmsError).permanent).toBe(true);
      expect((error as SmsError).message).toBe("The SMS provider refused the message: Authenticate");
      expect((error as SmsError).message).not.toContain("wrong-token");
    } finally {
      process.env.TWILIO_AUTH_TOKEN = saved;
    }
  });

  it("SMS cannot be switched on while the server lacks the Twilio settings", async () => {
    const saved = process.env.TWILIO_ACCOUNT_SID;
    delete process.env.TWILIO_ACCOUNT_SID;
    try {
      const error = await saveNotificationSettings(await getDb(), {
        emailNotifications: true,
        smsNotifications: true,
      }).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/^SMS needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM set/);
    } finally {
      process.env.TWILIO_ACCOUNT_SID = saved;
    }
  });
});

describe("appointment reminders", () => {
  const today = "2099-03-10";
  const tomorrow = addDays(today, 1);
  const tz = "America/New_York";

  async function customer(label: string, appointmentReminders: string, phone: string | null = "(802) 555-0177") {
    const [c] = await (
      await getDb()
    )
      .insert(customers)
      .values({
        name: `Remind ${label} ${tag}`,
        email: `remind-${label}-${tag}@example.test`,
        phone,
        appointmentReminders,
      })
      .returning({ id: customers.id });
    created.customers.push(c.id);
    return c.id;
  }

  async function event(customer: number, day: string, opts: { type?: string; status?: string; title?: string } = {}) {
    const [e] = await (
      await getDb()
    )
      .insert(scheduleEvents)
      .values({
        title: opts.title ?? `Install ${tag} ${++seq}`,
        type: opts.type ?? "install",
        status: opts.status ?? "scheduled",
        customerId: customer,
        startAt: zonedToInstant(day, "09:30", tz),
        endAt: zonedToInstant(day, "15:00", tz),
        location: "12 Elm St",
      })
      .returning({ id: scheduleEvents.id, title: scheduleEvents.title });
    return e;
  }

  it("sends once, only to opted-in customers, only for tomorrow's installs, by the channels chosen", async () => {
    await setSwitches({ emailNotifications: true, smsNotifications: true });
    const both = await customer("both", "both", "(802) 555-0177");
    const emailOnly = await customer("email", "email");
    const none = await customer("none", "none");
    const wanted = await event(both, tomorrow);
    const wantedEmail = await event(emailOnly, tomorrow);
    const notOptedIn = await event(none, tomorrow);
    const dayAfter = await event(both, addDays(tomorrow, 1));
    const measure = await event(both, tomorrow, { type: "measure" });
    const cancelled = await event(both, tomorrow, { status: "cancelled" });
    const titles = [wanted, wantedEmail, notOptedIn, dayAfter, measure, cancelled].map((e) => e.title);

    const first = await enqueueAndWait(NOTIFICATIONS_QUEUE, DAILY_NOTIFICATIONS_JOB, { asOf: today });
    expect(first).toMatchObject({ day: today, emailReminders: 2, smsReminders: 1 });
    await drained();
    // A second run of the daily job (a retry, a second worker) sends nothing twice.
    await enqueueAndWait(NOTIFICATIONS_QUEUE, DAILY_NOTIFICATIONS_JOB, { asOf: today });
    await drained();

    const reminders = inbox.filter((m) => titles.some((t) => (m.mail.text ?? "").includes(t)));
    expect(reminders.map((m) => m.to[0]).sort()).toEqual(
      [`remind-both-${tag}@example.test`, `remind-email-${tag}@example.test`].sort(),
    );
    const toBoth = reminders.find((m) => m.to[0] === `remind-both-${tag}@example.test`)!;
    expect(toBoth.mail.subject).toBe("Reminder: your installation with Northwind Cabinetry is tomorrow");
    expect(toBoth.mail.text).toContain(`${wanted.title} is scheduled for Wednesday, Mar 11 at 9:30 AM at 12 Elm St`);

    const texts = (await fakeRequests(inject("fakeProvidersUrl")))
      .filter((r) => r.path.endsWith("/Messages.json"))
      .map((r) => Object.fromEntries(new URLSearchParams(r.body)))
      .filter((f) => titles.some((t) => f.Body?.includes(t)));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ To: "+18025550177", From: FAKE.twilioFrom });
    expect(texts[0].Body).toContain(`${wanted.title} is tomorrow, Wednesday, Mar 11 at 9:30 AM, at 12 Elm St.`);

    // The record that makes it once: one row per channel for the event.
    const rows = await (await getDb()).select().from(notificationsSent).where(eq(notificationsSent.eventId, wanted.id));
    expect(rows.map((r) => r.key).sort()).toEqual([
      `reminder:email:event:${wanted.id}:${tomorrow}`,
      `reminder:sms:event:${wanted.id}:${tomorrow}`,
    ]);
    // Sent directly again: nothing goes.
    expect(await sendReminderEmail(await getDb(), { eventId: wanted.id, day: tomorrow })).toEqual({ sent: 0 });
    expect(await sendReminderSms(await getDb(), { eventId: wanted.id, day: tomorrow })).toEqual({ sent: 0 });
  });

  it("respects the switches: SMS off sends no text, e-mail off no e-mail", async () => {
    const day = "2099-04-20";
    const c = await customer("switch", "both", "+44 7700 900123");
    const e = await event(c, addDays(day, 1));
    await setSwitches({ emailNotifications: false, smsNotifications: false });
    const result = await enqueueAndWait(NOTIFICATIONS_QUEUE, DAILY_NOTIFICATIONS_JOB, { asOf: day });
    expect(result).toMatchObject({ digest: false, emailReminders: 0, smsReminders: 0 });
    expect(await sendReminderSms(await getDb(), { eventId: e.id, day: addDays(day, 1) })).toEqual({
      sent: 0,
      skipped: "SMS notifications are switched off",
    });
    expect(await sendReminderEmail(await getDb(), { eventId: e.id, day: addDays(day, 1) })).toEqual({
      sent: 0,
      skipped: "E-mail notifications are switched off",
    });
    const rows = await (await getDb()).select().from(notificationsSent).where(eq(notificationsSent.eventId, e.id));
    expect(rows).toEqual([]);
    await setSwitches({ emailNotifications: true, smsNotifications: false });
  });

  it("keeps secrets out of job data and logs", async () => {
    const connection = redisConnection();
    const queues = [EMAIL_QUEUE, NOTIFICATIONS_QUEUE].map(
      (name) => new Queue(name, { connection, prefix: inject("queuePrefix") }),
    );
    try {
      const jobs = (await Promise.all(queues.map((q) => q.getJobs(["completed", "failed"])))).flat();
      const data = JSON.stringify(jobs.map((j) => j?.data));
      for (const secret of [PASSWORD, FAKE.twilioAuthToken]) {
        expect(data).not.toContain(secret);
        expect(logged.join("\n")).not.toContain(secret);
      }
    } finally {
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
    }
  });
});
