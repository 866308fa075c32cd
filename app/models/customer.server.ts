// The one place that reads and writes customers (pages and /api both call it).
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { customers, invoices, jobs, quotes, tasks } from "../../db/schema";
import type { CustomerInput } from "../schemas/customer";
import { conflict, notFound, requireFound } from "../utils/refusal.server";
import { can, type Role } from "../utils/permissions";
import { PICKER_LIMIT, type CustomerPickerRow } from "../utils/picker";
import { containsPattern } from "../utils/search.server";
import { logActivity } from "./activity.server";

export type Customer = typeof customers.$inferSelect;

function searchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  // Spec: search by name, email, phone or city; each has a trigram index.
  return or(
    ilike(customers.name, pattern),
    ilike(customers.email, pattern),
    ilike(customers.phone, pattern),
    ilike(customers.city, pattern),
  );
}

export async function listCustomers(db: Executor, opts: { search?: string; limit: number; offset: number }) {
  const where = searchCondition(opts.search);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { rows, total: Number(total) };
}

const optionColumns = { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone };
const linkedOptionColumns = {
  id: customers.id,
  name: customers.name,
  email: sql<string | null>`null`,
  phone: sql<string | null>`null`,
};

/**
 * Which customers a picker may show a role: "all" (with e-mail and phone) to roles that read
 * customers; to the others ("linked") only id and name, and only of customers linked to a job or a
 * task, which those roles read anyway (docs/decisions/installer-customer-picker.md).
 */
export type CustomerPickerScope = "all" | "linked";
export function customerPickerScope(role: Role): CustomerPickerScope {
  return can(role, "customers") ? "all" : "linked";
}
const linkedToWork = sql`(exists (select 1 from ${jobs} where ${jobs.customerId} = ${customers.id}) or exists (select 1 from ${tasks} where ${tasks.customerId} = ${customers.id}))`;

/**
 * What a customer picker offers, by name: the matches for `search` (the list's search), or without
 * one the `limit` most recently added. `includeId` (the chosen customer) is always there, first
 * when it is not among them; `limit: 0` returns just that one.
 */
export async function customerOptions(
  db: Executor,
  opts: { search?: string; includeId?: number | null; limit?: number; scope?: CustomerPickerScope } = {},
): Promise<CustomerPickerRow[]> {
  const limit = opts.limit ?? PICKER_LIMIT;
  const linked = opts.scope === "linked";
  const columns = linked ? linkedOptionColumns : optionColumns;
  // Linked scope: a search matches the name only (e-mail and phone are not the role's to search).
  const search = linked
    ? opts.search?.trim()
      ? ilike(customers.name, containsPattern(opts.search.trim()))
      : undefined
    : searchCondition(opts.search);
  const scope = linked ? linkedToWork : undefined;
  let rows: CustomerPickerRow[] = [];
  if (limit > 0 && search) {
    rows = await db
      .select(columns)
      .from(customers)
      .where(and(search, scope))
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(limit);
  } else if (limit > 0) {
    // Newest first uses the created_at index; the few rows are then put in name order.
    rows = await db
      .select(columns)
      .from(customers)
      .where(scope)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(limit);
    rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }
  if (opts.includeId && !rows.some((r) => r.id === opts.includeId)) {
    rows.unshift(
      ...(await db
        .select(columns)
        .from(customers)
        .where(and(eq(customers.id, opts.includeId), scope))),
    );
  }
  return rows;
}

// Read by key on every quote and invoice page: built once, run prepared (reusableStatement).
const customerById = reusableStatement("customer_by_id", (db) =>
  db
    .select()
    .from(customers)
    .where(eq(customers.id, sql.placeholder("id"))),
);

export async function getCustomer(db: Executor, id: number) {
  const [row] = await customerById(db, { id });
  return row ?? null;
}

/** The customers row for a validated input (forms, /api and the CSV import). */
export function customerColumns(input: CustomerInput) {
  return {
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    notes: input.notes ?? null,
    ...(input.appointmentReminders ? { appointmentReminders: input.appointmentReminders } : {}),
  };
}

export async function createCustomer(db: Executor, input: CustomerInput, actorId?: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(customers).values(customerColumns(input)).returning();
    await logActivity(tx, {
      type: "customer_created",
      title: "Customer added",
      description: row.name,
      customerId: row.id,
      userId: actorId,
    });
    return row;
  });
}

export async function updateCustomer(db: Executor, id: number, input: CustomerInput) {
  const [row] = await db
    .update(customers)
    .set({ ...customerColumns(input), updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning();
  return requireFound(row, "Customer");
}

/**
 * Deleting a customer never orphans or silently removes money records: a customer with jobs,
 * quotes or invoices is refused with a clear message. Tasks, photos, events and e-mails only lose
 * their link (ON DELETE SET NULL); portal tokens go with the customer.
 */
export async function deleteCustomer(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
    if (!row) throw notFound("Customer not found");
    const related = await relatedCounts(tx, id);
    if (related.jobs + related.quotes + related.invoices > 0) {
      throw conflict(`${row.name} has ${describeCounts(related)} and cannot be deleted.`);
    }
    await tx.delete(customers).where(eq(customers.id, id));
    return { name: row.name };
  });
}

// The customer page's reads by the customer's id: prepared statements built once
// (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md), as the quote's and
// the invoice's pages read theirs.
const customerCounts = reusableStatement("customer_counts", (db) => {
  const id = sql.placeholder("id");
  return db
    .select({
      jobs: sql<number>`(select count(*) from ${jobs} where ${jobs.customerId} = ${id})::int`,
      quotes: sql<number>`(select count(*) from ${quotes} where ${quotes.customerId} = ${id})::int`,
      invoices: sql<number>`(select count(*) from ${invoices} where ${invoices.customerId} = ${id})::int`,
    })
    .from(sql`(select 1) as one`);
});
const customerJobsOf = reusableStatement("customer_jobs_of", (db) =>
  db
    .select({
      id: jobs.id,
      title: jobs.title,
      status: jobs.status,
      estimatedCost: jobs.estimatedCost,
      startDate: jobs.startDate,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(eq(jobs.customerId, sql.placeholder("id")))
    .orderBy(desc(jobs.createdAt))
    .limit(20),
);
const customerQuotesOf = reusableStatement("customer_quotes_of", (db) =>
  db
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      title: quotes.title,
      status: quotes.status,
      total: quotes.total,
      validUntil: quotes.validUntil,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .where(eq(quotes.customerId, sql.placeholder("id")))
    .orderBy(desc(quotes.createdAt))
    .limit(20),
);
const customerInvoicesOf = reusableStatement("customer_invoices_of", (db) =>
  db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      title: invoices.title,
      status: invoices.status,
      total: invoices.total,
      balance: invoices.balance,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .where(eq(invoices.customerId, sql.placeholder("id")))
    .orderBy(desc(invoices.createdAt))
    .limit(20),
);
const customerOutstanding = reusableStatement("customer_outstanding", (db) =>
  db
    .select({ outstanding: sql<string>`coalesce(sum(${invoices.balance}), 0)::numeric(12,2)::text` })
    .from(invoices)
    .where(and(eq(invoices.customerId, sql.placeholder("id")), sql`${invoices.status} <> 'cancelled'`)),
);

async function relatedCounts(db: Executor, customerId: number) {
  const [result] = await customerCounts(db, { id: customerId });
  return { jobs: Number(result.jobs), quotes: Number(result.quotes), invoices: Number(result.invoices) };
}

function describeCounts(c: { jobs: number; quotes: number; invoices: number }) {
  const parts = [
    c.jobs && `${c.jobs} job${c.jobs === 1 ? "" : "s"}`,
    c.quotes && `${c.quotes} quote${c.quotes === 1 ? "" : "s"}`,
    c.invoices && `${c.invoices} invoice${c.invoices === 1 ? "" : "s"}`,
  ].filter(Boolean) as string[];
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
}

/** The customer page: the customer and the latest of their jobs, quotes and invoices. */
export async function getCustomerDetail(db: Executor, id: number) {
  const customer = await getCustomer(db, id);
  if (!customer) return null;
  const key = { id };
  const [customerJobs, customerQuotes, customerInvoices, counts, [{ outstanding }]] = await Promise.all([
    customerJobsOf(db, key),
    customerQuotesOf(db, key),
    customerInvoicesOf(db, key),
    relatedCounts(db, id),
    customerOutstanding(db, key),
  ]);
  return { customer, jobs: customerJobs, quotes: customerQuotes, invoices: customerInvoices, counts, outstanding };
}
