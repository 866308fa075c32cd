// Printed PDFs keep every word inside the margins (issue 15 item 1): the quote and invoice PDFs on
// Letter and A4, and the report export. Each PDF is rendered and read back with poppler's
// `pdftotext -bbox` (Debian's poppler-utils; tests/setup/prepare.sh installs it), which gives every
// word's box in points; a word past a margin is one a printer may cut off.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/models/settings.server";
import { reportPdf, type ExportDocument } from "~/services/report-export.server";
import { PDF_MARGIN, renderDocumentPdf, type PaperSize, type PdfDocumentInput } from "~/utils/pdf.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-margins-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Word = { text: string; page: number; xMin: number; yMin: number; xMax: number; yMax: number };
type Page = { width: number; height: number };

/** Every word of the PDF with its box (points, origin top left) and the size of each page. */
function words(pdf: Buffer, name: string): { pages: Page[]; words: Word[] } {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  const pages: Page[] = [];
  const found: Word[] = [];
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(tag)) {
    if (m[1]) pages.push({ width: Number(m[1]), height: Number(m[2]) });
    else
      found.push({
        text: m[7],
        page: pages.length,
        xMin: Number(m[3]),
        yMin: Number(m[4]),
        xMax: Number(m[5]),
        yMax: Number(m[6]),
      });
  }
  return { pages, words: found };
}

/** The words whose box crosses a margin (half a point of slack for rounding in the font metrics). */
function outside(pdf: { pages: Page[]; words: Word[] }, margin: number) {
  return pdf.words.filter((w) => {
    const page = pdf.pages[w.page - 1];
    return (
      w.xMin < margin - 0.5 ||
      w.yMin < margin - 0.5 ||
      w.xMax > page.width - margin + 0.5 ||
      w.yMax > page.height - margin + 0.5
    );
  });
}

const lorem =
  "Solid maple shaker doors with soft-close hinges, dovetailed drawer boxes, scribed filler strips, " +
  "crown moulding along the full run and a two-coat catalysed lacquer finish in the customer's chosen colour";

function document(kind: "Quote" | "Invoice"): PdfDocumentInput {
  const items = Array.from({ length: 45 }, (_, i) => ({
    description: i % 3 === 0 ? `${lorem} (run ${i + 1})` : `Base cabinet ${i + 1}`,
    quantity: i === 0 ? "1250.5" : "2",
    unitPrice: i === 0 ? "987.65" : "450.00",
    lineTotal: i === 0 ? "1235067.33" : "900.00",
  }));
  items.push({
    description: "Supercalifragilisticexpialidocious".repeat(4),
    quantity: "1",
    unitPrice: "1.00",
    lineTotal: "1.00",
  });
  return {
    kind,
    number: kind === "Quote" ? "Q-2026-0042" : "INV-2026-0042",
    title: "Kitchen remodel with island, pantry wall and butler's pantry",
    description: Array.from({ length: 6 }, () => lorem).join(". "),
    dates: [
      ["Date", "Nov 23, 2026"],
      ["Due Date", "Dec 23, 2026"],
    ],
    customer: {
      name: "Margaret Featherstonehaugh-Cholmondeley",
      email: "margaret.featherstonehaugh@example.com",
      phone: "(802) 555-0199",
      address: "4400 Very Long Boulevard of the Green Mountains, Apartment 1200",
      city: "South Burlington",
      state: "VT",
      zipCode: "05403",
    },
    items,
    totals: { subtotal: "1275568.33", taxRate: "0.0875", taxAmount: "111612.23", total: "1387180.56" },
    terms: `Payment due within 30 days. ${lorem}.`,
    ...(kind === "Invoice"
      ? {
          payments: [
            {
              receivedAt: "2026-11-24T15:00:00Z",
              method: "bank_transfer",
              reference: "WIRE-000123456789",
              amount: "1000000.00",
            },
          ],
          refunds: [
            {
              refundedAt: "2026-11-25T15:00:00Z",
              reason: "Deposit returned for the cancelled pantry",
              amount: "250.00",
            },
          ],
          paid: "999750.00",
          balance: "387430.56",
        }
      : {}),
  };
}

const SIZES: Array<[PaperSize, Page]> = [
  ["LETTER", { width: 612, height: 792 }],
  ["A4", { width: 595.28, height: 841.89 }],
];

describe.each(SIZES)("quote and invoice PDFs on %s", (paperSize, expected) => {
  it.each(["Quote", "Invoice"] as const)("keeps every word of the %s inside the margins", async (kind) => {
    const settings = { business: SETTINGS_DEFAULTS.business, system: { ...SETTINGS_DEFAULTS.system, paperSize } };
    const pdf = words(await renderDocumentPdf(document(kind), settings), `${kind}-${paperSize}`);
    // The paper is the one chosen, and the long document runs over several pages.
    expect(pdf.pages.length).toBeGreaterThan(2);
    for (const page of pdf.pages) {
      expect(page.width).toBeCloseTo(expected.width, 0);
      expect(page.height).toBeCloseTo(expected.height, 0);
    }
    // The 7-figure amounts are printed whole, and inside the right margin.
    const texts = pdf.words.map((w) => w.text);
    expect(texts).toContain("$1,235,067.33");
    expect(texts).toContain("$1,387,180.56");
    if (kind === "Invoice") expect(texts).toContain("$387,430.56");
    expect(outside(pdf, PDF_MARGIN)).toEqual([]);
    // The Line Total column ends at the right margin (right-aligned), not short of it or past it.
    const total = pdf.words.find((w) => w.text === "$1,235,067.33")!;
    expect(total.xMax).toBeGreaterThan(expected.width - PDF_MARGIN - 2);
  });
});

describe("report export PDF", () => {
  it.each(SIZES)("keeps every word inside its 40 pt margins on %s", async (paperSize) => {
    const report: ExportDocument = {
      title: "Job Profitability",
      meta: [
        ["Range", "2026-01-01 to 2026-11-23"],
        ["Generated", "2026-11-23"],
      ],
      sections: [
        {
          title: "Jobs",
          columns: [
            { header: "Job" },
            { header: "Customer" },
            { header: "Revenue", kind: "money" },
            { header: "Materials", kind: "money" },
            { header: "Margin", kind: "money" },
            { header: "Margin %", kind: "percent" },
          ],
          rows: Array.from({ length: 80 }, (_, i) => [
            `${lorem} ${i}`,
            "Margaret Featherstonehaugh-Cholmondeley of South Burlington",
            "12345678.90",
            "1234567.89",
            "11111111.01",
            "90.0",
          ]),
          totals: ["Total", "", "987654321.00", "87654321.00", "900000000.00", "91.1"],
        },
      ],
    };
    const pdf = words(await reportPdf(report, "Northwind Cabinetry", paperSize), `report-${paperSize}`);
    expect(pdf.pages.length).toBeGreaterThan(1);
    // Landscape.
    expect(pdf.pages[0].width).toBeCloseTo(expected(paperSize).height, 0);
    // Printed as the screen shows them: the currency, thousands grouped.
    expect(pdf.words.map((w) => w.text)).toContain("$987,654,321.00");
    expect(pdf.words.map((w) => w.text)).toContain("91.1%");
    expect(outside(pdf, 40)).toEqual([]);
  });
});

function expected(paperSize: PaperSize) {
  return SIZES.find(([p]) => p === paperSize)![1];
}
