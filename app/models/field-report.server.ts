// The installer's Quick Actions on Home (issue 14 item 3; docs/decisions/dashboards.md): Report
// Issue and Request Materials create tasks on the job; Update Progress sets the job's status (and a
// phase's) with a note. Each writes the activity log in the same transaction.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { customers, jobPhases, jobs, tasks } from "../../db/schema";
import { statusStamps } from "./job-phase.server";
import type { ReportIssueInput, RequestMaterialsInput, UpdateProgressInput } from "../schemas/field-report";
import { invalid, requireFound } from "../utils/refusal.server";
import { OPEN_JOB_STATUSES, PICKER_LIMIT } from "../utils/picker";
import { OPEN_TASK_STATUSES } from "../schemas/choices";
import { logActivity } from "./activity.server";

/**
 * Jobs an installer reports on, approved or in progress: those they have an open task on first,
 * then the newest others, each group by title, `limit` in all — and `asked` (the job a job page's
 * link names, `?jobId=`) whenever it is approved or in progress, even past the cut, so the link
 * always opens the form on its job. Two short reads off indexes (the installer's open tasks; jobs
 * by creation), not an ordering of every open job (10,606 of them on the large dataset: ~40 ms).
 */
export async function fieldJobs(
  db: Executor,
  userId: number,
  // As every record picker's list before a search (its Find and type-ahead reach the rest).
  { asked = null, limit = PICKER_LIMIT }: { asked?: number | null; limit?: number } = {},
) {
  const columns = {
    id: jobs.id,
    title: jobs.title,
    status: jobs.status,
    customerId: jobs.customerId,
    customerName: customers.name,
  };
  const active = inArray(jobs.status, OPEN_JOB_STATUSES);
  const [mine, newest] = await Promise.all([
    db
      .selectDistinct(columns)
      .from(tasks)
      .innerJoin(jobs, eq(jobs.id, tasks.jobId))
      .innerJoin(customers, eq(customers.id, jobs.customerId))
      .where(and(eq(tasks.assignedToUserId, userId), inArray(tasks.status, OPEN_TASK_STATUSES), active))
      .orderBy(asc(jobs.title), asc(jobs.id))
      .limit(limit),
    db
      .select(columns)
      .from(jobs)
      .innerJoin(customers, eq(customers.id, jobs.customerId))
      .where(active)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit),
  ]);
  const theirs = new Set(mine.map((j) => j.id));
  const others = newest.filter((j) => !theirs.has(j.id)).sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  const found = [...mine, ...others].slice(0, limit);
  if (asked === null || found.some((j) => j.id === asked)) return found;
  const [extra] = await db
    .select(columns)
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(and(eq(jobs.id, asked), active));
  return extra ? [extra, ...found] : found;
}

export async function jobPhasesOf(db: Executor, jobId: number) {
  return db
    .select({ id: jobPhases.id, name: jobPhases.name, status: jobPhases.status })
    .from(jobPhases)
    .where(eq(jobPhases.jobId, jobId))
    .orderBy(asc(jobPhases.sortOrder), asc(jobPhases.id));
}

async function requireOpenJob(db: Executor, jobId: number) {
  const [job] = await db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status, customerId: jobs.customerId, notes: jobs.notes })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw invalid("Job not found", "jobId");
  if (job.status === "cancelled") throw invalid("This job is cancelled", "jobId");
  return job;
}

/** Report Issue: a task of type issue on the job, for the office to see (unassigned). */
export async function reportIssue(db: Executor, input: ReportIssueInput, actor: { id: number; name: string }) {
  return db.transaction(async (tx) => {
    const job = await requireOpenJob(tx, input.jobId);
    const [task] = await tx
      .insert(tasks)
      .values({
        title: input.title,
        description: input.description
          ? `${input.description}\n\nReported by ${actor.name}.`
          : `Reported by ${actor.name}.`,
        type: "issue",
        priority: input.priority,
        status: "open",
        jobId: job.id,
        customerId: job.customerId,
      })
      .returning();
    await logActivity(tx, {
      type: "issue_reported",
      title: `Issue reported: ${input.title}`,
      description: job.title,
      jobId: job.id,
      customerId: job.customerId,
      userId: actor.id,
    });
    return { task, job };
  });
}

/** "4 × Birch ply 3/4"" lines, trailing zeros of the quantity dropped. */
export function materialLines(items: { name: string; quantity: string }[]) {
  return items.map((i) => `${i.quantity.includes(".") ? i.quantity.replace(/\.?0+$/, "") : i.quantity} × ${i.name}`);
}

/** Request Materials: a task of type materials for the office, naming each item and quantity. */
export async function requestMaterials(
  db: Executor,
  input: RequestMaterialsInput,
  actor: { id: number; name: string },
) {
  return db.transaction(async (tx) => {
    const job = await requireOpenJob(tx, input.jobId);
    const lines = materialLines(input.items);
    const [task] = await tx
      .insert(tasks)
      .values({
        title: `Materials for ${job.title}: ${lines.length} item${lines.length === 1 ? "" : "s"}`.slice(0, 300),
        description: [
          ...lines.map((l) => `- ${l}`),
          input.notes ? `\n${input.notes}` : null,
          `\nRequested by ${actor.name}.`,
        ]
          .filter(Boolean)
          .join("\n"),
        type: "materials",
        priority: "high",
        status: "open",
        dueDate: input.neededBy ?? null,
        jobId: job.id,
        customerId: job.customerId,
      })
      .returning();
    await logActivity(tx, {
      type: "materials_requested",
      title: `Materials requested for ${job.title}`,
      description: lines.join(", ").slice(0, 500),
      jobId: job.id,
      customerId: job.customerId,
      userId: actor.id,
    });
    return { task, job, lines };
  });
}

/**
 * Update Progress: the job's status (approved, in progress, completed; completing sets the
 * completion date when empty), optionally a phase's status, and a dated note appended to the job's
 * notes and written to the activity log.
 */
export async function updateProgress(
  db: Executor,
  input: UpdateProgressInput,
  actor: { id: number; name: string },
  today: string,
) {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(jobs).where(eq(jobs.id, input.jobId)).for("update");
    const job = requireFound(locked, "Job");
    if (job.status === "cancelled") throw invalid("This job is cancelled", "jobId");
    let phaseName: string | null = null;
    if (input.phaseId) {
      const [phase] = await tx
        .update(jobPhases)
        .set({ status: input.phaseStatus, ...statusStamps(input.phaseStatus, today), updatedAt: new Date() })
        .where(and(eq(jobPhases.id, input.phaseId), eq(jobPhases.jobId, job.id)))
        .returning({ name: jobPhases.name });
      if (!phase) throw invalid("That phase is not part of this job", "phaseId");
      phaseName = phase.name;
    }
    const line = `${today} · ${actor.name}: ${input.note}`;
    const notes = job.notes ? `${job.notes}\n${line}` : line;
    const [updated] = await tx
      .update(jobs)
      .set({
        status: input.status,
        // The job form keeps notes to 5,000 characters: the oldest lines give way.
        notes: notes.slice(-5000),
        completionDate: input.status === "completed" ? (job.completionDate ?? today) : job.completionDate,
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, job.id))
      .returning();
    await logActivity(tx, {
      type: "job_progress",
      title: `Progress on ${job.title}`,
      description: [
        job.status !== input.status ? `${job.status} → ${input.status}` : null,
        phaseName ? `${phaseName}: ${input.phaseStatus}` : null,
        input.note,
      ]
        .filter(Boolean)
        .join(" · ")
        .slice(0, 1000),
      jobId: job.id,
      customerId: job.customerId,
      userId: actor.id,
    });
    return updated;
  });
}
