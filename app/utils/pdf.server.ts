// Quote and invoice PDFs with pdfkit (decisions §0: a maintained PDF library). Text streams are
// left uncompressed so the document stays searchable by simple tools and tests.
import PDFDocument from "pdfkit";
import { formatDate } from "./dates";
import { formatMoney, rateToPercent } from "./money";

type Item = { description: string; quantity: string; unitPrice: string; lineTotal: string };
type Party = {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
} | null;
type Totals = { subtotal: string; taxRate: string; taxAmount: string; total: string };

export type PdfDocumentInput = {
  kind: "Quote" | "Invoice";
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
  system: { timeZone: string };
};

export function renderDocumentPdf(input: PdfDocumentInput, settings: PdfSettings): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 50,
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
  const tz = settings.system.timeZone;
  const left = 50;
  const width = doc.page.width - 100;

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
  doc.font("Helvetica-Bold").fontSize(10).text("Bill To", left, y0);
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

  // Items table.
  const cols = [left, left + 270, left + 330, left + 420];
  const header = (y: number) => {
    doc.font("Helvetica-Bold").fontSize(10);
    doc.text("Description", cols[0], y, { width: 260 });
    doc.text("Qty", cols[1], y, { width: 50, align: "right" });
    doc.text("Unit Price", cols[2], y, { width: 80, align: "right" });
    doc.text("Line Total", cols[3], y, { width: width - 370, align: "right" });
    doc
      .moveTo(left, y + 14)
      .lineTo(left + width, y + 14)
      .strokeColor("#999")
      .stroke();
    return y + 20;
  };
  let y = header(doc.y);
  doc.font("Helvetica").fontSize(10);
  for (const item of input.items) {
    const h = Math.max(doc.heightOfString(item.description, { width: 260 }), 12);
    if (y + h > doc.page.height - 120) {
      doc.addPage();
      y = header(50);
      doc.font("Helvetica").fontSize(10);
    }
    doc.text(item.description, cols[0], y, { width: 260 });
    doc.text(item.quantity, cols[1], y, { width: 50, align: "right" });
    doc.text(formatMoney(item.unitPrice), cols[2], y, { width: 80, align: "right" });
    doc.text(formatMoney(item.lineTotal), cols[3], y, { width: width - 370, align: "right" });
    y += h + 6;
  }
  if (input.items.length === 0) {
    doc.text("No line items.", cols[0], y);
    y += 18;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor("#999")
    .stroke();
  y += 8;
  const rows: Array<[string, string, boolean?]> = [
    ["Subtotal", formatMoney(input.totals.subtotal)],
    [`Tax (${rateToPercent(input.totals.taxRate)}%)`, formatMoney(input.totals.taxAmount)],
    ["Total", formatMoney(input.totals.total), true],
  ];
  if (input.paid !== undefined) rows.push(["Paid", formatMoney(input.paid)]);
  if (input.balance !== undefined) rows.push(["Balance Due", formatMoney(input.balance), true]);
  for (const [label, value, bold] of rows) {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 11 : 10);
    doc.text(label, cols[2] - 60, y, { width: 140, align: "right" });
    doc.text(value, cols[3], y, { width: width - 370, align: "right" });
    y += 16;
  }

  if (input.payments) {
    doc.moveDown(2);
    doc.font("Helvetica-Bold").fontSize(11).text("Payments", left, doc.y);
    doc.font("Helvetica").fontSize(10);
    if (input.payments.length === 0) doc.text("No payments received.");
    for (const p of input.payments) {
      doc.text(
        `${formatDate(p.receivedAt, tz)}  ${p.method.replace("_", " ")}` +
          `${p.reference ? ` (${p.reference})` : ""}  ${formatMoney(p.amount)}`,
      );
    }
    for (const r of input.refunds ?? []) {
      doc.text(`${formatDate(r.refundedAt, tz)}  Refund${r.reason ? ` (${r.reason})` : ""}  -${formatMoney(r.amount)}`);
    }
  }
  if (input.terms) {
    doc.moveDown(2);
    doc.font("Helvetica-Bold").fontSize(11).text("Terms", left, doc.y);
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
