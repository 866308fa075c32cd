// Property (issue 14 item 5): for random invoices, payments, refunds and as-of dates, AR aging's
// buckets add up to the outstanding total to the cent, and that total is what was open on that day:
// Σ (total − payments received by then + refunds made by then) over invoices issued by then.
// Each run writes one customer's rows inside a transaction that is rolled back.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, invoices, paymentRefunds, payments } from "../../db/schema";
import { AGING_BUCKETS, arAging, arAgingInvoices } from "~/models/reports.server";
import { addDays, zonedToInstant } from "~/utils/dates";
import { centsToString } from "~/utils/money";

const TZ = "America/New_York";
const BASE = "1979-01-01";
const tag = `agp${Date.now().toString(36)}`;
class Rollback extends Error {}

const refundArb = fc.record({ share: fc.integer({ min: 1, max: 100 }), dayAfter: fc.integer({ min: 0, max: 60 }) });
const paymentArb = fc.record({
  share: fc.integer({ min: 1, max: 100 }),
  day: fc.integer({ min: 0, max: 400 }),
  minute: fc.integer({ min: 0, max: 1439 }),
  refund: fc.option(refundArb, { nil: undefined }),
});
const invoiceArb = fc.record({
  cents: fc.integer({ min: 1, max: 5_000_000 }),
  issueDay: fc.integer({ min: 0, max: 300 }),
  termDays: fc.integer({ min: 0, max: 120 }),
  status: fc.constantFrom("sent", "partial", "paid", "overdue", "draft", "cancelled"),
  payments: fc.array(paymentArb, { maxLength: 3 }),
});

describe("AR aging property", () => {
  it("buckets always sum to the outstanding total, which is what was open on the as-of day", async () => {
    const db = await getDb();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(invoiceArb, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 500 }),
        async (generated, asOfDay) => {
          const asOf = addDays(BASE, asOfDay);
          const end = zonedToInstant(addDays(asOf, 1), "00:00", TZ).getTime();
          let expected = 0n;
          try {
            await db.transaction(async (tx) => {
              const [customer] = await tx
                .insert(customers)
                .values({ name: `Aging property ${tag} ${n++}` })
                .returning({ id: customers.id });
              for (const [k, g] of generated.entries()) {
                const issue = addDays(BASE, g.issueDay);
                const [invoice] = await tx
                  .insert(invoices)
                  .values({
                    customerId: customer.id,
                    invoiceNumber: `INV-${tag}-${n}-${k}`,
                    title: "Property",
                    status: g.status,
                    issueDate: issue,
                    dueDate: addDays(issue, g.termDays),
                    subtotal: centsToString(BigInt(g.cents)),
                    total: centsToString(BigInt(g.cents)),
                    balance: "0.00",
                  })
                  .returning({ id: invoices.id });
                // Payments never exceed what is left (as the app enforces); each is a share of the rest.
                let left = BigInt(g.cents);
                let open = BigInt(g.cents);
                for (const p of g.payments) {
                  const amount = (left * BigInt(p.share)) / 100n;
                  if (amount <= 0n) continue;
                  left -= amount;
                  const receivedAt = zonedToInstant(addDays(issue, p.day), "00:00", TZ);
                  receivedAt.setTime(receivedAt.getTime() + p.minute * 60_000);
                  const [payment] = await tx
                    .insert(payments)
                    .values({ invoiceId: invoice.id, amount: centsToString(amount), receivedAt })
                    .returning({ id: payments.id });
                  if (receivedAt.getTime() < end) open -= amount;
                  if (p.refund) {
                    const refund = (amount * BigInt(p.refund.share)) / 100n;
                    if (refund <= 0n) continue;
                    const refundedAt = new Date(receivedAt.getTime() + p.refund.dayAfter * 86_400_000);
                    await tx.insert(paymentRefunds).values({
                      paymentId: payment.id,
                      invoiceId: invoice.id,
                      amount: centsToString(refund),
                      refundedAt,
                    });
                    if (refundedAt.getTime() < end) open += refund;
                  }
                }
                if (g.status !== "draft" && g.status !== "cancelled" && issue <= asOf) expected += open;
              }
              const report = await arAging(tx, asOf, TZ, { customerId: customer.id });
              const bucketSum = AGING_BUCKETS.reduce((s, b) => s + BigInt(report.totals[b].replace(".", "")), 0n);
              expect(report.totals.total).toBe(centsToString(expected));
              expect(centsToString(bucketSum)).toBe(report.totals.total);
              const row = report.customers[0];
              if (expected === 0n) expect(row?.total ?? "0.00").toBe("0.00");
              else expect(row.total).toBe(report.totals.total);
              // The whole-business report (its own query) has the same row for this customer.
              const everyone = await arAging(tx, asOf, TZ);
              expect(everyone.customers.find((c) => c.customerId === customer.id)).toEqual(row);
              // The drill-down's invoices add up to the same total.
              const list = await arAgingInvoices(tx, asOf, TZ, customer.id);
              const listSum = list.reduce((s, i) => s + BigInt(i.open.replace(".", "")), 0n);
              expect(centsToString(listSum)).toBe(report.totals.total);
              throw new Rollback();
            });
          } catch (error) {
            if (!(error instanceof Rollback)) throw error;
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
