// Export of a report (issue 14 item 5; docs/decisions/reports.md): the same figures the screen and
// /api show, as sections of rows with a totals row, written as CSV (csv-stringify, a UTF-8 BOM for
// Excel, text cells guarded against formula injection) or as a PDF (pdfkit) with the range and the
// as-of/generated date.
import { stringify } from "csv-stringify/sync";
import PDFDocument from "pdfkit";
import type { ReportData } from "../models/reports.server";
import { DEFAULT_DATE_DISPLAY, formatDate, type Zone } from "../utils/dates";
import { formatMoney } from "../utils/money";
import { formatQuantity } from "../utils/units";
import { AGING_BUCKETS, AGING_LABELS, monthLabel } from "../utils/reports";
import { escapeFormula } from "../utils/csv.server";

/**
 * What a value is. The CSV writes every value plain, for a spreadsheet (1050.00, 1234, 92.0,
 * 2026-11-30, 2026-11); the PDF, read by people, as the screen shows it ($1,050.00, 1,234, 92.0%,
 * Nov 30, 2026, Nov 2026). Text (the default) is what a user typed or a status.
 */
export type CellKind = "text" | "money" | "count" | "percent" | "quantity" | "date" | "month" | "range";
/** `narrow`: a short text column (a status) printed as wide as a number column, not twice. */
type Column = { header: string; kind?: CellKind; narrow?: boolean };
/** A cell: its column's kind, or one of its own (a Figures section's values differ per row). */
export type Cell = string | { value: string; kind: CellKind };
export type ExportSection = { title: string; columns: Column[]; rows: Cell[][]; totals?: Cell[] };
export type ExportDocument = { title: string; meta: Array<[string, Cell]>; sections: ExportSection[] };

const NUMERIC: ReadonlySet<CellKind> = new Set(["money", "count", "percent", "quantity"]);
const isNumeric = (kind: CellKind | undefined) => !!kind && NUMERIC.has(kind);
const cellValue = (cell: Cell) => (typeof cell === "string" ? cell : cell.value);
const cellKind = (cell: Cell, column: Column | undefined) =>
  typeof cell === "string" ? (column?.kind ?? "text") : cell.kind;

/** A value as the PDF prints it (an empty value stays empty: a totals row's blank cells). */
export function printedValue(value: string, kind: CellKind, display: Zone): string {
  if (value === "") return "";
  switch (kind) {
    case "money":
      return formatMoney(value);
    case "count":
    case "quantity":
      return formatQuantity(value);
    case "percent":
      return `${value}%`;
    case "date":
      return formatDate(value, display) || value;
    case "month":
      // A totals row's "Total" stands in a month column too.
      return /^\d{4}-\d{2}$/.test(value) ? monthLabel(value) : value;
    case "range":
      // "2026-01-01 to 2026-11-30", either end "…" when open.
      return value
        .split(" to ")
        .map((end) => formatDate(end, display) || end)
        .join(" to ");
    default:
      return value;
  }
}

const TITLES: Record<ReportData["name"], string> = {
  summary: "Summary",
  financial: "Financial",
  operations: "Operations",
  inventory: "Inventory",
  customers: "Customers",
  "ar-aging": "AR Aging",
  revenue: "Revenue by Month",
  "sales-tax": "Sales Tax Collected",
  conversion: "Quote Conversion",
  profitability: "Job Profitability",
  utilisation: "Installer Utilisation",
};

const n = (value: number) => String(value);
const v = (value: string | null | undefined) => value ?? "";
const count = (value: number) => ({ value: String(value), kind: "count" as const });
const percent = (value: string | null | undefined) => ({ value: value ?? "", kind: "percent" as const });
const figures = (title: string, items: Array<[string, Cell]>): ExportSection => ({
  title,
  columns: [{ header: "Figure" }, { header: "Value", kind: "money" }],
  rows: items,
});

/** The report as titled sections of rows (money as plain numbers with 2 decimals, percentages with 1). */
export function reportDocument(report: ReportData, generated: string): ExportDocument {
  const date = (value: string) => ({ value, kind: "date" as const });
  const meta: Array<[string, Cell]> =
    report.name === "ar-aging"
      ? [
          ["As of", date(report.asOf)],
          ["Generated", date(generated)],
        ]
      : [
          [
            "Range",
            report.range.from || report.range.to
              ? { value: `${report.range.from ?? "…"} to ${report.range.to ?? "…"}`, kind: "range" }
              : "All time",
          ],
          ["Generated", date(generated)],
        ];
  const doc = (sections: ExportSection[]): ExportDocument => ({ title: TITLES[report.name], meta, sections });
  switch (report.name) {
    case "summary":
      return doc([
        figures("Headline figures", [
          ["Total revenue", report.totalRevenue],
          ["Revenue from invoices", count(report.revenueInvoices)],
          ["Outstanding", report.outstanding],
          ["Overdue invoices", count(report.overdueInvoices)],
          ["Quote conversion %", percent(report.conversionRate)],
          ["Quotes approved", count(report.quotesApproved)],
          ["Quotes sent", count(report.quotesSent)],
          ["Active jobs", count(report.activeJobs)],
          ["Jobs in progress", count(report.jobsInProgress)],
        ]),
      ]);
    case "financial":
      return doc([
        figures("Financial", [
          ["Quote value", report.quoteValue],
          ["Invoice value", report.invoiceValue],
          ["Paid amount", report.paidAmount],
          ["Outstanding", report.outstanding],
        ]),
        {
          title: "Quote status breakdown",
          columns: [{ header: "Status" }, { header: "Count", kind: "count" }, { header: "Value", kind: "money" }],
          rows: report.quoteStatuses.map((s) => [s.status, n(s.count), s.total]),
          totals: ["Total", n(report.quoteStatuses.reduce((s, q) => s + q.count, 0)), report.quoteValue],
        },
      ]);
    case "operations":
      return doc([
        {
          title: "Job pipeline",
          columns: [{ header: "Status" }, { header: "Jobs", kind: "count" }],
          rows: report.pipeline.map((p) => [p.status, n(p.count)]),
          totals: ["Total", n(report.totalJobs)],
        },
        figures("Metrics", [
          ["Average job value", v(report.averageJobValue)],
          ["Conversion rate %", percent(report.conversionRate)],
          ["Total customers", count(report.totalCustomers)],
          ["Active projects", count(report.activeProjects)],
          ["Average project value", v(report.averageProjectValue)],
        ]),
      ]);
    case "inventory":
      return doc([
        figures("Inventory", [
          ["Total items", count(report.totalItems)],
          ["Categories", count(report.categories)],
          ["Total value", report.totalValue],
          ["Items with reorder points", count(report.itemsWithReorderPoints)],
          ["Received in range", report.receivedValue],
          ["Issued to jobs in range", report.issuedValue],
          ["Transactions in range", count(report.transactions)],
        ]),
        {
          title: "Reorder tracking (first 5)",
          columns: [{ header: "Name" }, { header: "Type" }, { header: "Reorder point", kind: "quantity" }],
          rows: report.reorderItems.map((i) => [i.name, i.type, i.reorderPoint]),
        },
      ]);
    case "customers":
      return doc([
        figures("Customers", [
          ["Total customers", count(report.totalCustomers)],
          ["Active quotes", count(report.activeQuotes)],
          ["Active jobs", count(report.activeJobs)],
          ["Average project value", v(report.averageProjectValue)],
        ]),
        {
          title: "Top customers by value",
          columns: [
            { header: "Customer" },
            { header: "Quotes", kind: "count" },
            { header: "Quote total", kind: "money" },
          ],
          rows: report.topCustomers.map((c) => [c.name, n(c.quoteCount), c.quoteTotal]),
        },
      ]);
    case "ar-aging": {
      const sections: ExportSection[] = [
        {
          title: "Aging by customer (days past due)",
          columns: [
            { header: "Customer" },
            ...AGING_BUCKETS.map((b): Column => ({ header: AGING_LABELS[b], kind: "money" })),
            { header: "Total", kind: "money" },
          ],
          rows: report.customers.map((c) => [c.customerName, ...AGING_BUCKETS.map((b) => c[b]), c.total]),
          totals: ["Total", ...AGING_BUCKETS.map((b) => report.totals[b]), report.totals.total],
        },
      ];
      if (report.invoiceList)
        sections.push({
          title: "Open invoices",
          columns: [
            { header: "Invoice" },
            { header: "Issued", kind: "date" },
            { header: "Due", kind: "date" },
            { header: "Days past due", kind: "count" },
            { header: "Bucket" },
            { header: "Total", kind: "money" },
            { header: "Open", kind: "money" },
          ],
          rows: report.invoiceList.map((i) => [
            i.invoiceNumber,
            i.issueDate,
            i.dueDate,
            n(i.daysPastDue),
            AGING_LABELS[i.bucket],
            i.total,
            i.open,
          ]),
          totals: ["Total", "", "", "", "", "", report.totals.total],
        });
      return doc(sections);
    }
    case "revenue":
      return doc([
        {
          title: "Revenue by month",
          columns: [
            { header: "Month", kind: "month" },
            { header: "Invoices", kind: "count" },
            { header: "Invoiced", kind: "money" },
            { header: "Received", kind: "money" },
          ],
          rows: report.months.map((m) => [m.month, n(m.invoices), m.invoiced, m.received]),
          totals: ["Total", n(report.totals.invoices), report.totals.invoiced, report.totals.received],
        },
      ]);
    case "sales-tax":
      return doc([
        {
          title: "Sales tax by month",
          columns: [
            { header: "Month", kind: "month" },
            { header: "Invoices", kind: "count" },
            { header: "Taxable sales", kind: "money" },
            { header: "Non-taxable sales", kind: "money" },
            { header: "Tax", kind: "money" },
          ],
          rows: report.months.map((m) => [m.month, n(m.invoices), m.taxableSales, m.nonTaxableSales, m.tax]),
          totals: [
            "Total",
            n(report.totals.invoices),
            report.totals.taxableSales,
            report.totals.nonTaxableSales,
            report.totals.tax,
          ],
        },
      ]);
    case "conversion":
      return doc([
        {
          title: "Quote conversion by month sent",
          columns: [
            { header: "Month", kind: "month" },
            { header: "Sent", kind: "count" },
            { header: "Approved", kind: "count" },
            { header: "Rate %", kind: "percent" },
          ],
          rows: report.months.map((m) => [m.month, n(m.sent), n(m.approved), v(m.rate)]),
          totals: ["Total", n(report.totals.sent), n(report.totals.approved), v(report.totals.rate)],
        },
      ]);
    case "profitability":
      return doc([
        {
          title: "Job profitability",
          columns: [
            { header: "Job" },
            { header: "Customer" },
            { header: "Status", narrow: true },
            { header: "Revenue", kind: "money" },
            { header: "Material cost", kind: "money" },
            { header: "Actual cost", kind: "money" },
            { header: "Cost", kind: "money" },
            { header: "Margin", kind: "money" },
            { header: "Margin %", kind: "percent" },
          ],
          rows: report.jobs.map((j) => [
            j.title,
            j.customerName,
            j.status,
            j.revenue,
            j.materialCost,
            v(j.actualCost),
            j.cost,
            j.margin,
            v(j.marginPercent),
          ]),
          totals: [
            `Total (${report.totals.jobs} jobs)`,
            "",
            "",
            report.totals.revenue,
            report.totals.materialCost,
            report.totals.actualCost,
            report.totals.cost,
            report.totals.margin,
            v(report.totals.marginPercent),
          ],
        },
      ]);
    case "utilisation": {
      const cols: Column[] = [
        { header: "Scheduled hours", kind: "quantity" },
        { header: "Available hours", kind: "quantity" },
        { header: "Utilisation %", kind: "percent" },
      ];
      return doc([
        {
          title: "Per resource",
          columns: [{ header: "Resource" }, { header: "Type" }, ...cols],
          rows: report.resources.map((r) => [r.name, r.type, r.scheduledHours, r.availableHours, v(r.utilisation)]),
          totals: ["All", "", report.totals.scheduledHours, report.totals.availableHours, v(report.totals.utilisation)],
        },
        {
          title: "Per resource and week",
          columns: [{ header: "Resource" }, { header: "Week of", kind: "date" }, ...cols],
          rows: report.weekly.map((w) => [w.name, w.week, w.scheduledHours, w.availableHours, v(w.utilisation)]),
          totals: ["All", "", report.totals.scheduledHours, report.totals.availableHours, v(report.totals.utilisation)],
        },
      ]);
    }
  }
}

/** CSV: metadata lines, then each section (title, header, rows, totals) separated by a blank line. */
export function reportCsv(document: ExportDocument): string {
  const lines: string[][] = [["Report", document.title], ...document.meta.map(([k, val]) => [k, cellValue(val)])];
  for (const section of document.sections) {
    lines.push(
      [],
      [escapeFormula(section.title)],
      section.columns.map((c) => c.header),
    );
    const cell = (value: Cell, i: number) =>
      isNumeric(cellKind(value, section.columns[i])) ? cellValue(value) : escapeFormula(cellValue(value));
    for (const row of section.rows) lines.push(row.map(cell));
    if (section.totals) lines.push(section.totals.map(cell));
  }
  // A byte-order mark so Excel reads UTF-8 (customer names with accents).
  return `\uFEFF${stringify(lines)}`;
}

/**
 * PDF: title, range and dates, then each section as a table (landscape Letter or A4, pages as
 * needed), every value as the screen shows it in the business's date format (`display`).
 */
export function reportPdf(
  document: ExportDocument,
  business: string,
  paperSize: "LETTER" | "A4" = "LETTER",
  display: Zone = DEFAULT_DATE_DISPLAY,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: paperSize,
    layout: "landscape",
    margin: 40,
    compress: false,
    info: { Title: `${document.title} report`, Author: business },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const left = 40;
  const width = pdf.page.width - 80;
  const bottom = pdf.page.height - 40;
  pdf.font("Helvetica-Bold").fontSize(16).text(`${document.title} report`, left, 40);
  pdf.font("Helvetica").fontSize(10).fillColor("#333").text(business);
  for (const [k, val] of document.meta)
    pdf.text(`${k}: ${printedValue(cellValue(val), cellKind(val, undefined), display)}`);
  pdf.fillColor("#000");
  let y = pdf.y + 10;
  const rowHeight = 15;
  for (const section of document.sections) {
    const cols = section.columns;
    const wide = (c: Column) => !isNumeric(c.kind) && !c.narrow;
    // Text columns share twice the width of a number column (a narrow one as much as a number).
    const unit = width / (cols.length + cols.filter(wide).length);
    const widths = cols.map((c) => (wide(c) ? unit * 2 : unit));
    const printed = (cells: Cell[]) =>
      cells.map((cell, i) => printedValue(cellValue(cell), cellKind(cell, cols[i]), display));
    const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const line = (cells: string[], bold: boolean) => {
      if (y + rowHeight > bottom) {
        pdf.addPage();
        y = 40;
      }
      pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
      cells.forEach((text, i) => {
        pdf.text(text, xs[i] + 3, y, {
          width: widths[i] - 6,
          align: isNumeric(cols[i]?.kind) ? "right" : "left",
          lineBreak: false,
          ellipsis: true,
          height: rowHeight,
        });
      });
      y += rowHeight;
    };
    if (y + rowHeight * 3 > bottom) {
      pdf.addPage();
      y = 40;
    }
    y += 6;
    pdf.font("Helvetica-Bold").fontSize(12).text(section.title, left, y, { lineBreak: false });
    y += 18;
    line(
      cols.map((c) => c.header),
      true,
    );
    pdf
      .moveTo(left, y - 2)
      .lineTo(left + width, y - 2)
      .strokeColor("#999")
      .stroke();
    if (section.rows.length === 0) line(["(none)"], false);
    for (const row of section.rows) line(printed(row), false);
    if (section.totals) {
      pdf
        .moveTo(left, y - 2)
        .lineTo(left + width, y - 2)
        .strokeColor("#999")
        .stroke();
      line(printed(section.totals), true);
    }
    y += 8;
  }
  pdf.end();
  return done;
}
