import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getJob } from "~/models/job.server";
import { jobMaterialCost } from "~/models/inventory.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

// Spec §7: the job's material cost summary, { totalCost } (4 decimals). Money: inventory roles only.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const db = await getDb();
  const job = requireFound(await getJob(db, requireId(params.id, "Job")), "Job");
  return json(await jobMaterialCost(db, job.id));
}
