// The daily maintenance against the real database. Each test works inside a transaction that is
// rolled back at the end: its rows stay invisible to the other test files running at the same
// time (and to a maintenance run they might trigger), and nothing is left behind. "Today" is a
// date in 1940, before every other file's documents (docs/decisions/tests-in-parallel.md), so the counts are
// exactly these rows.
import { afterAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { closeDb, getDb, type Tx } from "../../db/client.server";
import { activityLog, customers, invoices, quotes } from "../../db/schema";
import { expireQuotes, markOverdueInvoices, runDailyMaintenance } from "~/models/maintenance.server";

const TODAY = "1940-03-02";
const YESTERDAY = "1940-03-01";
const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

class Rollback extends Error {}

async function inRollback(fn: (tx: Tx) => Promise<void>) {
  const db = await getDb();
  await db
    .transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

async function customer(tx: Tx) {
  const [row] = await tx
    .insert(customers)
    .values({ name: `Maintenance test ${run}` })
    .returning({ id: customers.id });
  return row.id;
}

let seq = 0;
async function quote(tx: Tx, customerId: number, status: string, validUntil: string | null) {
  seq += 1;
  const [row] = await tx
    .insert(quotes)
    .values({
      customerId,
      quoteNumber: `MT-${run}-Q${seq}`,
      title: `Maintenance test quote ${run} ${seq} (${status})`,
      status,
      validUntil,
      total: "100.00",
    })
    .returning({ id: quotes.id });
  return row.id;
}

async function invoice(tx: Tx, customerId: number, status: string, balance: string, dueDate: string) {
  seq += 1;
  const [row] = await tx
    .insert(invoices)
    .values({
      customerId,
      invoiceNumber: `MT-${run}-I${seq}`,
      title: `Maintenance test invoice ${run} ${seq} (${status})`,
      status,
      issueDate: "1940-01-01",
      dueDate,
      total: "100.00",
      paidTotal: (100 - Number(balance)).toFixed(2),
      balance,
    })
    .returning({ id: invoices.id });
  return row.id;
}

async function quoteStates(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: quotes.id, status: quotes.status, updatedAt: quotes.updatedAt })
    .from(quotes)
    .where(inArray(quotes.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function invoiceStates(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: invoices.id, status: invoices.status, updatedAt: invoices.updatedAt })
    .from(invoices)
    .where(inArray(invoices.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Maintenance log rows written by this transaction (now() is the transaction's start time). */
async function maintenanceLog(tx: Tx) {
  return tx
    .select({ title: activityLog.title, description: activityLog.description })
    .from(activityLog)
    .where(and(eq(activityLog.type, "maintenance"), sql`${activityLog.createdAt} = now()`))
    .orderBy(activityLog.id);
}

afterAll(async () => {
  await closeDb();
});

describe("expireQuotes", () => {
  it("expires sent quotes past validUntil and nothing else, once", async () => {
    await inRollback(async (tx) => {
      const c = await customer(tx);
      const pastSent = await quote(tx, c, "sent", YESTERDAY);
      const todaySent = await quote(tx, c, "sent", TODAY);
      const pastDraft = await quote(tx, c, "draft", YESTERDAY);
      const pastApproved = await quote(tx, c, "approved", YESTERDAY);
      const sentNoDate = await quote(tx, c, "sent", null);
      const ids = [pastSent, todaySent, pastDraft, pastApproved, sentNoDate];

      expect(await expireQuotes(tx, TODAY)).toBe(1);
      const after = await quoteStates(tx, ids);
      expect(after.get(pastSent)?.status).toBe("expired");
      expect(after.get(todaySent)?.status).toBe("sent");
      expect(after.get(pastDraft)?.status).toBe("draft");
      expect(after.get(pastApproved)?.status).toBe("approved");
      expect(after.get(sentNoDate)?.status).toBe("sent");
      expect(await maintenanceLog(tx)).toEqual([
        {
          title: "1 quote expired",
          description: `Daily maintenance expired 1 sent quote valid until before ${TODAY}.`,
        },
      ]);

      // Second run: no row changes, no further log entry.
      expect(await expireQuotes(tx, TODAY)).toBe(0);
      expect(await quoteStates(tx, ids)).toEqual(after);
      expect(await maintenanceLog(tx)).toHaveLength(1);
    });
  });

  it("refuses a date that is not YYYY-MM-DD", async () => {
    const db = await getDb();
    await expect(expireQuotes(db, "03/02/1940")).rejects.toThrow(/YYYY-MM-DD/);
  });
});

describe("markOverdueInvoices", () => {
  it("marks sent and partly paid invoices past due as overdue and nothing else, once", async () => {
    await inRollback(async (tx) => {
      const c = await customer(tx);
      const sentPast = await invoice(tx, c, "sent", "100.00", YESTERDAY);
      const partialPast = await invoice(tx, c, "partial", "40.00", YESTERDAY);
      const sentDueToday = await invoice(tx, c, "sent", "100.00", TODAY);
      const paidPast = await invoice(tx, c, "paid", "0.00", YESTERDAY);
      const cancelledPast = await invoice(tx, c, "cancelled", "100.00", YESTERDAY);
      const draftPast = await invoice(tx, c, "draft", "100.00", YESTERDAY);
      const sentNothingOwed = await invoice(tx, c, "sent", "0.00", YESTERDAY);
      const ids = [sentPast, partialPast, sentDueToday, paidPast, cancelledPast, draftPast, sentNothingOwed];

      expect(await markOverdueInvoices(tx, TODAY)).toBe(2);
      const after = await invoiceStates(tx, ids);
      expect(after.get(sentPast)?.status).toBe("overdue");
      expect(after.get(partialPast)?.status).toBe("overdue");
      expect(after.get(sentDueToday)?.status).toBe("sent");
      expect(after.get(paidPast)?.status).toBe("paid");
      expect(after.get(cancelledPast)?.status).toBe("cancelled");
      expect(after.get(draftPast)?.status).toBe("draft");
      expect(after.get(sentNothingOwed)?.status).toBe("sent");
      expect(await maintenanceLog(tx)).toEqual([
        {
          title: "2 invoices overdue",
          description: `Daily maintenance marked 2 unpaid invoices due before ${TODAY} as overdue.`,
        },
      ]);

      expect(await markOverdueInvoices(tx, TODAY)).toBe(0);
      expect(await invoiceStates(tx, ids)).toEqual(after);
      expect(await maintenanceLog(tx)).toHaveLength(1);
    });
  });
});

describe("runDailyMaintenance", () => {
  it("runs both steps for the given business date and reports the counts", async () => {
    await inRollback(async (tx) => {
      const c = await customer(tx);
      const q = await quote(tx, c, "sent", YESTERDAY);
      const i = await invoice(tx, c, "sent", "100.00", YESTERDAY);

      const first = await runDailyMaintenance(tx, "America/New_York", TODAY);
      expect(first).toEqual({ today: TODAY, expiredQuotes: 1, overdueInvoices: 1 });
      expect((await quoteStates(tx, [q])).get(q)?.status).toBe("expired");
      expect((await invoiceStates(tx, [i])).get(i)?.status).toBe("overdue");
      expect(await maintenanceLog(tx)).toHaveLength(2);

      const second = await runDailyMaintenance(tx, "America/New_York", TODAY);
      expect(second).toEqual({ today: TODAY, expiredQuotes: 0, overdueInvoices: 0 });
      expect(await maintenanceLog(tx)).toHaveLength(2);
    });
  });

  it("leaves nothing behind: the test rows were rolled back", async () => {
    const db = await getDb();
    const left = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.name, `Maintenance test ${run}`));
    expect(left).toEqual([]);
  });
});
