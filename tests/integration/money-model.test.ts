// Quotes, invoices, payments and portal tokens against the real PostgreSQL test database.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { activityLog, customers, invoices, jobs, payments } from "../../db/schema";
import { convertQuoteToInvoice, createInvoice } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { createPortalToken, getPortalQuote, listPortalQuotes, verifyPortalToken } from "~/models/portal.server";
import { addQuoteItem, createQuote, deleteQuoteItem, respondToQuote, updateQuoteItem } from "~/models/quote.server";
import { Refusal } from "~/utils/refusal.server";
import { defaultInvoiceTerms, makeInvoiceSchema, paymentTermDays } from "~/schemas/invoice";
import { makeQuoteSchema } from "~/schemas/quote";

const TODAY = "2026-06-15";
const ctx = { today: TODAY, defaultTaxRate: "0.0875", actorId: null, timeZone: "America/New_York" };
const tag = `mm${Date.now().toString(36)}`;
const quoteInput = (raw: Record<string, unknown>) => makeQuoteSchema(TODAY).parse(raw);
const invoiceInput = (raw: Record<string, unknown>) => makeInvoiceSchema(TODAY).parse(raw);

async function customer(name = `Cust ${tag}`) {
  const db = await getDb();
  const [row] = await db.insert(customers).values({ name }).returning();
  return row;
}

async function invoiceFor(total: string) {
  const db = await getDb();
  const c = await customer();
  return createInvoice(
    db,
    invoiceInput({
      customerId: c.id,
      title: "Pay me",
      dueDate: "2026-07-15",
      taxRate: "0",
      items: [{ description: "Work", quantity: "1", unitPrice: total }],
    }),
    ctx,
  );
}

describe("quotes", () => {
  it("computes exact totals, drops blank rows and numbers the quote", async () => {
    const db = await getDb();
    const c = await customer();
    const q = await createQuote(
      db,
      quoteInput({
        customerId: c.id,
        title: "Kitchen",
        subtotal: "1.00", // ignored: the server owns totals
        total: "1.00",
        items: [
          { description: "Cabinets", quantity: "3", unitPrice: "33.333" },
          { description: "   ", quantity: "5", unitPrice: "100" },
          { description: "Hinges", quantity: "0.5", unitPrice: "0.01" },
        ],
      }),
      ctx,
    );
    expect(q.quoteNumber).toMatch(/^Q-2026-\d{4}$/);
    expect([q.subtotal, q.taxRate, q.taxAmount, q.total]).toEqual(["100.00", "0.0875", "8.75", "108.75"]);
    expect(q.terms).toBe("Payment due within 30 days of acceptance.");
  });

  it("gives concurrent creators unique numbers", async () => {
    const db = await getDb();
    const c = await customer();
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createQuote(db, quoteInput({ customerId: c.id, title: `Q${i}` }), ctx)),
    );
    expect(new Set(created.map((q) => q.quoteNumber)).size).toBe(10);
  });

  it("recomputes totals when items are added, changed and removed one by one", async () => {
    const db = await getDb();
    const c = await customer();
    const q = await createQuote(db, quoteInput({ customerId: c.id, title: "Items", taxRate: "0.1" }), ctx);
    const a = await addQuoteItem(db, q.id, { description: "A", quantity: "2.00", unitPrice: "10.00" });
    await addQuoteItem(db, q.id, { description: "B", quantity: "1.00", unitPrice: "0.05" });
    const read = async () =>
      (await db.execute(sql`select subtotal, tax_amount, total from quotes where id = ${q.id}`)) as unknown as Array<
        Record<string, string>
      >;
    expect((await read())[0]).toEqual({ subtotal: "20.05", tax_amount: "2.01", total: "22.06" });
    await updateQuoteItem(db, a.id, { description: "A", quantity: "1.00", unitPrice: "10.00" });
    expect((await read())[0]).toEqual({ subtotal: "10.05", tax_amount: "1.01", total: "11.06" });
    await deleteQuoteItem(db, a.id);
    expect((await read())[0]).toEqual({ subtotal: "0.05", tax_amount: "0.01", total: "0.06" });
  });

  it("approving moves a quoted job to approved in the same transaction, and logs it", async () => {
    const db = await getDb();
    const c = await customer();
    const [job] = await db.insert(jobs).values({ customerId: c.id, title: "Bath", status: "quoted" }).returning();
    const q = await createQuote(
      db,
      quoteInput({ customerId: c.id, jobId: job.id, title: "Bath", status: "sent" }),
      ctx,
    );
    await respondToQuote(db, q.id, "approved", { via: "portal" });
    const [after] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after.status).toBe("approved");
    const log = await db.select().from(activityLog).where(eq(activityLog.quoteId, q.id));
    expect(log.map((l) => l.type)).toContain("quote_approved");
    // The portal may only answer a sent quote.
    await expect(respondToQuote(db, q.id, "rejected", { via: "portal", message: "no" })).rejects.toBeInstanceOf(
      Refusal,
    );
  });

  it("converts an approved quote on the business's default payment terms", async () => {
    const db = await getDb();
    const c = await customer();
    const q = await createQuote(
      db,
      quoteInput({
        customerId: c.id,
        title: "Pantry",
        status: "sent",
        items: [{ description: "Pantry", quantity: "1", unitPrice: "900.00" }],
      }),
      ctx,
    );
    await respondToQuote(db, q.id, "approved", { via: "portal" });
    const invoice = await convertQuoteToInvoice(db, q.id, { ...ctx, paymentTerms: "Net 15", dueDate: "2026-06-30" });
    expect(invoice).toMatchObject({
      paymentTerms: "Net 15",
      dueDate: "2026-06-30",
      terms: "Payment due within 15 days of invoice date. Late payments may incur additional charges.",
    });
    expect([paymentTermDays("Net 45"), paymentTermDays("Due on Receipt")]).toEqual([45, 0]);
    expect(defaultInvoiceTerms("Due on Receipt")).toBe(
      "Payment due on receipt. Late payments may incur additional charges.",
    );
  });

  it("refuses a job of another customer", async () => {
    const db = await getDb();
    const a = await customer();
    const b = await customer();
    const [job] = await db.insert(jobs).values({ customerId: b.id, title: "Not yours" }).returning();
    await expect(createQuote(db, quoteInput({ customerId: a.id, jobId: job.id, title: "X" }), ctx)).rejects.toThrow(
      "another customer",
    );
  });
});

describe("payments", () => {
  it("rejects zero and overpayment with the spec's texts, then pays to paid", async () => {
    const db = await getDb();
    const inv = await invoiceFor("1234.50");
    await expect(
      recordPayment(db, { invoiceId: inv.id, amount: "1234.51", method: "cash" } as never, ctx),
    ).rejects.toThrow("Payment amount cannot exceed remaining balance of $1,234.50");
    await expect(
      recordPayment(db, { invoiceId: inv.id, amount: "0.00", method: "cash" } as never, ctx),
    ).rejects.toThrow("Payment amount must be greater than zero");
    const first = await recordPayment(
      db,
      { invoiceId: inv.id, amount: "1000.00", method: "check", receivedAt: "2026-06-01" } as never,
      ctx,
    );
    expect([first.invoice.status, first.invoice.paidTotal, first.invoice.balance]).toEqual([
      "partial",
      "1000.00",
      "234.50",
    ]);
    const second = await recordPayment(db, { invoiceId: inv.id, amount: "234.50", method: "cash" } as never, ctx);
    expect([second.invoice.status, second.invoice.paidTotal, second.invoice.balance]).toEqual([
      "paid",
      "1234.50",
      "0.00",
    ]);
  });

  it("never overpays under ten concurrent payments (row lock)", async () => {
    const db = await getDb();
    const inv = await invoiceFor("100.00");
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        recordPayment(db, { invoiceId: inv.id, amount: "15.00", method: "cash" } as never, ctx),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    expect(ok).toBe(6); // 6 × 15 = 90; a 7th would exceed the remaining 10.00
    for (const r of results)
      if (r.status === "rejected")
        expect(String(r.reason.message)).toBe("Payment amount cannot exceed remaining balance of $10.00");
    const [row] = await db.select().from(invoices).where(eq(invoices.id, inv.id));
    const [{ sum }] = (await db.execute(
      sql`select coalesce(sum(amount), 0)::text as sum from payments where invoice_id = ${inv.id}`,
    )) as unknown as Array<{ sum: string }>;
    expect(row.paidTotal).toBe("90.00");
    expect(sum).toBe("90.00");
    expect(row.balance).toBe("10.00");
    expect((await db.select().from(payments).where(eq(payments.invoiceId, inv.id))).length).toBe(6);
  });

  it("records one provider transaction once when it arrives five times at once, in part or in full", async () => {
    const db = await getDb();
    for (const [total, amount, status] of [
      ["100.00", "40.00", "partial"],
      ["100.00", "100.00", "paid"],
    ] as const) {
      const inv = await invoiceFor(total);
      const transaction = `pi_${tag}_${inv.id}`;
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          recordPayment(
            db,
            {
              invoiceId: inv.id,
              amount,
              method: "credit_card",
              provider: "stripe",
              providerTransactionId: transaction,
            } as never,
            ctx,
          ),
        ),
      );
      // One made the payment; the other four found it, whether or not the balance still fits them.
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      for (const r of results) expect(r.payment.providerTransactionId).toBe(transaction);
      const [row] = await db.select().from(invoices).where(eq(invoices.id, inv.id));
      expect([row.status, row.paidTotal]).toEqual([status, amount]);
      expect(await db.select().from(payments).where(eq(payments.invoiceId, inv.id))).toHaveLength(1);
      const logged = await db.select().from(activityLog).where(eq(activityLog.invoiceId, inv.id));
      expect(logged.filter((a) => a.type === "payment_received")).toHaveLength(1);
    }
  });

  it("refuses payments on a cancelled invoice", async () => {
    const db = await getDb();
    const inv = await invoiceFor("50.00");
    await db.update(invoices).set({ status: "cancelled" }).where(eq(invoices.id, inv.id));
    await expect(
      recordPayment(db, { invoiceId: inv.id, amount: "5.00", method: "cash" } as never, ctx),
    ).rejects.toThrow("cancelled");
  });
});

describe("invoices", () => {
  it("copies a quote's items and tax rate when asked to (copyItems)", async () => {
    const db = await getDb();
    const c = await customer();
    const q = await createQuote(
      db,
      quoteInput({
        customerId: c.id,
        title: "Copy me",
        taxRate: "0.05",
        items: [{ description: "Door", quantity: "2", unitPrice: "12.50" }],
      }),
      ctx,
    );
    const inv = await createInvoice(
      db,
      invoiceInput({ customerId: c.id, quoteId: q.id, copyItems: true, title: "Copy me", dueDate: "2026-07-01" }),
      ctx,
    );
    expect(inv.invoiceNumber).toMatch(/^INV-2026-\d{4}$/);
    expect([inv.subtotal, inv.taxRate, inv.taxAmount, inv.total, inv.balance]).toEqual([
      "25.00",
      "0.0500",
      "1.25",
      "26.25",
      "26.25",
    ]);
  });
});

describe("portal tokens", () => {
  it("store only a hash, work for their own customer only, and regenerate revokes", async () => {
    const db = await getDb();
    const a = await customer(`Portal A ${tag}`);
    const b = await customer(`Portal B ${tag}`);
    const qa = await createQuote(db, quoteInput({ customerId: a.id, title: `A only ${tag}`, status: "sent" }), ctx);
    const qb = await createQuote(db, quoteInput({ customerId: b.id, title: `B only ${tag}`, status: "sent" }), ctx);
    const tokenA = await createPortalToken(db, a.id);
    expect(tokenA).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = (await db.execute(
      sql`select token_hash from customer_portal_tokens where customer_id = ${a.id}`,
    )) as unknown as Array<{ token_hash: string }>;
    expect(stored.map((s) => s.token_hash)).not.toContain(tokenA);
    expect((await verifyPortalToken(db, a.id, tokenA))?.id).toBe(a.id);
    expect(await verifyPortalToken(db, b.id, tokenA)).toBeNull();
    expect((await listPortalQuotes(db, a.id)).map((q) => q.id)).toEqual([qa.id]);
    expect(await getPortalQuote(db, a.id, qb.id)).toBeNull();
    const tokenA2 = await createPortalToken(db, a.id);
    expect(await verifyPortalToken(db, a.id, tokenA)).toBeNull();
    expect((await verifyPortalToken(db, a.id, tokenA2))?.id).toBe(a.id);
  });
});
