import type { LoaderFunctionArgs } from "@remix-run/node";
import { IMPORT_KINDS, IMPORT_SAMPLES, type ImportKind } from "~/schemas/import";
import { requirePermission } from "~/utils/auth.server";
import { notFound } from "~/utils/refusal.server";

// GET /settings/system/import/sample/<kind>.csv — a small example file for the import form.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "settings", "write");
  const kind = params.file?.endsWith(".csv") ? params.file.slice(0, -".csv".length) : "";
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw notFound("Sample not found");
  return new Response(`${IMPORT_SAMPLES[kind as ImportKind]}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-sample.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
