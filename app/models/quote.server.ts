// The one place that reads and writes quotes and their items (pages, /api, portal, PDFs).
// Totals are always recomputed from the items with the money module (decisions §4, §5).
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { activityLog, customers, invoices, jobs, quoteItems, quotes } from "../../db/schema";
import type { LineItemInput } from "../schemas/line-items";
import { DEFAULT_QUOTE_TERMS, type QuoteInput, type QuoteStatus } from "../schemas/quote";
import { logActivity } from "./activity.server";
import { moneyContext } from "./business.server";
import { withLineCosts } from "./inventory.server";
import { getCustomer } from "./customer.server";
import { getJobSummary, requireCustomerAndJob } from "./job.server";
import { documentTotals } from "./document-totals.server";
import { containsPattern } from "../utils/search.server";
import { conflict, isUniqueViolation, notFound } from "../utils/refusal.server";
import { nextNumber } from "./numbering.server";
import { renewPortalTokens } from "./portal.server";
import { getSettings } from "./settings.server";
import { businessToday } from "../utils/dates";

export type Quote = typeof quotes.$inferSelect;
export type QuoteItem = typeof quoteItems.$inferSelect;

export type QuoteListOptions = { search?: string; status?: string; customerId?: number; limit: number; offset: number };

function listWhere(opts: Omit<QuoteListOptions, "limit" | "offset">): SQL | undefined {
  const conditions: SQL[] = [];
  const term = opts.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      or(ilike(quotes.title, pattern), ilike(quotes.quoteNumber, pattern), ilike(customers.name, pattern))!,
    );
  }
  if (opts.status) conditions.push(eq(quotes.status, opts.status));
  if (opts.customerId) conditions.push(eq(quotes.customerId, opts.customerId));
  return conditions.length ? and(...conditions) : undefined;
}

/** The Quotes screen and GET /api/quotes: a page of rows plus figures over the whole filtered set. */
export async function listQuotes(db: Executor, opts: QuoteListOptions) {
  const where = listWhere(opts);
  const [rowsOut, [stats]] = await Promise.all([
    db
      .select({ quote: quotes, customerName: customers.name, customerPhone: customers.phone })
      .from(quotes)
      .leftJoin(customers, eq(customers.id, quotes.customerId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({
        total: count(),
        draft: sql<number>`count(*) filter (where ${quotes.status} = 'draft')::int`,
        approved: sql<number>`count(*) filter (where ${quotes.status} = 'approved')::int`,
        totalValue: sql<string>`coalesce(sum(${quotes.total}), 0)::numeric(14,2)::text`,
      })
      .from(quotes)
      .leftJoin(customers, eq(customers.id, quotes.customerId))
      .where(where),
  ]);
  return {
    rows: rowsOut.map((r) => ({
      ...r.quote,
      customer: r.customerName === null ? null : { name: r.customerName, phone: r.customerPhone },
    })),
    total: Number(stats.total),
    stats: {
      total: Number(stats.total),
      draft: Number(stats.draft),
      approved: Number(stats.approved),
      totalValue: stats.totalValue,
    },
  };
}

// The quote page's reads (and the writes' re-reads) by key, built by drizzle once and run prepared
// (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md).
const quoteById = reusableStatement("quote_by_id", (db) =>
  db
    .select()
    .from(quotes)
    .where(eq(quotes.id, sql.placeholder("id"))),
);
const quoteItemsOf = reusableStatement("quote_items_of", (db) =>
  db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, sql.placeholder("id")))
    .orderBy(asc(quoteItems.sortOrder), asc(quoteItems.id)),
);
const quoteInvoicesOf = reusableStatement("quote_invoices_of", (db) =>
  db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      total: invoices.total,
      balance: invoices.balance,
    })
    .from(invoices)
    .where(eq(invoices.quoteId, sql.placeholder("id")))
    .orderBy(desc(invoices.createdAt)),
);
const quoteHistory = reusableStatement("quote_history", (db) =>
  db
    .select()
    .from(activityLog)
    .where(eq(activityLog.quoteId, sql.placeholder("id")))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(50),
);

export async function getQuote(db: Executor, id: number) {
  const [row] = await quoteById(db, { id });
  return row ?? null;
}

export async function listQuoteItems(db: Executor, quoteId: number) {
  return quoteItemsOf(db, { id: quoteId });
}

/** The quote page and PDF: the quote, its customer, job, items, invoices and history. */
/** What a quote's page shows: the detail and the business time zone. */
export async function getQuotePage(db: Executor, id: number) {
  const detail = await getQuoteDetail(db, id);
  if (!detail) return null;
  const { timeZone } = await moneyContext(db);
  return { ...detail, timeZone };
}

export async function getQuoteDetail(db: Executor, id: number) {
  const quote = await getQuote(db, id);
  if (!quote) return null;
  const [items, customer, job, quoteInvoices, history] = await Promise.all([
    listQuoteItems(db, id),
    getCustomer(db, quote.customerId),
    quote.jobId ? getJobSummary(db, quote.jobId) : null,
    quoteInvoicesOf(db, { id }),
    quoteHistory(db, { id }),
  ]);
  return { quote, items, customer, job, invoices: quoteInvoices, history };
}

/** Recomputes line totals, subtotal, tax and total from the stored items (inside the caller's transaction). */
export async function recomputeQuoteTotals(tx: Executor, quoteId: number, field = "items") {
  const [quote] = await tx.select({ taxRate: quotes.taxRate }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
  if (!quote) throw notFound("Quote not found");
  const items = await listQuoteItems(tx, quoteId);
  const totals = documentTotals(items, quote.taxRate, field);
  for (const [i, item] of items.entries()) {
    if (item.lineTotal !== totals.lines[i])
      await tx.update(quoteItems).set({ lineTotal: totals.lines[i] }).where(eq(quoteItems.id, item.id));
  }
  const [row] = await tx
    .update(quotes)
    .set({ subtotal: totals.subtotal, taxAmount: totals.taxAmount, total: totals.total, updatedAt: new Date() })
    .where(eq(quotes.id, quoteId))
    .returning();
  return row;
}

async function replaceItems(tx: Executor, quoteId: number, items: LineItemInput[]) {
  await tx.delete(quoteItems).where(eq(quoteItems.quoteId, quoteId));
  if (items.length === 0) return;
  await tx.insert(quoteItems).values(
    (await withLineCosts(tx, items)).map((item, i) => ({
      quoteId,
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

type Context = { actorId?: number | null; today: string; defaultTaxRate: string };

export async function createQuote(db: Executor, input: QuoteInput, ctx: Context) {
  try {
    return await db.transaction(async (tx) => {
      const customer = await requireCustomerAndJob(tx, input.customerId, input.jobId);
      const quoteNumber = input.quoteNumber ?? (await nextNumber(tx, "Q", ctx.today));
      const [created] = await tx
        .insert(quotes)
        .values({
          customerId: input.customerId,
          jobId: input.jobId ?? null,
          quoteNumber,
          title: input.title,
          description: input.description ?? null,
          status: input.status,
          taxRate: input.taxRate ?? ctx.defaultTaxRate,
          validUntil: input.validUntil ?? null,
          notes: input.notes ?? null,
          terms: input.terms ?? DEFAULT_QUOTE_TERMS,
          sentAt: input.status === "sent" ? new Date() : null,
        })
        .returning();
      await replaceItems(tx, created.id, input.items ?? []);
      const row = await recomputeQuoteTotals(tx, created.id);
      await logActivity(tx, {
        type: "quote_created",
        title: `Quote ${quoteNumber} created`,
        description: `${input.title} for ${customer.name}`,
        customerId: input.customerId,
        jobId: input.jobId ?? null,
        quoteId: created.id,
        userId: ctx.actorId ?? null,
        amount: row.total,
      });
      if (input.status === "approved") await approveJobOf(tx, row);
      if (input.status === "sent") await renewPortalTokens(tx, row.customerId);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A quote with this number already exists", "quoteNumber");
    throw error;
  }
}

/** Updates fields; `items` (when given) replace the quote's items. Totals are recomputed. */
export async function updateQuote(db: Executor, id: number, input: QuoteInput, ctx: Context) {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
      if (!current) throw notFound("Quote not found");
      await requireCustomerAndJob(tx, input.customerId, input.jobId);
      await tx
        .update(quotes)
        .set({
          customerId: input.customerId,
          jobId: input.jobId ?? null,
          quoteNumber: input.quoteNumber ?? current.quoteNumber,
          title: input.title,
          description: input.description ?? null,
          status: input.status,
          taxRate: input.taxRate ?? current.taxRate,
          validUntil: input.validUntil ?? null,
          notes: input.notes ?? null,
          terms: input.terms ?? null,
          sentAt: input.status === "sent" && !current.sentAt ? new Date() : current.sentAt,
          updatedAt: new Date(),
        })
        .where(eq(quotes.id, id));
      if (input.items) await replaceItems(tx, id, input.items);
      const row = await recomputeQuoteTotals(tx, id);
      await logActivity(tx, {
        type: "quote_updated",
        title: `Quote ${row.quoteNumber} updated`,
        description: current.status !== row.status ? `Status ${current.status} → ${row.status}` : null,
        customerId: row.customerId,
        jobId: row.jobId,
        quoteId: id,
        userId: ctx.actorId ?? null,
      });
      if (row.status === "approved" && current.status !== "approved") await approveJobOf(tx, row);
      if (row.status === "sent" && current.status !== "sent") await renewPortalTokens(tx, row.customerId);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A quote with this number already exists", "quoteNumber");
    throw error;
  }
}

/** A quote that has invoices is never deleted (money records stay traceable). */
export async function deleteQuote(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!row) throw notFound("Quote not found");
    const [{ n }] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.quoteId, id));
    if (Number(n) > 0) throw conflict(`Quote ${row.quoteNumber} has invoices and cannot be deleted.`);
    await tx.delete(quotes).where(eq(quotes.id, id));
    return row;
  });
}

/** Decisions §6: approving a quote moves its job from quoted to approved (same transaction). */
async function approveJobOf(tx: Executor, quote: Quote) {
  if (!quote.jobId) return;
  await tx
    .update(jobs)
    .set({ status: "approved", updatedAt: new Date() })
    .where(and(eq(jobs.id, quote.jobId), eq(jobs.status, "quoted")));
}

type Responder = { actorId?: number | null; via: "portal" | "staff"; message?: string | null };

/** What the portal tells a customer answering a quote past its validUntil. */
export const QUOTE_EXPIRED_MESSAGE = "This quote is no longer valid. Please contact us for an updated quote.";

/**
 * Approve or reject (portal "Request Changes") a quote. The portal may only answer a sent quote
 * that has not expired; staff may record an answer for any quote not already in that state.
 */
export async function respondToQuote(db: Executor, id: number, decision: "approved" | "rejected", who: Responder) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!current) throw notFound("Quote not found");
    if (who.via === "portal" && current.status !== "sent")
      throw conflict("Only a sent quote can be approved or changed.");
    // Checked under the row lock, with the business's "today" (a quote valid until today is valid).
    if (who.via === "portal" && current.validUntil) {
      const { system } = await getSettings(tx);
      if (current.validUntil < businessToday(system.timeZone)) throw conflict(QUOTE_EXPIRED_MESSAGE, "validUntil");
    }
    if (current.status === decision) throw conflict(`The quote is already ${decision}.`);
    const [row] = await tx
      .update(quotes)
      .set({
        status: decision,
        respondedAt: new Date(),
        changeRequest: decision === "rejected" ? who.message?.trim() || null : current.changeRequest,
        updatedAt: new Date(),
      })
      .where(eq(quotes.id, id))
      .returning();
    await logActivity(tx, {
      type: decision === "approved" ? "quote_approved" : "quote_rejected",
      title:
        decision === "approved"
          ? `Quote ${row.quoteNumber} approved${who.via === "portal" ? " by the customer" : ""}`
          : `Changes requested on quote ${row.quoteNumber}${who.via === "portal" ? " by the customer" : ""}`,
      description: decision === "rejected" ? who.message?.trim() || null : row.title,
      customerId: row.customerId,
      jobId: row.jobId,
      quoteId: id,
      userId: who.actorId ?? null,
      amount: row.total,
    });
    if (decision === "approved") await approveJobOf(tx, row);
    return row;
  });
}

/** "Mark as sent" without e-mailing (sending by e-mail: email-send.server.ts). */
export async function markQuoteSent(db: Executor, id: number, actorId?: number | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({ status: "sent", sentAt: new Date(), updatedAt: new Date() })
      .where(eq(quotes.id, id))
      .returning();
    if (!row) throw notFound("Quote not found");
    // A quote sent to the customer keeps their portal links working (docs/decisions/portal-link-expiry.md).
    await renewPortalTokens(tx, row.customerId);
    await logActivity(tx, {
      type: "quote_sent",
      title: `Quote ${row.quoteNumber} sent`,
      description: row.title,
      customerId: row.customerId,
      jobId: row.jobId,
      quoteId: id,
      userId: actorId ?? null,
      amount: row.total,
    });
    return row;
  });
}

// ---------------------------------------------------------------- items one by one (/api/quote-items)

export async function getQuoteItem(db: Executor, id: number) {
  const [row] = await db.select().from(quoteItems).where(eq(quoteItems.id, id));
  return row ?? null;
}

type ItemFields = { description: string; quantity: string; unitPrice: string; notes?: string; sortOrder?: number };

export async function addQuoteItem(db: Executor, quoteId: number, item: ItemFields) {
  return db.transaction(async (tx) => {
    const [quote] = await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw notFound("Quote not found");
    let sortOrder = item.sortOrder;
    if (sortOrder === undefined) {
      const [{ max }] = await tx
        .select({ max: sql<number>`coalesce(max(${quoteItems.sortOrder}), 0)::int` })
        .from(quoteItems)
        .where(eq(quoteItems.quoteId, quoteId));
      sortOrder = Number(max) + 1;
    }
    const [row] = await tx
      .insert(quoteItems)
      .values({
        quoteId,
        description: item.description,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        notes: item.notes ?? null,
        sortOrder,
      })
      .returning();
    await recomputeQuoteTotals(tx, quoteId, "unitPrice");
    return (await getQuoteItem(tx, row.id))!;
  });
}

export async function updateQuoteItem(db: Executor, id: number, item: ItemFields) {
  return db.transaction(async (tx) => {
    const existing = await getQuoteItem(tx, id);
    if (!existing) throw notFound("Quote item not found");
    await tx
      .update(quoteItems)
      .set({
        description: item.description,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        notes: item.notes ?? null,
        sortOrder: item.sortOrder ?? existing.sortOrder,
        updatedAt: new Date(),
      })
      .where(eq(quoteItems.id, id));
    await recomputeQuoteTotals(tx, existing.quoteId, "unitPrice");
    return (await getQuoteItem(tx, id))!;
  });
}

export async function deleteQuoteItem(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const existing = await getQuoteItem(tx, id);
    if (!existing) throw notFound("Quote item not found");
    await tx.delete(quoteItems).where(eq(quoteItems.id, id));
    await recomputeQuoteTotals(tx, existing.quoteId);
  });
}

// ---------------------------------------------------------------- choices for the dialogs

/**
 * Quotes an invoice may be created from (spec: only sent or approved, and not invoiced already by
 * an invoice that is not cancelled); `includeId` keeps an invoice's own link.
 */
export async function invoiceableQuotes(db: Executor, includeId?: number | null) {
  const offered = and(
    inArray(quotes.status, ["sent", "approved"]),
    sql`not exists (select 1 from ${invoices} where ${invoices.quoteId} = ${quotes.id} and ${invoices.status} <> 'cancelled')`,
  )!;
  return db
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      title: quotes.title,
      total: quotes.total,
      customerName: customers.name,
    })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.customerId))
    .where(includeId ? or(offered, eq(quotes.id, includeId)) : offered)
    .orderBy(desc(quotes.createdAt))
    .limit(1000);
}

export type { QuoteStatus };
