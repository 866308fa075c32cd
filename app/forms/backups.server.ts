// Settings → System → Backups (docs/decisions/backups.md): what the section shows (the owner's
// only) and its two actions, posted to /settings/system/backups: save the schedule and the number
// kept, or "Back up now".
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { getDb } from "~/utils/db.server";
import { getCurrentUser, requirePermission } from "~/utils/auth.server";
import { can } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { Refusal } from "~/utils/refusal.server";
import { listBackups } from "~/models/backups.server";
import { getSettings, saveSettings } from "~/models/settings.server";
import { requestBackup } from "~/services/backups.server";
import { BackupSettingsSchema, backupFilename } from "~/schemas/backup";

export const BACKUPS_PATH = "/settings/system/backups";

export type BackupListItem = {
  id: number;
  status: string;
  trigger: string;
  size: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  filename: string;
};

export type BackupSectionData = {
  autoBackup: boolean;
  backupKeep: number;
  timeZone: string;
  backups: BackupListItem[];
  /** A backup queued or running now. */
  inProgress: boolean;
};

/** The section's data for the owner; null for everyone else (they do not see it). */
export async function loadBackupSection(request: Request): Promise<BackupSectionData | null> {
  const user = await getCurrentUser(request);
  if (!user || !can(user.viewRole, "backups")) return null;
  const db = await getDb();
  const [{ system }, rows] = await Promise.all([getSettings(db), listBackups(db)]);
  return {
    autoBackup: system.autoBackup,
    backupKeep: system.backupKeep,
    timeZone: system.timeZone,
    inProgress: rows.some((r) => r.status === "queued" || r.status === "running"),
    backups: rows.map((r) => ({
      id: r.id,
      status: r.status,
      trigger: r.trigger,
      size: r.size,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      filename: backupFilename(r.createdAt, r.format),
    })),
  };
}

/** Saves the schedule and the number kept, or queues a backup; back to the System tab with a toast. */
export async function backupAction(request: Request) {
  const user = await requirePermission(request, "backups", "write");
  const formData = await request.formData();
  if (formData.get("intent") === "backup-now") {
    try {
      await requestBackup(user.id);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return redirectWithToast(request, "/settings/system#backups", {
        title: "Backup already running",
        description: error.message,
        type: "error",
      });
    }
    return redirectWithToast(request, "/settings/system#backups", {
      title: "Backup started",
      description: "The backup is running. It is listed under Backups when it is done.",
    });
  }
  const submission = parseWithZod(formData, { schema: BackupSettingsSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { autoBackup, backupKeep } = submission.value;
  await saveSettings(await getDb(), "system", { autoBackup, backupKeep });
  return redirectWithToast(request, "/settings/system#backups", {
    title: "Backup Settings Updated",
    description: autoBackup
      ? `A backup is made every day; the last ${backupKeep} are kept.`
      : `Daily backups are off; the last ${backupKeep} backups are kept.`,
  });
}
