// Notifications (docs/decisions/notifications.md). The office hears by e-mail when a customer
// approves a quote or asks for changes in the portal and when an online payment arrives, and gets
// a morning digest of Needs Attention; customers who opted in get a reminder of tomorrow's install
// by e-mail and/or SMS. Settings → System's switches decide (e-mail: `emailNotifications`, SMS:
// `smsNotifications`); each user opts in on their Profile, each customer on the customer form.
//
// Producing: `notifyOffice` enqueues a job on the `email` queue (ids only) and never fails the
// request that caused it. Sending (the processors): the switch is read again, the record loaded,
// and each message claimed in notifications_sent before it goes, so a retry or a second daily run
// sends nothing twice. All mail goes through the one SMTP sender (app/integrations/smtp.server.ts)
// with the account of Settings → Email; SMS through the Twilio adapter.
import {
  EMAIL_QUEUE,
  NOTIFICATIONS_QUEUE,
  SEND_DIGEST_JOB,
  SEND_OFFICE_NOTICE_JOB,
  SEND_REMINDER_EMAIL_JOB,
  SEND_REMINDER_SMS_JOB,
  enqueue,
  type OfficeNoticeKind,
  type SendOfficeNoticeData,
  type SendReminderData,
} from "../../jobs/queues";
import type { Executor } from "../../db/client.server";
import { NoticeEmail, type NoticeEmailProps } from "../emails/notice-email";
import { renderEmail } from "../emails/document-email";
import { sendMail, type SmtpAccount } from "../integrations/smtp.server";
import { sendSms, smsConfigured, SmsError, smsUnavailableReason } from "../integrations/twilio.server";
import { activeMailAccount, getEmailConfig } from "../models/email-config.server";
import { needsAttention, overdueText } from "../models/needs-attention.server";
import {
  claimNotification,
  installsOn,
  officeNoticesPossible,
  officeRecipients,
  paymentNoticeFacts,
  quoteNoticeFacts,
  releaseNotification,
  reminderEvent,
  type ReminderEvent,
} from "../models/notifications.server";
import { respondToQuote } from "../models/quote.server";
import { readSettings, saveSettings, type Settings } from "../models/settings.server";
import type { NotificationSettingsInput } from "../schemas/notifications";
import { addDays, businessToday, formatDate, formatInZone, type DateDisplay } from "../utils/dates";
import { formatMoney } from "../utils/money";
import { smsNumber } from "../utils/phone";
import { invalid, isRefusal } from "../utils/refusal.server";

const appUrl = () => (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, "");
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A notice is not urgent: a few retries, spread out (the SMTP server may be down for a while). */
const noticeJobOptions = { attempts: 5, backoff: { type: "exponential", delay: 30_000 } };

// ---------------------------------------------------------------- the switches

/** What Settings → System → Notifications shows. */
export async function notificationSettingsState(db: Executor) {
  const { system } = await readSettings(db);
  const config = await getEmailConfig(db);
  return {
    emailNotifications: system.emailNotifications,
    smsNotifications: system.smsNotifications,
    smsUnavailable: smsUnavailableReason(),
    emailConfigured: Boolean(config?.isActive && config.senderEmail && config.hasPassword),
  };
}

/** Saves the switches; SMS cannot be switched on while the server has no SMS provider configured. */
export async function saveNotificationSettings(db: Executor, input: NotificationSettingsInput) {
  const reason = smsUnavailableReason();
  if (input.smsNotifications && reason) throw invalid(reason, "smsNotifications");
  return saveSettings(db, "system", {
    emailNotifications: input.emailNotifications,
    smsNotifications: input.smsNotifications,
  });
}

// ---------------------------------------------------------------- producing

/**
 * Queues the office's e-mail about `kind` when the e-mail switch is on and e-mail is configured.
 * Never throws: the customer's approval or the payment is recorded whatever happens to the notice
 * (logged).
 */
export async function notifyOffice(
  db: Executor,
  kind: OfficeNoticeKind,
  recordId: number,
  /** officeNoticesPossible when the caller read it along with something else (the webhook worker). */
  possible?: boolean,
) {
  try {
    // No job when nothing could be sent (switched off, or e-mail not configured): one read, no queue trip.
    if (!(possible ?? (await officeNoticesPossible(db)))) return null;
    return await enqueue(EMAIL_QUEUE, SEND_OFFICE_NOTICE_JOB, { kind, recordId }, noticeJobOptions);
  } catch (error) {
    console.error(`[notifications] ${kind} #${recordId} not queued: ${errorMessage(error)}`);
    return null;
  }
}

/** The customer's answer in the portal, then the office's notice of it. */
export async function respondInPortal(
  db: Executor,
  quoteId: number,
  answer: { decision: "approved" } | { decision: "rejected"; message: string },
) {
  const row = await respondToQuote(db, quoteId, answer.decision, {
    via: "portal",
    message: answer.decision === "rejected" ? answer.message : undefined,
  });
  await notifyOffice(db, answer.decision === "approved" ? "quote_approved" : "quote_changes_requested", quoteId);
  return row;
}

// ---------------------------------------------------------------- sending

export type NoticeOutcome = { sent: number; skipped?: string };

/** The mail account, or null when e-mail is not configured (the notice is skipped, not failed). */
async function mailAccountOrNull(db: Executor): Promise<SmtpAccount | null> {
  try {
    return await activeMailAccount(db);
  } catch (error) {
    if (isRefusal(error)) return null;
    throw error;
  }
}

/**
 * Sends each message once: claimed by its key first; a failure releases the claim and the first
 * error is rethrown after the others were tried, so the job's retry sends only what is missing.
 */
async function sendOnce(
  db: Executor,
  messages: { key: string; channel: "email" | "sms"; eventId?: number | null; send: () => Promise<unknown> }[],
): Promise<number> {
  let sent = 0;
  let failure: unknown;
  for (const message of messages) {
    if (!(await claimNotification(db, message))) continue;
    try {
      await message.send();
      sent += 1;
    } catch (error) {
      await releaseNotification(db, message.key);
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return sent;
}

async function mailTo(
  db: Executor,
  account: SmtpAccount,
  settings: Settings,
  to: string,
  subject: string,
  props: Omit<NoticeEmailProps, "business">,
) {
  const { html, text } = await renderEmail(NoticeEmail({ ...props, business: settings.business }));
  return sendMail(account, { to, subject, html, text });
}

async function officeNoticeContent(db: Executor, kind: OfficeNoticeKind, recordId: number) {
  if (kind === "payment_received") {
    const p = await paymentNoticeFacts(db, recordId);
    if (!p) return null;
    const amount = formatMoney(p.amount);
    return {
      subject: `Payment received: ${amount} for invoice ${p.invoiceNumber}`,
      heading: "Payment received",
      lines: [
        `${p.customerName ?? "A customer"} paid ${amount} online${p.provider ? ` (${p.provider})` : ""} for invoice ${p.invoiceNumber} (${p.title}).`,
        `Balance now: ${formatMoney(p.balance)}.`,
      ],
      action: { label: `Open invoice ${p.invoiceNumber}`, href: `${appUrl()}/invoices/${p.invoiceId}` },
    };
  }
  const q = await quoteNoticeFacts(db, recordId);
  if (!q) return null;
  const who = q.customerName ?? "The customer";
  const action = { label: `Open quote ${q.quoteNumber}`, href: `${appUrl()}/quotes/${q.id}` };
  if (kind === "quote_approved")
    return {
      subject: `Quote ${q.quoteNumber} approved by ${who}`,
      heading: "Quote approved",
      lines: [`${who} approved quote ${q.quoteNumber} (${q.title}) for ${formatMoney(q.total)} in the portal.`],
      action,
    };
  return {
    subject: `Changes requested on quote ${q.quoteNumber} by ${who}`,
    heading: "Changes requested",
    lines: [
      `${who} asked for changes to quote ${q.quoteNumber} (${q.title}) in the portal.`,
      q.changeRequest ? `Their message: “${q.changeRequest}”` : "They left no message.",
    ],
    action,
  };
}

/** The `send-office-notice` job: one e-mail to each office user who opted in. */
export async function sendOfficeNotice(db: Executor, data: SendOfficeNoticeData): Promise<NoticeOutcome> {
  const settings = await readSettings(db);
  if (!settings.system.emailNotifications) return { sent: 0, skipped: "E-mail notifications are switched off" };
  const account = await mailAccountOrNull(db);
  if (!account) return { sent: 0, skipped: "Email is not configured" };
  const content = await officeNoticeContent(db, data.kind, data.recordId);
  if (!content) return { sent: 0, skipped: "The record no longer exists" };
  const recipients = await officeRecipients(db);
  const sent = await sendOnce(
    db,
    recipients.map((user) => ({
      key: `office:${data.kind}:${data.recordId}:user:${user.id}`,
      channel: "email" as const,
      send: () =>
        mailTo(db, account, settings, user.email, content.subject, {
          preview: content.subject,
          heading: content.heading,
          greeting: `Hello ${user.name},`,
          lines: content.lines,
          action: content.action,
          footer: "You get these e-mails because you opted in on your Profile in Settings.",
        }),
    })),
  );
  return { sent };
}

/** The `send-digest` job: the morning digest of Needs Attention, to each office user who opted in. */
export async function sendDigest(db: Executor, day: string): Promise<NoticeOutcome> {
  const settings = await readSettings(db);
  if (!settings.system.emailNotifications) return { sent: 0, skipped: "E-mail notifications are switched off" };
  const account = await mailAccountOrNull(db);
  if (!account) return { sent: 0, skipped: "Email is not configured" };
  const timeZone = settings.system.timeZone;
  const recipients = await officeRecipients(db);
  const messages = [];
  for (const user of recipients) {
    const items = await needsAttention(db, { today: day, timeZone }, { role: user.role, userId: user.id });
    // Nothing to do is no news: no e-mail (docs/decisions/notifications.md).
    if (!items.length) continue;
    const subject = `Needs attention on ${formatDate(day, settings.system)}: ${items.length} item${items.length === 1 ? "" : "s"}`;
    messages.push({
      key: `digest:${day}:user:${user.id}`,
      channel: "email" as const,
      send: () =>
        mailTo(db, account, settings, user.email, subject, {
          preview: subject,
          heading: "Needs Attention",
          greeting: `Good morning ${user.name},`,
          lines: ["These need attention today, most urgent first:"],
          items: items.map((item) => ({
            text: [
              item.title,
              item.description,
              item.daysOverdue > 0 ? overdueText(item.daysOverdue) : null,
              item.amount ? formatMoney(item.amount) : null,
            ]
              .filter(Boolean)
              .join(" · "),
            href: `${appUrl()}${item.href}`,
          })),
          action: { label: "Open the Home page", href: `${appUrl()}/` },
          footer: "You get this digest because you opted in on your Profile in Settings.",
        }),
    });
  }
  return { sent: await sendOnce(db, messages) };
}

const wantsEmail = (e: ReminderEvent) => e.channel === "email" || e.channel === "both";
const wantsSms = (e: ReminderEvent) => e.channel === "sms" || e.channel === "both";

function when(e: ReminderEvent, display: DateDisplay) {
  return e.allDay
    ? formatInZone(e.startAt, "EEEE, MMM d", display)
    : formatInZone(e.startAt, "EEEE, MMM d 'at' h:mm a", display);
}

/** The `send-reminder-email` job: the customer's e-mail reminder of an install on `day`. */
export async function sendReminderEmail(db: Executor, data: SendReminderData): Promise<NoticeOutcome> {
  const settings = await readSettings(db);
  if (!settings.system.emailNotifications) return { sent: 0, skipped: "E-mail notifications are switched off" };
  const event = await reminderEvent(db, data.eventId, data.day, settings.system.timeZone);
  if (!event || !wantsEmail(event) || !event.email) return { sent: 0, skipped: "No reminder wanted for this event" };
  const account = await mailAccountOrNull(db);
  if (!account) return { sent: 0, skipped: "Email is not configured" };
  const { business } = settings;
  const at = when(event, settings.system);
  const subject = `Reminder: your installation with ${business.companyName} is tomorrow`;
  const sent = await sendOnce(db, [
    {
      key: `reminder:email:event:${event.id}:${data.day}`,
      channel: "email",
      eventId: event.id,
      send: () =>
        mailTo(db, account, settings, event.email!, subject, {
          preview: subject,
          heading: "Your installation is tomorrow",
          greeting: `Hello ${event.customerName},`,
          lines: [
            `This is a reminder that ${event.title} is scheduled for ${at}${event.location ? ` at ${event.location}` : ""}.`,
            business.phone
              ? `If you need to change the time, please call us at ${business.phone}.`
              : "If you need to change the time, please reply to this e-mail.",
          ],
          footer: "You get this reminder because you asked us for appointment reminders.",
        }),
    },
  ]);
  return { sent };
}

/** The `send-reminder-sms` job: the customer's text reminder of an install on `day`. */
export async function sendReminderSms(db: Executor, data: SendReminderData): Promise<NoticeOutcome> {
  const settings = await readSettings(db);
  if (!settings.system.smsNotifications) return { sent: 0, skipped: "SMS notifications are switched off" };
  if (!smsConfigured()) return { sent: 0, skipped: "SMS is not configured on the server" };
  const event = await reminderEvent(db, data.eventId, data.day, settings.system.timeZone);
  const to = event ? smsNumber(event.phone) : null;
  if (!event || !wantsSms(event) || !to) return { sent: 0, skipped: "No reminder wanted for this event" };
  const { business } = settings;
  const body =
    `Reminder from ${business.companyName}: ${event.title} is tomorrow, ${when(event, settings.system)}` +
    `${event.location ? `, at ${event.location}` : ""}.` +
    (business.phone ? ` Questions? Call ${business.phone}.` : "");
  const sent = await sendOnce(db, [
    {
      key: `reminder:sms:event:${event.id}:${data.day}`,
      channel: "sms",
      eventId: event.id,
      send: () => sendSms({ to, body: body.slice(0, 480) }),
    },
  ]);
  return { sent };
}

export function isPermanentSmsError(error: unknown) {
  return error instanceof SmsError && error.permanent;
}

export type DailyNotificationsResult = {
  day: string;
  digest: boolean;
  emailReminders: number;
  smsReminders: number;
  skipped: string[];
};

/**
 * The daily run (07:00 in the business time zone): queues the digest of `asOf` (default today)
 * and the reminders of the installs on the next day. Running it twice queues twice, but each
 * message is claimed once when it is sent.
 */
export async function runDailyNotifications(db: Executor, asOf?: string): Promise<DailyNotificationsResult> {
  const settings = await readSettings(db);
  const { timeZone, emailNotifications, smsNotifications } = settings.system;
  const day = asOf ?? businessToday(timeZone);
  const tomorrow = addDays(day, 1);
  const result: DailyNotificationsResult = { day, digest: false, emailReminders: 0, smsReminders: 0, skipped: [] };
  if (emailNotifications) {
    await enqueue(EMAIL_QUEUE, SEND_DIGEST_JOB, { day }, noticeJobOptions);
    result.digest = true;
  } else result.skipped.push("E-mail notifications are switched off");
  const sms = smsNotifications && smsConfigured();
  if (smsNotifications && !sms) result.skipped.push("SMS is not configured on the server");
  else if (!smsNotifications) result.skipped.push("SMS notifications are switched off");
  for (const event of await installsOn(db, tomorrow, timeZone)) {
    if (emailNotifications && wantsEmail(event) && event.email) {
      await enqueue(EMAIL_QUEUE, SEND_REMINDER_EMAIL_JOB, { eventId: event.id, day: tomorrow }, noticeJobOptions);
      result.emailReminders += 1;
    }
    if (sms && wantsSms(event) && smsNumber(event.phone)) {
      await enqueue(NOTIFICATIONS_QUEUE, SEND_REMINDER_SMS_JOB, { eventId: event.id, day: tomorrow }, noticeJobOptions);
      result.smsReminders += 1;
    }
  }
  return result;
}
