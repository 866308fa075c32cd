// Needs Attention (spec §9; issue 14 item 4; docs/decisions/dashboards.md): at most 5 items, high
// before medium before low, then the most days overdue first. Each kind is one indexed query cut to
// 5; the merge keeps the best 5 of them.
import { sql } from "drizzle-orm";
import { reusableSql, type Executor } from "../../db/client.server";
import { addDays, dayRange } from "../utils/dates";
import type { Role } from "../utils/permissions";
import { seesMoney } from "../utils/permissions";
import { HOME_LIST_LIMIT, type HomeClock } from "./home.server";
import { lowStockItems } from "./inventory.server";

export type AttentionPriority = "high" | "medium" | "low";

export type AttentionKind =
  | "overdue_invoice"
  | "overdue_task"
  | "expiring_quote"
  | "unanswered_quote"
  | "unscheduled_job"
  | "install_at_risk"
  | "low_stock";

export type AttentionItem = {
  key: string;
  kind: AttentionKind;
  priority: AttentionPriority;
  title: string;
  description: string;
  /** Days past the due date (0 when nothing is overdue yet). */
  daysOverdue: number;
  href: string;
  customer?: string | null;
  amount?: string | null;
};

/** What each role is shown (the owner everything; the installer only their own work, no money). */
export const ATTENTION_KINDS: Record<Role, AttentionKind[]> = {
  owner: [
    "overdue_invoice",
    "overdue_task",
    "expiring_quote",
    "unanswered_quote",
    "unscheduled_job",
    "install_at_risk",
    "low_stock",
  ],
  office: [
    "overdue_invoice",
    "overdue_task",
    "expiring_quote",
    "unanswered_quote",
    "unscheduled_job",
    "install_at_risk",
    "low_stock",
  ],
  installer: ["overdue_task", "install_at_risk"],
};

const RANK: Record<AttentionPriority, number> = { high: 0, medium: 1, low: 2 };

/** Spec §9 order: priority high, medium, low, then days overdue descending. */
export function sortAttention(items: AttentionItem[]) {
  return [...items].sort(
    (a, b) => RANK[a.priority] - RANK[b.priority] || b.daysOverdue - a.daysOverdue || a.key.localeCompare(b.key),
  );
}

/** "1 day overdue", "3 days overdue". */
export function overdueText(days: number) {
  return `${days} day${days === 1 ? "" : "s"} overdue`;
}

const UNANSWERED_DAYS = 14;
const EXPIRING_DAYS = 7;
const INSTALL_WINDOW_DAYS = 3;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

// Each kind's statement, read by every Home: built once and run prepared (db/client.server.ts
// reusableSql, docs/decisions/prepared-statements.md); the installer's own-work variants apart.
const value = (name: string) => sql.placeholder(name);
const todayParam = value("today");
const limitParam = value("limit");

const overdueInvoices = reusableSql<{
  id: number;
  number: string;
  title: string;
  customer: string;
  balance: string;
  days: number;
}>(
  "attention_overdue_invoices",
  sql`select i.id, i.invoice_number as number, i.title, c.name as customer, i.balance::text as balance,
        (${todayParam}::date - i.due_date)::int as days
      from invoices i join customers c on c.id = i.customer_id
      where i.balance > 0 and i.status not in ('paid', 'cancelled', 'draft') and i.due_date < ${todayParam}::date
      order by i.due_date asc, i.id asc limit ${limitParam}`,
);

type OverdueTask = {
  id: number;
  title: string;
  priority: string;
  days: number;
  assignee: string | null;
  job: string | null;
};
// The few most pressing tasks first, then their assignee and job: joined before the sort, every
// overdue task (a thousand in the large dataset) had its job looked up.
const overdueTasksSql = (mine: boolean) =>
  sql`select t.id, t.title, t.priority, (${todayParam}::date - t.due_date)::int as days, u.name as assignee,
        j.title as job
      from (select id, title, priority, due_date, assigned_to_user_id, job_id,
                   case priority when 'urgent' then 0 when 'high' then 0 when 'medium' then 1 else 2 end as rank
              from tasks
             where status in ('open', 'in-progress', 'blocked') and due_date < ${todayParam}::date
               ${mine ? sql`and assigned_to_user_id = ${value("userId")}` : sql``}
             order by rank, due_date asc, id asc limit ${limitParam}) t
      left join users u on u.id = t.assigned_to_user_id left join jobs j on j.id = t.job_id
      order by t.rank, t.due_date asc, t.id asc`;
const overdueTasks = reusableSql<OverdueTask>("attention_overdue_tasks", overdueTasksSql(false));
const myOverdueTasks = reusableSql<OverdueTask>("attention_my_overdue_tasks", overdueTasksSql(true));

const expiringQuotes = reusableSql<{ id: number; number: string; customer: string; total: string; days: number }>(
  "attention_expiring_quotes",
  sql`select q.id, q.quote_number as number, c.name as customer, q.total::text as total,
        (q.valid_until - ${todayParam}::date)::int as days
      from quotes q join customers c on c.id = q.customer_id
      where q.status = 'sent' and q.valid_until >= ${todayParam}::date and q.valid_until <= ${value("lastDay")}::date
      order by q.valid_until asc, q.id asc limit ${limitParam}`,
);

const unansweredQuotes = reusableSql<{ id: number; number: string; customer: string; total: string; days: number }>(
  "attention_unanswered_quotes",
  sql`select q.id, q.quote_number as number, c.name as customer, q.total::text as total,
        (${todayParam}::date - (q.sent_at at time zone ${value("timeZone")}::text)::date)::int as days
      from quotes q join customers c on c.id = q.customer_id
      where q.status = 'sent' and q.sent_at < ${value("sentBefore")}::timestamptz
      order by q.sent_at asc, q.id asc limit ${limitParam}`,
);

const unscheduledJobs = reusableSql<{ id: number; title: string; customer: string; days: number }>(
  "attention_unscheduled_jobs",
  sql`select j.id, j.title, c.name as customer,
        (${todayParam}::date - (j.updated_at at time zone ${value("timeZone")}::text)::date)::int as days
      from jobs j join customers c on c.id = j.customer_id
      where j.status = 'approved' and not exists (
        select 1 from schedule_events e where e.job_id = j.id and e.type = 'install' and e.status <> 'cancelled')
      order by j.updated_at asc, j.id asc limit ${limitParam}`,
);

type InstallAtRisk = {
  eventId: number;
  jobId: number;
  title: string;
  customer: string;
  startAt: string;
  unpaid: boolean;
  noMaterials: boolean;
};
// An installer's: installs on jobs they hold a task on, at risk for materials only (no money).
const installsAtRiskSql = (mine: boolean) =>
  sql`select e.id as "eventId", j.id as "jobId", j.title, c.name as customer, e.start_at as "startAt",
        not exists (select 1 from invoices i where i.job_id = j.id and i.paid_total > 0) as unpaid,
        not exists (select 1 from job_material_usages u where u.job_id = j.id) as "noMaterials"
      from schedule_events e join jobs j on j.id = e.job_id join customers c on c.id = j.customer_id
      where e.type = 'install' and e.status = 'scheduled'
        and e.start_at >= ${value("from")}::timestamptz and e.start_at < ${value("to")}::timestamptz
        ${mine ? sql`and exists (select 1 from tasks t where t.job_id = j.id and t.assigned_to_user_id = ${value("userId")})` : sql``}
        and (${mine ? sql`false` : sql`not exists (select 1 from invoices i where i.job_id = j.id and i.paid_total > 0)`}
          or not exists (select 1 from job_material_usages u where u.job_id = j.id))
      order by e.start_at asc, e.id asc limit ${limitParam}`;
const installsAtRisk = reusableSql<InstallAtRisk>("attention_installs_at_risk", installsAtRiskSql(false));
const myInstallsAtRisk = reusableSql<InstallAtRisk>("attention_my_installs_at_risk", installsAtRiskSql(true));

export async function needsAttention(
  db: Executor,
  clock: HomeClock,
  viewer: { role: Role; userId: number },
): Promise<AttentionItem[]> {
  const kinds = new Set(ATTENTION_KINDS[viewer.role]);
  const money = seesMoney(viewer.role);
  // Installers see their own work: tasks assigned to them, installs on jobs they hold a task on.
  const mine = viewer.role === "installer";
  const jobs: Promise<AttentionItem[]>[] = [];

  if (kinds.has("overdue_invoice"))
    jobs.push(
      overdueInvoices(db, { today: clock.today, limit: HOME_LIST_LIMIT }).then((found) =>
        found.map((r) => ({
          key: `invoice-${r.id}`,
          kind: "overdue_invoice" as const,
          priority: "high" as const,
          title: `Invoice ${r.number} overdue`,
          description: `${r.customer} · ${r.title}`,
          daysOverdue: Number(r.days),
          href: `/invoices/${r.id}`,
          customer: r.customer,
          amount: money ? r.balance : null,
        })),
      ),
    );

  if (kinds.has("overdue_task"))
    jobs.push(
      (mine
        ? myOverdueTasks(db, { today: clock.today, limit: HOME_LIST_LIMIT, userId: viewer.userId })
        : overdueTasks(db, { today: clock.today, limit: HOME_LIST_LIMIT })
      ).then((found) =>
        found.map((r) => ({
          key: `task-${r.id}`,
          kind: "overdue_task" as const,
          priority: (r.priority === "urgent" || r.priority === "high"
            ? "high"
            : r.priority === "medium"
              ? "medium"
              : "low") as AttentionPriority,
          title: `Task overdue: ${r.title}`,
          description: [r.job, r.assignee ? `assigned to ${r.assignee}` : "unassigned"].filter(Boolean).join(" · "),
          daysOverdue: Number(r.days),
          href: `/tasks/${r.id}/edit`,
        })),
      ),
    );

  if (kinds.has("expiring_quote"))
    jobs.push(
      expiringQuotes(db, {
        today: clock.today,
        lastDay: addDays(clock.today, EXPIRING_DAYS),
        limit: HOME_LIST_LIMIT,
      }).then((found) =>
        found.map((r) => ({
          key: `expiring-${r.id}`,
          kind: "expiring_quote" as const,
          priority: "medium" as const,
          title: `Quote ${r.number} expires ${Number(r.days) === 0 ? "today" : `in ${plural(Number(r.days), "day")}`}`,
          description: `${r.customer} has not answered yet`,
          daysOverdue: 0,
          href: `/quotes/${r.id}`,
          customer: r.customer,
          amount: money ? r.total : null,
        })),
      ),
    );

  if (kinds.has("unanswered_quote"))
    jobs.push(
      unansweredQuotes(db, {
        today: clock.today,
        timeZone: clock.timeZone,
        sentBefore: dayRange(
          addDays(clock.today, -UNANSWERED_DAYS + 1),
          clock.today,
          clock.timeZone,
        ).from.toISOString(),
        limit: HOME_LIST_LIMIT,
      }).then((found) =>
        found.map((r) => ({
          key: `unanswered-${r.id}`,
          kind: "unanswered_quote" as const,
          priority: "low" as const,
          title: `Quote ${r.number} unanswered for ${plural(Number(r.days), "day")}`,
          description: `Follow up with ${r.customer}`,
          // Overdue counts from the 14th day after sending.
          daysOverdue: Math.max(0, Number(r.days) - UNANSWERED_DAYS),
          href: `/quotes/${r.id}/send?redirectTo=${encodeURIComponent("/")}`,
          customer: r.customer,
          amount: money ? r.total : null,
        })),
      ),
    );

  if (kinds.has("unscheduled_job"))
    jobs.push(
      unscheduledJobs(db, { today: clock.today, timeZone: clock.timeZone, limit: HOME_LIST_LIMIT }).then((found) =>
        found.map((r) => ({
          key: `unscheduled-${r.id}`,
          kind: "unscheduled_job" as const,
          priority: "medium" as const,
          title: `No install scheduled: ${r.title}`,
          description: `${r.customer} · approved, waiting for a date`,
          daysOverdue: 0,
          href: `/schedule/events/new?jobId=${r.id}&install=1`,
          customer: r.customer,
        })),
      ),
    );

  if (kinds.has("install_at_risk")) {
    const window = dayRange(clock.today, addDays(clock.today, INSTALL_WINDOW_DAYS + 1), clock.timeZone);
    const now = (clock.now ?? new Date()).toISOString();
    jobs.push(
      (mine ? myInstallsAtRisk : installsAtRisk)(db, {
        from: now,
        to: window.to.toISOString(),
        userId: viewer.userId,
        limit: HOME_LIST_LIMIT,
      }).then((found) =>
        found.map((r) => ({
          key: `install-${r.eventId}`,
          kind: "install_at_risk" as const,
          priority: "high" as const,
          title: `Install soon: ${r.title}`,
          description: [
            r.customer,
            !mine && r.unpaid ? "deposit unpaid" : null,
            r.noMaterials ? "materials not issued" : null,
          ]
            .filter(Boolean)
            .join(" · "),
          daysOverdue: 0,
          href: `/jobs/${r.jobId}`,
          customer: r.customer,
        })),
      ),
    );
  }

  if (kinds.has("low_stock"))
    jobs.push(
      lowStockItems(db, { limit: HOME_LIST_LIMIT }).then(({ items }) =>
        items.map((r) => ({
          key: `stock-${r.id}`,
          kind: "low_stock" as const,
          // Out of stock or at half the reorder point (inventory's "critical") before merely low.
          priority: (r.level === "low" ? "low" : "medium") as AttentionPriority,
          title: `${r.level === "out" ? "Out of stock" : r.level === "critical" ? "Critical stock" : "Low stock"}: ${r.name}`,
          description: `${trimQty(r.currentStock)} ${r.unit} on hand, reorder point ${trimQty(r.reorderPoint)}`,
          daysOverdue: 0,
          href: "/inventory",
        })),
      ),
    );

  const all = (await Promise.all(jobs)).flat();
  return sortAttention(all).slice(0, HOME_LIST_LIMIT);
}

const trimQty = (q: string) => (q.includes(".") ? q.replace(/0+$/, "").replace(/\.$/, "") : q);
