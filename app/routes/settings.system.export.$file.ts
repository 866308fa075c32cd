import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSettings } from "~/models/settings.server";
import { exportTable } from "~/models/export.server";
import { ExportNameSchema } from "~/schemas/export";
import { requirePermission } from "~/utils/auth.server";
import { csvResponse } from "~/utils/csv.server";
import { getDb } from "~/utils/db.server";
import { businessToday } from "~/utils/dates";
import { notFound } from "~/utils/refusal.server";

// GET /settings/system/export/<table>.csv — the System tab's downloads, same permission as the tab.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  const parsed = ExportNameSchema.safeParse(params.file?.endsWith(".csv") ? params.file.slice(0, -".csv".length) : "");
  if (!parsed.success) throw notFound("Export not found");
  const name = parsed.data;
  const db = await getDb();
  const { system } = await getSettings(db);
  const { columns, batches } = exportTable(db, name);
  return csvResponse(`${name}-${businessToday(system.timeZone)}.csv`, columns, batches);
}
