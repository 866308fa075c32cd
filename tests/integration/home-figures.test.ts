// Home figures (issue 14 items 1–4) from a hand-built fixture with exact expected values. The
// figures are global counts (all customers, all active jobs), so this file runs them on its own
// embedded database (PGlite, the same migrations), where no other test file's rows can move them.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, inArray } from "drizzle-orm";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.server";
import * as schema from "../../db/schema";
import { listActivity } from "../../app/models/activity.server";
import {
  highValueQuotes,
  homeMetrics,
  jobPipeline,
  jobsToCoordinate,
  percentChange,
  periodPair,
  quotesAwaitingResponse,
  recentJobs,
} from "../../app/models/home.server";
import { inventoryAlerts } from "../../app/models/inventory.server";
import { needsAttention, overdueText, sortAttention } from "../../app/models/needs-attention.server";
import { zonedToInstant } from "../../app/utils/dates";

const root = path.resolve(__dirname, "../..");
const TZ = "America/New_York";
// Wednesday; the week started Monday Mar 17, the month Mar 1, the quarter Jan 1.
const TODAY = "2031-03-19";
const clock = { today: TODAY, timeZone: TZ, now: zonedToInstant(TODAY, "12:00", TZ) };
const at = (day: string, time = "10:00") => zonedToInstant(day, time, TZ);

let client: PGlite;
let db: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  client = await PGlite.create({ extensions: { pg_trgm } });
  db = drizzle(client, { schema }) as unknown as Database;
  await migrate(db as never, { migrationsFolder: path.join(root, "db/migrations") });
  await fixture();
}, 120_000);

afterAll(async () => {
  await client?.close();
});

async function fixture() {
  const s = schema;
  const [owner, installer, other] = await db
    .insert(s.users)
    .values([
      { username: "hf-owner", passwordHash: "x", name: "Olive Owner", role: "owner" },
      { username: "hf-installer", passwordHash: "x", name: "Ian Installer", role: "installer" },
      { username: "hf-other", passwordHash: "x", name: "Otto Other", role: "installer" },
    ])
    .returning();
  ids.owner = owner.id;
  ids.installer = installer.id;
  ids.other = other.id;

  // Customers: 4 before March, 1 in March → 5, +25.0% from last month.
  const cs = await db
    .insert(s.customers)
    .values([
      { name: "Ada Feb", createdAt: at("2031-02-02") },
      { name: "Ben Feb", createdAt: at("2031-02-03") },
      { name: "Cy Feb", createdAt: at("2031-02-04") },
      { name: "Di Feb", createdAt: at("2031-02-05") },
      { name: "Eve March", phone: "555-0100", city: "Burlington", createdAt: at("2031-03-03") },
    ])
    .returning();
  const c = cs[4].id;

  // Jobs: quoted 3, approved 2, in progress 4, completed 1, cancelled 1. Created: 2 this week
  // (Mar 17–19), 1 in the same days of last week (Mar 10–12), the rest in January.
  const job = (title: string, status: string, created: string) => ({
    customerId: c,
    title,
    status,
    createdAt: at(created),
    updatedAt: at(created),
    estimatedCost: "1000.00",
  });
  const js = await db
    .insert(s.jobs)
    .values([
      job("Quoted A", "quoted", "2031-03-18"),
      job("Quoted B", "quoted", "2031-01-05"),
      job("Quoted C", "quoted", "2031-01-06"),
      job("Approved scheduled", "approved", "2031-01-07"),
      job("Approved waiting", "approved", "2031-03-11"),
      job("Progress A", "in-progress", "2031-03-19"),
      job("Progress B", "in-progress", "2031-01-08"),
      job("Progress C", "in-progress", "2031-01-09"),
      job("Progress D", "in-progress", "2031-01-10"),
      job("Done A", "completed", "2031-01-11"),
      job("Cancelled A", "cancelled", "2031-01-12"),
    ])
    .returning();
  const byTitle = Object.fromEntries(js.map((j) => [j.title, j.id]));
  ids.approvedWaiting = byTitle["Approved waiting"];
  ids.progressB = byTitle["Progress B"];

  // The scheduled approved job has an install next week; Progress B installs tomorrow with nothing
  // paid and no materials issued (at risk), crewed by nobody (Jobs to Coordinate: no crew).
  const [crew] = await db.insert(s.resources).values({ name: "Crew One", type: "crew" }).returning();
  const events = await db
    .insert(s.scheduleEvents)
    .values([
      {
        title: "Install scheduled",
        type: "install",
        jobId: byTitle["Approved scheduled"],
        customerId: c,
        startAt: at("2031-03-26", "09:00"),
        endAt: at("2031-03-26", "12:00"),
      },
      {
        title: "Install Progress B",
        type: "install",
        jobId: byTitle["Progress B"],
        customerId: c,
        startAt: at("2031-03-20", "09:00"),
        endAt: at("2031-03-20", "12:00"),
      },
    ])
    .returning();
  await db.insert(s.scheduleEventResources).values({ eventId: events[0].id, resourceId: crew.id });
  ids.atRiskEvent = events[1].id;

  // Quotes sent this quarter (Jan 1–Mar 19): 2 approved of 5 → 40.0%. The same days of last
  // quarter (Oct 1–Dec 19): 1 approved of 4 → 25.0%; one sent Dec 25 is outside that span.
  const quote = (n: string, status: string, sent: string | null, total: string, validUntil?: string) => ({
    customerId: c,
    quoteNumber: `Q-HF-${n}`,
    title: `Quote ${n}`,
    status,
    total,
    sentAt: sent ? at(sent) : null,
    validUntil: validUntil ?? null,
    createdAt: at(sent ?? "2031-03-01"),
  });
  const qs = await db
    .insert(s.quotes)
    .values([
      quote("1", "approved", "2031-02-10", "100.00"),
      quote("2", "approved", "2031-03-02", "200.00"),
      quote("3", "rejected", "2031-03-05", "300.00"),
      quote("4", "sent", "2031-03-01", "1500.00", "2031-04-30"),
      quote("5", "sent", "2031-03-12", "9000.00", "2031-03-22"),
      quote("6", "approved", "2030-10-05", "10.00"),
      quote("7", "expired", "2030-10-06", "10.00"),
      quote("8", "expired", "2030-11-07", "10.00"),
      quote("9", "expired", "2030-12-08", "10.00"),
      quote("10", "approved", "2030-12-25", "10.00"),
      quote("11", "draft", null, "99999.00"),
    ])
    .returning();
  ids.quote4 = qs[3].id;
  ids.quote5 = qs[4].id;

  // Invoices: three overdue (due Mar 10, Feb 5, Jan 15), one paid, one draft, one not yet due.
  const invoice = (n: string, status: string, due: string, total: string, balance: string) => ({
    customerId: c,
    invoiceNumber: `INV-HF-${n}`,
    title: `Invoice ${n}`,
    status,
    issueDate: "2031-01-01",
    dueDate: due,
    total,
    paidTotal: (Number(total) - Number(balance)).toFixed(2),
    balance,
  });
  const inv = await db
    .insert(s.invoices)
    .values([
      invoice("1", "sent", "2031-03-10", "500.00", "500.00"),
      invoice("2", "partial", "2031-02-05", "700.00", "200.00"),
      invoice("3", "overdue", "2031-01-15", "900.00", "900.00"),
      invoice("4", "paid", "2031-03-01", "5000.00", "0.00"),
      invoice("5", "draft", "2031-03-02", "50.00", "50.00"),
      invoice("6", "sent", "2031-03-25", "60.00", "60.00"),
    ])
    .returning();
  ids.invoice1 = inv[0].id;
  ids.invoice3 = inv[2].id;

  // Payments: this month 1,000.00 (Mar 18) + 250.50 (Mar 5) + 300.00 (Mar 11) − refund 50.50
  // (Mar 18) = 1,500.00; Feb 1–19: 800.00 (Feb 25's 999.99 is outside); a pending one never counts.
  // This week (Mar 17–19): 949.50; last week's Mar 10–12: 300.00.
  const paid = inv[3].id;
  const pays = await db
    .insert(s.payments)
    .values([
      { invoiceId: paid, amount: "1000.00", receivedAt: at("2031-03-18") },
      { invoiceId: paid, amount: "250.50", receivedAt: at("2031-03-05") },
      { invoiceId: paid, amount: "300.00", receivedAt: at("2031-03-11") },
      { invoiceId: paid, amount: "800.00", receivedAt: at("2031-02-10") },
      { invoiceId: paid, amount: "999.99", receivedAt: at("2031-02-25") },
      { invoiceId: paid, amount: "77.77", status: "pending", receivedAt: at("2031-03-06") },
    ])
    .returning();
  await db
    .insert(s.paymentRefunds)
    .values({ paymentId: pays[0].id, invoiceId: paid, amount: "50.50", refundedAt: at("2031-03-18", "15:00") });

  // Tasks: the installer's high task 2 days overdue, someone else's low task 18 days overdue, one done.
  const ts = await db
    .insert(s.tasks)
    .values([
      {
        title: "Fix hinge",
        priority: "high",
        dueDate: "2031-03-17",
        assignedToUserId: installer.id,
        jobId: byTitle["Progress B"],
      },
      { title: "Order filler", priority: "low", dueDate: "2031-03-01", assignedToUserId: other.id },
      { title: "Old done", priority: "urgent", status: "done", dueDate: "2031-01-01", assignedToUserId: installer.id },
    ])
    .returning();
  ids.hingeTask = ts[0].id;

  // Inventory: one critical (2 of 10), one low (8 of 10), one fine, one untracked.
  await db.insert(s.inventoryItems).values([
    { sku: "HF-1", name: "Birch ply", currentStock: "2", reorderPoint: "10" },
    { sku: "HF-2", name: "Hinges", currentStock: "8", reorderPoint: "10" },
    { sku: "HF-3", name: "Screws", currentStock: "80", reorderPoint: "10" },
    { sku: "HF-4", name: "Glue", currentStock: "0", reorderPoint: "10", trackStock: false },
  ]);

  // Activity: two by the installer, one by the owner with an amount.
  await db.insert(s.activityLog).values([
    {
      type: "task_completed",
      title: "Task completed",
      description: "Shim cabinets",
      userId: installer.id,
      createdAt: at("2031-03-18", "08:00"),
    },
    {
      type: "payment_received",
      title: "Payment received for INV-HF-4",
      description: "$1,000.00 from Eve",
      userId: owner.id,
      amount: "1000.00",
      invoiceId: paid,
      createdAt: at("2031-03-18", "09:00"),
    },
    {
      type: "job_progress",
      title: "Progress on Progress B",
      userId: installer.id,
      jobId: byTitle["Progress B"],
      createdAt: at("2031-03-18", "10:00"),
    },
  ]);
}

describe("period helpers", () => {
  it("compares month-to-date with the same days of last month, clamped to its end", () => {
    expect(periodPair("2031-03-01", "2031-02-01", "2031-03-19")).toEqual({
      current: { from: "2031-03-01", to: "2031-03-20" },
      previous: { from: "2031-02-01", to: "2031-02-20" },
    });
    expect(periodPair("2031-03-01", "2031-02-01", "2031-03-31").previous).toEqual({
      from: "2031-02-01",
      to: "2031-03-01",
    });
  });

  it("gives the change in percent with one decimal, null against nothing", () => {
    expect(percentChange(150000n, 80000n)).toEqual({ percent: "87.5", direction: "increase" });
    expect(percentChange(2n, 3n)).toEqual({ percent: "33.3", direction: "decrease" });
    expect(percentChange(5n, 5n)).toEqual({ percent: "0.0", direction: "neutral" });
    expect(percentChange(5n, 0n)).toEqual({ percent: null, direction: "increase" });
  });
});

describe("owner and office metric cards", () => {
  it("computes each figure and its change against the previous period", async () => {
    const m = await homeMetrics(db, clock);
    expect(m.revenue).toEqual({
      value: "1500.00",
      previous: "800.00",
      change: { percent: "87.5", direction: "increase" },
    });
    expect(m.weekRevenue).toEqual({
      value: "949.50",
      previous: "300.00",
      change: { percent: "216.5", direction: "increase" },
    });
    expect(m.activeJobs).toEqual({
      value: 9,
      inProgress: 4,
      opened: 2,
      openedPrevious: 1,
      change: { percent: "100.0", direction: "increase" },
    });
    // Sent this month: quotes 2, 3, 4, 5; Feb 1–19: quote 1.
    expect(m.pendingQuotes).toEqual({
      value: 2,
      sent: 4,
      sentPrevious: 1,
      change: { percent: "300.0", direction: "increase" },
    });
    expect(m.customers).toEqual({ value: 5, previous: 4, change: { percent: "25.0", direction: "increase" } });
    expect(m.winRate).toEqual({
      value: "40.0",
      won: 2,
      sent: 5,
      previous: "25.0",
      change: { points: "15.0", direction: "increase" },
    });
    // Overdue: invoices 1, 2, 3. Fell overdue Mar 1–18: invoice 1; Feb 1–19: invoice 2.
    expect(m.overdueInvoices).toEqual({
      value: 3,
      fellOverdue: 1,
      fellOverduePrevious: 1,
      change: { percent: "0.0", direction: "neutral" },
    });
  });
});

describe("job pipeline", () => {
  it("counts stages, % of total, rates with their colours, and no bottleneck at exactly 40%", async () => {
    const p = await jobPipeline(db);
    expect(p.stages.map((s) => [s.label, s.count, s.percent])).toEqual([
      ["Quoted", 3, "30.0"],
      ["Approved", 2, "20.0"],
      ["In Progress", 4, "40.0"],
      ["Installed", 1, "10.0"],
    ]);
    expect(p.total).toBe(10);
    expect(p.approvalRate).toEqual({ value: "66.7", color: "orange" });
    expect(p.completionRate).toEqual({ value: "20.0", color: "red" });
    expect(p.bottleneck).toBeNull();
  });

  it("flags the bottleneck when one stage holds more than 40%", async () => {
    const [extra] = await db
      .insert(schema.jobs)
      .values({ customerId: (await db.select().from(schema.customers))[0].id, title: "Extra", status: "in-progress" })
      .returning();
    try {
      const p = await jobPipeline(db);
      expect(p.bottleneck).toEqual({ stage: "In Progress", count: 5 });
      expect(p.stages[2].percent).toBe("45.5");
    } finally {
      await db.delete(schema.jobs).where(eq(schema.jobs.id, extra.id));
    }
  });

  it("never calls finished work a bottleneck: Installed over 40% is not flagged", async () => {
    const customerId = (await db.select().from(schema.customers))[0].id;
    const done = await db
      .insert(schema.jobs)
      .values(Array.from({ length: 6 }, (_, n) => ({ customerId, title: `Done ${n}`, status: "completed" })))
      .returning({ id: schema.jobs.id });
    try {
      const p = await jobPipeline(db);
      expect(p.stages[3]).toMatchObject({ label: "Installed", count: 7, percent: "43.8" });
      expect(p.bottleneck).toBeNull();
    } finally {
      await db.delete(schema.jobs).where(
        inArray(
          schema.jobs.id,
          done.map((d) => d.id),
        ),
      );
    }
  });
});

describe("lists cut to 5", () => {
  it("recent jobs newest first, high-value quotes by total, quotes waiting longest first", async () => {
    expect((await recentJobs(db)).map((j) => j.title)).toEqual([
      "Progress A",
      "Quoted A",
      "Approved waiting",
      "Cancelled A",
      "Done A",
    ]);
    expect((await highValueQuotes(db)).map((q) => [q.quoteNumber, q.total])).toEqual([
      ["Q-HF-5", "9000.00"],
      ["Q-HF-4", "1500.00"],
    ]);
    const waiting = await quotesAwaitingResponse(db, clock);
    expect(waiting.total).toBe(2);
    expect(waiting.rows.map((q) => [q.quoteNumber, q.daysWaiting])).toEqual([
      ["Q-HF-4", 18],
      ["Q-HF-5", 7],
    ]);
  });

  it("jobs to coordinate: approved without an install, this week's installs missing materials or crew", async () => {
    const { unscheduled, installs } = await jobsToCoordinate(db, clock);
    expect(unscheduled.map((j) => j.title)).toEqual(["Approved waiting"]);
    expect(installs.map((e) => [e.title, e.noMaterials, e.noCrew])).toEqual([["Progress B", true, true]]);
  });

  it("low stock: the lowest first, critical below half the reorder point", async () => {
    const stock = await inventoryAlerts(db);
    expect(stock.total).toBe(2);
    expect(stock.more).toBe(0);
    expect(stock.items.map((i) => [i.name, i.level])).toEqual([
      ["Birch ply", "critical"],
      ["Hinges", "low"],
    ]);
  });
});

describe("needs attention", () => {
  it("owner: high before medium before low, then most days overdue, at most 5", async () => {
    const items = await needsAttention(db, clock, { role: "owner", userId: ids.owner });
    expect(items.map((i) => [i.kind, i.priority, i.daysOverdue])).toEqual([
      ["overdue_invoice", "high", 63],
      ["overdue_invoice", "high", 42],
      ["overdue_invoice", "high", 9],
      ["overdue_task", "high", 2],
      ["install_at_risk", "high", 0],
    ]);
    expect(items[0]).toMatchObject({
      title: "Invoice INV-HF-3 overdue",
      amount: "900.00",
      href: `/invoices/${ids.invoice3}`,
    });
    expect(items[4].description).toBe("Eve March · deposit unpaid · materials not issued");
  });

  it("sorts the rest the same way (the full list before the cut)", () => {
    const item = (key: string, priority: "high" | "medium" | "low", daysOverdue: number) => ({
      key,
      kind: "overdue_task" as const,
      priority,
      daysOverdue,
      title: key,
      description: "",
      href: "/",
    });
    expect(
      sortAttention([item("a", "low", 50), item("b", "medium", 0), item("c", "high", 1), item("d", "medium", 4)]).map(
        (i) => i.key,
      ),
    ).toEqual(["c", "d", "b", "a"]);
    expect(overdueText(1)).toBe("1 day overdue");
    expect(overdueText(4)).toBe("4 days overdue");
  });

  it("installer: only their own overdue tasks and installs, no money", async () => {
    const items = await needsAttention(db, clock, { role: "installer", userId: ids.installer });
    expect(items.map((i) => [i.kind, i.title, i.daysOverdue])).toEqual([
      ["overdue_task", "Task overdue: Fix hinge", 2],
      ["install_at_risk", "Install soon: Progress B", 0],
    ]);
    expect(items[1].description).toBe("Eve March · materials not issued");
    expect(items.every((i) => !i.amount)).toBe(true);
    expect(await needsAttention(db, clock, { role: "installer", userId: ids.other })).toMatchObject([
      { kind: "overdue_task", title: "Task overdue: Order filler", priority: "low", daysOverdue: 18 },
    ]);
  });

  it("office: the medium and low kinds appear once the high ones are dealt with", async () => {
    // Pay off the overdue invoices and finish the tasks inside a transaction, then roll it back.
    await db
      .transaction(async (tx) => {
        await tx.update(schema.invoices).set({ balance: "0.00", status: "paid" });
        await tx.update(schema.tasks).set({ status: "done" });
        await tx.insert(schema.jobMaterialUsages).values({
          jobId: ids.progressB,
          itemId: (await tx.select().from(schema.inventoryItems))[0].id,
          quantity: "1",
          unitCostSnapshot: "1",
          totalCostSnapshot: "1",
        });
        await tx.insert(schema.invoices).values({
          customerId: (await tx.select().from(schema.customers))[4].id,
          jobId: ids.progressB,
          invoiceNumber: "INV-HF-DEP",
          title: "Deposit",
          status: "partial",
          dueDate: "2031-04-01",
          total: "100.00",
          paidTotal: "50.00",
          balance: "50.00",
        });
        const items = await needsAttention(tx as unknown as Database, clock, { role: "office", userId: ids.owner });
        expect(items.map((i) => [i.kind, i.priority, i.daysOverdue])).toEqual([
          ["expiring_quote", "medium", 0],
          ["low_stock", "medium", 0],
          ["unscheduled_job", "medium", 0],
          ["unanswered_quote", "low", 4],
          ["low_stock", "low", 0],
        ]);
        expect(items[0].title).toBe("Quote Q-HF-5 expires in 3 days");
        expect(items[3].title).toBe("Quote Q-HF-4 unanswered for 18 days");
        expect(items[2].href).toBe(`/schedule/events/new?jobId=${ids.approvedWaiting}&install=1`);
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
  });
});

describe("recent activity", () => {
  it("owner sees everything newest first; the installer only their own, without amounts", async () => {
    const all = await listActivity(db, { role: "owner", userId: ids.owner }, { limit: 5, count: true });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.type)).toEqual(["job_progress", "payment_received", "task_completed"]);
    expect(all.rows[1]).toMatchObject({ amount: "1000.00", userName: "Olive Owner" });

    const mine = await listActivity(db, { role: "installer", userId: ids.installer }, { limit: 5, count: true });
    expect(mine.rows.map((r) => r.type)).toEqual(["job_progress", "task_completed"]);
    expect(mine.rows.every((r) => r.amount === null)).toBe(true);

    const paymentsOnly = await listActivity(
      db,
      { role: "owner", userId: ids.owner },
      { type: "payment_received", limit: 5, count: true },
    );
    expect(paymentsOnly.total).toBe(1);
    const byInstaller = await listActivity(
      db,
      { role: "owner", userId: ids.owner },
      { userId: ids.installer, limit: 1, offset: 1, count: true },
    );
    expect(byInstaller.total).toBe(2);
    expect(byInstaller.rows.map((r) => r.type)).toEqual(["task_completed"]);
  });
});

class Rollback extends Error {}
