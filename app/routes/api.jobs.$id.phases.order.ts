import { json, type ActionFunctionArgs } from "@remix-run/node";
import { reorderPhases } from "~/models/job-phase.server";
import { PhaseOrderSchema } from "~/schemas/job-phase";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

/** PUT {ids: [...]}: the job's phases in their new order (every id once); answers the ordered list. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireApiPermission(request, "jobs", "write");
  const jobId = requireId(params.id, "Job");
  const { ids } = await parseBody(request, PhaseOrderSchema);
  return json(await reorderPhases(await getDb(), jobId, ids));
}
