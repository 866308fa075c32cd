// Home dashboards (spec §2 Home, §9; decisions §6; docs/decisions/dashboards.md): every figure is
// one SQL aggregate served by an index, compared with the previous period of the same length.
import { sql } from "drizzle-orm";
import { rows, type Executor } from "../../db/client.server";
import { addDays, addMonths, dayRange, monthStart, quarterStart, weekStart } from "../utils/dates";
import { divRound } from "../utils/money";

/** "today" is the business day (settings' time zone); `now` the instant the figures are taken at. */
export type HomeClock = { today: string; timeZone: string; now?: Date };

const iso = (d: Date) => d.toISOString();

/**
 * The period so far ([start, today]) and the same number of days at the start of the previous one
 * (clamped to it): month-to-date on Nov 10 compares with Oct 1–10.
 */
export function periodPair(start: string, previousStart: string, today: string) {
  const elapsed = Math.round((Date.parse(today) - Date.parse(start)) / 86_400_000);
  const previousEnd = addDays(previousStart, elapsed);
  return {
    current: { from: start, to: addDays(today, 1) },
    previous: { from: previousStart, to: previousEnd < start ? addDays(previousEnd, 1) : start },
  };
}

export type Change = { percent: string | null; direction: "increase" | "decrease" | "neutral" };

/** Change of `current` against `previous` in percent with one decimal ("12.5"); null when previous is 0. */
export function percentChange(current: bigint, previous: bigint): Change {
  if (current === previous) return { percent: "0.0", direction: "neutral" };
  const direction = current > previous ? "increase" : "decrease";
  if (previous === 0n) return { percent: null, direction };
  const diff = current > previous ? current - previous : previous - current;
  return { percent: tenths(divRound(diff * 1000n, previous < 0n ? -previous : previous)), direction };
}

/** A ratio as a percentage with one decimal: 2 of 3 → "66.7"; null when there is nothing to divide by. */
export function ratePercent(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  return tenths(divRound(BigInt(part) * 1000n, BigInt(whole)));
}

function tenths(value: bigint) {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 10n}.${abs % 10n}`;
}

const cents = (text: string) => BigInt(text.replace(".", ""));

// ---------------------------------------------------------------- metric cards

/**
 * The owner's six cards (and the office's three): revenue received this month (payments minus
 * refunds) vs the same days of last month; active jobs now with jobs opened this week vs last week;
 * pending quotes now with quotes sent this month vs last; customers now vs at the start of the month;
 * quote win rate of quotes sent this quarter vs the same days of last quarter (points); overdue
 * invoices now with invoices fallen overdue this month vs last; this week's revenue vs last week's.
 */
export async function homeMetrics(db: Executor, clock: HomeClock) {
  const { today, timeZone } = clock;
  const month = periodPair(monthStart(today), addMonths(monthStart(today), -1), today);
  const week = periodPair(weekStart(today), addDays(weekStart(today), -7), today);
  const quarter = periodPair(quarterStart(today), addMonths(quarterStart(today), -3), today);
  const r = (p: { from: string; to: string }) => {
    const range = dayRange(p.from, p.to, timeZone);
    return { from: iso(range.from), to: iso(range.to) };
  };
  const [m, mp, w, wp, q, qp] = [
    r(month.current),
    r(month.previous),
    r(week.current),
    r(week.previous),
    r(quarter.current),
    r(quarter.previous),
  ];
  const received = (p: { from: string; to: string }) => sql`(
    (select coalesce(sum(amount), 0) from payments
      where status = 'completed' and received_at >= ${p.from}::timestamptz and received_at < ${p.to}::timestamptz)
    - (select coalesce(sum(amount), 0) from payment_refunds
      where refunded_at >= ${p.from}::timestamptz and refunded_at < ${p.to}::timestamptz))::numeric(14,2)::text`;
  const jobsOpened = (p: { from: string; to: string }) =>
    sql`(select count(*) from jobs where created_at >= ${p.from}::timestamptz and created_at < ${p.to}::timestamptz)::int`;
  const quotesSent = (p: { from: string; to: string }, approvedOnly: boolean) =>
    sql`(select count(*) from quotes where sent_at >= ${p.from}::timestamptz and sent_at < ${p.to}::timestamptz
      and ${approvedOnly ? sql`status = 'approved'` : sql`status <> 'draft'`})::int`;
  const fellOverdue = (p: { from: string; to: string }) =>
    sql`(select count(*) from invoices where balance > 0 and status not in ('paid', 'cancelled', 'draft')
      and due_date >= ${p.from}::date and due_date < least(${p.to}::date, ${today}::date))::int`;
  const [f] = await rows<Record<string, string | number>>(
    db,
    sql`select
      ${received(m)} as revenue, ${received(mp)} as revenue_prev,
      ${received(w)} as week_revenue, ${received(wp)} as week_revenue_prev,
      (select count(*) from jobs where status in ('quoted', 'approved', 'in-progress'))::int as active_jobs,
      (select count(*) from jobs where status = 'in-progress')::int as in_progress_jobs,
      ${jobsOpened(w)} as jobs_opened, ${jobsOpened(wp)} as jobs_opened_prev,
      (select count(*) from quotes where status = 'sent')::int as pending_quotes,
      ${quotesSent(m, false)} as quotes_sent, ${quotesSent(mp, false)} as quotes_sent_prev,
      (select count(*) from customers)::int as customers,
      -- The count at the start of the month = now − added since (created_at is never null): the
      -- month's few rows from the created_at index instead of counting every older customer.
      (select count(*) from customers)::int
        - (select count(*) from customers where created_at >= ${m.from}::timestamptz)::int as customers_prev,
      ${quotesSent(q, true)} as won, ${quotesSent(q, false)} as decided,
      ${quotesSent(qp, true)} as won_prev, ${quotesSent(qp, false)} as decided_prev,
      (select count(*) from invoices where balance > 0 and status not in ('paid', 'cancelled', 'draft')
        and due_date < ${today}::date)::int as overdue,
      ${fellOverdue(month.current)} as overdue_new, ${fellOverdue(month.previous)} as overdue_new_prev`,
  );
  const n = (key: string) => Number(f[key]);
  const winRate = ratePercent(n("won"), n("decided"));
  const winRatePrev = ratePercent(n("won_prev"), n("decided_prev"));
  const points =
    winRate !== null && winRatePrev !== null
      ? tenths(BigInt(winRate.replace(".", "")) - BigInt(winRatePrev.replace(".", "")))
      : null;
  return {
    revenue: {
      value: String(f.revenue),
      previous: String(f.revenue_prev),
      change: percentChange(cents(String(f.revenue)), cents(String(f.revenue_prev))),
    },
    weekRevenue: {
      value: String(f.week_revenue),
      previous: String(f.week_revenue_prev),
      change: percentChange(cents(String(f.week_revenue)), cents(String(f.week_revenue_prev))),
    },
    activeJobs: {
      value: n("active_jobs"),
      inProgress: n("in_progress_jobs"),
      opened: n("jobs_opened"),
      openedPrevious: n("jobs_opened_prev"),
      change: percentChange(BigInt(n("jobs_opened")), BigInt(n("jobs_opened_prev"))),
    },
    pendingQuotes: {
      value: n("pending_quotes"),
      sent: n("quotes_sent"),
      sentPrevious: n("quotes_sent_prev"),
      change: percentChange(BigInt(n("quotes_sent")), BigInt(n("quotes_sent_prev"))),
    },
    customers: {
      value: n("customers"),
      previous: n("customers_prev"),
      change: percentChange(BigInt(n("customers")), BigInt(n("customers_prev"))),
    },
    winRate: {
      value: winRate,
      won: n("won"),
      sent: n("decided"),
      previous: winRatePrev,
      change: {
        points,
        direction: points === null || points === "0.0" ? "neutral" : points.startsWith("-") ? "decrease" : "increase",
      } as { points: string | null; direction: Change["direction"] },
    },
    overdueInvoices: {
      value: n("overdue"),
      fellOverdue: n("overdue_new"),
      fellOverduePrevious: n("overdue_new_prev"),
      change: percentChange(BigInt(n("overdue_new")), BigInt(n("overdue_new_prev"))),
    },
  };
}

export type HomeMetrics = Awaited<ReturnType<typeof homeMetrics>>;

// ---------------------------------------------------------------- pipeline

export const PIPELINE_STAGES = [
  { key: "quoted", label: "Quoted", status: "quoted" },
  { key: "approved", label: "Approved", status: "approved" },
  { key: "inProgress", label: "In Progress", status: "in-progress" },
  { key: "installed", label: "Installed", status: "completed" },
] as const;

export type RateColor = "green" | "orange" | "red";

/**
 * Job Pipeline Snapshot (spec §9): counts per stage (installed = completed jobs), % of total,
 * approval rate = approved ÷ quoted (green ≥ 70%, orange ≥ 50%, else red), completion rate =
 * installed ÷ (in progress + installed) (green ≥ 80%, orange ≥ 60%, else red), and the bottleneck
 * when the biggest stage holds more than 40% of all jobs — of the stages where work waits: Installed
 * is finished work, and it grows with every job ever done (43,000 of 54,000 at the large dataset), so
 * the spec's rule taken literally warned of a bottleneck in finished jobs on every Home for good.
 */
export async function jobPipeline(db: Executor) {
  const counted = await rows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from jobs
        where status in ('quoted', 'approved', 'in-progress', 'completed') group by status`,
  );
  const byStatus = new Map(counted.map((c) => [c.status, Number(c.n)]));
  const total = PIPELINE_STAGES.reduce((sum, s) => sum + (byStatus.get(s.status) ?? 0), 0);
  const stages = PIPELINE_STAGES.map((s) => {
    const count = byStatus.get(s.status) ?? 0;
    return { key: s.key, label: s.label, status: s.status, count, percent: ratePercent(count, total) ?? "0.0" };
  });
  const [quoted, approved, inProgress, installed] = stages.map((s) => s.count);
  const approvalRate = ratePercent(approved, quoted);
  const completionRate = ratePercent(installed, inProgress + installed);
  const waiting = stages.filter((s) => s.key !== "installed");
  const biggest = waiting.reduce((a, b) => (b.count > a.count ? b : a), waiting[0]);
  return {
    stages,
    total,
    approvalRate: { value: approvalRate, color: rateColor(approvalRate, 70, 50) },
    completionRate: { value: completionRate, color: rateColor(completionRate, 80, 60) },
    // "more than 40%": count × 100 > total × 40, in integers.
    bottleneck: total > 0 && biggest.count * 100 > total * 40 ? { stage: biggest.label, count: biggest.count } : null,
  };
}

function rateColor(value: string | null, green: number, orange: number): RateColor | null {
  if (value === null) return null;
  const v = Number(value);
  return v >= green ? "green" : v >= orange ? "orange" : "red";
}

// ---------------------------------------------------------------- lists on the homes (5 each, spec §9)

export const HOME_LIST_LIMIT = 5;

/** Recent Jobs: the five newest, with the customer's name and phone. */
export async function recentJobs(db: Executor) {
  return rows<{
    id: number;
    title: string;
    status: string;
    startDate: string | null;
    estimatedCost: string | null;
    customerName: string;
    customerPhone: string | null;
    location: string | null;
  }>(
    db,
    sql`select j.id, j.title, j.status, j.start_date::text as "startDate", j.estimated_cost::text as "estimatedCost",
          c.name as "customerName", c.phone as "customerPhone", c.city as location
        from jobs j join customers c on c.id = j.customer_id
        order by j.created_at desc nulls first, j.id desc limit ${HOME_LIST_LIMIT}`,
  );
}

/** High-Value Quotes: sent quotes awaiting the customer, biggest total first. */
export async function highValueQuotes(db: Executor) {
  return rows<{
    id: number;
    quoteNumber: string;
    title: string;
    total: string;
    validUntil: string | null;
    customerName: string;
  }>(
    db,
    sql`select q.id, q.quote_number as "quoteNumber", q.title, q.total::text as total,
          q.valid_until::text as "validUntil", c.name as "customerName"
        from quotes q join customers c on c.id = q.customer_id
        where q.status = 'sent' order by q.total desc nulls first, q.id desc limit ${HOME_LIST_LIMIT}`,
  );
}

/**
 * Quotes awaiting the customer, waiting longest first (office Pending Quotes, Follow Up Quote).
 * `daysWaiting` counts business days since it was sent.
 */
export async function quotesAwaitingResponse(
  db: Executor,
  clock: HomeClock,
  opts: { limit: number; offset?: number } = { limit: HOME_LIST_LIMIT },
) {
  const [list, [{ total }]] = await Promise.all([
    rows<{
      id: number;
      quoteNumber: string;
      title: string;
      total: string;
      sentAt: string | null;
      validUntil: string | null;
      customerId: number;
      customerName: string;
      customerEmail: string | null;
      daysWaiting: number;
    }>(
      db,
      sql`select q.id, q.quote_number as "quoteNumber", q.title, q.total::text as total, q.sent_at as "sentAt",
            q.valid_until::text as "validUntil", c.id as "customerId", c.name as "customerName",
            c.email as "customerEmail",
            (${clock.today}::date - (q.sent_at at time zone ${clock.timeZone})::date)::int as "daysWaiting"
          from quotes q join customers c on c.id = q.customer_id
          where q.status = 'sent' and q.sent_at is not null
          order by q.sent_at asc, q.id asc limit ${opts.limit} offset ${opts.offset ?? 0}`,
    ),
    rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from quotes where status = 'sent' and sent_at is not null`,
    ),
  ]);
  return { rows: list.map((q) => ({ ...q, daysWaiting: Number(q.daysWaiting) })), total: Number(total) };
}

/**
 * Jobs to Coordinate (office): approved jobs with no install on the schedule, and installs this week
 * whose job has no materials issued or whose event has no installer or crew assigned.
 */
export async function jobsToCoordinate(db: Executor, clock: HomeClock) {
  const week = dayRange(weekStart(clock.today), addDays(weekStart(clock.today), 7), clock.timeZone);
  const [unscheduled, installs] = await Promise.all([
    rows<{ id: number; title: string; customerName: string }>(
      db,
      sql`select j.id, j.title, c.name as "customerName" from jobs j join customers c on c.id = j.customer_id
          where j.status = 'approved' and not exists (
            select 1 from schedule_events e where e.job_id = j.id and e.type = 'install' and e.status <> 'cancelled')
          order by j.updated_at asc, j.id asc limit ${HOME_LIST_LIMIT}`,
    ),
    rows<{
      eventId: number;
      jobId: number;
      title: string;
      customerName: string;
      startAt: string;
      noMaterials: boolean;
      noCrew: boolean;
    }>(
      db,
      sql`select e.id as "eventId", j.id as "jobId", j.title, c.name as "customerName", e.start_at as "startAt",
            not exists (select 1 from job_material_usages u where u.job_id = j.id) as "noMaterials",
            not exists (select 1 from schedule_event_resources er join resources r on r.id = er.resource_id
              where er.event_id = e.id and r.type in ('installer', 'crew')) as "noCrew"
          from schedule_events e join jobs j on j.id = e.job_id join customers c on c.id = j.customer_id
          where e.type = 'install' and e.status not in ('cancelled', 'done')
            and e.start_at >= ${iso(week.from)}::timestamptz and e.start_at < ${iso(week.to)}::timestamptz
            and (not exists (select 1 from job_material_usages u where u.job_id = j.id)
              or not exists (select 1 from schedule_event_resources er join resources r on r.id = er.resource_id
                where er.event_id = e.id and r.type in ('installer', 'crew')))
          order by e.start_at asc, e.id asc limit ${HOME_LIST_LIMIT}`,
    ),
  ]);
  return { unscheduled, installs };
}
