// The one place that reads and writes tasks (pages, /api and the installer's Home).
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { customers, jobs, resources, scheduleEvents, tasks, users } from "../../db/schema";
import type { TaskInput } from "../schemas/task";
import { OPEN_TASK_STATUSES, type TaskWhen } from "../schemas/choices";
import { logActivity } from "./activity.server";
import { heldBy } from "./job.server";
import { containsPattern } from "../utils/search.server";
import { invalid, requireFound } from "../utils/refusal.server";
import { addDays, dayRange, weekStart } from "../utils/dates";

export type Task = typeof tasks.$inferSelect;

export type TaskFilters = {
  search?: string;
  status?: string;
  priority?: string;
  type?: string;
  assignedToUserId?: number;
  assignedToResourceId?: number;
  /** Due or done when (TASK_WHEN), against the business day `clock` names. */
  when?: TaskWhen | "";
  clock?: { today: string; timeZone: string };
};

/** Spec §4: overdue = due date before business today and status not done or cancelled. */
export function isOverdue(task: { dueDate: string | null; status: string }, today: string) {
  return !!task.dueDate && task.dueDate < today && task.status !== "done" && task.status !== "cancelled";
}

const listColumns = {
  ...getTableColumns(tasks),
  customerName: customers.name,
  jobTitle: jobs.title,
  assignedUserName: users.name,
  assignedResourceName: resources.name,
};

function filterWhere(f: TaskFilters) {
  const conditions: (SQL | undefined)[] = [];
  const term = f.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(tasks.title, pattern), ilike(tasks.description, pattern)));
  }
  if (f.status && f.status !== "all") conditions.push(eq(tasks.status, f.status));
  if (f.priority && f.priority !== "all") conditions.push(eq(tasks.priority, f.priority));
  if (f.type && f.type !== "all") conditions.push(eq(tasks.type, f.type));
  if (f.assignedToUserId) conditions.push(eq(tasks.assignedToUserId, f.assignedToUserId));
  if (f.assignedToResourceId) conditions.push(eq(tasks.assignedToResourceId, f.assignedToResourceId));
  if (f.when && f.clock) conditions.push(whenCondition(f.when, f.clock));
  return and(...conditions);
}

/** The same days as the installer's counters (Tasks Today, Completed Today) and isOverdue. */
function whenCondition(when: TaskWhen, { today, timeZone }: { today: string; timeZone: string }) {
  const notCancelled = ne(tasks.status, "cancelled");
  const monday = weekStart(today);
  const doneWithin = (from: string, to: string) => {
    const range = dayRange(from, to, timeZone);
    return and(eq(tasks.status, "done"), gte(tasks.completedAt, range.from), lt(tasks.completedAt, range.to));
  };
  switch (when) {
    case "overdue":
      return and(lt(tasks.dueDate, today), inArray(tasks.status, OPEN_TASK_STATUSES));
    case "today":
      return and(eq(tasks.dueDate, today), notCancelled);
    case "week":
      return and(gte(tasks.dueDate, monday), lte(tasks.dueDate, addDays(monday, 6)), notCancelled);
    case "done-today":
      return doneWithin(today, addDays(today, 1));
    case "done-week":
      return doneWithin(monday, addDays(monday, 7));
  }
}

function joined(db: Executor) {
  return db
    .select(listColumns)
    .from(tasks)
    .leftJoin(customers, eq(customers.id, tasks.customerId))
    .leftJoin(jobs, eq(jobs.id, tasks.jobId))
    .leftJoin(users, eq(users.id, tasks.assignedToUserId))
    .leftJoin(resources, eq(resources.id, tasks.assignedToResourceId));
}

export async function listTasks(db: Executor, filters: TaskFilters & { limit: number; offset: number }) {
  const where = filterWhere(filters);
  const [rows, [{ total }]] = await Promise.all([
    joined(db).where(where).orderBy(desc(tasks.createdAt), desc(tasks.id)).limit(filters.limit).offset(filters.offset),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function getTask(db: Executor, id: number) {
  const [row] = await joined(db).where(eq(tasks.id, id));
  return row ?? null;
}

/** Links must name existing records; a job's customer fills an empty customer. */
async function toColumns(db: Executor, input: TaskInput) {
  const checks: [string, number | undefined, () => Promise<unknown[]>][] = [
    [
      "Customer",
      input.customerId,
      () => db.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId!)),
    ],
    [
      "Job",
      input.jobId,
      () => db.select({ id: jobs.id, customerId: jobs.customerId }).from(jobs).where(eq(jobs.id, input.jobId!)),
    ],
    [
      "Schedule event",
      input.scheduleEventId,
      () =>
        db.select({ id: scheduleEvents.id }).from(scheduleEvents).where(eq(scheduleEvents.id, input.scheduleEventId!)),
    ],
    [
      "Assigned user",
      input.assignedToUserId,
      () => db.select({ id: users.id }).from(users).where(eq(users.id, input.assignedToUserId!)),
    ],
    [
      "Assigned resource",
      input.assignedToResourceId,
      () => db.select({ id: resources.id }).from(resources).where(eq(resources.id, input.assignedToResourceId!)),
    ],
  ];
  let jobCustomer: number | undefined;
  for (const [label, value, query] of checks) {
    if (value === undefined) continue;
    const found = (await query()) as { customerId?: number }[];
    if (!found.length) throw invalid(`${label} not found`);
    if (label === "Job") jobCustomer = found[0].customerId;
  }
  return {
    title: input.title,
    description: input.description ?? null,
    type: input.type,
    priority: input.priority,
    status: input.status,
    dueDate: input.dueDate ?? null,
    customerId: input.customerId ?? jobCustomer ?? null,
    jobId: input.jobId ?? null,
    scheduleEventId: input.scheduleEventId ?? null,
    assignedToUserId: input.assignedToUserId ?? null,
    assignedToResourceId: input.assignedToResourceId ?? null,
    estimatedHours: input.estimatedHours ?? null,
    actualHours: input.actualHours ?? null,
    notes: input.notes ?? null,
  };
}

export async function createTask(db: Executor, input: TaskInput) {
  const values = await toColumns(db, input);
  const [row] = await db
    .insert(tasks)
    .values({ ...values, completedAt: values.status === "done" ? new Date() : null })
    .returning();
  return row;
}

export async function updateTask(db: Executor, id: number, input: TaskInput) {
  const values = await toColumns(db, input);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: tasks.status, completedAt: tasks.completedAt })
      .from(tasks)
      .where(eq(tasks.id, id))
      .for("update");
    requireFound(current, "Task");
    // completedAt marks the moment it became done; leaving done clears it.
    const completedAt =
      values.status === "done" ? (current.status === "done" ? (current.completedAt ?? new Date()) : new Date()) : null;
    const [row] = await tx
      .update(tasks)
      .set({ ...values, completedAt, updatedAt: new Date() })
      .where(eq(tasks.id, id))
      .returning();
    return row;
  });
}

/** The Complete action: status done and completedAt now (idempotent for a done task). */
export async function completeTask(db: Executor, id: number, actorId?: number) {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(tasks).where(eq(tasks.id, id)).for("update");
    const current = requireFound(found, "Task");
    if (current.status === "done") return current;
    const [row] = await tx
      .update(tasks)
      .set({ status: "done", completedAt: new Date(), updatedAt: new Date() })
      .where(eq(tasks.id, id))
      .returning();
    await logActivity(tx, {
      type: "task_completed",
      title: "Task completed",
      description: row.title,
      customerId: row.customerId,
      jobId: row.jobId,
      userId: actorId,
    });
    return row;
  });
}

export async function deleteTask(db: Executor, id: number) {
  const [row] = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id, title: tasks.title });
  return requireFound(row, "Task");
}

/**
 * The installer's day (spec: Home → Installer; one vocabulary, 'done'): tasks assigned to the user
 * due today and not cancelled, jobs in progress (all of them: the spec's counter), the user's tasks
 * done today (business time zone), the open list with today's and overdue tasks first, and the
 * jobs in progress the user holds a task on (My Current Jobs).
 */
// The installer's Home, read on every visit: its statements built once, run prepared
// (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md).
const installerFigures = reusableStatement("installer_figures", (db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      tasksToday: sql<number>`(select count(*) from ${tasks} where ${tasks.assignedToUserId} = ${userId} and ${tasks.dueDate} = ${sql.placeholder("today")}::date and ${tasks.status} <> 'cancelled')::int`,
      activeJobs: sql<number>`(select count(*) from ${jobs} where ${jobs.status} = 'in-progress')::int`,
      completedToday: sql<number>`(select count(*) from ${tasks} where ${tasks.assignedToUserId} = ${userId} and ${tasks.status} = 'done' and ${tasks.completedAt} >= ${sql.placeholder("from")}::timestamptz and ${tasks.completedAt} < ${sql.placeholder("to")}::timestamptz)::int`,
    })
    .from(sql`(select 1) as one`);
});
// What the Home shows of each task (not the list's every column: it travels to the page).
const installerOpenTasks = reusableStatement("installer_open_tasks", (db) =>
  db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      jobId: tasks.jobId,
      jobTitle: jobs.title,
    })
    .from(tasks)
    .leftJoin(jobs, eq(jobs.id, tasks.jobId))
    .where(and(eq(tasks.assignedToUserId, sql.placeholder("userId")), inArray(tasks.status, OPEN_TASK_STATUSES)))
    // Overdue and due today first, then by due date, undated last: due-date order is exactly
    // that, and the open-tasks index reads it (tasks_open_by_assignee_due_idx).
    .orderBy(
      sql`${tasks.dueDate} asc nulls last`,
      sql`case ${tasks.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`,
      asc(tasks.id),
    )
    .limit(20),
);
// My Current Jobs: the jobs in progress the installer holds a task on (as Needs Attention's installs
// and the Quick Actions' "my jobs"), oldest start first. PostgreSQL reads the user's tasks first
// when they have few (tasks_assigned_user_idx), else the jobs in progress by start date, each
// checked for a task of theirs (tasks_job_idx) until ten are found.
const myJobsInProgress = reusableStatement("my_jobs_in_progress", (db) =>
  db
    .select({
      id: jobs.id,
      title: jobs.title,
      customerName: customers.name,
      startDate: jobs.startDate,
      status: jobs.status,
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(and(eq(jobs.status, "in-progress"), heldBy(sql.placeholder("userId"))))
    .orderBy(asc(jobs.startDate), asc(jobs.id))
    .limit(10),
);

export async function installerDay(db: Executor, userId: number, today: string, dayStart: Date, dayEnd: Date) {
  const [[figures], myTasks, currentJobs] = await Promise.all([
    installerFigures(db, { userId, today, from: dayStart.toISOString(), to: dayEnd.toISOString() }),
    installerOpenTasks(db, { userId }),
    myJobsInProgress(db, { userId }),
  ]);
  return {
    tasksToday: Number(figures.tasksToday),
    activeJobs: Number(figures.activeJobs),
    completedToday: Number(figures.completedToday),
    myTasks,
    currentJobs,
  };
}
