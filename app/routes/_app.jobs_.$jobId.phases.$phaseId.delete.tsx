import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteDialog } from "~/components/delete-dialog";
import { DialogRouteError } from "~/components/dialog-route";
import { deleteAndReturn } from "~/forms/delete.server";
import { deletePhase, getPhase } from "~/models/job-phase.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const phase = await getPhase(await getDb(), requireId(params.jobId, "Job"), requireId(params.phaseId, "Phase"));
  return json({ name: phase.name, jobId: phase.jobId });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const jobId = requireId(params.jobId, "Job");
  const phaseId = requireId(params.phaseId, "Phase");
  return deleteAndReturn(request, {
    list: `/jobs/${jobId}`,
    remove: async () => deletePhase(await getDb(), jobId, phaseId),
    done: ({ name }) => ({ title: "Phase deleted", description: `${name} has been deleted.` }),
  });
}

export default function DeletePhaseDialog() {
  const { name, jobId } = useLoaderData<typeof loader>();
  return <DeleteDialog title="Delete Phase" name={name} list={`/jobs/${jobId}`} />;
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
