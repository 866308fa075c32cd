import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { PhaseForm } from "~/components/phase-form";
import { getJob } from "~/models/job.server";
import { createPhase } from "~/models/job-phase.server";
import { getSettings } from "~/models/settings.server";
import { JobPhaseSchema } from "~/schemas/job-phase";
import { requirePermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const job = requireFound(await getJob(await getDb(), requireId(params.jobId, "Job")), "Job");
  return json({ jobId: job.id, jobTitle: job.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const jobId = requireId(params.jobId, "Job");
  const submission = parseWithZod(await request.formData(), { schema: JobPhaseSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const db = await getDb();
    const today = businessToday((await getSettings(db)).system.timeZone);
    const phase = await createPhase(db, jobId, submission.value, today);
    return redirectWithToast(request, `/jobs/${jobId}`, {
      title: "Phase added",
      description: `${phase.name} has been added.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply }, { status });
  }
}

export default function NewPhase() {
  const { jobId, jobTitle } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const back = `/jobs/${jobId}`;
  return (
    <DialogRoute title="Add Phase" description={jobTitle} closeTo={back} width={600}>
      <PhaseForm lastResult={data?.result} cancelTo={back} submitLabel="Add Phase" />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
