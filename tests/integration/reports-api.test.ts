// Reports over HTTP (issue 14 items 5 and 7): /api/reports/* for the owner only, the page's range and
// tabs as URLs, bad input as 400, and the CSV (totals row, Excel-safe) and PDF exports. The fixture
// (tests/setup/reports-fixture.ts) lives in 1950, earlier than any other test file's invoices: AR aging
// as of a 1950 date sees only this file's (other files add and remove theirs while it runs).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { getDb } from "../../db/client.server";
import { customers, invoices } from "../../db/schema";
import { api, baseUrl, signIn } from "../setup/http";
import { withSettings } from "../setup/shared-settings";
import { buildReportsFixture, removeReportsFixture, type ReportsFixture } from "../setup/reports-fixture";

const tag = `rpa${Date.now().toString(36)}`;
const EVIL = `=HYPERLINK("http://evil.example","x") ${tag}`;
let f: ReportsFixture;
let owner = "";
let office = "";
let installer = "";
let evilId = 0;
const range = () => `from=${f.from}&to=${f.to}`;

function pdfText(bytes: Buffer) {
  const raw = bytes.toString("latin1");
  return [...raw.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => Buffer.from(m[1], "hex").toString("latin1")).join("") + raw;
}

beforeAll(async () => {
  f = await buildReportsFixture(1950, tag);
  [owner, office, installer] = await Promise.all([signIn("owner"), signIn("office"), signIn("installer")]);
  // A customer whose name is a spreadsheet formula, with an invoice before the fixture's range.
  const db = await getDb();
  const [evil] = await db.insert(customers).values({ name: EVIL }).returning({ id: customers.id });
  evilId = evil.id;
  await db.insert(invoices).values({
    customerId: evil.id,
    invoiceNumber: `INV-${tag}-evil`,
    title: "Formula",
    status: "sent",
    issueDate: "1950-01-15",
    dueDate: "1950-01-20",
    subtotal: "10.00",
    total: "10.00",
    balance: "10.00",
  });
});

afterAll(async () => {
  const db = await getDb();
  if (evilId) {
    await db.delete(invoices).where(eq(invoices.customerId, evilId));
    await db.delete(customers).where(eq(customers.id, evilId));
  }
  await removeReportsFixture(f, tag);
});

describe("/api/reports", () => {
  it("summary over a custom range, to the cent", async () => {
    const res = await api(`/api/reports/summary?${range()}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "summary",
      range: { preset: "custom", from: "1950-02-01", to: "1950-03-31" },
      totalRevenue: "1050.00",
      revenueInvoices: 2,
      outstanding: "2612.50",
      overdueInvoices: 2,
      conversionRate: "40.0",
      quotesApproved: 2,
      quotesSent: 5,
      activeJobs: 3,
      jobsInProgress: 1,
    });
  });

  it("AR aging as of a date with one customer's invoices", async () => {
    const res = await api(`/api/reports/ar-aging?asOf=1950-05-20&customerId=${f.customerA.id}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body.customers).toEqual([
      expect.objectContaining({ customerId: f.customerA.id, d90_plus: "437.50", total: "437.50", invoices: 1 }),
    ]);
    expect(res.body.totals.total).toBe("437.50");
    expect(res.body.invoiceList).toEqual([expect.objectContaining({ invoiceNumber: `INV-${tag}-1`, open: "437.50" })]);
  });

  it("AR aging pages its customers like every /api list; the totals cover them all", async () => {
    const all = await api("/api/reports/ar-aging?asOf=1950-05-20", { cookie: owner });
    expect(all.status).toBe(200);
    const count = all.body.customers.length;
    expect(count).toBeGreaterThanOrEqual(2); // the fixture's customers with something open, and the formula one
    expect(all.body.customerCount).toBe(count);
    expect(all.headers.get("X-Total-Count")).toBe(String(count));
    const first = await api("/api/reports/ar-aging?asOf=1950-05-20&limit=1", { cookie: owner });
    const second = await api("/api/reports/ar-aging?asOf=1950-05-20&limit=1&offset=1", { cookie: owner });
    expect(first.body.customers).toEqual([all.body.customers[0]]);
    expect(second.body.customers).toEqual([all.body.customers[1]]);
    for (const page of [first, second]) {
      expect(page.body.customerCount).toBe(count);
      expect(page.headers.get("X-Total-Count")).toBe(String(count));
      expect(page.body.totals).toEqual(all.body.totals);
    }
    expect((await api("/api/reports/ar-aging?limit=-1", { cookie: owner })).status).toBe(400);
  });

  it("job profitability pages its jobs too, the totals over every job even past the last page", async () => {
    const all = await api(`/api/reports/profitability?${range()}`, { cookie: owner });
    expect(all.status).toBe(200);
    const jobs = all.body.jobs.length;
    expect(jobs).toBeGreaterThanOrEqual(2);
    expect(all.body.totals.jobs).toBe(jobs);
    expect(all.headers.get("X-Total-Count")).toBe(String(jobs));
    const second = await api(`/api/reports/profitability?${range()}&limit=1&offset=1`, { cookie: owner });
    expect(second.body.jobs).toEqual([all.body.jobs[1]]);
    const past = await api(`/api/reports/profitability?${range()}&limit=5&offset=${jobs + 10}`, { cookie: owner });
    expect(past.body.jobs).toEqual([]);
    for (const page of [second, past]) {
      expect(page.body.totals).toEqual(all.body.totals);
      expect(page.headers.get("X-Total-Count")).toBe(String(jobs));
    }
  });

  it("the other reports answer for the same range", async () => {
    const revenue = await api(`/api/reports/revenue?${range()}`, { cookie: owner });
    expect(revenue.body.totals).toEqual({ invoiced: "3662.50", received: "1050.00", invoices: 3 });
    const tax = await api(`/api/reports/sales-tax?${range()}`, { cookie: owner });
    expect(tax.body.totals.tax).toBe("262.50");
    const financial = await api(`/api/reports/financial?${range()}`, { cookie: owner });
    expect(financial.body).toMatchObject({ quoteValue: "2200.74", invoiceValue: "3662.50", paidAmount: "1050.00" });
  });

  it("refuses bad input with 400 and a message; an unknown report is 404", async () => {
    for (const q of ["summary?range=12", "summary?from=1950-02-31", "summary?from=1950-03-02&to=1950-03-01"]) {
      const res = await api(`/api/reports/${q}`, { cookie: owner });
      expect(res.status, q).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
    expect((await api("/api/reports/ar-aging?asOf=yesterday", { cookie: owner })).status).toBe(400);
    expect((await api("/api/reports/ar-aging?customerId=abc", { cookie: owner })).status).toBe(400);
    expect((await api("/api/reports/everything", { cookie: owner })).status).toBe(404);
  });

  it("the page keeps a wrong custom range's dates with the reason, and shows the default range's figures", async () => {
    const res = await fetch(`${baseUrl()}/reports?tab=financial&from=1950-03-02&to=1950-03-01`, {
      headers: { Cookie: owner },
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(/data-testid="range-error"[^>]*>From must be on or before To</);
    expect(page).toMatch(/name="from"[^>]*value="1950-03-02"/);
    expect(page).toMatch(/name="to"[^>]*value="1950-03-01"/);
    expect(page).toMatch(/data-testid="range-label"[^>]*>Showing<!-- --> <!-- -->Last 30 days/);
    // A bad preset the same way.
    const preset = await fetch(`${baseUrl()}/reports?range=12`, { headers: { Cookie: owner } });
    expect(preset.status).toBe(400);
    expect(await preset.text()).toContain("Range must be one of 7, 30, 90, 365 or all");
  });

  it("is the owner's only: office and installer 403, anonymous 401", async () => {
    expect((await api("/api/reports/summary", { cookie: office })).status).toBe(403);
    expect((await api("/api/reports/ar-aging", { cookie: installer })).status).toBe(403);
    expect((await api("/api/reports/summary")).status).toBe(401);
  });
});

describe("the Reports page and its exports", () => {
  const get = (path: string, cookie?: string) =>
    fetch(`${baseUrl()}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

  it("shows the range's figures on each tab; office and installer get 403", async () => {
    const page = await get(`/reports?tab=sales-tax&${range()}`, owner);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("$1,050.00"); // Total Revenue card
    expect(html).toContain("$262.50"); // tax total
    expect(html).toContain("Feb 1950");
    expect((await get("/reports", office)).status).toBe(403);
    expect((await get("/reports", installer)).status).toBe(403);
    expect((await get("/reports/export?report=summary", installer)).status).toBe(403);
    expect((await get("/reports?from=1950-13-01", owner)).status).toBe(400);
    expect((await get("/reports?tab=nope", owner)).status).toBe(400);
  });

  it("CSV: a download with the range, the rows and a totals row", async () => {
    const res = await get(`/reports/export?report=revenue&format=csv&${range()}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="report-revenue-1950-02-01-to-1950-03-31.csv"',
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 byte-order mark, so Excel reads accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString("utf8"), { relax_column_count: true }) as string[][];
    expect(rows.slice(0, 2)).toEqual([
      ["Report", "Revenue by Month"],
      ["Range", "1950-02-01 to 1950-03-31"],
    ]);
    const header = rows.findIndex((r) => r[0] === "Month");
    expect(rows.slice(header, header + 4)).toEqual([
      ["Month", "Invoices", "Invoiced", "Received"],
      ["1950-02", "2", "3262.50", "500.00"],
      ["1950-03", "1", "400.00", "550.00"],
      ["Total", "3", "3662.50", "1050.00"],
    ]);
  });

  it("CSV cells that start like a formula are defused; numbers stay numbers", async () => {
    const res = await get(`/reports/export?report=ar-aging&format=csv&asOf=1950-02-10&customerId=${evilId}`, owner);
    const rows = parse(
      Buffer.from(await res.arrayBuffer())
        .subarray(3)
        .toString("utf8"),
      {
        relax_column_count: true,
      },
    ) as string[][];
    const row = rows.find((r) => r[0]?.includes("HYPERLINK"));
    expect(row?.[0]).toBe(`'${EVIL}`);
    // Due Jan 20, as of Feb 10: 21 days past due.
    expect(row?.slice(1)).toEqual(["0.00", "10.00", "0.00", "0.00", "0.00", "10.00"]);
    expect(rows.find((r) => r[0] === "Total")?.slice(1, 7)).toEqual(["0.00", "10.00", "0.00", "0.00", "0.00", "10.00"]);
  });

  it("PDF: a download with the report's title, range, date and figures, printed as the screen shows them", async () => {
    // The business's date format (US by default) is shared state another file may change meanwhile.
    const res = await withSettings("rely", () => get(`/reports/export?report=sales-tax&format=pdf&${range()}`, owner));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain("attachment;");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    for (const expected of [
      "Sales Tax Collected report",
      "Range: Feb 1, 1950 to Mar 31, 1950",
      "Generated:",
      "Feb 1950",
      "Mar 1950",
      "$262.50",
      "$3,000.00",
    ])
      expect(text).toContain(expected);
    // Not the CSV's plain values: people read this one.
    expect(text).not.toContain("3000.00");
    expect(text).not.toMatch(/Generated: \d{4}-/);
  });
});
