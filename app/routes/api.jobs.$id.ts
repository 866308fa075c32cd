import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteJob, getJob, jobForRole, updateJob } from "~/models/job.server";
import { JobSchema } from "~/schemas/job";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiPermission(request, "jobs");
  const job = await getJob(await getDb(), requireId(params.id, "Job"));
  return json(jobForRole(requireFound(job, "Job"), user.viewRole));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "jobs", "write");
      const id = requireId(params.id, "Job");
      const input = await parseBody(request, JobSchema);
      const db = await getDb();
      return json(await updateJob(db, id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "jobs", "delete");
      await deleteJob(await getDb(), requireId(params.id, "Job"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
