import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getJob } from "~/models/job.server";
import { jobMaterials, materialsForRole } from "~/models/inventory.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

// Spec §7: a job's usage records. Installers read jobs: they get quantities, never costs.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiPermission(request, "jobs");
  const db = await getDb();
  const job = requireFound(await getJob(db, requireId(params.id, "Job")), "Job");
  return json(materialsForRole(await jobMaterials(db, job.id), user.viewRole));
}
