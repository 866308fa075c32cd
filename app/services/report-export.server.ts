// Export of a report (issue 14 item 5; docs/decisions/reports.md): the same figures the screen and
// /api show, as sections of rows with a totals row, written as CSV (csv-stringify, a UTF-8 BOM for
// Excel, text cells guarded against formula injection) or as a PDF (pdfkit) with the range and the
// as-of/generated date.
import { stringify } from "csv-stringify/sync";
import PDFDocument from "pdfkit";
import type { ReportData } from "../models/reports.server";
import { AGING_BUCKETS, AGING_LABELS } from "../utils/reports";
import { escapeFormula } from "../utils/csv.server";

type Column = { header: string; numeric?: boolean };
export type ExportSection = { title: string; columns: Column[]; rows: string[][]; totals?: string[] };
export type ExportDocument = { title: string; meta: Array<[string, string]>; sections: ExportSection[] };

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
const figures = (title: string, items: Array<[string, string]>): ExportSection => ({
  title,
  columns: [{ header: "Figure" }, { header: "Value", numeric: true }],
  rows: items,
});

/** The report as titled sections of rows (money as plain numbers with 2 decimals, percentages with 1). */
export function reportDocument(report: ReportData, generated: string): ExportDocument {
  const meta: Array<[string, string]> =
    report.name === "ar-aging"
      ? [
          ["As of", report.asOf],
          ["Generated", generated],
        ]
      : [
          [
            "Range",
            report.range.from || report.range.to
              ? `${report.range.from ?? "…"} to ${report.range.to ?? "…"}`
              : "All time",
          ],
          ["Generated", generated],
        ];
  const doc = (sections: ExportSection[]): ExportDocument => ({ title: TITLES[report.name], meta, sections });
  switch (report.name) {
    case "summary":
      return doc([
        figures("Headline figures", [
          ["Total revenue", report.totalRevenue],
          ["Revenue from invoices", n(report.revenueInvoices)],
          ["Outstanding", report.outstanding],
          ["Overdue invoices", n(report.overdueInvoices)],
          ["Quote conversion %", v(report.conversionRate)],
          ["Quotes approved", n(report.quotesApproved)],
          ["Quotes sent", n(report.quotesSent)],
          ["Active jobs", n(report.activeJobs)],
          ["Jobs in progress", n(report.jobsInProgress)],
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
          columns: [{ header: "Status" }, { header: "Count", numeric: true }, { header: "Value", numeric: true }],
          rows: report.quoteStatuses.map((s) => [s.status, n(s.count), s.total]),
          totals: ["Total", n(report.quoteStatuses.reduce((s, q) => s + q.count, 0)), report.quoteValue],
        },
      ]);
    case "operations":
      return doc([
        {
          title: "Job pipeline",
          columns: [{ header: "Status" }, { header: "Jobs", numeric: true }],
          rows: report.pipeline.map((p) => [p.status, n(p.count)]),
          totals: ["Total", n(report.totalJobs)],
        },
        figures("Metrics", [
          ["Average job value", v(report.averageJobValue)],
          ["Conversion rate %", v(report.conversionRate)],
          ["Total customers", n(report.totalCustomers)],
          ["Active projects", n(report.activeProjects)],
          ["Average project value", v(report.averageProjectValue)],
        ]),
      ]);
    case "inventory":
      return doc([
        figures("Inventory", [
          ["Total items", n(report.totalItems)],
          ["Categories", n(report.categories)],
          ["Total value", report.totalValue],
          ["Items with reorder points", n(report.itemsWithReorderPoints)],
          ["Received in range", report.receivedValue],
          ["Issued to jobs in range", report.issuedValue],
          ["Transactions in range", n(report.transactions)],
        ]),
        {
          title: "Reorder tracking (first 5)",
          columns: [{ header: "Name" }, { header: "Type" }, { header: "Reorder point", numeric: true }],
          rows: report.reorderItems.map((i) => [i.name, i.type, i.reorderPoint]),
        },
      ]);
    case "customers":
      return doc([
        figures("Customers", [
          ["Total customers", n(report.totalCustomers)],
          ["Active quotes", n(report.activeQuotes)],
          ["Active jobs", n(report.activeJobs)],
          ["Average project value", v(report.averageProjectValue)],
        ]),
        {
          title: "Top customers by value",
          columns: [
            { header: "Customer" },
            { header: "Quotes", numeric: true },
            { header: "Quote total", numeric: true },
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
            ...AGING_BUCKETS.map((b) => ({ header: AGING_LABELS[b], numeric: true })),
            { header: "Total", numeric: true },
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
            { header: "Issued" },
            { header: "Due" },
            { header: "Days past due", numeric: true },
            { header: "Bucket" },
            { header: "Total", numeric: true },
            { header: "Open", numeric: true },
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
            { header: "Month" },
            { header: "Invoices", numeric: true },
            { header: "Invoiced", numeric: true },
            { header: "Received", numeric: true },
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
            { header: "Month" },
            { header: "Invoices", numeric: true },
            { header: "Taxable sales", numeric: true },
            { header: "Non-taxable sales", numeric: true },
            { header: "Tax", numeric: true },
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
            { header: "Month" },
            { header: "Sent", numeric: true },
            { header: "Approved", numeric: true },
            { header: "Rate %", numeric: true },
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
            { header: "Status" },
            { header: "Revenue", numeric: true },
            { header: "Material cost", numeric: true },
            { header: "Actual cost", numeric: true },
            { header: "Cost", numeric: true },
            { header: "Margin", numeric: true },
            { header: "Margin %", numeric: true },
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
        { header: "Scheduled hours", numeric: true },
        { header: "Available hours", numeric: true },
        { header: "Utilisation %", numeric: true },
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
          columns: [{ header: "Resource" }, { header: "Week of" }, ...cols],
          rows: report.weekly.map((w) => [w.name, w.week, w.scheduledHours, w.availableHours, v(w.utilisation)]),
          totals: ["All", "", report.totals.scheduledHours, report.totals.availableHours, v(report.totals.utilisation)],
        },
      ]);
    }
  }
}

/** CSV: metadata lines, then each section (title, header, rows, totals) separated by a blank line. */
export function reportCsv(document: ExportDocument): string {
  const lines: string[][] = [["Report", document.title], ...document.meta.map(([k, val]) => [k, val])];
  for (const section of document.sections) {
    lines.push(
      [],
      [escapeFormula(section.title)],
      section.columns.map((c) => c.header),
    );
    const cell = (value: string, i: number) => (section.columns[i]?.numeric ? value : escapeFormula(value));
    for (const row of section.rows) lines.push(row.map(cell));
    if (section.totals) lines.push(section.totals.map(cell));
  }
  // A byte-order mark so Excel reads UTF-8 (customer names with accents).
  return `\uFEFF${stringify(lines)}`;
}

/** PDF: title, range and dates, then each section as a table (landscape Letter or A4, pages as needed). */
export function reportPdf(
  document: ExportDocument,
  business: string,
  paperSize: "LETTER" | "A4" = "LETTER",
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
  for (const [k, val] of document.meta) pdf.text(`${k}: ${val}`);
  pdf.fillColor("#000");
  let y = pdf.y + 10;
  const rowHeight = 15;
  for (const section of document.sections) {
    const cols = section.columns;
    const textCols = cols.filter((c) => !c.numeric).length;
    // Text columns share twice the width of a number column.
    const unit = width / (cols.length + textCols);
    const widths = cols.map((c) => (c.numeric ? unit : unit * 2));
    const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const line = (cells: string[], bold: boolean) => {
      if (y + rowHeight > bottom) {
        pdf.addPage();
        y = 40;
      }
      pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
      cells.forEach((text, i) => {
        pdf.text(text, xs[i] + 2, y, {
          width: widths[i] - 4,
          align: cols[i]?.numeric ? "right" : "left",
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
    for (const row of section.rows) line(row, false);
    if (section.totals) {
      pdf
        .moveTo(left, y - 2)
        .lineTo(left + width, y - 2)
        .strokeColor("#999")
        .stroke();
      line(section.totals, true);
    }
    y += 8;
  }
  pdf.end();
  return done;
}
