// Queue name → job name → processor. The BullMQ worker (jobs/worker.ts) and the in-process runner
// (jobs/in-process.ts) both read this one table, so a job behaves the same with or without Redis.
import {
  DAILY_MAINTENANCE_JOB,
  MAINTENANCE_QUEUE,
  type ProcessorRegistry,
  type QueueName,
} from "../queues";
import { dailyMaintenance } from "./daily-maintenance";

export const processors = {
  [MAINTENANCE_QUEUE]: {
    [DAILY_MAINTENANCE_JOB]: dailyMaintenance,
  },
} satisfies Record<QueueName, ProcessorRegistry[string]>;
