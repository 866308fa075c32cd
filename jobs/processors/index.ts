// Queue name → job name → processor. The BullMQ worker (jobs/worker.ts) and the in-process runner
// (jobs/in-process.ts) both read this one table, so a job behaves the same with or without Redis.
import {
  BACKUPS_QUEUE,
  DAILY_MAINTENANCE_JOB,
  EMAIL_QUEUE,
  MAINTENANCE_QUEUE,
  MAKE_DERIVATIVES_JOB,
  PHOTOS_QUEUE,
  PROCESS_WEBHOOK_JOB,
  RUN_BACKUP_JOB,
  SWEEP_WEBHOOKS_JOB,
  WEBHOOKS_QUEUE,
  SEND_INVOICE_EMAIL_JOB,
  SEND_QUOTE_EMAIL_JOB,
  SEND_REPLY_JOB,
  SEND_LOGIN_ALERT_JOB,
  SEND_TEST_EMAIL_JOB,
  SEND_PURCHASE_ORDER_EMAIL_JOB,
  SYNC_INBOX_JOB,
  NOTIFICATIONS_QUEUE,
  DAILY_NOTIFICATIONS_JOB,
  SEND_DIGEST_JOB,
  SEND_OFFICE_NOTICE_JOB,
  SEND_REMINDER_EMAIL_JOB,
  SEND_REMINDER_SMS_JOB,
  type ProcessorRegistry,
  type QueueName,
} from "../queues";
import { runBackupJob } from "./backups";
import { dailyMaintenance } from "./daily-maintenance";
import { makeDerivativesJob } from "./photos";
import { processWebhook, sweepWebhooks } from "./process-webhook";
import {
  dailyNotificationsJob,
  sendDigestJob,
  sendOfficeNoticeJob,
  sendReminderEmailJob,
  sendReminderSmsJob,
} from "./notifications";
import {
  sendInvoiceEmailJob,
  sendLoginAlertJob,
  sendPurchaseOrderEmailJob,
  sendQuoteEmailJob,
  sendReplyJob,
  sendTestEmailJob,
  syncInboxJob,
} from "./email";

export const processors = {
  [MAINTENANCE_QUEUE]: {
    [DAILY_MAINTENANCE_JOB]: dailyMaintenance,
  },
  [WEBHOOKS_QUEUE]: {
    [PROCESS_WEBHOOK_JOB]: processWebhook,
    [SWEEP_WEBHOOKS_JOB]: sweepWebhooks,
  },
  [EMAIL_QUEUE]: {
    [SEND_QUOTE_EMAIL_JOB]: sendQuoteEmailJob,
    [SEND_INVOICE_EMAIL_JOB]: sendInvoiceEmailJob,
    [SEND_TEST_EMAIL_JOB]: sendTestEmailJob,
    [SEND_PURCHASE_ORDER_EMAIL_JOB]: sendPurchaseOrderEmailJob,
    [SEND_REPLY_JOB]: sendReplyJob,
    [SEND_LOGIN_ALERT_JOB]: sendLoginAlertJob,
    [SYNC_INBOX_JOB]: syncInboxJob,
    [SEND_OFFICE_NOTICE_JOB]: sendOfficeNoticeJob,
    [SEND_DIGEST_JOB]: sendDigestJob,
    [SEND_REMINDER_EMAIL_JOB]: sendReminderEmailJob,
  },
  [NOTIFICATIONS_QUEUE]: {
    [DAILY_NOTIFICATIONS_JOB]: dailyNotificationsJob,
    [SEND_REMINDER_SMS_JOB]: sendReminderSmsJob,
  },
  [PHOTOS_QUEUE]: {
    [MAKE_DERIVATIVES_JOB]: makeDerivativesJob,
  },
  [BACKUPS_QUEUE]: {
    [RUN_BACKUP_JOB]: runBackupJob,
  },
} satisfies Record<QueueName, ProcessorRegistry[string]>;
