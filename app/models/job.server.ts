// The one place that reads and writes jobs (pages and /api both call it).
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { customers, invoices, jobMaterialUsages, jobs, quotes, scheduleEvents, tasks } from "../../db/schema";
import type { JobInput } from "../schemas/job";
import { logActivity } from "./activity.server";
import { listPhases } from "./job-phase.server";
import { getCustomer } from "./customer.server";
import { can, seesMoney, type Role } from "../utils/permissions";
import { PICKER_LIMIT, type JobPickerRow } from "../utils/picker";
import { ACTIVE_JOB_STATUSES } from "../schemas/choices";
import { containsPattern } from "../utils/search.server";
import { conflict, invalid, notFound, requireFound } from "../utils/refusal.server";

export type Job = typeof jobs.$inferSelect;

const listColumns = {
  id: jobs.id,
  customerId: jobs.customerId,
  title: jobs.title,
  description: jobs.description,
  status: jobs.status,
  estimatedCost: jobs.estimatedCost,
  actualCost: jobs.actualCost,
  startDate: jobs.startDate,
  completionDate: jobs.completionDate,
  notes: jobs.notes,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
  customerName: customers.name,
};

/**
 * "My jobs": the jobs the user holds a task on (any task, as Needs Attention's installs and the
 * installer's My Current Jobs read it).
 */
export function heldBy(userId: Placeholder | number) {
  return sql`${jobs.id} in (select ${tasks.jobId} from ${tasks} where ${tasks.assignedToUserId} = ${userId})`;
}

function searchCondition(search: string | undefined) {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(ilike(jobs.title, pattern), ilike(customers.name, pattern));
}

export async function listJobs(
  db: Executor,
  opts: {
    search?: string;
    status?: string | readonly string[];
    /** Only the jobs this user holds a task on ("My jobs only"). */
    heldBy?: number | null;
    limit: number;
    offset: number;
  },
) {
  const conditions: (SQL | undefined)[] = [searchCondition(opts.search)];
  if (opts.heldBy) conditions.push(heldBy(opts.heldBy));
  // One status from the page's filter ("" and "all" = any; "active" = quoted, approved or in
  // progress), or several from /api (`status=a,b`).
  const { status } = opts;
  if (typeof status === "string") {
    if (status === "active") conditions.push(inArray(jobs.status, ACTIVE_JOB_STATUSES));
    else if (status && status !== "all") conditions.push(eq(jobs.status, status));
  } else if (status) conditions.push(inArray(jobs.status, status));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(jobs)
      .innerJoin(customers, eq(customers.id, jobs.customerId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(opts.limit)
      .offset(opts.offset),
    // Without a search nothing reads the customer: every job has one (customer_id is NOT NULL and
    // RESTRICTs deletion), so the count skips the join (60k jobs: ~40% of the page's SQL time).
    opts.search?.trim()
      ? db.select({ total: count() }).from(jobs).innerJoin(customers, eq(customers.id, jobs.customerId)).where(where)
      : db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { rows, total: Number(total) };
}

type WithCosts = { estimatedCost: string | null; actualCost: string | null };

/**
 * A job as a role may receive it: without its estimated and actual cost when the role does not see
 * money (`seesMoney`). The keys are left undefined, so the JSON sent carries no cost at all.
 */
export function jobForRole<T extends WithCosts>(job: T, role: Role) {
  return seesMoney(role) ? job : { ...job, estimatedCost: undefined, actualCost: undefined };
}

/** The job's customer as a role without customer read may receive it: what the job page shows, no more. */
export function jobCustomerForRole<T extends typeof customers.$inferSelect>(customer: T, role: Role) {
  if (can(role, "customers")) return customer;
  const { id, name, address, city, state, zipCode, phone } = customer;
  return { id, name, address, city, state, zipCode, phone };
}

// A document's job as its page links it: built once, run prepared (reusableStatement).
const jobSummaryById = reusableStatement("job_summary_by_id", (db) =>
  db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.id, sql.placeholder("id"))),
);

/** A job's id, title and status (the job a quote or an invoice belongs to), or null. */
export async function getJobSummary(db: Executor, id: number) {
  const [row] = await jobSummaryById(db, { id });
  return row ?? null;
}

const jobById = reusableStatement("job_by_id", (db) =>
  db
    .select(listColumns)
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(eq(jobs.id, sql.placeholder("id"))),
);

export async function getJob(db: Executor, id: number) {
  const [row] = await jobById(db, { id });
  return row ?? null;
}

/**
 * What a job picker offers, newest first, cancelled jobs left out (with `statuses`, only jobs in one
 * of them): the matches for `search` (title or customer name, as the list searches), or without one
 * the `limit` newest. `includeId` (the chosen job) is always there, first when it is not among them;
 * `limit: 0` returns just that one.
 */
export async function jobOptions(
  db: Executor,
  opts: { search?: string; includeId?: number | null; limit?: number; statuses?: readonly string[] } = {},
): Promise<JobPickerRow[]> {
  const limit = opts.limit ?? PICKER_LIMIT;
  const offered = opts.statuses ? inArray(jobs.status, opts.statuses) : ne(jobs.status, "cancelled");
  const columns = { id: jobs.id, title: jobs.title, customerId: jobs.customerId, customerName: customers.name };
  const rows: JobPickerRow[] =
    limit > 0
      ? await db
          .select(columns)
          .from(jobs)
          .innerJoin(customers, eq(customers.id, jobs.customerId))
          .where(and(offered, searchCondition(opts.search)))
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(limit)
      : [];
  if (opts.includeId && !rows.some((j) => j.id === opts.includeId)) {
    rows.unshift(
      ...(await db
        .select(columns)
        .from(jobs)
        .innerJoin(customers, eq(customers.id, jobs.customerId))
        .where(eq(jobs.id, opts.includeId))),
    );
  }
  return rows;
}

/** A job's columns from its form input (also the CSV import's batch insert). */
export function toColumns(input: JobInput) {
  return {
    customerId: input.customerId,
    title: input.title,
    description: input.description ?? null,
    status: input.status,
    estimatedCost: input.estimatedCost ?? null,
    actualCost: input.actualCost ?? null,
    startDate: input.startDate ?? null,
    completionDate: input.completionDate ?? null,
    notes: input.notes ?? null,
  };
}

async function requireCustomer(db: Executor, customerId: number) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw invalid("Customer not found", "customerId");
}

export async function createJob(db: Executor, input: JobInput, actorId?: number) {
  return db.transaction(async (tx) => {
    await requireCustomer(tx, input.customerId);
    const [row] = await tx.insert(jobs).values(toColumns(input)).returning();
    await logActivity(tx, {
      type: "job_created",
      title: "Job created",
      description: row.title,
      customerId: row.customerId,
      jobId: row.id,
      userId: actorId,
    });
    return row;
  });
}

export async function updateJob(db: Executor, id: number, input: JobInput) {
  return db.transaction(async (tx) => {
    await requireCustomer(tx, input.customerId);
    const [row] = await tx
      .update(jobs)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(jobs.id, id))
      .returning();
    return requireFound(row, "Job");
  });
}

/**
 * A job with invoices, schedule events or material usages is refused (money and history are never
 * orphaned or cascaded away); its quotes lose the link, its tasks and photos too, phases go with it.
 */
export async function deleteJob(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
    if (!row) throw notFound("Job not found");
    const [c] = await tx
      .select({
        invoices: sql<number>`(select count(*) from ${invoices} where ${invoices.jobId} = ${id})::int`,
        events: sql<number>`(select count(*) from ${scheduleEvents} where ${scheduleEvents.jobId} = ${id})::int`,
        materials: sql<number>`(select count(*) from ${jobMaterialUsages} where ${jobMaterialUsages.jobId} = ${id})::int`,
      })
      .from(sql`(select 1) as one`);
    const parts = [
      plural(Number(c.invoices), "invoice"),
      plural(Number(c.events), "schedule event"),
      plural(Number(c.materials), "material usage"),
    ].filter(Boolean) as string[];
    if (parts.length) {
      const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
      throw conflict(`"${row.title}" has ${list} and cannot be deleted. Cancel the job instead.`);
    }
    await tx.delete(jobs).where(eq(jobs.id, id));
    return { title: row.title };
  });
}

function plural(n: number, word: string) {
  return n ? `${n} ${word}${n === 1 ? "" : "s"}` : null;
}

// The job page's reads by the job's id: prepared statements built once (db/client.server.ts
// reusableStatement, docs/decisions/prepared-statements.md), as the quote's and customer's pages.
const jobQuotesOf = reusableStatement("job_quotes_of", (db) =>
  db
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      title: quotes.title,
      status: quotes.status,
      total: quotes.total,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .where(eq(quotes.jobId, sql.placeholder("id")))
    .orderBy(desc(quotes.createdAt)),
);
const jobInvoicesOf = reusableStatement("job_invoices_of", (db) =>
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
    .where(eq(invoices.jobId, sql.placeholder("id")))
    .orderBy(desc(invoices.createdAt)),
);
const jobEventsOf = reusableStatement("job_events_of", (db) =>
  db
    .select({
      id: scheduleEvents.id,
      title: scheduleEvents.title,
      type: scheduleEvents.type,
      status: scheduleEvents.status,
      startAt: scheduleEvents.startAt,
      endAt: scheduleEvents.endAt,
      allDay: scheduleEvents.allDay,
    })
    .from(scheduleEvents)
    .where(eq(scheduleEvents.jobId, sql.placeholder("id")))
    .orderBy(asc(scheduleEvents.startAt)),
);
const jobTasksOf = reusableStatement("job_tasks_of", (db) =>
  db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
    })
    .from(tasks)
    .where(eq(tasks.jobId, sql.placeholder("id")))
    .orderBy(asc(tasks.dueDate), asc(tasks.id)),
);

/** The job page: the job and everything linked to it. Quotes and invoices are read by job_id. */
export async function getJobDetail(db: Executor, id: number) {
  const job = await getJob(db, id);
  if (!job) return null;
  const key = { id };
  const [customer, jobQuotes, jobInvoices, events, jobTasks, phases] = await Promise.all([
    getCustomer(db, job.customerId),
    jobQuotesOf(db, key),
    jobInvoicesOf(db, key),
    jobEventsOf(db, key),
    jobTasksOf(db, key),
    listPhases(db, id),
  ]);
  return {
    job,
    // getJob joined it: the job's customer exists.
    customer: requireFound(customer, "Customer"),
    quotes: jobQuotes,
    invoices: jobInvoices,
    events,
    tasks: jobTasks,
    phases,
  };
}

/** The customer of a quote or invoice, and its job when given: the job must be that customer's. */
export async function requireCustomerAndJob(tx: Executor, customerId: number, jobId: number | undefined | null) {
  const [customer] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw invalid("Customer not found", "customerId");
  if (jobId) {
    const [job] = await tx.select({ customerId: jobs.customerId }).from(jobs).where(eq(jobs.id, jobId));
    if (!job) throw invalid("Job not found", "jobId");
    if (job.customerId !== customerId) throw invalid("The job belongs to another customer", "jobId");
  }
  return customer;
}
