// Job phases (spec §3 job_phases; docs/decisions/job-phases.md): the ordered stages of a job with
// planned and actual dates. Starting a phase stamps its actual start, completing it its actual end
// (each only when empty); the job's progress is the phase it is in.
import { and, asc, eq, sql } from "drizzle-orm";
import { jobPhases, jobs } from "../../db/schema";
import type { JobPhaseInput, PhaseStatus } from "~/schemas/job-phase";
import type { Executor } from "~/utils/db.server";
import { invalid, requireFound } from "~/utils/refusal.server";

export type JobPhase = typeof jobPhases.$inferSelect;

const inOrder = [asc(jobPhases.sortOrder), asc(jobPhases.id)];

export function listPhases(db: Executor, jobId: number) {
  return db
    .select()
    .from(jobPhases)
    .where(eq(jobPhases.jobId, jobId))
    .orderBy(...inOrder);
}

export async function getPhase(db: Executor, jobId: number, phaseId: number) {
  const [row] = await db
    .select()
    .from(jobPhases)
    .where(and(eq(jobPhases.id, phaseId), eq(jobPhases.jobId, jobId)));
  return requireFound(row, "Phase");
}

/** Locks the job row: phase writes of one job run one at a time (their order stays whole). */
async function lockJob(tx: Executor, jobId: number) {
  const [job] = await tx.select({ id: jobs.id, title: jobs.title }).from(jobs).where(eq(jobs.id, jobId)).for("update");
  return requireFound(job, "Job");
}

/**
 * The dates a status change stamps: moving to in progress or done sets the actual start when empty,
 * done also the actual end; what was typed is kept. Also used by the installer's Update Progress.
 */
export function statusStamps(status: PhaseStatus, today: string) {
  if (status === "planned") return {};
  return {
    actualStart: sql<string>`coalesce(${jobPhases.actualStart}, ${today}::date)`,
    ...(status === "done" ? { actualEnd: sql<string>`coalesce(${jobPhases.actualEnd}, ${today}::date)` } : {}),
  };
}

/** The row's values from the form or API; a started or done phase gets today where its dates are empty. */
function columns(input: JobPhaseInput, today: string, current?: Pick<JobPhase, "actualStart" | "actualEnd">) {
  const started = input.status !== "planned";
  return {
    name: input.name,
    status: input.status,
    plannedStart: input.plannedStart ?? null,
    plannedEnd: input.plannedEnd ?? null,
    actualStart: input.actualStart ?? (started ? (current?.actualStart ?? today) : null),
    actualEnd: input.actualEnd ?? (input.status === "done" ? (current?.actualEnd ?? today) : null),
    notes: input.notes ?? null,
  };
}

export async function createPhase(db: Executor, jobId: number, input: JobPhaseInput, today: string) {
  return db.transaction(async (tx) => {
    await lockJob(tx, jobId);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${jobPhases.sortOrder}) + 1, 0)::int` })
      .from(jobPhases)
      .where(eq(jobPhases.jobId, jobId));
    const [phase] = await tx
      .insert(jobPhases)
      .values({ jobId, sortOrder: next, ...columns(input, today) })
      .returning();
    return phase;
  });
}

export async function updatePhase(db: Executor, jobId: number, phaseId: number, input: JobPhaseInput, today: string) {
  return db.transaction(async (tx) => {
    await lockJob(tx, jobId);
    const current = await getPhase(tx, jobId, phaseId);
    const [phase] = await tx
      .update(jobPhases)
      .set({ ...columns(input, today, current), updatedAt: new Date() })
      .where(eq(jobPhases.id, phaseId))
      .returning();
    return phase;
  });
}

/** Start (in progress) or complete (done) a phase, or put it back to planned. */
export async function setPhaseStatus(db: Executor, jobId: number, phaseId: number, status: PhaseStatus, today: string) {
  const [phase] = await db
    .update(jobPhases)
    .set({ status, ...statusStamps(status, today), updatedAt: new Date() })
    .where(and(eq(jobPhases.id, phaseId), eq(jobPhases.jobId, jobId)))
    .returning();
  return requireFound(phase, "Phase");
}

export async function deletePhase(db: Executor, jobId: number, phaseId: number) {
  const [row] = await db
    .delete(jobPhases)
    .where(and(eq(jobPhases.id, phaseId), eq(jobPhases.jobId, jobId)))
    .returning({ id: jobPhases.id, name: jobPhases.name });
  return requireFound(row, "Phase");
}

async function writeOrder(tx: Executor, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await tx.update(jobPhases).set({ sortOrder: index }).where(eq(jobPhases.id, id));
  }
}

/** Moves a phase one place up or down (the page's arrows); the order is renumbered 0…n-1. */
export async function movePhase(db: Executor, jobId: number, phaseId: number, direction: "up" | "down") {
  return db.transaction(async (tx) => {
    await lockJob(tx, jobId);
    const ids = (await listPhases(tx, jobId)).map((p) => p.id);
    const at = ids.indexOf(phaseId);
    if (at < 0) requireFound(null, "Phase");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to], ids[at]];
    await writeOrder(tx, ids);
    return listPhases(tx, jobId);
  });
}

/** Sets the whole order at once (the API): `ids` must name every phase of the job exactly once. */
export async function reorderPhases(db: Executor, jobId: number, ids: number[]) {
  return db.transaction(async (tx) => {
    await lockJob(tx, jobId);
    const current = (await listPhases(tx, jobId)).map((p) => p.id);
    const given = new Set(ids);
    if (given.size !== ids.length) throw invalid("Each phase may appear only once", "ids");
    if (ids.length !== current.length || current.some((id) => !given.has(id)))
      throw invalid(`Give all ${current.length} of this job's phase ids, each once`, "ids");
    await writeOrder(tx, ids);
    return listPhases(tx, jobId);
  });
}

export type PhaseProgress = {
  total: number;
  done: number;
  /** The phase the job is in: the first in progress, else the first not done; null when all are done. */
  current: { name: string; status: string; position: number } | null;
};

export function phaseProgress(phases: Pick<JobPhase, "name" | "status">[]): PhaseProgress {
  const done = phases.filter((p) => p.status === "done").length;
  let at = phases.findIndex((p) => p.status === "in-progress");
  if (at < 0) at = phases.findIndex((p) => p.status !== "done");
  return {
    total: phases.length,
    done,
    current: at < 0 ? null : { name: phases[at].name, status: phases[at].status, position: at + 1 },
  };
}
