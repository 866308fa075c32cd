// Reports (spec "Reports", issue 14 item 5; docs/decisions/reports.md). Every figure is one SQL
// aggregate over the chosen range, read as numeric text and summed, if at all, with BigInt cents
// (app/utils/money.ts): never a float. The page, the /api routes and the CSV/PDF exports call these
// same functions, so a figure exists once.
import { sql, type SQL } from "drizzle-orm";
import { rows, type Executor } from "../../db/client.server";
import { addDays, isDateOnly, weekStart, zonedToInstant } from "../utils/dates";
import { centsToString, divRound, toCents } from "../utils/money";
import { invalid } from "../utils/refusal.server";
import {
  AGING_BUCKETS,
  AGING_LABELS,
  ALL_DAY_HOURS,
  AVAILABLE_HOURS_PER_WEEK,
  MAX_WEEKS,
  PROFIT_PAGE,
  RANGE_LABELS,
  RANGE_PRESETS,
  REPORT_LIST_CUT,
  type AgingBucket,
  type RangePreset,
} from "../utils/reports";

export {
  AGING_BUCKETS,
  AGING_LABELS,
  ALL_DAY_HOURS,
  AVAILABLE_HOURS_PER_WEEK,
  MAX_WEEKS,
  PROFIT_PAGE,
  RANGE_LABELS,
  RANGE_PRESETS,
  REPORT_LIST_CUT,
  type AgingBucket,
  type RangePreset,
};

// ---------------------------------------------------------------- the range

export type ReportRange = {
  preset: RangePreset;
  /** First business day in the range ('YYYY-MM-DD'), null for all time. */
  from: string | null;
  /** Last business day in the range (inclusive), null for all time. */
  to: string | null;
  timeZone: string;
  label: string;
};

/** The longest custom range, so an "all time" typed as dates cannot ask for centuries of weeks. */
const MAX_CUSTOM_DAYS = 366 * 50;

/**
 * The range from a query: `range` one of 7, 30 (default), 90, 365, all; or `from`/`to` (either or
 * both, YYYY-MM-DD) for a custom range, which wins over `range`. "Last N days" ends today (business
 * time zone) and includes it. Bad input is refused (400), never guessed.
 */
export function parseReportRange(params: URLSearchParams, today: string, timeZone: string): ReportRange {
  const from = params.get("from")?.trim() || "";
  const to = params.get("to")?.trim() || "";
  if (from || to) {
    if (from && !isDateOnly(from)) throw invalid("From must be a date (YYYY-MM-DD)", "from");
    if (to && !isDateOnly(to)) throw invalid("To must be a date (YYYY-MM-DD)", "to");
    const start = from || null;
    const end = to || null;
    if (start && end && start > end) throw invalid("From must be on or before To", "to");
    if (start && end && addDays(start, MAX_CUSTOM_DAYS) < end)
      throw invalid("The range may span at most 50 years", "to");
    const label = start && end ? `${start} to ${end}` : start ? `From ${start}` : `Up to ${end}`;
    return { preset: "custom", from: start, to: end, timeZone, label };
  }
  const raw = params.get("range")?.trim() || "30";
  if (!(RANGE_PRESETS as readonly string[]).includes(raw))
    throw invalid("Range must be one of 7, 30, 90, 365 or all", "range");
  const preset = raw as (typeof RANGE_PRESETS)[number];
  if (preset === "all") return { preset, from: null, to: null, timeZone, label: RANGE_LABELS.all };
  return { preset, from: addDays(today, 1 - Number(preset)), to: today, timeZone, label: RANGE_LABELS[preset] };
}

/** The query string that reproduces a range (links between tabs, exports). */
export function rangeQuery(range: ReportRange): Record<string, string> {
  if (range.preset !== "custom") return { range: range.preset };
  const q: Record<string, string> = {};
  if (range.from) q.from = range.from;
  if (range.to) q.to = range.to;
  return q;
}

/** `col` (a date column) within the range's days. */
function onDays(col: SQL, range: ReportRange): SQL {
  const parts: SQL[] = [];
  if (range.from) parts.push(sql`${col} >= ${range.from}::date`);
  if (range.to) parts.push(sql`${col} <= ${range.to}::date`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** `col` (a timestamptz) within the range's business days: [from 00:00, to + 1 day 00:00) in the zone. */
function atInstants(col: SQL, range: ReportRange): SQL {
  const parts: SQL[] = [];
  if (range.from)
    parts.push(sql`${col} >= ${zonedToInstant(range.from, "00:00", range.timeZone).toISOString()}::timestamptz`);
  if (range.to)
    parts.push(
      sql`${col} < ${zonedToInstant(addDays(range.to, 1), "00:00", range.timeZone).toISOString()}::timestamptz`,
    );
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const c = (name: string) => sql.raw(name);

/** Statuses of an invoice that has been issued to the customer (drafts and cancelled ones are not). */
const ISSUED = sql`status not in ('draft', 'cancelled')`;
const ACTIVE_JOB = sql`('quoted', 'approved', 'in-progress')`;
/** A quote that was sent at some point: sent, then approved, rejected or expired. */
const WAS_SENT = sql`status in ('sent', 'approved', 'rejected', 'expired')`;

// ---------------------------------------------------------------- small exact helpers

/** n ÷ d as a percentage with one decimal ("68.0"), exact integer arithmetic; null when d = 0. */
export function percent1(n: bigint | number, d: bigint | number): string | null {
  const num = BigInt(n);
  const den = BigInt(d);
  if (den === 0n) return null;
  const tenths = divRound(num * 1000n, den);
  const neg = tenths < 0n;
  const abs = neg ? -tenths : tenths;
  return `${neg ? "-" : ""}${abs / 10n}.${abs % 10n}`;
}

const money = (value: string | null | undefined) => centsToString(toCents(value ?? "0") ?? 0n);
const sumMoney = (values: Array<string | null | undefined>) =>
  centsToString(values.reduce((s, v) => s + (toCents(v ?? "0") ?? 0n), 0n));
const int = (value: unknown) => Number(value ?? 0);

// ---------------------------------------------------------------- headline cards

export type Summary = {
  totalRevenue: string;
  revenueInvoices: number;
  outstanding: string;
  overdueInvoices: number;
  conversionRate: string | null;
  quotesApproved: number;
  quotesSent: number;
  activeJobs: number;
  jobsInProgress: number;
};

/**
 * The four headline cards. Total Revenue: money received in the range (payments received minus
 * refunds made), from N invoices (those the payments paid). Outstanding: balances of invoices
 * issued in the range, N of them overdue (due date before today, balance above 0). Quote
 * Conversion: of the quotes sent in the range, the share now approved. Active Jobs: jobs created
 * in the range that are quoted, approved or in progress; N in progress.
 */
export async function reportSummary(db: Executor, range: ReportRange, today: string): Promise<Summary> {
  const [r] = await rows<Record<string, string | number | null>>(
    db,
    sql`select
      (select coalesce(sum(amount), 0)::numeric(14,2)::text from payments where ${atInstants(c("received_at"), range)}) as received,
      (select coalesce(sum(amount), 0)::numeric(14,2)::text from payment_refunds where ${atInstants(c("refunded_at"), range)}) as refunded,
      (select count(distinct invoice_id) from payments where ${atInstants(c("received_at"), range)})::int as revenue_invoices,
      (select coalesce(sum(balance), 0)::numeric(14,2)::text from invoices where ${ISSUED} and ${onDays(c("issue_date"), range)}) as outstanding,
      (select count(*) from invoices where ${ISSUED} and ${onDays(c("issue_date"), range)}
        and balance > 0 and due_date < ${today}::date)::int as overdue,
      (select count(*) from quotes where ${WAS_SENT} and ${atInstants(sql`coalesce(sent_at, created_at)`, range)})::int as sent,
      (select count(*) from quotes where status = 'approved' and ${atInstants(sql`coalesce(sent_at, created_at)`, range)})::int as approved,
      (select count(*) from jobs where status in ${ACTIVE_JOB} and ${atInstants(c("created_at"), range)})::int as active_jobs,
      (select count(*) from jobs where status = 'in-progress' and ${atInstants(c("created_at"), range)})::int as in_progress`,
  );
  const revenue = (toCents(String(r.received)) ?? 0n) - (toCents(String(r.refunded)) ?? 0n);
  return {
    totalRevenue: centsToString(revenue),
    revenueInvoices: int(r.revenue_invoices),
    outstanding: money(r.outstanding as string),
    overdueInvoices: int(r.overdue),
    conversionRate: percent1(int(r.approved), int(r.sent)),
    quotesApproved: int(r.approved),
    quotesSent: int(r.sent),
    activeJobs: int(r.active_jobs),
    jobsInProgress: int(r.in_progress),
  };
}

// ---------------------------------------------------------------- Financial

export const QUOTE_STATUSES = ["draft", "sent", "approved", "rejected", "expired"] as const;

export type FinancialReport = {
  quoteValue: string;
  invoiceValue: string;
  paidAmount: string;
  outstanding: string;
  quoteStatuses: Array<{ status: string; count: number; total: string }>;
};

/**
 * Quote value: totals of quotes created in the range. Invoice value, paid amount and outstanding:
 * invoices issued in the range (paid + outstanding = invoice value to the cent). Status breakdown:
 * quotes created in the range per status.
 */
export async function financialReport(db: Executor, range: ReportRange): Promise<FinancialReport> {
  const [inv] = await rows<{ total: string; paid: string; balance: string }>(
    db,
    sql`select coalesce(sum(total), 0)::numeric(14,2)::text as total, coalesce(sum(paid_total), 0)::numeric(14,2)::text as paid,
        coalesce(sum(balance), 0)::numeric(14,2)::text as balance
      from invoices where ${ISSUED} and ${onDays(c("issue_date"), range)}`,
  );
  const byStatus = await rows<{ status: string; count: number; total: string }>(
    db,
    sql`select status, count(*)::int as count, coalesce(sum(total), 0)::numeric(14,2)::text as total
      from quotes where ${atInstants(c("created_at"), range)} group by status`,
  );
  const found = new Map(byStatus.map((r) => [r.status, r]));
  return {
    quoteValue: sumMoney(byStatus.map((r) => r.total)),
    invoiceValue: money(inv.total),
    paidAmount: money(inv.paid),
    outstanding: money(inv.balance),
    quoteStatuses: QUOTE_STATUSES.map((status) => ({
      status,
      count: int(found.get(status)?.count),
      total: money(found.get(status)?.total),
    })),
  };
}

// ---------------------------------------------------------------- Operations and Customers

export const JOB_STATUSES = ["quoted", "approved", "in-progress", "completed", "cancelled"] as const;

export type OperationsReport = {
  pipeline: Array<{ status: string; count: number }>;
  totalJobs: number;
  averageJobValue: string | null;
  conversionRate: string | null;
  totalCustomers: number;
  activeProjects: number;
  averageProjectValue: string | null;
};

/** Shared by Operations and Customers: customers, active jobs and the average project value in the range. */
async function rangeCounts(db: Executor, range: ReportRange) {
  const [r] = await rows<Record<string, string | number | null>>(
    db,
    sql`select
      (select count(*) from customers where ${atInstants(c("created_at"), range)})::int as customers,
      (select count(*) from jobs where status in ${ACTIVE_JOB} and ${atInstants(c("created_at"), range)})::int as active_jobs,
      (select count(*) from quotes where status = 'sent' and ${atInstants(c("created_at"), range)})::int as active_quotes,
      (select round(avg(total), 2)::text from quotes
        where status = 'approved' and ${atInstants(sql`coalesce(sent_at, created_at)`, range)}) as avg_project`,
  );
  return {
    totalCustomers: int(r.customers),
    activeJobs: int(r.active_jobs),
    activeQuotes: int(r.active_quotes),
    averageProjectValue: r.avg_project === null ? null : money(r.avg_project as string),
  };
}

/**
 * Job pipeline: jobs created in the range per status. Average job value: their estimated cost,
 * where one is set. Metrics: conversion (as the headline card), customers added in the range,
 * active projects (active jobs created in the range), average project value (approved quotes sent
 * in the range).
 */
export async function operationsReport(db: Executor, range: ReportRange, today: string): Promise<OperationsReport> {
  const pipeline = await rows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from jobs where ${atInstants(c("created_at"), range)} group by status`,
  );
  const [avg] = await rows<{ avg: string | null }>(
    db,
    sql`select round(avg(estimated_cost), 2)::text as avg from jobs
      where estimated_cost is not null and ${atInstants(c("created_at"), range)}`,
  );
  const counts = await rangeCounts(db, range);
  const summary = await reportSummary(db, range, today);
  const found = new Map(pipeline.map((r) => [r.status, int(r.count)]));
  const known = new Set<string>(JOB_STATUSES);
  const others = pipeline.filter((r) => !known.has(r.status)).sort((a, b) => a.status.localeCompare(b.status));
  return {
    pipeline: [
      ...JOB_STATUSES.map((status) => ({ status, count: found.get(status) ?? 0 })),
      ...others.map((r) => ({ status: r.status, count: int(r.count) })),
    ],
    totalJobs: pipeline.reduce((s, r) => s + int(r.count), 0),
    averageJobValue: avg.avg === null ? null : money(avg.avg),
    conversionRate: summary.conversionRate,
    totalCustomers: counts.totalCustomers,
    activeProjects: counts.activeJobs,
    averageProjectValue: counts.averageProjectValue,
  };
}

export type CustomersReport = {
  totalCustomers: number;
  activeQuotes: number;
  activeJobs: number;
  averageProjectValue: string | null;
  topCustomers: Array<{ id: number; name: string; quoteCount: number; quoteTotal: string }>;
};

/** Top customers by the value of their quotes created in the range (first 5). */
export async function customersReport(
  db: Executor,
  range: ReportRange,
  limit = REPORT_LIST_CUT,
): Promise<CustomersReport> {
  const counts = await rangeCounts(db, range);
  const top = await rows<{ id: number; name: string; quote_count: number; quote_total: string }>(
    db,
    sql`select cu.id, cu.name, q.quote_count, q.quote_total from (
        select customer_id, count(*)::int as quote_count, sum(total)::numeric(14,2)::text as quote_total, sum(total) as v
        from quotes where ${atInstants(c("created_at"), range)} group by customer_id
        order by v desc, customer_id limit ${limit}
      ) q join customers cu on cu.id = q.customer_id order by q.v desc, cu.id`,
  );
  return {
    totalCustomers: counts.totalCustomers,
    activeQuotes: counts.activeQuotes,
    activeJobs: counts.activeJobs,
    averageProjectValue: counts.averageProjectValue,
    topCustomers: top.map((r) => ({
      id: int(r.id),
      name: r.name,
      quoteCount: int(r.quote_count),
      quoteTotal: money(r.quote_total),
    })),
  };
}

// ---------------------------------------------------------------- Inventory

export type InventoryReport = {
  totalItems: number;
  categories: number;
  totalValue: string;
  itemsWithReorderPoints: number;
  reorderItems: Array<{ id: number; name: string; type: string; reorderPoint: string }>;
  receivedValue: string;
  issuedValue: string;
  transactions: number;
};

/**
 * Items, categories, stock value (on hand × average cost) and reorder points are the stock as it
 * stands now; received value, value issued to jobs and the number of transactions move with the range.
 */
export async function inventoryReport(db: Executor, range: ReportRange): Promise<InventoryReport> {
  const [r] = await rows<Record<string, string | number>>(
    db,
    sql`select
      (select count(*) from inventory_items where active)::int as items,
      (select count(*) from inventory_categories where active)::int as categories,
      (select coalesce(round(sum(current_stock * average_cost), 2), 0)::numeric(16,2)::text from inventory_items
        where active and track_stock) as value,
      (select count(*) from inventory_items where active and reorder_point > 0)::int as with_reorder,
      (select coalesce(round(sum(total_cost) filter (where type = 'receive'), 2), 0)::numeric(16,2)::text
         || '|' || coalesce(round(-sum(total_cost) filter (where type = 'issue'), 2), 0)::numeric(16,2)::text
         || '|' || count(*)
       from inventory_transactions where ${atInstants(c("created_at"), range)}) as moves`,
  );
  const reorder = await rows<{ id: number; name: string; type: string; reorder_point: string }>(
    db,
    sql`select id, name, type, reorder_point::text from inventory_items where active and reorder_point > 0
      order by name, id limit ${REPORT_LIST_CUT}`,
  );
  const [received, issued, count] = String(r.moves).split("|");
  return {
    totalItems: int(r.items),
    categories: int(r.categories),
    totalValue: money(r.value as string),
    itemsWithReorderPoints: int(r.with_reorder),
    reorderItems: reorder.map((i) => ({ id: int(i.id), name: i.name, type: i.type, reorderPoint: i.reorder_point })),
    receivedValue: money(received),
    issuedValue: money(issued),
    transactions: int(count),
  };
}

// ---------------------------------------------------------------- AR aging

export type AgingAmounts = Record<AgingBucket, string> & { total: string };
export type AgingRow = AgingAmounts & { customerId: number; customerName: string; invoices: number };
/**
 * `customers` is one page of the customers with something open (largest total first), or all of
 * them without a limit; `customerCount` counts them all, and `totals` and `invoices` cover them all.
 */
export type AgingReport = {
  asOf: string;
  customers: AgingRow[];
  customerCount: number;
  totals: AgingAmounts;
  invoices: number;
};
export type AgingInvoice = {
  id: number;
  invoiceNumber: string;
  title: string;
  issueDate: string;
  dueDate: string;
  total: string;
  open: string;
  daysPastDue: number;
  bucket: AgingBucket;
};

/**
 * Open amount of every invoice issued on or before `asOf` (not a draft, not cancelled), as it stood
 * at the end of that business day: total − payments received by then + refunds made by then. Later
 * payments and refunds do not count. Only invoices with something open are kept.
 */
function openInvoicesAsOf(asOf: string, timeZone: string, customerId?: number) {
  const end = zonedToInstant(addDays(asOf, 1), "00:00", timeZone).toISOString();
  const columns = sql`i.id, i.customer_id, i.invoice_number, i.title, i.issue_date::text as issue_date,
      i.due_date::text as due_date, i.total::text as total, (${asOf}::date - i.due_date) as days`;
  const issued = sql`i.status not in ('draft', 'cancelled') and i.issue_date <= ${asOf}::date`;
  if (customerId !== undefined)
    // One customer: a few invoices, each summed through the payments/refunds invoice indexes.
    return sql`select ${columns},
      i.total
        - coalesce((select sum(p.amount) from payments p where p.invoice_id = i.id and p.received_at < ${end}::timestamptz), 0)
        + coalesce((select sum(r.amount) from payment_refunds r where r.invoice_id = i.id and r.refunded_at < ${end}::timestamptz), 0)
        as open
    from invoices i where ${issued} and i.customer_id = ${customerId}`;
  // Everyone: from the summary kept by triggers (report_invoice_ar, migration 0021). An invoice with
  // no payment or refund after the day's end is open by exactly total − all payments + all refunds,
  // read from the partial index of invoices open now; one with a later move is summed from its own
  // payments and refunds (the per-invoice indexes) — for today's aging, none.
  return sql`select a.invoice_id as id, a.customer_id, (${asOf}::date - a.due_date) as days,
      a.total - a.paid + a.refunded as open
    from report_invoice_ar a
    where a.issued and a.issue_date <= ${asOf}::date and a.total - a.paid + a.refunded <> 0
      and (a.last_move_at is null or a.last_move_at < ${end}::timestamptz)
    union all
    select a.invoice_id, a.customer_id, (${asOf}::date - a.due_date),
      a.total
        - coalesce((select sum(p.amount) from payments p where p.invoice_id = a.invoice_id and p.received_at < ${end}::timestamptz), 0)
        + coalesce((select sum(r.amount) from payment_refunds r where r.invoice_id = a.invoice_id and r.refunded_at < ${end}::timestamptz), 0)
    from report_invoice_ar a
    where a.issued and a.issue_date <= ${asOf}::date and a.last_move_at >= ${end}::timestamptz`;
}

const BUCKET_SQL = sql`case when days <= 0 then 'current' when days <= 30 then 'd1_30' when days <= 60 then 'd31_60'
  when days <= 90 then 'd61_90' else 'd90_plus' end`;

/** String.prototype.localeCompare's order, with one collator instead of one per comparison. */
const byName = new Intl.Collator().compare;

function emptyAmounts(): Record<AgingBucket | "total", bigint> {
  return { current: 0n, d1_30: 0n, d31_60: 0n, d61_90: 0n, d90_plus: 0n, total: 0n };
}
function amountsText(a: Record<AgingBucket | "total", bigint>): AgingAmounts {
  return {
    current: centsToString(a.current),
    d1_30: centsToString(a.d1_30),
    d31_60: centsToString(a.d31_60),
    d61_90: centsToString(a.d61_90),
    d90_plus: centsToString(a.d90_plus),
    total: centsToString(a.total),
  };
}

/**
 * AR aging as of a date: per customer, the open amounts in Current (not yet due), 1–30, 31–60,
 * 61–90 and 90+ days past due on that date. Each customer's total and the grand totals are the sums
 * of exactly these cents, so the buckets add up to the outstanding total by construction.
 */
export async function arAging(
  db: Executor,
  asOf: string,
  timeZone: string,
  opts: { customerId?: number; limit?: number; offset?: number } = {},
): Promise<AgingReport> {
  const found = await rows<{ customer_id: number; name: string; bucket: AgingBucket; open: string; n: number }>(
    db,
    sql`with o as (${openInvoicesAsOf(asOf, timeZone, opts.customerId)})
      select o.customer_id, cu.name, ${BUCKET_SQL} as bucket, sum(o.open)::numeric(14,2)::text as open, count(*)::int as n
      from o join customers cu on cu.id = o.customer_id
      where o.open <> 0
      group by o.customer_id, cu.name, 3`,
  );
  const byCustomer = new Map<number, { name: string; amounts: ReturnType<typeof emptyAmounts>; invoices: number }>();
  const totals = emptyAmounts();
  let invoiceCount = 0;
  for (const r of found) {
    const id = int(r.customer_id);
    let entry = byCustomer.get(id);
    if (!entry) byCustomer.set(id, (entry = { name: r.name, amounts: emptyAmounts(), invoices: 0 }));
    const cents = toCents(r.open) ?? 0n;
    entry.amounts[r.bucket] += cents;
    entry.amounts.total += cents;
    entry.invoices += int(r.n);
    totals[r.bucket] += cents;
    totals.total += cents;
    invoiceCount += int(r.n);
  }
  // Largest total first (compared as the cents already summed, not re-parsed per comparison), then by
  // name; only the page asked for is turned into text (the page shows 50 of some 3,600 customers).
  const offset = opts.offset ?? 0;
  const customers = [...byCustomer.entries()]
    .sort(
      ([, a], [, b]) =>
        (b.amounts.total > a.amounts.total ? 1 : b.amounts.total < a.amounts.total ? -1 : 0) || byName(a.name, b.name),
    )
    .slice(offset, opts.limit === undefined ? undefined : offset + opts.limit)
    .map(([customerId, e]) => ({ customerId, customerName: e.name, invoices: e.invoices, ...amountsText(e.amounts) }));
  return { asOf, customers, customerCount: byCustomer.size, totals: amountsText(totals), invoices: invoiceCount };
}

/** The drill-down: one customer's open invoices as of the date, oldest due first. */
export async function arAgingInvoices(db: Executor, asOf: string, timeZone: string, customerId: number) {
  const found = await rows<{
    id: number;
    invoice_number: string;
    title: string;
    issue_date: string;
    due_date: string;
    total: string;
    open: string;
    days: number;
    bucket: AgingBucket;
  }>(
    db,
    sql`with o as (${openInvoicesAsOf(asOf, timeZone, customerId)})
      select id, invoice_number, title, issue_date, due_date, total, open::numeric(14,2)::text as open, days, ${BUCKET_SQL} as bucket
      from o where open <> 0 order by due_date, id`,
  );
  return found.map<AgingInvoice>((r) => ({
    id: int(r.id),
    invoiceNumber: r.invoice_number,
    title: r.title,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    total: money(r.total),
    open: money(r.open),
    daysPastDue: Math.max(0, int(r.days)),
    bucket: r.bucket,
  }));
}

// ---------------------------------------------------------------- by month

/** Month keys ('YYYY-MM') of the range; for all time (or an open end) the months that have data. */
function monthsOf(range: ReportRange, present: string[]): string[] {
  const sorted = [...new Set(present)].sort();
  const first = range.from ? range.from.slice(0, 7) : sorted[0];
  const last = range.to ? range.to.slice(0, 7) : sorted[sorted.length - 1];
  if (!first || !last) return [];
  const out: string[] = [];
  let [y, m] = first.split("-").map(Number);
  const [ly, lm] = last.split("-").map(Number);
  while ((y < ly || (y === ly && m <= lm)) && out.length < 1200) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

export type RevenueMonth = { month: string; invoiced: string; received: string; invoices: number };

/**
 * Revenue by month: invoiced (totals of invoices issued that month) and received (payments received
 * that month, business time zone, minus refunds made that month).
 */
export async function revenueByMonth(db: Executor, range: ReportRange) {
  const tz = range.timeZone;
  const found = await rows<{ month: string; kind: string; amount: string; n: number }>(
    db,
    sql`select to_char(issue_date, 'YYYY-MM') as month, 'invoiced' as kind, sum(total)::numeric(14,2)::text as amount, count(*)::int as n
        from invoices where ${ISSUED} and ${onDays(c("issue_date"), range)} group by 1
      union all
      select to_char(received_at at time zone ${tz}, 'YYYY-MM'), 'received', sum(amount)::numeric(14,2)::text, count(*)::int
        from payments where ${atInstants(c("received_at"), range)} group by 1
      union all
      select to_char(refunded_at at time zone ${tz}, 'YYYY-MM'), 'refunded', sum(amount)::numeric(14,2)::text, count(*)::int
        from payment_refunds where ${atInstants(c("refunded_at"), range)} group by 1`,
  );
  const acc = new Map<string, { invoiced: bigint; received: bigint; invoices: number }>();
  for (const r of found) {
    const e = acc.get(r.month) ?? { invoiced: 0n, received: 0n, invoices: 0 };
    const cents = toCents(r.amount) ?? 0n;
    if (r.kind === "invoiced") {
      e.invoiced += cents;
      e.invoices += int(r.n);
    } else if (r.kind === "received") e.received += cents;
    else e.received -= cents;
    acc.set(r.month, e);
  }
  const months = monthsOf(
    range,
    found.map((r) => r.month),
  ).map<RevenueMonth>((month) => {
    const e = acc.get(month);
    return {
      month,
      invoiced: centsToString(e?.invoiced ?? 0n),
      received: centsToString(e?.received ?? 0n),
      invoices: e?.invoices ?? 0,
    };
  });
  return {
    months,
    totals: {
      invoiced: sumMoney(months.map((m) => m.invoiced)),
      received: sumMoney(months.map((m) => m.received)),
      invoices: months.reduce((s, m) => s + m.invoices, 0),
    },
  };
}

export type TaxMonth = { month: string; taxableSales: string; nonTaxableSales: string; tax: string; invoices: number };

/**
 * Sales tax by month for filing, on invoices issued that month (accrual basis): taxable sales
 * (subtotals of invoices that charged tax), non-taxable sales (subtotals without tax) and the tax.
 */
export async function salesTaxByMonth(db: Executor, range: ReportRange) {
  const found = await rows<{ month: string; taxable: string; exempt: string; tax: string; n: number }>(
    db,
    sql`select to_char(issue_date, 'YYYY-MM') as month,
        coalesce(sum(subtotal) filter (where tax_amount <> 0), 0)::numeric(14,2)::text as taxable,
        coalesce(sum(subtotal) filter (where tax_amount = 0), 0)::numeric(14,2)::text as exempt,
        sum(tax_amount)::numeric(14,2)::text as tax, count(*)::int as n
      from invoices where ${ISSUED} and ${onDays(c("issue_date"), range)} group by 1`,
  );
  const byMonth = new Map(found.map((r) => [r.month, r]));
  const months = monthsOf(
    range,
    found.map((r) => r.month),
  ).map<TaxMonth>((month) => {
    const r = byMonth.get(month);
    return {
      month,
      taxableSales: money(r?.taxable),
      nonTaxableSales: money(r?.exempt),
      tax: money(r?.tax),
      invoices: int(r?.n),
    };
  });
  return {
    months,
    totals: {
      taxableSales: sumMoney(months.map((m) => m.taxableSales)),
      nonTaxableSales: sumMoney(months.map((m) => m.nonTaxableSales)),
      tax: sumMoney(months.map((m) => m.tax)),
      invoices: months.reduce((s, m) => s + m.invoices, 0),
    },
  };
}

export type ConversionMonth = { month: string; sent: number; approved: number; rate: string | null };

/** Quote conversion by the month a quote was sent: sent, now approved, rate with 1 decimal. */
export async function conversionByMonth(db: Executor, range: ReportRange) {
  const tz = range.timeZone;
  const found = await rows<{ month: string; sent: number; approved: number }>(
    db,
    sql`select to_char(coalesce(sent_at, created_at) at time zone ${tz}, 'YYYY-MM') as month, count(*)::int as sent,
        (count(*) filter (where status = 'approved'))::int as approved
      from quotes where ${WAS_SENT} and ${atInstants(sql`coalesce(sent_at, created_at)`, range)} group by 1`,
  );
  const byMonth = new Map(found.map((r) => [r.month, r]));
  const months = monthsOf(
    range,
    found.map((r) => r.month),
  ).map<ConversionMonth>((month) => {
    const r = byMonth.get(month);
    const sent = int(r?.sent);
    const approved = int(r?.approved);
    return { month, sent, approved, rate: percent1(approved, sent) };
  });
  const sent = months.reduce((s, m) => s + m.sent, 0);
  const approved = months.reduce((s, m) => s + m.approved, 0);
  return { months, totals: { sent, approved, rate: percent1(approved, sent) } };
}

// ---------------------------------------------------------------- job profitability

export type ProfitRow = {
  jobId: number;
  title: string;
  customerName: string;
  status: string;
  revenue: string;
  materialCost: string;
  actualCost: string | null;
  cost: string;
  margin: string;
  marginPercent: string | null;
};

/**
 * Jobs created in the range with revenue or cost. Revenue: subtotals (tax is not revenue) of the
 * job's issued invoices. Material cost: the inventory ledger — what was issued to the job less what
 * came back (transactions carry signed costs). Cost: the job's recorded actual cost when there is
 * one (it is the whole job's cost), else the material cost. Margin = revenue − cost; % of revenue.
 */
export async function jobProfitability(
  db: Executor,
  range: ReportRange,
  opts: { limit?: number; offset?: number } = {},
): Promise<{ jobs: ProfitRow[]; totals: ProfitTotals }> {
  // Per job from the summary kept by triggers (report_job_totals, migration 0021); sorted, cut and
  // totalled in SQL, so the page reads its 50 rows and one line of totals, not every job of the range.
  const perJob = sql`select j.id, j.title, cu.name as customer, j.status, j.actual_cost as actual,
        (case when t.invoices > 0 then t.revenue else 0 end)::numeric(14,2) as revenue,
        (case when t.moves > 0 then round(-t.material_cost, 2) else 0 end)::numeric(16,2) as material
      from jobs j join customers cu on cu.id = j.customer_id
      left join report_job_totals t on t.job_id = j.id
      where ${atInstants(sql`j.created_at`, range)}
        and (t.invoices > 0 or t.moves > 0 or j.actual_cost is not null)`;
  const kept = sql`select *, coalesce(actual, material) as cost from (${perJob}) p
      where revenue <> 0 or coalesce(actual, material) <> 0 or material <> 0`;
  // Totals over every kept job by window aggregates, computed before the cut: one pass. Ordered by
  // the numeric column (`k.revenue`): a bare `revenue` names the output's text column, and sorted
  // $9,679 above $83,580.
  const page = (limit: number | undefined, offset: number) =>
    rows<{
      id: number;
      title: string;
      customer: string;
      status: string;
      revenue: string;
      material: string;
      actual: string | null;
      n: number;
      s_revenue: string;
      s_material: string;
      s_actual: string;
      s_cost: string;
    }>(
      db,
      sql`select id, title, customer, status, actual::text as actual, revenue::text as revenue, material::text as material,
        count(*) over ()::int as n, (sum(revenue) over ())::text as s_revenue, (sum(material) over ())::text as s_material,
        coalesce(sum(actual) over (), 0)::text as s_actual, (sum(cost) over ())::text as s_cost
      from (${kept}) k order by k.revenue desc, k.id ${limit === undefined ? sql`` : sql`limit ${limit}`}
      ${offset ? sql`offset ${offset}` : sql``}`,
    );
  const offset = opts.offset ?? 0;
  const found = await page(opts.limit, offset);
  // A page past the last job has no row to carry the totals: they come from the first row.
  const first = found[0] ?? (offset > 0 ? (await page(1, 0))[0] : undefined);
  const sum = {
    jobs: first?.n ?? 0,
    revenue: first?.s_revenue ?? "0",
    material: first?.s_material ?? "0",
    actual: first?.s_actual ?? "0",
    cost: first?.s_cost ?? "0",
  };
  const revenue = toCents(sum.revenue) ?? 0n;
  const cost = toCents(sum.cost) ?? 0n;
  const totals = {
    jobs: int(sum.jobs),
    revenue: centsToString(revenue),
    materialCost: money(sum.material),
    actualCost: money(sum.actual),
    cost: centsToString(cost),
    margin: centsToString(revenue - cost),
    marginPercent: revenue > 0n ? percent1(revenue - cost, revenue) : null,
  };
  const jobs = found.map<ProfitRow>((r) => {
    const rev = toCents(r.revenue) ?? 0n;
    const material = toCents(r.material) ?? 0n;
    const actual = r.actual === null ? null : (toCents(r.actual) ?? 0n);
    const c = actual ?? material;
    return {
      jobId: int(r.id),
      title: r.title,
      customerName: r.customer,
      status: r.status,
      revenue: centsToString(rev),
      materialCost: centsToString(material),
      actualCost: actual === null ? null : centsToString(actual),
      cost: centsToString(c),
      margin: centsToString(rev - c),
      marginPercent: rev > 0n ? percent1(rev - c, rev) : null,
    };
  });
  return { jobs, totals };
}
type ProfitTotals = {
  jobs: number;
  revenue: string;
  materialCost: string;
  actualCost: string;
  cost: string;
  margin: string;
  marginPercent: string | null;
};

// ---------------------------------------------------------------- installer utilisation

export type UtilisationRow = {
  resourceId: number;
  name: string;
  type: string;
  scheduledHours: string;
  availableHours: string;
  utilisation: string | null;
};

/**
 * Scheduled hours ÷ available hours per resource (installers and crews, active) and week (Monday
 * start, business time zone). An event counts in the week it starts, for its length in hours
 * (an all-day event 8 h per day); cancelled events do not count. Available = 40 h per week.
 */
export async function installerUtilisation(db: Executor, range: ReportRange, today: string) {
  const tz = range.timeZone;
  // Weeks: Mondays from the range's first week to its last (all time: from the first event).
  const to = range.to ?? today;
  let from = range.from;
  if (!from) {
    const [first] = await rows<{ d: string | null }>(
      db,
      sql`select to_char(min(start_at) at time zone ${tz}, 'YYYY-MM-DD') as d from schedule_events`,
    );
    from = first?.d && first.d < to ? first.d : to;
  }
  let firstWeek = weekStart(from);
  const lastWeek = weekStart(to);
  if (addDays(firstWeek, 7 * (MAX_WEEKS - 1)) < lastWeek) firstWeek = addDays(lastWeek, -7 * (MAX_WEEKS - 1));
  const weeks: string[] = [];
  for (let w = firstWeek; w <= lastWeek; w = addDays(w, 7)) weeks.push(w);
  const start = zonedToInstant(firstWeek, "00:00", tz).toISOString();
  const end = zonedToInstant(addDays(lastWeek, 7), "00:00", tz).toISOString();
  const found = await rows<{ resource_id: number; week: string; hours: string }>(
    db,
    sql`select ser.resource_id,
        to_char(date_trunc('week', e.start_at at time zone ${tz}), 'YYYY-MM-DD') as week,
        sum(case when e.all_day
          then ${ALL_DAY_HOURS} * greatest(1, ((e.end_at at time zone ${tz})::date - (e.start_at at time zone ${tz})::date))
          else round(extract(epoch from (e.end_at - e.start_at)) / 3600, 2) end)::numeric(10,2)::text as hours
      from schedule_events e join schedule_event_resources ser on ser.event_id = e.id
      where e.status <> 'cancelled' and e.start_at >= ${start}::timestamptz and e.start_at < ${end}::timestamptz
      group by 1, 2`,
  );
  const resources = await rows<{ id: number; name: string; type: string }>(
    db,
    sql`select id, name, type from resources where active and type in ('installer', 'crew') order by name, id`,
  );
  const hours = new Map<string, bigint>();
  for (const r of found) hours.set(`${int(r.resource_id)}|${r.week}`, toCents(r.hours) ?? 0n);
  const available = BigInt(AVAILABLE_HOURS_PER_WEEK * 100);
  const rowsOut: UtilisationRow[] = [];
  const weekly: Array<UtilisationRow & { week: string }> = [];
  const weekTotals = weeks.map(() => 0n);
  for (const res of resources) {
    let total = 0n;
    weeks.forEach((week, i) => {
      const h = hours.get(`${int(res.id)}|${week}`) ?? 0n;
      total += h;
      weekTotals[i] += h;
      weekly.push({
        week,
        resourceId: int(res.id),
        name: res.name,
        type: res.type,
        scheduledHours: centsToString(h),
        availableHours: centsToString(available),
        utilisation: percent1(h, available),
      });
    });
    const avail = available * BigInt(weeks.length);
    rowsOut.push({
      resourceId: int(res.id),
      name: res.name,
      type: res.type,
      scheduledHours: centsToString(total),
      availableHours: centsToString(avail),
      utilisation: percent1(total, avail),
    });
  }
  const allAvailable = available * BigInt(weeks.length * resources.length);
  const allScheduled = weekTotals.reduce((s, h) => s + h, 0n);
  return {
    weeks,
    resources: rowsOut,
    weekly,
    byWeek: weeks.map((week, i) => ({
      week,
      scheduledHours: centsToString(weekTotals[i]),
      availableHours: centsToString(available * BigInt(resources.length)),
      utilisation: percent1(weekTotals[i], available * BigInt(resources.length)),
    })),
    totals: {
      scheduledHours: centsToString(allScheduled),
      availableHours: centsToString(allAvailable),
      utilisation: percent1(allScheduled, allAvailable),
    },
  };
}

// ---------------------------------------------------------------- one entry for /api and exports

export const REPORT_NAMES = [
  "summary",
  "financial",
  "operations",
  "inventory",
  "customers",
  "ar-aging",
  "revenue",
  "sales-tax",
  "conversion",
  "profitability",
  "utilisation",
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export function isReportName(value: string | undefined | null): value is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(value ?? "");
}

/** AR aging's date: `asOf` (YYYY-MM-DD), today when absent. */
export function parseAsOf(params: URLSearchParams, today: string) {
  const raw = params.get("asOf")?.trim() || "";
  if (!raw) return today;
  if (!isDateOnly(raw)) throw invalid("asOf must be a date (YYYY-MM-DD)", "asOf");
  return raw;
}

/** An optional customer id for the aging drill-down. */
export function parseCustomerParam(params: URLSearchParams) {
  const raw = params.get("customerId")?.trim() || "";
  if (!raw) return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647)
    throw invalid("customerId must be an id", "customerId");
  return Number(raw);
}

/** A page of a report's long list (profitability, AR aging's customers); none = all rows. */
export type ReportPaging = { limit?: number; offset?: number };

/**
 * Runs one report from query parameters (the range, or asOf and customerId for aging): what /api
 * answers, the page shows and the exports print. `limit` (and for AR aging `offset`) cut the
 * profitability and aging lists to a page.
 */
export function runReport(
  db: Executor,
  name: ReportName,
  params: URLSearchParams,
  today: string,
  timeZone: string,
  opts: ReportPaging = {},
) {
  return readReports(db, (tx) => runReportIn(tx, name, params, today, timeZone, opts));
}

/**
 * Runs report queries in one transaction with JIT compilation off: these aggregates are planned as
 * expensive enough to JIT, which costs PostgreSQL more (seconds) than it saves. One snapshot for
 * the headline cards and the tab, too.
 */
export function readReports<T>(db: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return fn(tx);
  });
}

/** runReport inside a transaction the caller opened with readReports. */
export async function runReportIn(
  db: Executor,
  name: ReportName,
  params: URLSearchParams,
  today: string,
  timeZone: string,
  opts: ReportPaging = {},
) {
  if (name === "ar-aging") {
    const asOf = parseAsOf(params, today);
    const customerId = parseCustomerParam(params);
    const report = await arAging(db, asOf, timeZone, { customerId, limit: opts.limit, offset: opts.offset });
    return {
      name: "ar-aging" as const,
      ...report,
      customerId: customerId ?? null,
      invoiceList: customerId === undefined ? null : await arAgingInvoices(db, asOf, timeZone, customerId),
    };
  }
  const range = parseReportRange(params, today, timeZone);
  const r = { preset: range.preset, from: range.from, to: range.to, label: range.label };
  switch (name) {
    case "summary":
      return { name: "summary" as const, range: r, ...(await reportSummary(db, range, today)) };
    case "financial":
      return { name: "financial" as const, range: r, ...(await financialReport(db, range)) };
    case "operations":
      return { name: "operations" as const, range: r, ...(await operationsReport(db, range, today)) };
    case "inventory":
      return { name: "inventory" as const, range: r, ...(await inventoryReport(db, range)) };
    case "customers":
      return { name: "customers" as const, range: r, ...(await customersReport(db, range)) };
    case "revenue":
      return { name: "revenue" as const, range: r, ...(await revenueByMonth(db, range)) };
    case "sales-tax":
      return { name: "sales-tax" as const, range: r, ...(await salesTaxByMonth(db, range)) };
    case "conversion":
      return { name: "conversion" as const, range: r, ...(await conversionByMonth(db, range)) };
    case "profitability":
      return { name: "profitability" as const, range: r, ...(await jobProfitability(db, range, opts)) };
    case "utilisation":
      return { name: "utilisation" as const, range: r, ...(await installerUtilisation(db, range, today)) };
  }
}

export type ReportData = Awaited<ReturnType<typeof runReportIn>>;
