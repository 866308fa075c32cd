// The backup job (docs/decisions/backups.md): Back up now (a queued row) or the daily one (only
// while Settings → System "Auto backup" is on). A failed backup is recorded on its row, shown in
// Settings, and fails the job without a retry (backupJobOptions: one attempt).
import { performBackup, runScheduledBackup } from "../../app/services/backups.server";
import type { JobLike, RunBackupData } from "../queues";

export async function runBackupJob(job: JobLike<RunBackupData>) {
  const outcome =
    job.data.trigger === "manual" && job.data.backupId
      ? await performBackup(job.data.backupId)
      : await runScheduledBackup();
  if (outcome.status === "failed") throw new Error(outcome.error);
  return outcome;
}
