import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deletePhase, getPhase, updatePhase } from "~/models/job-phase.server";
import { getSettings } from "~/models/settings.server";
import { JobPhaseSchema } from "~/schemas/job-phase";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "jobs");
  return json(await getPhase(await getDb(), requireId(params.id, "Job"), requireId(params.phaseId, "Phase")));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "jobs", "write");
      const jobId = requireId(params.id, "Job");
      const phaseId = requireId(params.phaseId, "Phase");
      const input = await parseBody(request, JobPhaseSchema);
      const db = await getDb();
      const today = businessToday((await getSettings(db)).system.timeZone);
      return json(await updatePhase(db, jobId, phaseId, input, today));
    }
    case "DELETE": {
      await requireApiPermission(request, "jobs", "write");
      await deletePhase(await getDb(), requireId(params.id, "Job"), requireId(params.phaseId, "Phase"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
