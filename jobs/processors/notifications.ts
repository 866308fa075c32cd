// Notifications (app/services/notifications.server.ts; docs/decisions/notifications.md): the office
// notices, the digest and the e-mail reminders on the `email` queue; the daily run and the SMS
// reminders on the `notifications` queue. Each send is claimed once in the database, so a retry or
// a second run is harmless. A refusal or a permanent SMTP/SMS refusal fails the job at once.
import { UnrecoverableError } from "bullmq";
import { getDb } from "../../db/client.server";
import { isPermanentSmtpError } from "../../app/integrations/smtp.server";
import {
  isPermanentSmsError,
  runDailyNotifications,
  sendDigest,
  sendOfficeNotice,
  sendReminderEmail,
  sendReminderSms,
} from "../../app/services/notifications.server";
import { isRefusal } from "../../app/utils/refusal.server";
import type {
  DailyNotificationsData,
  JobLike,
  SendDigestData,
  SendOfficeNoticeData,
  SendReminderData,
  SendReminderSmsData,
} from "../queues";

async function run<R>(send: () => Promise<R>): Promise<R> {
  try {
    return await send();
  } catch (error) {
    if (isRefusal(error) || isPermanentSmtpError(error) || isPermanentSmsError(error))
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

export async function sendOfficeNoticeJob(job: JobLike<SendOfficeNoticeData>) {
  const db = await getDb();
  return run(() => sendOfficeNotice(db, job.data));
}

export async function sendDigestJob(job: JobLike<SendDigestData>) {
  const db = await getDb();
  return run(() => sendDigest(db, job.data.day));
}

export async function sendReminderEmailJob(job: JobLike<SendReminderData>) {
  const db = await getDb();
  return run(() => sendReminderEmail(db, job.data));
}

export async function sendReminderSmsJob(job: JobLike<SendReminderSmsData>) {
  const db = await getDb();
  return run(() => sendReminderSms(db, job.data));
}

export async function dailyNotificationsJob(job: JobLike<DailyNotificationsData>) {
  const db = await getDb();
  return runDailyNotifications(db, job.data?.asOf);
}
