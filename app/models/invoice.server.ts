// The one place that reads and writes invoices and their items. Totals come from the items;
// balance = total − paid (decisions §4, §5).
import { and, asc, count, desc, eq, ilike, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { activityLog, customers, invoiceItems, invoices, payments, quoteItems, quotes } from "../../db/schema";
import { DEFAULT_INVOICE_TERMS, defaultInvoiceTerms, type InvoiceInput, type PaymentTerm } from "../schemas/invoice";
import type { LineItemInput } from "../schemas/line-items";
import { compareMoney, subtractMoney } from "../utils/money";
import { logActivity } from "./activity.server";
import { moneyContext } from "./business.server";
import { withLineCosts } from "./inventory.server";
import { getCustomer } from "./customer.server";
import { getJobSummary, requireCustomerAndJob } from "./job.server";
import { documentTotals } from "./document-totals.server";
import { containsPattern } from "../utils/search.server";
import { conflict, invalid, isUniqueViolation, notFound } from "../utils/refusal.server";
import { nextNumber } from "./numbering.server";
import { listInvoiceRefunds } from "./payment.server";

export type Invoice = typeof invoices.$inferSelect;

/** Spec §4: shown as overdue when not paid or cancelled and the due date is before today (or status overdue). */
export function isOverdue(invoice: { status: string; dueDate: string | null }, today: string) {
  if (invoice.status === "overdue") return true;
  if (invoice.status === "paid" || invoice.status === "cancelled") return false;
  return !!invoice.dueDate && invoice.dueDate < today;
}

function overdueSql(today: string) {
  return or(
    eq(invoices.status, "overdue"),
    and(notInArray(invoices.status, ["paid", "cancelled"]), lt(invoices.dueDate, today)),
  )!;
}

export type InvoiceListOptions = {
  search?: string;
  status?: string;
  customerId?: number;
  today: string;
  limit: number;
  offset: number;
};

function listWhere(opts: Omit<InvoiceListOptions, "limit" | "offset">): SQL | undefined {
  const conditions: SQL[] = [];
  const term = opts.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      or(ilike(invoices.title, pattern), ilike(invoices.invoiceNumber, pattern), ilike(customers.name, pattern))!,
    );
  }
  if (opts.status === "overdue") conditions.push(overdueSql(opts.today));
  else if (opts.status) conditions.push(eq(invoices.status, opts.status));
  if (opts.customerId) conditions.push(eq(invoices.customerId, opts.customerId));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listInvoices(db: Executor, opts: InvoiceListOptions) {
  const where = listWhere(opts);
  const [rowsOut, [stats]] = await Promise.all([
    db
      .select({ invoice: invoices, customerName: customers.name, customerPhone: customers.phone })
      .from(invoices)
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({
        total: count(),
        paid: sql<number>`count(*) filter (where ${invoices.status} = 'paid')::int`,
        overdue: sql<number>`count(*) filter (where ${overdueSql(opts.today)})::int`,
        outstanding: sql<string>`coalesce(sum(${invoices.balance}) filter (where ${invoices.status} <> 'cancelled'), 0)::numeric(14,2)::text`,
      })
      .from(invoices)
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(where),
  ]);
  return {
    rows: rowsOut.map((r) => ({
      ...r.invoice,
      amountPaid: r.invoice.paidTotal,
      overdue: isOverdue(r.invoice, opts.today),
      customer: r.customerName === null ? null : { name: r.customerName, phone: r.customerPhone },
    })),
    total: Number(stats.total),
    stats: {
      total: Number(stats.total),
      paid: Number(stats.paid),
      overdue: Number(stats.overdue),
      outstanding: stats.outstanding,
    },
  };
}

// The invoice page's reads (and the writes' re-reads) by key, built by drizzle once and run
// prepared (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md).
const invoiceById = reusableStatement("invoice_by_id", (db) =>
  db
    .select()
    .from(invoices)
    .where(eq(invoices.id, sql.placeholder("id"))),
);
const invoiceItemsOf = reusableStatement("invoice_items_of", (db) =>
  db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, sql.placeholder("id")))
    .orderBy(asc(invoiceItems.sortOrder), asc(invoiceItems.id)),
);
const invoicePaymentsOf = reusableStatement("invoice_payments_of", (db) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, sql.placeholder("id")))
    .orderBy(desc(payments.receivedAt), desc(payments.id)),
);
const invoiceQuote = reusableStatement("invoice_quote", (db) =>
  db
    .select({ id: quotes.id, quoteNumber: quotes.quoteNumber, title: quotes.title })
    .from(quotes)
    .where(eq(quotes.id, sql.placeholder("id"))),
);
const invoiceHistory = reusableStatement("invoice_history", (db) =>
  db
    .select()
    .from(activityLog)
    .where(eq(activityLog.invoiceId, sql.placeholder("id")))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(50),
);

export async function getInvoice(db: Executor, id: number) {
  const [row] = await invoiceById(db, { id });
  return row ?? null;
}

export async function listInvoiceItems(db: Executor, invoiceId: number) {
  return invoiceItemsOf(db, { id: invoiceId });
}

export async function listInvoicePayments(db: Executor, invoiceId: number) {
  return invoicePaymentsOf(db, { id: invoiceId });
}

/** What an invoice's page shows: the detail, the business time zone and whether it is overdue today. */
export async function getInvoicePage(db: Executor, id: number) {
  const detail = await getInvoiceDetail(db, id);
  if (!detail) return null;
  const { timeZone, today } = await moneyContext(db);
  return { ...detail, timeZone, overdue: isOverdue(detail.invoice, today) };
}

export async function getInvoiceDetail(db: Executor, id: number) {
  const invoice = await getInvoice(db, id);
  if (!invoice) return null;
  const [items, invoicePayments, refunds, customer, quote, job, history] = await Promise.all([
    listInvoiceItems(db, id),
    listInvoicePayments(db, id),
    listInvoiceRefunds(db, id),
    getCustomer(db, invoice.customerId),
    invoice.quoteId ? invoiceQuote(db, { id: invoice.quoteId }) : Promise.resolve([]),
    invoice.jobId ? getJobSummary(db, invoice.jobId) : null,
    invoiceHistory(db, { id }),
  ]);
  return {
    invoice,
    items,
    payments: invoicePayments,
    refunds,
    customer,
    quote: quote[0] ?? null,
    job,
    history,
  };
}

/**
 * Recomputes item and invoice totals, then balance = total − paid. A total below what was already
 * paid is refused; a fully paid invoice becomes paid, a partly paid "paid" one partial.
 */
export async function recomputeInvoiceTotals(tx: Executor, invoiceId: number, field = "items") {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!invoice) throw notFound("Invoice not found");
  const items = await listInvoiceItems(tx, invoiceId);
  const totals = documentTotals(items, invoice.taxRate, field);
  for (const [i, item] of items.entries()) {
    if (item.lineTotal !== totals.lines[i])
      await tx.update(invoiceItems).set({ lineTotal: totals.lines[i] }).where(eq(invoiceItems.id, item.id));
  }
  const balance = subtractMoney(totals.total, invoice.paidTotal);
  if (compareMoney(balance, "0") < 0) {
    throw conflict(`The total cannot be less than the ${invoice.paidTotal} already paid`, "items");
  }
  let status = invoice.status;
  if (compareMoney(invoice.paidTotal, "0") > 0) {
    if (compareMoney(balance, "0") === 0 && status !== "cancelled") status = "paid";
    else if (status === "paid") status = "partial";
  }
  const [row] = await tx
    .update(invoices)
    .set({
      subtotal: totals.subtotal,
      taxAmount: totals.taxAmount,
      total: totals.total,
      balance,
      status,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  return row;
}

async function replaceItems(tx: Executor, invoiceId: number, items: LineItemInput[]) {
  await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
  if (items.length === 0) return;
  await tx.insert(invoiceItems).values(
    (await withLineCosts(tx, items)).map((item, i) => ({
      invoiceId,
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      notes: item.notes ?? null,
      inventoryItemId: item.inventoryItemId ?? null,
      unitCost: item.unitCost ?? null,
      sortOrder: i + 1,
    })),
  );
}

/** The data an invoice copies from a quote (customer, title, description, tax rate, terms, items). */
export async function quoteForInvoice(db: Executor, quoteId: number) {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) return null;
  return { quote, items: await quoteItemsOf(db, quoteId) };
}

function quoteItemsOf(db: Executor, quoteId: number) {
  return db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId))
    .orderBy(asc(quoteItems.sortOrder), asc(quoteItems.id));
}

/** An invoice that bills the quote: any not cancelled (a cancelled one frees the quote again). */
async function invoiceOfQuote(tx: Executor, quoteId: number, exceptInvoiceId?: number) {
  const [row] = await tx
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(
      and(
        eq(invoices.quoteId, quoteId),
        ne(invoices.status, "cancelled"),
        exceptInvoiceId ? ne(invoices.id, exceptInvoiceId) : undefined,
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the quote an invoice is made from (SELECT … FOR UPDATE, until the transaction ends), so
 * simultaneous conversions of one quote run one after the other and the second one sees the first
 * one's invoice: 409 "Quote Q-… is already invoiced as INV-…" (docs/decisions/quote-invoiced-once.md).
 */
async function lockQuoteForInvoice(tx: Executor, quoteId: number, customerId: number, exceptInvoiceId?: number) {
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  if (!quote) throw invalid("Quote not found", "quoteId");
  if (quote.customerId !== customerId) throw invalid("The quote belongs to another customer", "quoteId");
  const existing = await invoiceOfQuote(tx, quoteId, exceptInvoiceId);
  if (existing)
    throw conflict(`Quote ${quote.quoteNumber} is already invoiced as ${existing.invoiceNumber}`, "quoteId");
  return quote;
}

type Context = { actorId?: number | null; today: string; defaultTaxRate: string };

/**
 * The invoice's job: the one chosen, else its quote's (docs/decisions/invoice-job.md). A job that
 * differs from the quote's is refused; the job's customer is checked by requireCustomerAndJob.
 */
function invoiceJob(chosen: number | undefined, ofQuote: number | null) {
  if (chosen && ofQuote && chosen !== ofQuote) throw invalid("The quote belongs to another job", "jobId");
  return chosen ?? ofQuote ?? null;
}

/**
 * Creates an invoice. With a quoteId the quote is locked and must not be invoiced already; its
 * items are copied only when asked (`copyItems`), and its tax rate is the default when no items
 * are sent. Without `items` or `copyItems` the invoice starts empty (items are posted afterwards).
 */
export async function createInvoice(db: Executor, input: InvoiceInput, ctx: Context) {
  try {
    return await db.transaction(async (tx) => {
      let items = input.items;
      let taxRate = input.taxRate;
      let jobId: number | null = null;
      if (input.quoteId) {
        const quote = await lockQuoteForInvoice(tx, input.quoteId, input.customerId);
        jobId = quote.jobId;
        if (input.copyItems) {
          items = (await quoteItemsOf(tx, quote.id)).map((i) => ({
            description: i.description,
            quantity: i.quantity,
            unitPrice: i.unitPrice,
            notes: i.notes ?? undefined,
            inventoryItemId: i.inventoryItemId ?? undefined,
            unitCost: i.unitCost ?? undefined,
          }));
        }
        if (input.items === undefined) taxRate ??= quote.taxRate;
      }
      const customer = await requireCustomerAndJob(tx, input.customerId, input.jobId);
      jobId = invoiceJob(input.jobId, jobId);
      const invoiceNumber = input.invoiceNumber ?? (await nextNumber(tx, "INV", ctx.today));
      const [created] = await tx
        .insert(invoices)
        .values({
          customerId: input.customerId,
          quoteId: input.quoteId ?? null,
          jobId,
          invoiceNumber,
          title: input.title,
          description: input.description ?? null,
          status: input.status,
          issueDate: input.issueDate ?? ctx.today,
          dueDate: input.dueDate!,
          taxRate: taxRate ?? ctx.defaultTaxRate,
          notes: input.notes ?? null,
          terms: input.terms ?? DEFAULT_INVOICE_TERMS,
          paymentTerms: input.paymentTerms,
          sentAt: input.status === "sent" ? new Date() : null,
        })
        .returning();
      await replaceItems(tx, created.id, items ?? []);
      const row = await recomputeInvoiceTotals(tx, created.id);
      await logActivity(tx, {
        type: "invoice_created",
        title: `Invoice ${invoiceNumber} created`,
        description: `${input.title} for ${customer.name}`,
        customerId: input.customerId,
        jobId,
        quoteId: input.quoteId ?? null,
        invoiceId: created.id,
        userId: ctx.actorId ?? null,
        amount: row.total,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("An invoice with this number already exists", "invoiceNumber");
    throw error;
  }
}

/**
 * Convert to invoice: an approved quote becomes a new invoice with its items, on the business's
 * default payment terms. Status and "already invoiced" are checked under the quote's row lock.
 */
export async function convertQuoteToInvoice(
  db: Executor,
  quoteId: number,
  ctx: Context & { dueDate: string; paymentTerms: PaymentTerm },
) {
  return db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw notFound("Quote not found");
    if (quote.status !== "approved") throw conflict("Only an approved quote can be converted to an invoice.");
    return createInvoice(
      tx,
      {
        quoteId,
        customerId: quote.customerId,
        title: quote.title,
        description: quote.description ?? undefined,
        status: "draft",
        dueDate: ctx.dueDate,
        paymentTerms: ctx.paymentTerms,
        taxRate: quote.taxRate,
        notes: undefined,
        terms: defaultInvoiceTerms(ctx.paymentTerms),
        items: undefined,
        copyItems: true,
        invoiceNumber: undefined,
        issueDate: undefined,
      },
      ctx,
    );
  });
}

export async function updateInvoice(db: Executor, id: number, input: InvoiceInput, ctx: Context) {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
      if (!current) throw notFound("Invoice not found");
      await requireCustomerAndJob(tx, input.customerId, input.jobId);
      let quoteJobId: number | null = null;
      if (input.quoteId) {
        // Linking a quote (or reviving a cancelled invoice of one) takes the quote: the same lock
        // and "already invoiced" rule as creating. An existing link is left as it is.
        const takesQuote =
          input.status !== "cancelled" && (input.quoteId !== current.quoteId || current.status === "cancelled");
        if (takesQuote) quoteJobId = (await lockQuoteForInvoice(tx, input.quoteId, input.customerId, id)).jobId;
        else {
          const [q] = await tx
            .select({ customerId: quotes.customerId, jobId: quotes.jobId })
            .from(quotes)
            .where(eq(quotes.id, input.quoteId));
          if (!q) throw invalid("Quote not found", "quoteId");
          if (q.customerId !== input.customerId) throw invalid("The quote belongs to another customer", "quoteId");
          quoteJobId = q.jobId;
        }
      }
      await tx
        .update(invoices)
        .set({
          customerId: input.customerId,
          quoteId: input.quoteId ?? null,
          jobId: invoiceJob(input.jobId, quoteJobId),
          invoiceNumber: input.invoiceNumber ?? current.invoiceNumber,
          title: input.title,
          description: input.description ?? null,
          status: input.status,
          issueDate: input.issueDate ?? current.issueDate,
          dueDate: input.dueDate!,
          taxRate: input.taxRate ?? current.taxRate,
          notes: input.notes ?? null,
          terms: input.terms ?? null,
          paymentTerms: input.paymentTerms,
          sentAt: input.status === "sent" && !current.sentAt ? new Date() : current.sentAt,
          updatedAt: new Date(),
        })
        .where(eq(invoices.id, id));
      if (input.items) await replaceItems(tx, id, input.items);
      const row = await recomputeInvoiceTotals(tx, id);
      await logActivity(tx, {
        type: "invoice_updated",
        title: `Invoice ${row.invoiceNumber} updated`,
        customerId: row.customerId,
        jobId: row.jobId,
        invoiceId: id,
        userId: ctx.actorId ?? null,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("An invoice with this number already exists", "invoiceNumber");
    throw error;
  }
}

/** An invoice with payments is never deleted (cancel it instead). */
export async function deleteInvoice(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) throw notFound("Invoice not found");
    const [{ n }] = await tx.select({ n: count() }).from(payments).where(eq(payments.invoiceId, id));
    if (Number(n) > 0)
      throw conflict(`Invoice ${row.invoiceNumber} has payments and cannot be deleted; cancel it instead.`);
    await tx.delete(invoices).where(eq(invoices.id, id));
    return row;
  });
}

export async function markInvoiceSent(db: Executor, id: number, actorId?: number | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({
        status: sql`case when ${invoices.status} = 'draft' then 'sent' else ${invoices.status} end`,
        sentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning();
    if (!row) throw notFound("Invoice not found");
    await logActivity(tx, {
      type: "invoice_sent",
      title: `Invoice ${row.invoiceNumber} sent`,
      customerId: row.customerId,
      jobId: row.jobId,
      invoiceId: id,
      userId: actorId ?? null,
      amount: row.total,
    });
    return row;
  });
}

// ---------------------------------------------------------------- items one by one (/api/invoice-items)

export async function getInvoiceItem(db: Executor, id: number) {
  const [row] = await db.select().from(invoiceItems).where(eq(invoiceItems.id, id));
  return row ?? null;
}

type ItemFields = { description: string; quantity: string; unitPrice: string; notes?: string; sortOrder?: number };

export async function addInvoiceItem(db: Executor, invoiceId: number, item: ItemFields) {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for("update");
    if (!invoice) throw notFound("Invoice not found");
    let sortOrder = item.sortOrder;
    if (sortOrder === undefined) {
      const [{ max }] = await tx
        .select({ max: sql<number>`coalesce(max(${invoiceItems.sortOrder}), 0)::int` })
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, invoiceId));
      sortOrder = Number(max) + 1;
    }
    const [row] = await tx
      .insert(invoiceItems)
      .values({
        invoiceId,
        description: item.description,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        notes: item.notes ?? null,
        sortOrder,
      })
      .returning();
    await recomputeInvoiceTotals(tx, invoiceId, "unitPrice");
    return (await getInvoiceItem(tx, row.id))!;
  });
}

export async function updateInvoiceItem(db: Executor, id: number, item: ItemFields) {
  return db.transaction(async (tx) => {
    const existing = await getInvoiceItem(tx, id);
    if (!existing) throw notFound("Invoice item not found");
    await tx
      .update(invoiceItems)
      .set({
        description: item.description,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        notes: item.notes ?? null,
        sortOrder: item.sortOrder ?? existing.sortOrder,
        updatedAt: new Date(),
      })
      .where(eq(invoiceItems.id, id));
    await recomputeInvoiceTotals(tx, existing.invoiceId, "unitPrice");
    return (await getInvoiceItem(tx, id))!;
  });
}

export async function deleteInvoiceItem(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const existing = await getInvoiceItem(tx, id);
    if (!existing) throw notFound("Invoice item not found");
    await tx.delete(invoiceItems).where(eq(invoiceItems.id, id));
    await recomputeInvoiceTotals(tx, existing.invoiceId);
  });
}

/** Record Payment's invoice select: the SQL form of isPayable (app/utils/invoice-rules.ts). */
export async function payableInvoices(db: Executor) {
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      title: invoices.title,
      total: invoices.total,
      paidTotal: invoices.paidTotal,
      balance: invoices.balance,
      customerName: customers.name,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(sql`${invoices.balance} > 0`, notInArray(invoices.status, ["paid", "cancelled"])))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(2000);
}
