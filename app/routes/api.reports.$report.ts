// GET /api/reports/{summary|financial|operations|inventory|customers|revenue|sales-tax|conversion|
// profitability|utilisation}?range=30 or ?from&to, and /api/reports/ar-aging?asOf[&customerId]:
// the figures the Reports screen shows, owner only (decisions §2, §4; docs/decisions/reports.md).
// AR aging's customers and job profitability's jobs page like every /api list (`limit`, `offset`,
// at most 1,000 rows; X-Total-Count, `customerCount` or `totals.jobs` count them all); their totals
// always cover every row.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { isReportName, runReport } from "~/models/reports.server";
import { listParams, methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { notFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "reports");
  if (!isReportName(params.report)) throw notFound("Report not found");
  const db = await getDb();
  const ctx = await moneyContext(db);
  const url = new URL(request.url);
  const paging = params.report === "ar-aging" || params.report === "profitability" ? listParams(url) : {};
  const report = await runReport(db, params.report, url.searchParams, ctx.today, ctx.timeZone, paging);
  return json(report, {
    headers: {
      "Cache-Control": "no-store",
      ...(report.name === "ar-aging" ? { "X-Total-Count": String(report.customerCount) } : {}),
      ...(report.name === "profitability" ? { "X-Total-Count": String(report.totals.jobs) } : {}),
    },
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
