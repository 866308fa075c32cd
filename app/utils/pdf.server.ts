// Quote and invoice PDFs with pdfkit (decisions §0: a maintained PDF library). Text streams are
// left uncompressed so the document stays searchable by simple tools and tests.
import PDFDocument from "pdfkit";
import { formatDate, type DateDisplay } from "./dates";
import { formatMoney, rateToPercent } from "./money";

type Item = {
  description: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  /** Printed instead of formatMoney(unitPrice): a purchase order's 4-decimal cost. */
  unitPriceText?: string;
};
type Party = {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
} | null;
/** Without a tax rate (a purchase order) only the total is printed. */
type Totals = { subtotal: string; taxRate?: string; taxAmount?: string; total: string };

export type PdfDocumentInput = {
  kind: "Quote" | "Invoice" | "Purchase Order";
  /** The heading over the other party: "Bill To" (quotes, invoices) or "Supplier". */
  partyLabel?: string;
  /** The unit column's heading: "Unit Price", or "Unit Cost" on a purchase order. */
  priceLabel?: string;
  number: string;
  title: string;
  description?: string | null;
  dates: Array<[string, string]>;
  customer: Party;
  items: Item[];
  totals: Totals;
  terms?: string | null;
  payments?: Array<{ receivedAt: string | Date; method: string; reference: string | null; amount: string }>;
  refunds?: Array<{ refundedAt: string | Date; reason: string | null; amount: string }>;
  paid?: string;
  balance?: string;
};

/** What the PDF shows of Settings: the business letterhead and the time zone of its dates. */
export type PdfSettings = {
  business: {
    companyName: string;
    streetAddress: string;
    city: string;
    state: string;
    zipCode: string;
    phone: string;
    email: string;
    website: string;
  };
  system: DateDisplay & { paperSize?: PaperSize };
};

/** Paper sizes the documents print on (Settings → System; decisions in docs/decisions/formats.md). */
export type PaperSize = "LETTER" | "A4";

/** The margin on every side, in points (72 per inch): 50 pt ≈ 18 mm, inside any printer's unprintable edge. */
export const PDF_MARGIN = 50;

export function renderDocumentPdf(input: PdfDocumentInput, settings: PdfSettings): Promise<Buffer> {
  const doc = new PDFDocument({
    size: settings.system.paperSize === "A4" ? "A4" : "LETTER",
    margin: PDF_MARGIN,
    compress: false,
    info: { Title: `${input.kind} ${input.number}`, Author: settings.business.companyName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const b = settings.business;
  const tz = settings.system;
  const left = PDF_MARGIN;
  const width = doc.page.width - 2 * PDF_MARGIN;
  const right = left + width;
  const bottom = doc.page.height - PDF_MARGIN;

  doc.font("Helvetica-Bold").fontSize(18).text(b.companyName, left, 50);
  doc.font("Helvetica").fontSize(9).fillColor("#444");
  doc.text(
    [b.streetAddress, [b.city, [b.state, b.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")]
      .filter(Boolean)
      .join("\n"),
  );
  doc.text([b.phone, b.email, b.website].filter(Boolean).join("  ·  "));
  doc
    .fillColor("#000")
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(`${input.kind.toUpperCase()} ${input.number}`, left, 50, { width, align: "right" });
  doc.font("Helvetica").fontSize(10);
  for (const [label, value] of input.dates) doc.text(`${label}: ${value}`, { width, align: "right" });

  doc.moveDown(2);
  const y0 = Math.max(doc.y, 140);
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(input.partyLabel ?? "Bill To", left, y0);
  doc.font("Helvetica").fontSize(10);
  const c = input.customer;
  if (c) {
    doc.text(c.name);
    const line = [c.address, [c.city, [c.state, c.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")]
      .filter(Boolean)
      .join(", ");
    if (line) doc.text(line);
    const contact = [c.phone, c.email].filter(Boolean).join("  ·  ");
    if (contact) doc.text(contact);
  } else {
    doc.text("Unknown Customer");
  }
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text(input.title, left);
  if (input.description) doc.font("Helvetica").fontSize(10).text(input.description, { width });
  doc.moveDown();

  // Items table. The columns are laid out from the right margin leftwards, so the Line Total ends
  // at the margin on Letter and A4 alike and the description takes what is left.
  const gap = 10;
  const totalW = 100; // "$12,345,678.90" in 11 pt bold is about 85 pt
  const unitW = 90;
  const qtyW = 50;
  const totalX = right - totalW;
  const unitX = totalX - gap - unitW;
  const qtyX = unitX - gap - qtyW;
  const descW = qtyX - gap - left;
  const header = (y: number) => {
    doc.font("Helvetica-Bold").fontSize(10);
    doc.text("Description", left, y, { width: descW });
    doc.text("Qty", qtyX, y, { width: qtyW, align: "right" });
    doc.text(input.priceLabel ?? "Unit Price", unitX, y, { width: unitW, align: "right" });
    doc.text("Line Total", totalX, y, { width: totalW, align: "right" });
    doc
      .moveTo(left, y + 14)
      .lineTo(right, y + 14)
      .strokeColor("#999")
      .stroke();
    return y + 20;
  };
  let y = header(doc.y);
  doc.font("Helvetica").fontSize(10);
  const cell = (text: string, w: number) => Math.max(doc.heightOfString(text, { width: w }), 12);
  for (const item of input.items) {
    const quantity = item.quantity;
    const h = Math.max(
      cell(item.description, descW),
      cell(quantity, qtyW),
      cell(item.unitPriceText ?? formatMoney(item.unitPrice), unitW),
      cell(formatMoney(item.lineTotal), totalW),
    );
    if (y + h > bottom) {
      doc.addPage();
      y = header(PDF_MARGIN);
      doc.font("Helvetica").fontSize(10);
    }
    doc.text(item.description, left, y, { width: descW });
    doc.text(quantity, qtyX, y, { width: qtyW, align: "right" });
    doc.text(item.unitPriceText ?? formatMoney(item.unitPrice), unitX, y, { width: unitW, align: "right" });
    doc.text(formatMoney(item.lineTotal), totalX, y, { width: totalW, align: "right" });
    y += h + 6;
  }
  if (input.items.length === 0) {
    doc.text("No line items.", left, y, { width: descW });
    y += 18;
  }
  const { taxRate, taxAmount } = input.totals;
  const rows: Array<[string, string, boolean?]> =
    taxRate !== undefined && taxAmount !== undefined
      ? [
          ["Subtotal", formatMoney(input.totals.subtotal)],
          [`Tax (${rateToPercent(taxRate)}%)`, formatMoney(taxAmount)],
          ["Total", formatMoney(input.totals.total), true],
        ]
      : [["Total", formatMoney(input.totals.total), true]];
  if (input.paid !== undefined) rows.push(["Paid", formatMoney(input.paid)]);
  if (input.balance !== undefined) rows.push(["Balance Due", formatMoney(input.balance), true]);
  // The totals stay together, on the next page when they would cross the bottom margin.
  if (y + 8 + rows.length * 16 > bottom) {
    doc.addPage();
    y = PDF_MARGIN;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor("#999").stroke();
  y += 8;
  const labelW = totalX - gap - (qtyX - 60);
  for (const [label, value, bold] of rows) {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 11 : 10);
    doc.text(label, qtyX - 60, y, { width: labelW, align: "right" });
    doc.text(value, totalX, y, { width: totalW, align: "right" });
    y += 16;
  }
  doc.x = left;
  doc.y = y;

  if (input.payments) {
    doc.moveDown(2);
    doc.font("Helvetica-Bold").fontSize(11).text("Payments", left, doc.y, { width });
    doc.font("Helvetica").fontSize(10);
    if (input.payments.length === 0) doc.text("No payments received.", { width });
    for (const p of input.payments) {
      doc.text(
        `${formatDate(p.receivedAt, tz)}  ${p.method.replace("_", " ")}` +
          `${p.reference ? ` (${p.reference})` : ""}  ${formatMoney(p.amount)}`,
        { width },
      );
    }
    for (const r of input.refunds ?? []) {
      doc.text(
        `${formatDate(r.refundedAt, tz)}  Refund${r.reason ? ` (${r.reason})` : ""}  -${formatMoney(r.amount)}`,
        {
          width,
        },
      );
    }
  }
  if (input.terms) {
    doc.moveDown(2);
    doc.font("Helvetica-Bold").fontSize(11).text("Terms", left, doc.y, { width });
    doc.font("Helvetica").fontSize(10).text(input.terms, { width });
  }
  doc.end();
  return done;
}

export function pdfResponse(pdf: Buffer, filename: string) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
