// A hand-built shop for the Reports tests (docs/decisions/reports.md), put in February and March of a
// year no other test uses (each test file passes its own year), so the range-wide figures of a
// custom range over those two months are exactly this fixture's. Times are at noon in the business
// zone unless a test is about the day's edge, so a US time zone change elsewhere cannot move them.
import { inArray, like, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import {
  customers,
  inventoryItems,
  inventoryTransactions,
  invoices,
  jobs,
  paymentRefunds,
  payments,
  quotes,
  resources,
  scheduleEventResources,
  scheduleEvents,
} from "../../db/schema";
import { zonedToInstant } from "~/utils/dates";

export const FIXTURE_TZ = "America/New_York";

export type ReportsFixture = Awaited<ReturnType<typeof buildReportsFixture>>;

export async function buildReportsFixture(year: number, tag: string) {
  const db = await getDb();
  const d = (md: string) => `${year}-${md}`;
  const at = (md: string, time = "12:00") => zonedToInstant(d(md), time, FIXTURE_TZ);

  const [a, b] = await db
    .insert(customers)
    .values([
      { name: `Aging Alder ${tag}`, createdAt: at("02-10") },
      { name: `Aging Birch ${tag}`, createdAt: at("03-05") },
    ])
    .returning({ id: customers.id, name: customers.name });

  const quote = (n: number, customerId: number, status: string, total: string, md: string) => ({
    customerId,
    quoteNumber: `Q-${tag}-${n}`,
    title: `Fixture quote ${n} ${tag}`,
    status,
    subtotal: total,
    taxRate: "0",
    taxAmount: "0.00",
    total,
    createdAt: at(md),
    sentAt: status === "draft" ? null : at(md),
  });
  await db
    .insert(quotes)
    .values([
      quote(1, a.id, "draft", "100.00", "02-11"),
      quote(2, a.id, "sent", "250.50", "02-12"),
      quote(3, a.id, "approved", "1000.00", "02-15"),
      quote(4, b.id, "approved", "500.25", "03-02"),
      quote(5, b.id, "rejected", "300.00", "03-03"),
      quote(6, b.id, "expired", "49.99", "03-20"),
    ]);

  const [j1, j2, j3, j4] = await db
    .insert(jobs)
    .values([
      { customerId: a.id, title: `Kitchen ${tag}`, status: "quoted", estimatedCost: "1000.00", createdAt: at("02-11") },
      {
        customerId: a.id,
        title: `Pantry ${tag}`,
        status: "in-progress",
        estimatedCost: "2000.00",
        actualCost: "1200.00",
        createdAt: at("02-20"),
      },
      { customerId: b.id, title: `Vanity ${tag}`, status: "completed", createdAt: at("03-01") },
      { customerId: b.id, title: `Closet ${tag}`, status: "approved", estimatedCost: "500.01", createdAt: at("03-05") },
    ])
    .returning({ id: jobs.id });

  const invoice = (
    n: number,
    customerId: number,
    jobId: number | null,
    status: string,
    issue: string,
    due: string,
    subtotal: string,
    tax: string,
    total: string,
    paid: string,
  ) => ({
    customerId,
    jobId,
    invoiceNumber: `INV-${tag}-${n}`,
    title: `Fixture invoice ${n} ${tag}`,
    status,
    issueDate: d(issue),
    dueDate: d(due),
    subtotal,
    taxRate: tax === "0.00" ? "0" : "0.0875",
    taxAmount: tax,
    total,
    paidTotal: paid,
    createdAt: at(issue),
  });
  const values = [
    invoice(1, a.id, j2.id, "partial", "02-01", "02-15", "1000.00", "87.50", "1087.50", "650.00"),
    invoice(2, a.id, j2.id, "paid", "03-01", "03-31", "400.00", "0.00", "400.00", "400.00"),
    invoice(3, b.id, j3.id, "sent", "02-05", "02-05", "2000.00", "175.00", "2175.00", "0.00"),
    invoice(4, b.id, null, "draft", "03-02", "04-01", "919.74", "80.25", "999.99", "0.00"),
    invoice(5, b.id, null, "cancelled", "03-03", "04-02", "123.45", "0.00", "123.45", "0.00"),
  ];
  const balances = ["437.50", "0.00", "2175.00", "999.99", "123.45"];
  const [i1, i2, i3] = await db
    .insert(invoices)
    .values(values.map((v, k) => ({ ...v, balance: balances[k] })))
    .returning({ id: invoices.id });

  const [p1, p2, p3] = await db
    .insert(payments)
    .values([
      { invoiceId: i1.id, amount: "500.00", receivedAt: at("02-10") },
      // Late in the evening of March 10 in the business zone (already March 11 in UTC).
      { invoiceId: i1.id, amount: "200.00", receivedAt: at("03-10", "23:30") },
      { invoiceId: i2.id, amount: "400.00", receivedAt: at("03-15") },
    ])
    .returning({ id: payments.id });
  await db
    .insert(paymentRefunds)
    .values({ paymentId: p1.id, invoiceId: i1.id, amount: "50.00", refundedAt: at("03-12") });

  const [item] = await db
    .insert(inventoryItems)
    // Stock = Σ ledger (the daily drift check stays quiet); inactive, so other files' item lists ignore it.
    .values({
      sku: `SKU-${tag}`,
      name: `Maple board ${tag}`,
      averageCost: "25.5000",
      currentStock: "5.2893",
      active: false,
    })
    .returning({ id: inventoryItems.id });
  await db.insert(inventoryTransactions).values([
    {
      itemId: item.id,
      type: "receive",
      quantity: "10",
      unitCost: "25.5000",
      totalCost: "255.0000",
      createdAt: at("02-01"),
    },
    {
      itemId: item.id,
      type: "issue",
      quantity: "-3",
      unitCost: "25.5000",
      totalCost: "-76.5000",
      jobId: j2.id,
      createdAt: at("02-21"),
    },
    {
      itemId: item.id,
      type: "return",
      quantity: "1",
      unitCost: "25.5000",
      totalCost: "25.5000",
      jobId: j2.id,
      createdAt: at("02-22"),
    },
    {
      itemId: item.id,
      type: "issue",
      quantity: "-4.7107",
      unitCost: "25.5000",
      totalCost: "-120.1234",
      jobId: j3.id,
      createdAt: at("03-02"),
    },
    // Bought for the Pantry job (a purchase-order receipt): stock, not the job's cost until issued.
    {
      itemId: item.id,
      type: "receive",
      quantity: "2",
      unitCost: "25.5000",
      totalCost: "51.0000",
      jobId: j2.id,
      createdAt: at("02-23"),
    },
  ]);

  const [res] = await db
    .insert(resources)
    .values({ name: `Util Installer ${tag}`, type: "installer" })
    .returning({ id: resources.id });
  const events = await db
    .insert(scheduleEvents)
    .values([
      { title: `Install A ${tag}`, startAt: at("02-03", "09:00"), endAt: at("02-03", "17:00") },
      { title: `Install B ${tag}`, startAt: at("02-05", "13:00"), endAt: at("02-05", "15:30") },
      { title: `All day ${tag}`, allDay: true, startAt: at("02-10", "00:00"), endAt: at("02-11", "00:00") },
      {
        title: `Cancelled ${tag}`,
        status: "cancelled",
        startAt: at("02-17", "07:00"),
        endAt: at("02-17", "17:00"),
      },
    ])
    .returning({ id: scheduleEvents.id });
  await db.insert(scheduleEventResources).values(events.map((e) => ({ eventId: e.id, resourceId: res.id })));

  return {
    year,
    from: d("02-01"),
    to: d("03-31"),
    customerA: a,
    customerB: b,
    jobIds: [j1.id, j2.id, j3.id, j4.id],
    invoiceIds: [i1.id, i2.id, i3.id],
    paymentIds: [p1.id, p2.id, p3.id],
    itemId: item.id,
    resourceId: res.id,
    eventIds: events.map((e) => e.id),
  };
}

export async function removeReportsFixture(f: ReportsFixture | undefined, tag: string) {
  if (!f) return;
  const db = await getDb();
  const customerIds = [f.customerA.id, f.customerB.id];
  await db.execute(
    sql`delete from payment_refunds where invoice_id in (select id from invoices where customer_id in ${customerIds})`,
  );
  await db.execute(
    sql`delete from payments where invoice_id in (select id from invoices where customer_id in ${customerIds})`,
  );
  await db.delete(invoices).where(inArray(invoices.customerId, customerIds));
  await db.delete(quotes).where(inArray(quotes.customerId, customerIds));
  await db.delete(inventoryTransactions).where(inArray(inventoryTransactions.itemId, [f.itemId]));
  await db.delete(inventoryItems).where(inArray(inventoryItems.id, [f.itemId]));
  await db.delete(scheduleEvents).where(inArray(scheduleEvents.id, f.eventIds));
  await db.delete(resources).where(inArray(resources.id, [f.resourceId]));
  await db.delete(jobs).where(inArray(jobs.customerId, customerIds));
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
}
