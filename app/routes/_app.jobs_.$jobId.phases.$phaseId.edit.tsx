import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { PhaseForm } from "~/components/phase-form";
import { getPhase, updatePhase } from "~/models/job-phase.server";
import { getSettings } from "~/models/settings.server";
import { JobPhaseSchema } from "~/schemas/job-phase";
import { requirePermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const phase = await getPhase(await getDb(), requireId(params.jobId, "Job"), requireId(params.phaseId, "Phase"));
  return json({ phase });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const jobId = requireId(params.jobId, "Job");
  const phaseId = requireId(params.phaseId, "Phase");
  const submission = parseWithZod(await request.formData(), { schema: JobPhaseSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const db = await getDb();
    const today = businessToday((await getSettings(db)).system.timeZone);
    const phase = await updatePhase(db, jobId, phaseId, submission.value, today);
    return redirectWithToast(request, `/jobs/${jobId}`, {
      title: "Phase updated",
      description: `${phase.name} has been saved.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function EditPhase() {
  const { phase } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/jobs/${phase.jobId}`;
  const { id: _id, jobId: _job, sortOrder: _order, createdAt: _c, updatedAt: _u, ...values } = phase;
  return (
    <DialogRoute title="Edit Phase" description={phase.name} closeTo={back} width={600}>
      <PhaseForm lastResult={data?.result} defaultValue={values} cancelTo={back} submitLabel="Save Phase" />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
