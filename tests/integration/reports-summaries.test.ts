// The report summaries (migration 0021: report_invoice_ar for AR aging, report_job_totals for job
// profitability) are kept by triggers in the writes' own transaction. Property: after any sequence of
// random inserts, updates and deletes of invoices, payments, refunds and ledger moves, each summary row
// equals the recomputation from the base rows, and job profitability equals the base-table formula
// it replaced. Concurrently: parallel transactions paying one invoice and issuing to one job (some
// rolled back) leave the summaries equal to the recomputation.
// docs/decisions/reports.md, "Measured".
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, rows, type Executor } from "../../db/client.server";
import {
  customers,
  inventoryItems,
  inventoryTransactions,
  invoices,
  jobs,
  paymentRefunds,
  payments,
} from "../../db/schema";
import { arAging, jobProfitability, parseReportRange } from "~/models/reports.server";
import { addDays, zonedToInstant } from "~/utils/dates";
import { centsToString } from "~/utils/money";

const TZ = "America/New_York";
const BASE = "1977-03-01";
const tag = `rsum${Date.now().toString(36)}`;
class Rollback extends Error {}

/** Summary rows of these invoices / jobs that differ from the recomputation from base rows. */
async function mismatches(db: Executor, invoiceIds: number[], jobIds: number[]) {
  const bad: unknown[] = [];
  if (invoiceIds.length)
    bad.push(
      ...(await rows(
        db,
        sql`select i.id, a.invoice_id from invoices i left join report_invoice_ar a on a.invoice_id = i.id
        where i.id in ${invoiceIds} and (a.invoice_id is null
          or a.customer_id <> i.customer_id or a.issued <> (i.status not in ('draft', 'cancelled'))
          or a.issue_date <> i.issue_date or a.due_date <> i.due_date or a.total <> i.total
          or a.paid <> coalesce((select sum(amount) from payments p where p.invoice_id = i.id), 0)
          or a.refunded <> coalesce((select sum(amount) from payment_refunds r where r.invoice_id = i.id), 0)
          or coalesce(a.last_move_at, '-infinity') < coalesce(greatest(
            (select max(received_at) from payments p where p.invoice_id = i.id),
            (select max(refunded_at) from payment_refunds r where r.invoice_id = i.id)), '-infinity'))
        union all
        select a.invoice_id, a.invoice_id from report_invoice_ar a
        where a.invoice_id in ${invoiceIds} and not exists (select 1 from invoices i where i.id = a.invoice_id)`,
      )),
    );
  if (jobIds.length)
    bad.push(
      ...(await rows(
        db,
        sql`select j.id, t.* from jobs j left join report_job_totals t on t.job_id = j.id
        cross join lateral (select coalesce(sum(subtotal), 0) as revenue, count(*) as n from invoices
          where job_id = j.id and status not in ('draft', 'cancelled')) r
        cross join lateral (select coalesce(sum(total_cost), 0) as cost, count(total_cost) as n from inventory_transactions
          where job_id = j.id and type in ('issue', 'return')) m
        where j.id in ${jobIds} and (coalesce(t.revenue, 0) <> r.revenue or coalesce(t.invoices, 0) <> r.n
          or coalesce(t.material_cost, 0) <> m.cost or coalesce(t.moves, 0) <> m.n)`,
      )),
    );
  return bad;
}

/** Job profitability's rows computed as before the summary: straight from invoices and the ledger. */
async function profitFromBase(db: Executor, jobIds: number[]) {
  return rows<{ id: number; revenue: string; material: string }>(
    db,
    sql`select j.id, coalesce(r.revenue, 0)::numeric(14,2)::text as revenue,
        coalesce(round(-m.cost, 2), 0)::numeric(16,2)::text as material
      from jobs j
      left join (select job_id, sum(subtotal) as revenue from invoices
          where status not in ('draft', 'cancelled') and job_id is not null group by job_id) r on r.job_id = j.id
      left join (select job_id, sum(total_cost) as cost from inventory_transactions
          where type in ('issue', 'return') and job_id is not null group by job_id) m on m.job_id = j.id
      where j.id in ${jobIds} and (r.revenue is not null or m.cost is not null or j.actual_cost is not null)
      order by j.id`,
  );
}

const cents = (n: number) => centsToString(BigInt(n));
const at = (day: number, minute = 720) => {
  const t = zonedToInstant(addDays(BASE, day), "00:00", TZ);
  return new Date(t.getTime() + minute * 60_000);
};

const STATUSES = ["draft", "sent", "partial", "paid", "overdue", "cancelled"] as const;
const op = fc.oneof(
  fc.record({
    kind: fc.constant("pay" as const),
    k: fc.nat(9),
    cents: fc.integer({ min: 1, max: 90_000 }),
    day: fc.nat(300),
  }),
  fc.record({
    kind: fc.constant("refund" as const),
    k: fc.nat(9),
    share: fc.integer({ min: 1, max: 100 }),
    day: fc.nat(300),
  }),
  fc.record({
    kind: fc.constant("editPayment" as const),
    k: fc.nat(9),
    cents: fc.integer({ min: 1, max: 90_000 }),
    day: fc.nat(300),
    move: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("dropPayment" as const), k: fc.nat(9) }),
  fc.record({ kind: fc.constant("dropRefund" as const), k: fc.nat(9) }),
  fc.record({
    kind: fc.constant("editInvoice" as const),
    k: fc.nat(9),
    status: fc.constantFrom(...STATUSES),
    cents: fc.integer({ min: 0, max: 500_000 }),
    job: fc.option(fc.nat(9), { nil: undefined }),
    day: fc.nat(200),
  }),
  fc.record({
    kind: fc.constant("addInvoice" as const),
    status: fc.constantFrom(...STATUSES),
    cents: fc.integer({ min: 0, max: 500_000 }),
    job: fc.option(fc.nat(9), { nil: undefined }),
    day: fc.nat(200),
  }),
  fc.record({ kind: fc.constant("dropInvoice" as const), k: fc.nat(9) }),
  fc.record({
    kind: fc.constant("move" as const),
    job: fc.option(fc.nat(9), { nil: undefined }),
    type: fc.constantFrom("issue", "return", "receive", "adjust"),
    cost: fc.option(fc.integer({ min: 1, max: 9_999_999 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant("editMove" as const),
    k: fc.nat(9),
    job: fc.option(fc.nat(9), { nil: undefined }),
    type: fc.constantFrom("issue", "return", "receive"),
    cost: fc.option(fc.integer({ min: 1, max: 9_999_999 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant("dropMove" as const), k: fc.nat(9) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: T[], k: number) => (list.length ? list[k % list.length] : undefined);

async function apply(
  tx: Executor,
  o: Op,
  w: {
    customerId: number;
    itemId: number;
    jobIds: number[];
    n: number;
    invoiceIds: number[];
    paymentIds: number[];
    refundIds: number[];
    moveIds: number[];
  },
) {
  const job = (k: number | undefined) => (k === undefined ? null : w.jobIds[k % w.jobIds.length]);
  switch (o.kind) {
    case "pay": {
      const invoiceId = pick(w.invoiceIds, o.k);
      if (!invoiceId) return;
      const [p] = await tx
        .insert(payments)
        .values({ invoiceId, amount: cents(o.cents), receivedAt: at(o.day) })
        .returning({ id: payments.id });
      w.paymentIds.push(p.id);
      return;
    }
    case "refund": {
      const paymentId = pick(w.paymentIds, o.k);
      if (!paymentId) return;
      const [p] = await rows<{ invoice_id: number; amount: string }>(
        tx,
        sql`select invoice_id, amount::text from payments where id = ${paymentId}`,
      );
      const amount = (BigInt(p.amount.replace(".", "")) * BigInt(o.share)) / 100n;
      if (amount <= 0n) return;
      const [r] = await tx
        .insert(paymentRefunds)
        .values({
          paymentId,
          invoiceId: Number(p.invoice_id),
          amount: centsToString(amount),
          refundedAt: at(o.day, 900),
        })
        .returning({ id: paymentRefunds.id });
      w.refundIds.push(r.id);
      return;
    }
    case "editPayment": {
      const id = pick(w.paymentIds, o.k);
      if (!id) return;
      const other = pick(w.invoiceIds, o.k + 1);
      await tx.execute(sql`update payments set amount = ${cents(o.cents)}, received_at = ${at(o.day).toISOString()}::timestamptz
        ${o.move && other ? sql`, invoice_id = ${other}` : sql``} where id = ${id}`);
      await tx.execute(
        sql`update payment_refunds r set invoice_id = p.invoice_id from payments p where p.id = r.payment_id and p.id = ${id}`,
      );
      return;
    }
    case "dropPayment": {
      const id = pick(w.paymentIds, o.k);
      if (!id) return;
      await tx.execute(sql`delete from payment_refunds where payment_id = ${id}`);
      await tx.execute(sql`delete from payments where id = ${id}`);
      w.paymentIds.splice(w.paymentIds.indexOf(id), 1);
      return;
    }
    case "dropRefund": {
      const id = pick(w.refundIds, o.k);
      if (!id) return;
      await tx.execute(sql`delete from payment_refunds where id = ${id}`);
      w.refundIds.splice(w.refundIds.indexOf(id), 1);
      return;
    }
    case "editInvoice": {
      const id = pick(w.invoiceIds, o.k);
      if (!id) return;
      const issue = addDays(BASE, o.day);
      await tx.execute(sql`update invoices set status = ${o.status}, subtotal = ${cents(o.cents)}, total = ${cents(o.cents)},
        job_id = ${job(o.job)}, issue_date = ${issue}::date, due_date = ${addDays(issue, 30)}::date where id = ${id}`);
      return;
    }
    case "addInvoice": {
      const issue = addDays(BASE, o.day);
      const [i] = await tx
        .insert(invoices)
        .values({
          customerId: w.customerId,
          jobId: job(o.job),
          invoiceNumber: `INV-${tag}-${w.n}-${w.invoiceIds.length}-${Math.random().toString(36).slice(2, 8)}`,
          title: "Summary property",
          status: o.status,
          issueDate: issue,
          dueDate: addDays(issue, 30),
          subtotal: cents(o.cents),
          total: cents(o.cents),
        })
        .returning({ id: invoices.id });
      w.invoiceIds.push(i.id);
      return;
    }
    case "dropInvoice": {
      const id = pick(w.invoiceIds, o.k);
      if (!id) return;
      await tx.execute(sql`delete from payment_refunds where invoice_id = ${id}`);
      await tx.execute(sql`delete from payments where invoice_id = ${id}`);
      await tx.execute(sql`delete from invoices where id = ${id}`);
      w.invoiceIds.splice(w.invoiceIds.indexOf(id), 1);
      const left = await rows<{ id: number }>(tx, sql`select id from payments where id in ${[0, ...w.paymentIds]}`);
      w.paymentIds = left.map((r) => Number(r.id));
      const leftR = await rows<{ id: number }>(
        tx,
        sql`select id from payment_refunds where id in ${[0, ...w.refundIds]}`,
      );
      w.refundIds = leftR.map((r) => Number(r.id));
      return;
    }
    case "move": {
      const signed = o.cost === null ? null : o.type === "issue" ? -o.cost : o.cost;
      const [m] = await tx
        .insert(inventoryTransactions)
        .values({
          itemId: w.itemId,
          type: o.type,
          quantity: o.type === "issue" ? "-1" : "1",
          totalCost: signed === null ? null : (Number(signed) / 10_000).toFixed(4),
          jobId: job(o.job),
        })
        .returning({ id: inventoryTransactions.id });
      w.moveIds.push(m.id);
      return;
    }
    case "editMove": {
      const id = pick(w.moveIds, o.k);
      if (!id) return;
      const cost = o.cost === null ? null : (o.cost / 10_000).toFixed(4);
      await tx.execute(sql`update inventory_transactions set type = ${o.type}, total_cost = ${cost}::numeric,
        job_id = ${job(o.job)} where id = ${id}`);
      return;
    }
    case "dropMove": {
      const id = pick(w.moveIds, o.k);
      if (!id) return;
      await tx.execute(sql`delete from inventory_transactions where id = ${id}`);
      w.moveIds.splice(w.moveIds.indexOf(id), 1);
      return;
    }
  }
}

async function world(tx: Executor, n: number) {
  const [customer] = await tx
    .insert(customers)
    .values({ name: `Summary property ${tag} ${n}` })
    .returning({ id: customers.id });
  const made = await tx
    .insert(jobs)
    .values(
      [0, 1, 2].map((k) => ({ customerId: customer.id, title: `Summary job ${tag} ${n}-${k}`, createdAt: at(10 + k) })),
    )
    .returning({ id: jobs.id });
  const [item] = await tx
    .insert(inventoryItems)
    .values({ sku: `SKU-${tag}-${n}`, name: `Summary item ${tag} ${n}`, active: false })
    .returning({ id: inventoryItems.id });
  return {
    customerId: customer.id,
    itemId: item.id,
    jobIds: made.map((j) => j.id),
    n,
    invoiceIds: [] as number[],
    paymentIds: [] as number[],
    refundIds: [] as number[],
    moveIds: [] as number[],
  };
}

describe("report summaries", () => {
  it("equal the recomputation from base rows after random writes (and the reports read them)", async () => {
    const db = await getDb();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), fc.nat(320), async (ops, asOfDay) => {
        try {
          await db.transaction(async (tx) => {
            const w = await world(tx, n++);
            for (const o of ops) await apply(tx, o, w);
            expect(await mismatches(tx, w.invoiceIds, w.jobIds)).toEqual([]);
            // Aging from the summary (everyone) = aging from the payments themselves (one customer).
            const asOf = addDays(BASE, asOfDay);
            const mine = await arAging(tx, asOf, TZ, { customerId: w.customerId });
            const everyone = await arAging(tx, asOf, TZ);
            expect(everyone.customers.find((c) => c.customerId === w.customerId)).toEqual(mine.customers[0]);
            // Profitability from the summary = the formula over invoices and the ledger.
            const range = parseReportRange(
              new URLSearchParams({ from: addDays(BASE, 10), to: addDays(BASE, 12) }),
              BASE,
              TZ,
            );
            const report = await jobProfitability(tx, range);
            const mineJobs = report.jobs.filter((j) => w.jobIds.includes(j.jobId)).sort((a, b) => a.jobId - b.jobId);
            const base = await profitFromBase(tx, w.jobIds);
            const baseKept = base.filter((r) => r.revenue !== "0.00" || r.material !== "0.00");
            expect(mineJobs.map((j) => ({ id: j.jobId, revenue: j.revenue, material: j.materialCost }))).toEqual(
              baseKept.map((r) => ({ id: Number(r.id), revenue: r.revenue, material: r.material })),
            );
            throw new Rollback();
          });
        } catch (error) {
          if (!(error instanceof Rollback)) throw error;
        }
      }),
      { numRuns: 40 },
    );
  }, 180_000);

  describe("under concurrent writes", () => {
    let w: Awaited<ReturnType<typeof world>> | undefined;
    afterAll(async () => {
      if (!w) return;
      const db = await getDb();
      await db.execute(sql`delete from payment_refunds where invoice_id in ${w.invoiceIds}`);
      await db.execute(sql`delete from payments where invoice_id in ${w.invoiceIds}`);
      await db.execute(sql`delete from invoices where id in ${w.invoiceIds}`);
      await db.execute(sql`delete from inventory_transactions where item_id = ${w.itemId}`);
      await db.execute(sql`delete from inventory_items where id = ${w.itemId}`);
      await db.execute(sql`delete from jobs where id in ${w.jobIds}`);
      await db.execute(sql`delete from customers where id = ${w.customerId}`);
    });

    it("parallel payments, refunds and ledger moves on one invoice and one job stay exact", async () => {
      const db = await getDb();
      w = await world(db, 10_000);
      const made = await db
        .insert(invoices)
        .values(
          [0, 1].map((k) => ({
            customerId: w!.customerId,
            jobId: w!.jobIds[0],
            invoiceNumber: `INV-${tag}-c${k}`,
            title: "Concurrent",
            status: "sent",
            issueDate: addDays(BASE, 5),
            dueDate: addDays(BASE, 35),
            subtotal: "100000.00",
            total: "100000.00",
          })),
        )
        .returning({ id: invoices.id });
      w.invoiceIds.push(...made.map((i) => i.id));
      const world_ = w;
      await Promise.all(
        Array.from({ length: 12 }, (_, k) =>
          db
            .transaction(async (tx) => {
              const invoiceId = world_.invoiceIds[k % 2];
              const [p] = await tx
                .insert(payments)
                .values({ invoiceId, amount: cents(1000 + k), receivedAt: at(20 + k) })
                .returning({ id: payments.id });
              if (k % 3 === 0)
                await tx
                  .insert(paymentRefunds)
                  .values({ paymentId: p.id, invoiceId, amount: cents(7 + k), refundedAt: at(40 + k) });
              // Quantities net to zero per transaction, so the item's stock stays Σ ledger = 0.
              await tx.insert(inventoryTransactions).values([
                {
                  itemId: world_.itemId,
                  type: "issue",
                  quantity: "-1",
                  totalCost: `-${12 + k}.1234`,
                  jobId: world_.jobIds[0],
                },
                {
                  itemId: world_.itemId,
                  type: "return",
                  quantity: "1",
                  totalCost: `${3 + k}.0001`,
                  jobId: world_.jobIds[k % 3],
                },
              ]);
              if (k % 4 === 1) throw new Rollback();
            })
            .catch((error) => {
              if (!(error instanceof Rollback)) throw error;
            }),
        ),
      );
      expect(await mismatches(db, w.invoiceIds, w.jobIds)).toEqual([]);
      const [ar] = await rows<{ paid: string }>(
        db,
        sql`select sum(paid)::text as paid from report_invoice_ar where invoice_id in ${w.invoiceIds}`,
      );
      // 12 payments of $10.00 + k cents, the 3 rolled back (k = 1, 5, 9) not counted.
      const kept = Array.from({ length: 12 }, (_, k) => k).filter((k) => k % 4 !== 1);
      expect(ar.paid).toBe(cents(kept.reduce((s, k) => s + 1000 + k, 0)));
    }, 60_000);
  });
});
