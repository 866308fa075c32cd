// Expires sent quotes past validUntil and marks unpaid invoices past due as overdue
// (docs/decisions/quotes-and-invoices.md).
// Idempotent: the model's UPDATEs skip rows already changed, so a retry or a second worker is harmless.
import { getDb } from "../../db/client.server";
import { runDailyMaintenance, type MaintenanceResult } from "../../app/models/maintenance.server";
import { getSettings } from "../../app/models/settings.server";
import { pendingDerivatives } from "../../app/models/photos.server";
import { queueDerivatives, removeStaleUploads } from "../../app/services/photos.server";
import { checkStockDrift, type StockDrift } from "../../app/models/inventory-ledger.server";
import type { DailyMaintenanceData, JobLike } from "../queues";

export async function dailyMaintenance(
  job: JobLike<DailyMaintenanceData>,
): Promise<MaintenanceResult & { stockDrift: StockDrift[]; removedUploads: number; requeuedPhotos: number }> {
  const db = await getDb();
  // The business time zone (Settings → System) decides what "today" is (docs/decisions/business-time-zone.md).
  const { system } = await getSettings(db);
  const result = await runDailyMaintenance(db, system.timeZone, job.data?.asOf);
  // Photos (docs/decisions/photos.md): uploads never registered within 24 h go with their objects;
  // photos whose derivative job was lost are queued again.
  const removedUploads = await removeStaleUploads(db);
  const pending = await pendingDerivatives(db);
  for (const { id } of pending) await queueDerivatives(id);
  // Stock on hand must equal the sum of each item's ledger (docs/decisions/inventory.md): any drift is
  // reported (the job's result and the worker log), never silently corrected.
  const stockDrift = await checkStockDrift(db);
  for (const d of stockDrift)
    console.error(`[inventory] stock drift on ${d.sku}: on hand ${d.currentStock}, ledger ${d.ledgerStock}`);
  return { ...result, stockDrift, removedUploads, requeuedPhotos: pending.length };
}
