import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getJob } from "~/models/job.server";
import { createPhase, listPhases } from "~/models/job-phase.server";
import { getSettings } from "~/models/settings.server";
import { JobPhaseSchema } from "~/schemas/job-phase";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

// A job's phases in order (docs/decisions/job-phases.md).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "jobs");
  const db = await getDb();
  const job = requireFound(await getJob(db, requireId(params.id, "Job")), "Job");
  return json(await listPhases(db, job.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "jobs", "write");
  const jobId = requireId(params.id, "Job");
  const input = await parseBody(request, JobPhaseSchema);
  const db = await getDb();
  const today = businessToday((await getSettings(db)).system.timeZone);
  return json(await createPhase(db, jobId, input, today), { status: 201 });
}
