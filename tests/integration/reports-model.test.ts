// Every report figure from a hand-built fixture (tests/setup/reports-fixture.ts, year 1987) with
// exact expected values: the headline cards, the four tabs, AR aging as of several dates (day edge
// in the business zone, later payments and refunds not counted), revenue, sales tax and conversion
// by month, job profitability and installer utilisation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import {
  arAging,
  arAgingInvoices,
  conversionByMonth,
  customersReport,
  financialReport,
  installerUtilisation,
  inventoryReport,
  jobProfitability,
  operationsReport,
  parseReportRange,
  percent1,
  reportSummary,
  revenueByMonth,
  salesTaxByMonth,
  type ReportRange,
} from "~/models/reports.server";
import { isRefusal } from "~/utils/refusal.server";
import { zonedToInstant } from "~/utils/dates";
import { eq } from "drizzle-orm";
import { customers, invoices, jobs } from "../../db/schema";
import { buildReportsFixture, FIXTURE_TZ, removeReportsFixture, type ReportsFixture } from "../setup/reports-fixture";

const tag = `rpm${Date.now().toString(36)}`;
let f: ReportsFixture;
let range: ReportRange;
const TODAY = "2026-06-01";

beforeAll(async () => {
  f = await buildReportsFixture(1987, tag);
  range = parseReportRange(new URLSearchParams({ from: f.from, to: f.to }), TODAY, FIXTURE_TZ);
});

afterAll(async () => {
  await removeReportsFixture(f, tag);
});

describe("the range", () => {
  it("presets end today and include it; default 30 days; custom wins; bad input is refused", () => {
    const p = (q: Record<string, string>) => parseReportRange(new URLSearchParams(q), "2026-03-31", FIXTURE_TZ);
    expect(p({})).toMatchObject({ preset: "30", from: "2026-03-02", to: "2026-03-31" });
    expect(p({ range: "7" })).toMatchObject({ from: "2026-03-25", to: "2026-03-31" });
    expect(p({ range: "365" })).toMatchObject({ from: "2025-04-01", to: "2026-03-31" });
    expect(p({ range: "all" })).toMatchObject({ preset: "all", from: null, to: null });
    expect(p({ range: "7", from: "2026-01-01", to: "2026-01-31" })).toMatchObject({
      preset: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
    const bads: Array<Record<string, string>> = [
      { range: "12" },
      { from: "2026-02-31" },
      { from: "2026-03-02", to: "2026-03-01" },
      { to: "x" },
    ];
    for (const bad of bads) {
      let error: unknown;
      try {
        p(bad);
      } catch (e) {
        error = e;
      }
      expect(isRefusal(error) && error.kind).toBe("invalid");
    }
  });

  it("percentages have one decimal, rounded half away from zero, from exact integers", () => {
    expect(percent1(2, 5)).toBe("40.0");
    expect(percent1(1, 3)).toBe("33.3");
    expect(percent1(2, 3)).toBe("66.7");
    expect(percent1(1, 8)).toBe("12.5");
    expect(percent1(1, 0)).toBeNull();
  });
});

describe("headline cards and tabs over the fixture's two months", () => {
  it("headline cards", async () => {
    expect(await reportSummary(await getDb(), range, TODAY)).toEqual({
      totalRevenue: "1050.00", // 500 + 200 + 400 received − 50 refunded
      revenueInvoices: 2,
      outstanding: "2612.50", // 437.50 + 0 + 2175.00 (draft and cancelled not issued)
      overdueInvoices: 2,
      conversionRate: "40.0", // 2 approved of 5 sent
      quotesApproved: 2,
      quotesSent: 5,
      activeJobs: 3,
      jobsInProgress: 1,
    });
  });

  it("Financial: quote and invoice values, paid, outstanding, quote statuses with count and value", async () => {
    expect(await financialReport(await getDb(), range)).toEqual({
      quoteValue: "2200.74",
      invoiceValue: "3662.50",
      paidAmount: "1050.00",
      outstanding: "2612.50",
      quoteStatuses: [
        { status: "draft", count: 1, total: "100.00" },
        { status: "sent", count: 1, total: "250.50" },
        { status: "approved", count: 2, total: "1500.25" },
        { status: "rejected", count: 1, total: "300.00" },
        { status: "expired", count: 1, total: "49.99" },
      ],
    });
  });

  it("Operations: pipeline per status, average job value, metrics", async () => {
    expect(await operationsReport(await getDb(), range, TODAY)).toEqual({
      pipeline: [
        { status: "quoted", count: 1 },
        { status: "approved", count: 1 },
        { status: "in-progress", count: 1 },
        { status: "completed", count: 1 },
        { status: "cancelled", count: 0 },
      ],
      totalJobs: 4,
      averageJobValue: "1166.67", // (1000 + 2000 + 500.01) / 3
      conversionRate: "40.0",
      totalCustomers: 2,
      activeProjects: 3,
      averageProjectValue: "750.13", // (1000.00 + 500.25) / 2, half up
    });
  });

  it("Customers: counts and top customers by quote value", async () => {
    expect(await customersReport(await getDb(), range)).toEqual({
      totalCustomers: 2,
      activeQuotes: 1,
      activeJobs: 3,
      averageProjectValue: "750.13",
      topCustomers: [
        { id: f.customerA.id, name: f.customerA.name, quoteCount: 3, quoteTotal: "1350.50" },
        { id: f.customerB.id, name: f.customerB.name, quoteCount: 3, quoteTotal: "850.24" },
      ],
    });
  });

  it("Inventory: what moved in the range from the ledger", async () => {
    const report = await inventoryReport(await getDb(), range);
    expect(report.receivedValue).toBe("306.00"); // 255.00 + 51.00
    expect(report.issuedValue).toBe("196.62"); // 76.5000 + 120.1234
    expect(report.transactions).toBe(5);
    expect(report.reorderItems.length).toBeLessThanOrEqual(5);
  });

  it("a range without the fixture's days shows none of it", async () => {
    const empty = parseReportRange(new URLSearchParams({ from: "1987-04-01", to: "1987-04-30" }), TODAY, FIXTURE_TZ);
    const s = await reportSummary(await getDb(), empty, TODAY);
    expect(s).toMatchObject({ totalRevenue: "0.00", outstanding: "0.00", quotesSent: 0, conversionRate: null });
  });
});

describe("AR aging as of a date", () => {
  const aging = async (asOf: string, customerId: number) =>
    (await arAging(await getDb(), asOf, FIXTURE_TZ, { customerId })).customers[0];

  it("counts payments received by the end of the as-of day (business zone), not later ones or later refunds", async () => {
    // March 10: the 23:30 payment counts; the refund of March 12 and the payment of March 15 do not.
    expect(await aging("1987-03-10", f.customerA.id)).toMatchObject({
      current: "400.00",
      d1_30: "387.50",
      d31_60: "0.00",
      d61_90: "0.00",
      d90_plus: "0.00",
      total: "787.50",
      invoices: 2,
    });
    // March 9: the evening payment is still to come.
    expect(await aging("1987-03-09", f.customerA.id)).toMatchObject({
      current: "400.00",
      d1_30: "587.50",
      total: "987.50",
    });
    // May 20: everything has happened; the refund reopened 50.00 of INV 1, 94 days past due.
    expect(await aging("1987-05-20", f.customerA.id)).toMatchObject({
      current: "0.00",
      d90_plus: "437.50",
      total: "437.50",
    });
  });

  it("moves an unpaid invoice through the buckets; nothing before it was issued", async () => {
    const b = f.customerB.id;
    expect(await aging("1987-02-05", b)).toMatchObject({ current: "2175.00", total: "2175.00" });
    expect(await aging("1987-02-06", b)).toMatchObject({ d1_30: "2175.00" });
    expect(await aging("1987-03-10", b)).toMatchObject({ d31_60: "2175.00" });
    expect(await aging("1987-04-10", b)).toMatchObject({ d61_90: "2175.00" });
    expect(await aging("1987-05-20", b)).toMatchObject({ d90_plus: "2175.00" });
    expect(await aging("1987-02-04", b)).toBeUndefined();
  });

  it("the drill-down lists a customer's open invoices with days past due and bucket", async () => {
    const list = await arAgingInvoices(await getDb(), "1987-03-10", FIXTURE_TZ, f.customerA.id);
    expect(list.map((i) => [i.invoiceNumber, i.open, i.daysPastDue, i.bucket])).toEqual([
      [`INV-${tag}-1`, "387.50", 23, "d1_30"],
      [`INV-${tag}-2`, "400.00", 0, "current"],
    ]);
  });
});

describe("by month", () => {
  it("revenue: invoiced vs received", async () => {
    expect(await revenueByMonth(await getDb(), range)).toEqual({
      months: [
        { month: "1987-02", invoiced: "3262.50", received: "500.00", invoices: 2 },
        { month: "1987-03", invoiced: "400.00", received: "550.00", invoices: 1 },
      ],
      totals: { invoiced: "3662.50", received: "1050.00", invoices: 3 },
    });
  });

  it("sales tax: taxable sales, non-taxable sales, tax", async () => {
    expect(await salesTaxByMonth(await getDb(), range)).toEqual({
      months: [
        { month: "1987-02", taxableSales: "3000.00", nonTaxableSales: "0.00", tax: "262.50", invoices: 2 },
        { month: "1987-03", taxableSales: "0.00", nonTaxableSales: "400.00", tax: "0.00", invoices: 1 },
      ],
      totals: { taxableSales: "3000.00", nonTaxableSales: "400.00", tax: "262.50", invoices: 3 },
    });
  });

  it("quote conversion by the month sent", async () => {
    expect(await conversionByMonth(await getDb(), range)).toEqual({
      months: [
        { month: "1987-02", sent: 2, approved: 1, rate: "50.0" },
        { month: "1987-03", sent: 3, approved: 1, rate: "33.3" },
      ],
      totals: { sent: 5, approved: 2, rate: "40.0" },
    });
  });
});

describe("job profitability and utilisation", () => {
  it("revenue vs material cost (ledger) and actual cost, margin %", async () => {
    const report = await jobProfitability(await getDb(), range);
    expect(report.jobs).toEqual([
      {
        jobId: f.jobIds[2],
        title: `Vanity ${tag}`,
        customerName: f.customerB.name,
        status: "completed",
        revenue: "2000.00",
        materialCost: "120.12",
        actualCost: null,
        cost: "120.12",
        margin: "1879.88",
        marginPercent: "94.0",
      },
      {
        jobId: f.jobIds[1],
        title: `Pantry ${tag}`,
        customerName: f.customerA.name,
        status: "in-progress",
        revenue: "1400.00",
        materialCost: "51.00", // 3 issued, 1 returned at 25.50
        actualCost: "1200.00",
        cost: "1200.00",
        margin: "200.00",
        marginPercent: "14.3",
      },
    ]);
    expect(report.totals).toEqual({
      jobs: 2,
      revenue: "3400.00",
      materialCost: "171.12",
      actualCost: "1200.00",
      cost: "1320.12",
      margin: "2079.88",
      marginPercent: "61.2",
    });
  });

  it("ranks jobs by revenue as amounts, not as text ($12,000 above $8,524.59 above $950)", async () => {
    const db = await getDb();
    const created = zonedToInstant("1979-05-10", "12:00", FIXTURE_TZ);
    const [customer] = await db
      .insert(customers)
      .values({ name: `Ranked ${tag}`, createdAt: created })
      .returning({ id: customers.id });
    try {
      const made = await db
        .insert(jobs)
        .values(
          ["950.00", "12000.00", "8524.59"].map((v) => ({
            customerId: customer.id,
            title: `Ranked ${v} ${tag}`,
            createdAt: created,
          })),
        )
        .returning({ id: jobs.id, title: jobs.title });
      await db.insert(invoices).values(
        made.map((j, n) => {
          const subtotal = j.title.split(" ")[1];
          return {
            customerId: customer.id,
            jobId: j.id,
            invoiceNumber: `INV-${tag}-rank-${n}`,
            title: j.title,
            status: "sent",
            issueDate: "1979-05-10",
            dueDate: "1979-06-10",
            subtotal,
            taxRate: "0",
            taxAmount: "0.00",
            total: subtotal,
            paidTotal: "0.00",
            createdAt: created,
          };
        }),
      );
      const may = parseReportRange(new URLSearchParams({ from: "1979-05-01", to: "1979-05-31" }), TODAY, FIXTURE_TZ);
      const mine = new Set(made.map((j) => j.id));
      const report = await jobProfitability(db, may);
      expect(report.jobs.filter((j) => mine.has(j.jobId)).map((j) => j.revenue)).toEqual([
        "12000.00",
        "8524.59",
        "950.00",
      ]);
    } finally {
      await db.delete(invoices).where(eq(invoices.customerId, customer.id));
      await db.delete(jobs).where(eq(jobs.customerId, customer.id));
      await db.delete(customers).where(eq(customers.id, customer.id));
    }
  });

  it("scheduled ÷ available hours per resource and week (40 h a week; all-day 8 h; cancelled not counted)", async () => {
    const report = await installerUtilisation(await getDb(), range, TODAY);
    expect(report.weeks[0]).toBe("1987-01-26");
    expect(report.weeks).toHaveLength(10);
    const mine = report.weekly.filter((w) => w.resourceId === f.resourceId).slice(0, 4);
    expect(mine.map((w) => [w.week, w.scheduledHours, w.utilisation])).toEqual([
      ["1987-01-26", "0.00", "0.0"],
      ["1987-02-02", "10.50", "26.3"],
      ["1987-02-09", "8.00", "20.0"],
      ["1987-02-16", "0.00", "0.0"],
    ]);
    expect(report.resources.find((r) => r.resourceId === f.resourceId)).toMatchObject({
      scheduledHours: "18.50",
      availableHours: "400.00",
      utilisation: "4.6",
    });
  });
});
