import { z } from "zod";
import { flag } from "./ops-common";

// Settings → System → Backups (docs/decisions/backups.md): the daily backup switch and how many
// backups to keep, and the "Back up now" button. One form posts both intents to
// /settings/system/backups.

export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 365;
export const BACKUP_KEEP_DEFAULT = 14;

export const BackupSettingsSchema = z.object({
  intent: z.literal("save-backups", { errorMap: () => ({ message: "Unknown action" }) }),
  autoBackup: flag(false),
  backupKeep: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({
        required_error: "Backups to keep is required",
        invalid_type_error: "Backups to keep must be a whole number",
      })
      .trim()
      .regex(/^\d{1,9}$/, "Backups to keep must be a whole number")
      .transform(Number)
      .refine(
        (n) => n >= BACKUP_KEEP_MIN && n <= BACKUP_KEEP_MAX,
        `Backups to keep must be between ${BACKUP_KEEP_MIN} and ${BACKUP_KEEP_MAX}`,
      ),
  ),
});
export type BackupSettingsInput = z.infer<typeof BackupSettingsSchema>;

/** The file name a backup downloads as: the app, the time (UTC) and the format's extension. */
export function backupFilename(createdAt: string | Date, format: string | null) {
  const stamp = new Date(createdAt).toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  return `cabinetry-backup-${stamp}${format === "pglite" ? ".tar.gz" : ".dump"}`;
}
