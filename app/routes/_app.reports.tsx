// Reports (spec "Reports", issue 14 item 5; docs/decisions/reports.md): owner only. The range (7,
// 30, 90, 365 days, all time, or a custom from–to) is a GET form and links, the tabs are URLs
// (?tab=), so every figure works without JavaScript. Figures come from app/models/reports.server.ts;
// charts are server-drawn SVG beside their data tables; Export downloads CSV and PDF.
import { Badge, Button, Card, Flex, Grid, Heading, Text, TextField } from "~/components/ui";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BarChart } from "~/components/bar-chart";
import { DataTable } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { moneyContext } from "~/models/business.server";
import {
  isReportName,
  parseReportRange,
  rangeQuery,
  readReports,
  reportSummary,
  runReportIn,
  type ReportName,
} from "~/models/reports.server";
import {
  AGING_BUCKETS,
  AGING_LABELS,
  AVAILABLE_HOURS_PER_WEEK,
  PROFIT_PAGE,
  RANGE_LABELS,
  RANGE_PRESETS,
  monthLabel,
} from "~/utils/reports";
import { requirePermission } from "~/utils/auth.server";
import { formatDate, formatDay, type Zone } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { formatQuantity } from "~/utils/units";
import { parseListSearch } from "~/utils/list-search";
import { redirectPastLastPage } from "~/utils/list-search.server";
import { invalid, isRefusal } from "~/utils/refusal.server";
import reportStyles from "~/styles/reports.css";
import { useDisplay } from "~/components/date-display";
import { SpriteIcon } from "~/components/sprite-icon";
import { Figures, StatValue } from "~/components/stat-card";

export const meta: MetaFunction = () => [{ title: "Reports · Cabinetry Jobs" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

type Tab = Exclude<ReportName, "summary">;
const TABS: Array<{ tab: Tab; label: string }> = [
  { tab: "financial", label: "Financial" },
  { tab: "operations", label: "Operations" },
  { tab: "inventory", label: "Inventory" },
  { tab: "customers", label: "Customers" },
  { tab: "ar-aging", label: "AR Aging" },
  { tab: "revenue", label: "Revenue by Month" },
  { tab: "sales-tax", label: "Sales Tax" },
  { tab: "conversion", label: "Quote Conversion" },
  { tab: "profitability", label: "Job Profitability" },
  { tab: "utilisation", label: "Installer Utilisation" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "reports");
  const url = new URL(request.url);
  const rawTab = url.searchParams.get("tab") || "financial";
  if (!isReportName(rawTab) || rawTab === "summary") throw invalid("Unknown report tab", "tab");
  const tab: Tab = rawTab;
  const db = await getDb();
  const ctx = await moneyContext(db);
  // A range the user typed wrong (From after To, a bad date) keeps the page: the dates they typed
  // and the reason by the range form, a 400, and the figures of the default range, which the range
  // line names (it was a whole-page error that lost the form).
  let params = url.searchParams;
  let rangeError: { message: string; from: string; to: string } | null = null;
  let range: ReturnType<typeof parseReportRange>;
  try {
    range = parseReportRange(params, ctx.today, ctx.timeZone);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    rangeError = { message: error.message, from: params.get("from") ?? "", to: params.get("to") ?? "" };
    params = new URLSearchParams(params);
    for (const key of ["from", "to", "range"]) params.delete(key);
    range = parseReportRange(params, ctx.today, ctx.timeZone);
  }
  // AR aging lists its customers 50 a page (`page`, as every list); profitability its top jobs.
  const { limit, offset, page } = parseListSearch(url.searchParams);
  const paging = tab === "ar-aging" ? { limit, offset } : { limit: PROFIT_PAGE };
  const { summary, report } = await readReports(db, async (tx) => ({
    summary: await reportSummary(tx, range, ctx.today),
    report: await runReportIn(tx, tab, params, ctx.today, ctx.timeZone, paging),
  }));
  if (report.name === "ar-aging") redirectPastLastPage(request, { page, pageSize: limit }, report.customerCount);
  return json(
    {
      tab,
      page,
      pageSize: limit,
      today: ctx.today,
      range: { preset: range.preset, from: range.from, to: range.to, label: range.label },
      rangeQuery: rangeQuery(range),
      rangeError,
      summary,
      report,
    },
    { status: rangeError ? 400 : 200 },
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function href(params: Record<string, string | null | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return `/reports?${q.toString()}`;
}

const count = (n: number) => n.toLocaleString("en-US");
const pct = (p: string | null) => (p === null ? "—" : `${p}%`);

export default function Reports() {
  const display = useDisplay();
  const data = useLoaderData<typeof loader>();
  const { summary, range, tab, report } = data;
  const exportQuery = new URLSearchParams({
    report: tab,
    ...(report.name === "ar-aging"
      ? { asOf: report.asOf, ...(report.customerId ? { customerId: String(report.customerId) } : {}) }
      : data.rangeQuery),
  }).toString();
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle={report.name === "ar-aging" ? `As of ${formatDate(report.asOf, display)}` : rangeText(range, display)}
        actions={
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="soft">
              <a href={`/reports/export?format=csv&${exportQuery}`} download data-testid="export-csv">
                <SpriteIcon name="download" /> Export CSV
              </a>
            </Button>
            <Button asChild variant="soft">
              <a href={`/reports/export?format=pdf&${exportQuery}`} download data-testid="export-pdf">
                <SpriteIcon name="download" /> Export PDF
              </a>
            </Button>
          </Flex>
        }
      />
      <RangeBar data={data} />
      <Grid columns={{ initial: "2", md: "4" }} gap="3" mb="4" aria-label="Headline figures" role="group">
        <Figure title="Total Revenue" value={formatMoney(summary.totalRevenue)} testId="card-revenue">
          From {count(summary.revenueInvoices)} invoice{summary.revenueInvoices === 1 ? "" : "s"}
        </Figure>
        <Figure title="Outstanding" value={formatMoney(summary.outstanding)} testId="card-outstanding">
          {count(summary.overdueInvoices)} overdue invoice{summary.overdueInvoices === 1 ? "" : "s"}
        </Figure>
        <Figure title="Quote Conversion" value={pct(summary.conversionRate)} testId="card-conversion">
          {count(summary.quotesApproved)} of {count(summary.quotesSent)} sent quotes
        </Figure>
        <Figure title="Active Jobs" value={count(summary.activeJobs)} testId="card-active-jobs">
          {count(summary.jobsInProgress)} in progress
        </Figure>
      </Grid>
      <nav aria-label="Reports" className="report-tabs">
        {TABS.map((t) => (
          <Link
            key={t.tab}
            to={href({ tab: t.tab, ...data.rangeQuery })}
            aria-current={t.tab === tab ? "page" : undefined}
            className="report-tab"
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="report-body">
        <TabBody data={data} />
      </div>
    </>
  );
}

function rangeText(range: Data["range"], display: Zone) {
  if (range.preset !== "custom") return range.label;
  if (range.from && range.to) return `${formatDate(range.from, display)} – ${formatDate(range.to, display)}`;
  return range.from ? `From ${formatDate(range.from, display)}` : `Up to ${formatDate(range.to, display)}`;
}

function RangeBar({ data }: { data: Data }) {
  const display = useDisplay();
  const { range, tab, rangeError } = data;
  const entered = (end: "from" | "to") =>
    rangeError ? rangeError[end] : range.preset === "custom" ? (range[end] ?? "") : "";
  const errorProps = rangeError ? { "aria-invalid": true, "aria-describedby": "range-error" } : {};
  return (
    <Card mb="4">
      <Flex direction={{ initial: "column", md: "row" }} gap="3" align={{ initial: "stretch", md: "end" }} wrap="wrap">
        <nav aria-label="Date range" className="range-links">
          {RANGE_PRESETS.map((p) => (
            <Link
              key={p}
              to={href({ tab, range: p })}
              className="range-link"
              aria-current={range.preset === p ? "true" : undefined}
            >
              {p === "all" ? "All time" : `${p} days`}
            </Link>
          ))}
        </nav>
        <Form method="get" action="/reports" className="range-form" aria-label="Custom range">
          <input type="hidden" name="tab" value={tab} />
          <label>
            <Text size="2" weight="medium">
              From
            </Text>
            <TextField.Root type="date" name="from" defaultValue={entered("from")} {...errorProps} />
          </label>
          <label>
            <Text size="2" weight="medium">
              To
            </Text>
            <TextField.Root type="date" name="to" defaultValue={entered("to")} {...errorProps} />
          </label>
          <Button type="submit">Apply range</Button>
        </Form>
      </Flex>
      {rangeError ? (
        <Text as="p" size="2" color="red" mt="2" id="range-error" role="alert" data-testid="range-error">
          {rangeError.message}
        </Text>
      ) : null}
      <Text as="p" size="2" color="gray" mt="2" data-testid="range-label">
        Showing{" "}
        {range.preset === "custom"
          ? rangeText(range, display)
          : RANGE_LABELS[range.preset as keyof typeof RANGE_LABELS]}
      </Text>
    </Card>
  );
}

function Figure({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="stat-card">
      <Text as="div" size="2" color="gray">
        {title}
      </Text>
      <StatValue value={value} data-testid={testId} />
      <Text as="div" size="1" color="gray">
        {children}
      </Text>
    </Card>
  );
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card size="2" mb="4">
      <Flex justify="between" align="center" mb="3" gap="2" wrap="wrap">
        <Heading as="h2" size="4">
          {title}
        </Heading>
        {aside}
      </Flex>
      {children}
    </Card>
  );
}

/** A numeric column's header (right-aligned). */
const th = (label: string) => ({ label, numeric: true as const });

/**
 * A chart and its table side by side from 1280 px, stacked below (reports.css). `empty` (a month report of an
 * open range with no data) replaces both: a table of nothing but its total row is no report.
 */
function ChartWithTable({ chart, table, empty }: { chart: ReactNode; table: ReactNode; empty?: string | false }) {
  if (empty) return <Text color="gray">{empty}</Text>;
  return (
    <div className="chart-with-table">
      <div>{chart}</div>
      <div className="report-table">{table}</div>
    </div>
  );
}

function TabBody({ data }: { data: Data }) {
  const display = useDisplay();
  const r = data.report;
  switch (r.name) {
    case "financial":
      return (
        <>
          <Section title="Financial">
            <Figures
              label="Financial figures"
              items={[
                ["Quote value", formatMoney(r.quoteValue), "fin-quote-value"],
                ["Invoice value", formatMoney(r.invoiceValue), "fin-invoice-value"],
                ["Paid amount", formatMoney(r.paidAmount), "fin-paid"],
                ["Outstanding", formatMoney(r.outstanding), "fin-outstanding"],
              ]}
            />
          </Section>
          <Section title="Quote status breakdown">
            <ChartWithTable
              chart={
                <BarChart
                  id="quote-status-chart"
                  title="Quote value by status"
                  description={r.quoteStatuses.map((s) => `${s.status}: ${formatMoney(s.total)}`).join(", ")}
                  labels={r.quoteStatuses.map((s) => s.status)}
                  series={[{ name: "Value", color: "blue", values: r.quoteStatuses.map((s) => s.total) }]}
                />
              }
              table={
                <DataTable label="Quote status breakdown" headers={["Status", th("Count"), th("Value")]}>
                  {r.quoteStatuses.map((s) => (
                    <tr key={s.status}>
                      <td className="c-main">{s.status}</td>
                      <td className="num" data-label="Count">
                        {count(s.count)}
                      </td>
                      <td className="num" data-label="Value">
                        {formatMoney(s.total)}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              }
            />
          </Section>
        </>
      );
    case "operations":
      return (
        <>
          <Section title="Job pipeline" aside={<Badge color="gray">{count(r.totalJobs)} jobs</Badge>}>
            <ChartWithTable
              chart={
                <BarChart
                  id="pipeline-chart"
                  title="Jobs per status"
                  description={r.pipeline.map((p) => `${p.status}: ${p.count}`).join(", ")}
                  labels={r.pipeline.map((p) => p.status)}
                  unit="count"
                  series={[{ name: "Jobs", color: "blue", values: r.pipeline.map((p) => p.count) }]}
                />
              }
              table={
                <DataTable label="Job pipeline" headers={["Status", th("Jobs")]}>
                  {r.pipeline.map((p) => (
                    <tr key={p.status}>
                      <td className="c-main">{p.status}</td>
                      <td className="num" data-label="Jobs">
                        {count(p.count)}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              }
            />
          </Section>
          <Section title="Metrics">
            <Figures
              label="Operations metrics"
              items={[
                ["Average job value", r.averageJobValue ? formatMoney(r.averageJobValue) : "—", "ops-avg-job"],
                ["Conversion rate", pct(r.conversionRate), "ops-conversion"],
                ["Total customers", count(r.totalCustomers), "ops-customers"],
                ["Active projects", count(r.activeProjects), "ops-active"],
                [
                  "Average project value",
                  r.averageProjectValue ? formatMoney(r.averageProjectValue) : "—",
                  "ops-avg-project",
                ],
              ]}
            />
          </Section>
        </>
      );
    case "inventory":
      return (
        <>
          <Section title="Inventory">
            <Figures
              label="Inventory figures"
              items={[
                ["Total items", count(r.totalItems), "inv-items"],
                ["Categories", count(r.categories), "inv-categories"],
                ["Total value", formatMoney(r.totalValue), "inv-value"],
                ["Items with reorder points", count(r.itemsWithReorderPoints), "inv-reorder"],
                ["Received in range", formatMoney(r.receivedValue), "inv-received"],
                ["Issued to jobs in range", formatMoney(r.issuedValue), "inv-issued"],
                ["Transactions in range", count(r.transactions), "inv-transactions"],
              ]}
            />
            <Text as="p" size="1" color="gray" mt="2">
              Items, categories, value and reorder points are the stock as it stands today; the last three move with the
              range.
            </Text>
          </Section>
          <Section title="Reorder tracking">
            {r.reorderItems.length === 0 ? (
              <Text color="gray">No reorder points configured</Text>
            ) : (
              <>
                <div className="report-table">
                  <DataTable label="Reorder tracking" headers={["Name", "Type", th("Reorder point")]}>
                    {r.reorderItems.map((i) => (
                      <tr key={i.id}>
                        <td className="c-main">{i.name}</td>
                        <td data-label="Type">{i.type}</td>
                        <td className="num" data-label="Reorder point">
                          {formatQuantity(i.reorderPoint)}
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                </div>
                {r.itemsWithReorderPoints > r.reorderItems.length ? (
                  <Text as="p" size="2" color="gray" mt="2">
                    +{count(r.itemsWithReorderPoints - r.reorderItems.length)} more items
                  </Text>
                ) : null}
              </>
            )}
          </Section>
        </>
      );
    case "customers":
      return (
        <>
          <Section title="Customers">
            <Figures
              label="Customer figures"
              items={[
                ["Total customers", count(r.totalCustomers), "cus-total"],
                ["Active quotes", count(r.activeQuotes), "cus-active-quotes"],
                ["Active jobs", count(r.activeJobs), "cus-active-jobs"],
                [
                  "Average project value",
                  r.averageProjectValue ? formatMoney(r.averageProjectValue) : "—",
                  "cus-avg-project",
                ],
              ]}
            />
          </Section>
          <Section title="Top customers by value">
            {r.topCustomers.length === 0 ? (
              <Text color="gray">No customer data available</Text>
            ) : (
              <div className="report-table">
                <DataTable label="Top customers by value" headers={["Customer", th("Quotes"), th("Quote total")]}>
                  {r.topCustomers.map((c) => (
                    <tr key={c.id}>
                      <td className="c-main">
                        <Link to={`/customers/${c.id}`}>{c.name}</Link>
                      </td>
                      <td className="num" data-label="Quotes">
                        {count(c.quoteCount)}
                      </td>
                      <td className="num" data-label="Quote total">
                        {formatMoney(c.quoteTotal)}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </div>
            )}
          </Section>
        </>
      );
    case "ar-aging":
      return <AgingTab data={data} report={r} />;
    case "revenue":
      return (
        <Section title="Revenue by month">
          <ChartWithTable
            empty={r.months.length === 0 && "No invoices or payments in this range"}
            chart={
              <BarChart
                id="revenue-chart"
                title="Invoiced and received per month"
                description={r.months
                  .map(
                    (m) =>
                      `${monthLabel(m.month)}: invoiced ${formatMoney(m.invoiced)}, received ${formatMoney(m.received)}`,
                  )
                  .join("; ")}
                labels={r.months.map((m) => formatDay(`${m.month}-01`, "MMM ’yy", display))}
                series={[
                  { name: "Invoiced", color: "blue", values: r.months.map((m) => m.invoiced) },
                  { name: "Received", color: "orange", values: r.months.map((m) => m.received) },
                ]}
              />
            }
            table={
              <DataTable label="Revenue by month" headers={["Month", th("Invoices"), th("Invoiced"), th("Received")]}>
                {r.months.map((m) => (
                  <tr key={m.month}>
                    <td className="c-main">{monthLabel(m.month)}</td>
                    <td className="num" data-label="Invoices">
                      {count(m.invoices)}
                    </td>
                    <td className="num" data-label="Invoiced">
                      {formatMoney(m.invoiced)}
                    </td>
                    <td className="num" data-label="Received">
                      {formatMoney(m.received)}
                    </td>
                  </tr>
                ))}
                <tr className="total-row">
                  <th scope="row" className="c-main">
                    Total
                  </th>
                  <td className="num" data-label="Invoices">
                    {count(r.totals.invoices)}
                  </td>
                  <td className="num" data-label="Invoiced" data-testid="revenue-total-invoiced">
                    {formatMoney(r.totals.invoiced)}
                  </td>
                  <td className="num" data-label="Received" data-testid="revenue-total-received">
                    {formatMoney(r.totals.received)}
                  </td>
                </tr>
              </DataTable>
            }
          />
          <Text as="p" size="1" color="gray" mt="2">
            Invoiced: totals of invoices issued in the month. Received: payments received in the month less refunds.
          </Text>
        </Section>
      );
    case "sales-tax":
      return (
        <Section title="Sales tax collected">
          <ChartWithTable
            empty={r.months.length === 0 && "No invoices issued in this range"}
            chart={
              <BarChart
                id="tax-chart"
                title="Sales tax per month"
                description={r.months.map((m) => `${monthLabel(m.month)}: ${formatMoney(m.tax)}`).join("; ")}
                labels={r.months.map((m) => formatDay(`${m.month}-01`, "MMM ’yy", display))}
                series={[{ name: "Tax", color: "purple", values: r.months.map((m) => m.tax) }]}
              />
            }
            table={
              <DataTable
                label="Sales tax by month"
                headers={["Month", th("Taxable sales"), th("Non-taxable sales"), th("Tax")]}
              >
                {r.months.map((m) => (
                  <tr key={m.month}>
                    <td className="c-main">{monthLabel(m.month)}</td>
                    <td className="num" data-label="Taxable sales">
                      {formatMoney(m.taxableSales)}
                    </td>
                    <td className="num" data-label="Non-taxable sales">
                      {formatMoney(m.nonTaxableSales)}
                    </td>
                    <td className="num" data-label="Tax">
                      {formatMoney(m.tax)}
                    </td>
                  </tr>
                ))}
                <tr className="total-row">
                  <th scope="row" className="c-main">
                    Total
                  </th>
                  <td className="num" data-label="Taxable sales">
                    {formatMoney(r.totals.taxableSales)}
                  </td>
                  <td className="num" data-label="Non-taxable sales">
                    {formatMoney(r.totals.nonTaxableSales)}
                  </td>
                  <td className="num" data-label="Tax" data-testid="tax-total">
                    {formatMoney(r.totals.tax)}
                  </td>
                </tr>
              </DataTable>
            }
          />
          <Text as="p" size="1" color="gray" mt="2">
            Invoices issued in the month (drafts and cancelled invoices excluded); taxable sales are subtotals of
            invoices that charged tax.
          </Text>
        </Section>
      );
    case "conversion":
      return (
        <Section title="Quote conversion over time">
          <ChartWithTable
            empty={r.months.length === 0 && "No quotes sent in this range"}
            chart={
              <BarChart
                id="conversion-chart"
                title="Quotes sent and approved per month"
                description={r.months
                  .map((m) => `${monthLabel(m.month)}: ${m.approved} of ${m.sent} approved (${pct(m.rate)})`)
                  .join("; ")}
                labels={r.months.map((m) => formatDay(`${m.month}-01`, "MMM ’yy", display))}
                unit="count"
                series={[
                  { name: "Sent", color: "blue", values: r.months.map((m) => m.sent) },
                  { name: "Approved", color: "green", values: r.months.map((m) => m.approved) },
                ]}
              />
            }
            table={
              <DataTable label="Quote conversion by month" headers={["Month", th("Sent"), th("Approved"), th("Rate")]}>
                {r.months.map((m) => (
                  <tr key={m.month}>
                    <td className="c-main">{monthLabel(m.month)}</td>
                    <td className="num" data-label="Sent">
                      {count(m.sent)}
                    </td>
                    <td className="num" data-label="Approved">
                      {count(m.approved)}
                    </td>
                    <td className="num" data-label="Rate">
                      {pct(m.rate)}
                    </td>
                  </tr>
                ))}
                <tr className="total-row">
                  <th scope="row" className="c-main">
                    Total
                  </th>
                  <td className="num" data-label="Sent">
                    {count(r.totals.sent)}
                  </td>
                  <td className="num" data-label="Approved">
                    {count(r.totals.approved)}
                  </td>
                  <td className="num" data-label="Rate">
                    {pct(r.totals.rate)}
                  </td>
                </tr>
              </DataTable>
            }
          />
        </Section>
      );
    case "profitability":
      return (
        <Section
          title="Job profitability"
          aside={
            <Badge color="gray">
              {r.totals.jobs > r.jobs.length ? `Top ${r.jobs.length} of ${count(r.totals.jobs)}` : count(r.totals.jobs)}{" "}
              jobs
            </Badge>
          }
        >
          <Figures
            label="Profitability totals"
            items={[
              ["Revenue", formatMoney(r.totals.revenue), "profit-revenue"],
              ["Material cost", formatMoney(r.totals.materialCost), "profit-material"],
              ["Cost", formatMoney(r.totals.cost), "profit-cost"],
              ["Margin", formatMoney(r.totals.margin), "profit-margin"],
              ["Margin %", pct(r.totals.marginPercent), "profit-margin-percent"],
            ]}
          />
          {r.jobs.length === 0 ? (
            <Text as="p" color="gray" mt="3">
              No jobs with revenue or cost in this range
            </Text>
          ) : (
            <div className="report-table" style={{ marginTop: "var(--space-3)" }}>
              <DataTable
                label="Job profitability"
                headers={[
                  "Job",
                  "Customer",
                  th("Revenue"),
                  th("Material"),
                  th("Actual cost"),
                  th("Margin"),
                  th("Margin %"),
                ]}
              >
                {r.jobs.map((j) => (
                  <tr key={j.jobId}>
                    <td className="c-main">
                      <Link to={`/jobs/${j.jobId}`}>{j.title}</Link>
                    </td>
                    <td data-label="Customer">{j.customerName}</td>
                    <td className="num" data-label="Revenue">
                      {formatMoney(j.revenue)}
                    </td>
                    <td className="num" data-label="Material">
                      {formatMoney(j.materialCost)}
                    </td>
                    <td className="num" data-label="Actual cost">
                      {j.actualCost === null ? "—" : formatMoney(j.actualCost)}
                    </td>
                    <td className="num" data-label="Margin">
                      {formatMoney(j.margin)}
                    </td>
                    <td className="num" data-label="Margin %">
                      {pct(j.marginPercent)}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
          <Text as="p" size="1" color="gray" mt="2">
            Jobs created in the range. Revenue: subtotals of the job&apos;s issued invoices (tax excluded). Material:
            issued less returned, from the inventory ledger. Margin uses the job&apos;s actual cost when recorded, else
            the material cost.
          </Text>
        </Section>
      );
    case "utilisation":
      return (
        <>
          <Section title="Installer utilisation by week">
            <ChartWithTable
              chart={
                <BarChart
                  id="utilisation-chart"
                  title="Utilisation of all installers and crews per week"
                  description={r.byWeek
                    .map((w) => `Week of ${formatDate(w.week, display)}: ${pct(w.utilisation)}`)
                    .join("; ")}
                  labels={r.byWeek.map((w) => formatDay(w.week, "MMM d", display))}
                  unit="percent"
                  series={[{ name: "Utilisation", color: "green", values: r.byWeek.map((w) => w.utilisation) }]}
                />
              }
              table={
                <DataTable
                  label="Utilisation by week"
                  headers={["Week of", th("Scheduled h"), th("Available h"), th("Utilisation")]}
                >
                  {r.byWeek.map((w) => (
                    <tr key={w.week}>
                      <td className="c-main">{formatDate(w.week, display)}</td>
                      <td className="num" data-label="Scheduled h">
                        {formatQuantity(w.scheduledHours)}
                      </td>
                      <td className="num" data-label="Available h">
                        {formatQuantity(w.availableHours)}
                      </td>
                      <td className="num" data-label="Utilisation">
                        {pct(w.utilisation)}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              }
            />
          </Section>
          <Section title="Per installer or crew">
            {r.resources.length === 0 ? (
              <Text color="gray">No active installers or crews</Text>
            ) : (
              <div className="report-table">
                <DataTable
                  label="Utilisation per resource"
                  headers={["Resource", "Type", th("Scheduled h"), th("Available h"), th("Utilisation")]}
                >
                  {r.resources.map((x) => (
                    <tr key={x.resourceId}>
                      <td className="c-main">{x.name}</td>
                      <td data-label="Type">{x.type}</td>
                      <td className="num" data-label="Scheduled h">
                        {formatQuantity(x.scheduledHours)}
                      </td>
                      <td className="num" data-label="Available h">
                        {formatQuantity(x.availableHours)}
                      </td>
                      <td className="num" data-label="Utilisation">
                        {pct(x.utilisation)}
                      </td>
                    </tr>
                  ))}
                  <tr className="total-row">
                    <th scope="row" className="c-main">
                      All
                    </th>
                    <td data-label="Type" />
                    <td className="num" data-label="Scheduled h">
                      {formatQuantity(r.totals.scheduledHours)}
                    </td>
                    <td className="num" data-label="Available h">
                      {formatQuantity(r.totals.availableHours)}
                    </td>
                    <td className="num" data-label="Utilisation">
                      {pct(r.totals.utilisation)}
                    </td>
                  </tr>
                </DataTable>
              </div>
            )}
            <Text as="p" size="1" color="gray" mt="2">
              Available: {AVAILABLE_HOURS_PER_WEEK} hours a week (Monday to Friday, 8 hours) per active installer or
              crew. Scheduled: events not cancelled, counted in the week they start; an all-day event counts 8 hours a
              day. At most the range&apos;s last 53 weeks.
            </Text>
          </Section>
        </>
      );
  }
}

type AgingData = Extract<Data["report"], { name: "ar-aging" }>;

function AgingTab({ data, report }: { data: Data; report: AgingData }) {
  const display = useDisplay();
  const keep = data.rangeQuery;
  const buckets = AGING_BUCKETS.map((b) => ({ key: b, label: AGING_LABELS[b] }));
  const selected = report.customerId ? report.customers.find((c) => c.customerId === report.customerId) : undefined;
  return (
    <>
      <Section title={selected ? `Accounts receivable aging: ${selected.customerName}` : "Accounts receivable aging"}>
        <Form method="get" action="/reports" className="range-form" aria-label="Aging date">
          <input type="hidden" name="tab" value="ar-aging" />
          {Object.entries(keep).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {report.customerId ? <input type="hidden" name="customerId" value={report.customerId} /> : null}
          <label>
            <Text size="2" weight="medium">
              As of
            </Text>
            <TextField.Root type="date" name="asOf" defaultValue={report.asOf} />
          </label>
          <Button type="submit">Show aging</Button>
        </Form>
        <ChartWithTable
          chart={
            <BarChart
              id="aging-chart"
              title={`Open balances by days past due as of ${formatDate(report.asOf, display)}`}
              description={buckets.map((b) => `${b.label}: ${formatMoney(report.totals[b.key])}`).join(", ")}
              labels={buckets.map((b) => b.label)}
              series={[{ name: "Open", color: "orange", values: buckets.map((b) => report.totals[b.key]) }]}
            />
          }
          table={
            <DataTable label="Aging totals" headers={["Days past due", th("Open")]}>
              {buckets.map((b) => (
                <tr key={b.key}>
                  <td className="c-main">{b.label}</td>
                  <td className="num" data-label="Open" data-testid={`aging-total-${b.key}`}>
                    {formatMoney(report.totals[b.key])}
                  </td>
                </tr>
              ))}
              <tr className="total-row">
                <th scope="row" className="c-main">
                  Outstanding
                </th>
                <td className="num" data-label="Open" data-testid="aging-total">
                  {formatMoney(report.totals.total)}
                </td>
              </tr>
            </DataTable>
          }
        />
        <Text as="p" size="1" color="gray" mt="2">
          Invoices issued on or before the date, less the payments received, plus the refunds made, by the end of that
          day.
        </Text>
      </Section>
      <Section title="By customer" aside={<Badge color="gray">{count(report.customerCount)} customers</Badge>}>
        {report.customers.length === 0 ? (
          <Text color="gray">Nothing was outstanding on this date</Text>
        ) : (
          <div className="report-table">
            <DataTable
              label="Aging by customer"
              headers={["Customer", ...buckets.map((b) => th(b.label)), th("Total")]}
            >
              {report.customers.map((c) => (
                <tr key={c.customerId} aria-current={c.customerId === report.customerId ? "true" : undefined}>
                  <td className="c-main">
                    <Link
                      to={href({ tab: "ar-aging", asOf: report.asOf, customerId: String(c.customerId), ...keep })}
                      aria-label={`${c.customerName}: invoices`}
                    >
                      {c.customerName}
                    </Link>
                  </td>
                  {buckets.map((b) => (
                    <td key={b.key} className="num" data-label={b.label}>
                      {formatMoney(c[b.key])}
                    </td>
                  ))}
                  <td className="num" data-label="Total">
                    {formatMoney(c.total)}
                  </td>
                </tr>
              ))}
              <tr className="total-row">
                <th scope="row" className="c-main">
                  {report.customerCount > report.customers.length
                    ? `Total, all ${count(report.customerCount)} customers`
                    : "Total"}
                </th>
                {buckets.map((b) => (
                  <td key={b.key} className="num" data-label={b.label}>
                    {formatMoney(report.totals[b.key])}
                  </td>
                ))}
                <td className="num" data-label="Total">
                  {formatMoney(report.totals.total)}
                </td>
              </tr>
            </DataTable>
            <Pagination page={data.page} pageSize={data.pageSize} total={report.customerCount} />
          </div>
        )}
      </Section>
      {report.invoiceList ? (
        <Section
          title={`Open invoices of ${selected?.customerName ?? "this customer"}`}
          aside={
            <Flex gap="3" wrap="wrap">
              <Link to={`/customers/${report.customerId}`} className="block-link">
                Customer
              </Link>
              <Link to={href({ tab: "ar-aging", asOf: report.asOf, ...keep })} className="block-link">
                All customers
              </Link>
            </Flex>
          }
        >
          {report.invoiceList.length === 0 ? (
            <Text color="gray">Nothing was open for this customer on this date</Text>
          ) : (
            <div className="report-table">
              <DataTable
                label="Open invoices"
                headers={["Invoice", "Issued", "Due", th("Days past due"), "Bucket", th("Total"), th("Open")]}
              >
                {report.invoiceList.map((i) => (
                  <tr key={i.id}>
                    <td className="c-main">
                      <Link to={`/invoices/${i.id}`}>{i.invoiceNumber}</Link>
                    </td>
                    <td data-label="Issued">{formatDate(i.issueDate, display)}</td>
                    <td data-label="Due">{formatDate(i.dueDate, display)}</td>
                    <td className="num" data-label="Days past due">
                      {i.daysPastDue}
                    </td>
                    <td data-label="Bucket">{AGING_LABELS[i.bucket]}</td>
                    <td className="num" data-label="Total">
                      {formatMoney(i.total)}
                    </td>
                    <td className="num" data-label="Open">
                      {formatMoney(i.open)}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
        </Section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
