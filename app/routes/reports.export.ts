// GET /reports/export?report=<tab>&format=csv|pdf&<range or asOf>: the report as a download
// (issue 14 item 5, decisions §6 "Export downloads"; docs/decisions/reports.md). Owner only.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { isReportName, runReport } from "~/models/reports.server";
import { reportCsv, reportDocument, reportPdf } from "~/services/report-export.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { invalid } from "~/utils/refusal.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "reports");
  const params = new URL(request.url).searchParams;
  const name = params.get("report") || "financial";
  if (!isReportName(name)) throw invalid("Unknown report", "report");
  const format = params.get("format") || "csv";
  if (format !== "csv" && format !== "pdf") throw invalid("Format must be csv or pdf", "format");
  const db = await getDb();
  const ctx = await moneyContext(db);
  const report = await runReport(db, name, params, ctx.today, ctx.timeZone);
  const document = reportDocument(report, ctx.today);
  const span =
    report.name === "ar-aging"
      ? `as-of-${report.asOf}`
      : report.range.from || report.range.to
        ? `${report.range.from ?? "start"}-to-${report.range.to ?? ctx.today}`
        : "all-time";
  const filename = `report-${name}-${span}.${format}`;
  const body =
    format === "pdf"
      ? new Uint8Array(
          await reportPdf(
            document,
            ctx.settings.business.companyName,
            ctx.settings.system.paperSize,
            ctx.settings.system,
          ),
        )
      : reportCsv(document);
  return new Response(body, {
    headers: {
      "Content-Type": format === "pdf" ? "application/pdf" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
