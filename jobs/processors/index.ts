// Queue name → job name → processor. The BullMQ worker (jobs/worker.ts) and the in-process runner
// (jobs/in-process.ts) both read this one table, so a job behaves the same with or without Redis.
import {
  DAILY_MAINTENANCE_JOB,
  MAINTENANCE_QUEUE,
  PROCESS_WEBHOOK_JOB,
  WEBHOOKS_QUEUE,
  type ProcessorRegistry,
  type QueueName,
} from "../queues";
import { dailyMaintenance } from "./daily-maintenance";
import { processWebhook } from "./process-webhook";

export const processors = {
  [MAINTENANCE_QUEUE]: {
    [DAILY_MAINTENANCE_JOB]: dailyMaintenance,
  },
  [WEBHOOKS_QUEUE]: {
    [PROCESS_WEBHOOK_JOB]: processWebhook,
  },
} satisfies Record<QueueName, ProcessorRegistry[string]>;
