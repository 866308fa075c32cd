// Expires sent quotes past validUntil and marks unpaid invoices past due as overdue
// (docs/decisions/quotes-and-invoices.md).
// Idempotent: the model's UPDATEs skip rows already changed, so a retry or a second worker is harmless.
import { getDb } from "../../db/client.server";
import { runDailyMaintenance, type MaintenanceResult } from "../../app/models/maintenance.server";
import { getSettings } from "../../app/models/settings.server";
import type { DailyMaintenanceData, JobLike } from "../queues";

export async function dailyMaintenance(job: JobLike<DailyMaintenanceData>): Promise<MaintenanceResult> {
  const db = await getDb();
  // The business time zone (Settings → System) decides what "today" is (docs/decisions/business-time-zone.md).
  const { system } = await getSettings(db);
  return runDailyMaintenance(db, system.timeZone, job.data?.asOf);
}
