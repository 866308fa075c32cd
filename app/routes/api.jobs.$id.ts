import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteJob, getJob, jobForRole, updateJob } from "~/models/job.server";
import { JobSchema } from "~/schemas/job";
import { apiError, methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { badLinksAre400 } from "~/utils/ops-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiPermission(request, "jobs");
  const job = await getJob(await getDb(), requireId(params.id, "Job"));
  return job ? json(jobForRole(job, user.viewRole)) : apiError(404, "Job not found");
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "jobs", "write");
      const id = requireId(params.id, "Job");
      const input = await parseBody(request, JobSchema);
      const db = await getDb();
      const job = await badLinksAre400(() => updateJob(db, id, input));
      return job ? json(job) : apiError(404, "Job not found");
    }
    case "DELETE": {
      await requireApiPermission(request, "jobs", "delete");
      const result = await deleteJob(await getDb(), requireId(params.id, "Job"));
      if (!result.ok) return apiError(result.status, result.message);
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
