import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBackup } from "~/models/backups.server";
import { backupDownload } from "~/services/backups.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";

// GET /settings/system/backups/<id> — a backup's dump as a download (docs/decisions/backups.md).
// The owner's only: other roles get 403. A backup that is gone (retention) or not ready goes back
// to the list with a message.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "backups");
  const id = parseRouteId(params.backupId);
  const row = id ? await getBackup(await getDb(), id) : null;
  const response = row ? await backupDownload(row) : null;
  if (response) return response;
  return redirectWithToast(request, "/settings/system#backups", {
    title: "Backup not available",
    description: "That backup is not ready or no longer exists (only the newest are kept).",
    type: "error",
  });
}
