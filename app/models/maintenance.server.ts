// The daily housekeeping (docs/decisions/quotes-and-invoices.md): sent quotes past validUntil
// expire, unpaid invoices past their due date become overdue. Each step is one UPDATE whose WHERE
// clause excludes the rows it already changed, so running it twice (a retried job, two workers)
// changes nothing the second time.
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { activityLog, invoices, quotes } from "../../db/schema";
import type { Executor } from "../../db/client.server";
import { businessToday } from "../utils/dates";

export type MaintenanceResult = {
  /** The business date the run compared against ('YYYY-MM-DD'). */
  today: string;
  expiredQuotes: number;
  overdueInvoices: number;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function assertDate(today: string) {
  if (!DATE_ONLY.test(today)) throw new Error(`Expected a date as YYYY-MM-DD, got "${today}"`);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Sent quotes whose validUntil is before `today` become expired; returns how many. */
export async function expireQuotes(db: Executor, today: string): Promise<number> {
  assertDate(today);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(quotes)
      .set({ status: "expired" })
      .where(and(eq(quotes.status, "sent"), lt(quotes.validUntil, today)))
      .returning({ id: quotes.id });
    if (changed.length > 0) {
      await tx.insert(activityLog).values({
        type: "maintenance",
        title: `${plural(changed.length, "quote", "quotes")} expired`,
        description:
          `Daily maintenance expired ${plural(changed.length, "sent quote", "sent quotes")} ` +
          `valid until before ${today}.`,
      });
    }
    return changed.length;
  });
}

/**
 * Invoices still awaiting money (sent or partly paid, balance above zero) whose due date is before
 * `today` become overdue; drafts, paid, cancelled and already overdue invoices are left alone.
 */
export async function markOverdueInvoices(db: Executor, today: string): Promise<number> {
  assertDate(today);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(invoices)
      .set({ status: "overdue" })
      .where(and(inArray(invoices.status, ["sent", "partial"]), gt(invoices.balance, "0"), lt(invoices.dueDate, today)))
      .returning({ id: invoices.id });
    if (changed.length > 0) {
      await tx.insert(activityLog).values({
        type: "maintenance",
        title: `${plural(changed.length, "invoice", "invoices")} overdue`,
        description:
          `Daily maintenance marked ${plural(changed.length, "unpaid invoice", "unpaid invoices")} ` +
          `due before ${today} as overdue.`,
      });
    }
    return changed.length;
  });
}

/**
 * Both steps against the business date in `timeZone`. `asOf` ('YYYY-MM-DD') reruns a past day;
 * a date after the business today is clamped to it, so nothing expires early.
 */
export async function runDailyMaintenance(db: Executor, timeZone: string, asOf?: string): Promise<MaintenanceResult> {
  let today = businessToday(timeZone);
  if (asOf !== undefined) {
    assertDate(asOf);
    if (asOf < today) today = asOf;
  }
  const expiredQuotes = await expireQuotes(db, today);
  const overdueInvoices = await markOverdueInvoices(db, today);
  return { today, expiredQuotes, overdueInvoices };
}
