import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { JobForm } from "~/components/job-form";
import { customerOptions } from "~/models/customer.server";
import { createJob } from "~/models/job.server";
import { readPickers } from "~/forms/picker.server";
import { getSettings } from "~/models/settings.server";
import { jobCreateSchema } from "~/schemas/job";
import { requirePermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";
import { CUSTOMER_PICKER } from "~/utils/picker";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const db = await getDb();
  const customerId = parseRouteId(new URL(request.url).searchParams.get("customerId") ?? undefined);
  const [customers, settings] = await Promise.all([customerOptions(db, { includeId: customerId }), getSettings(db)]);
  return json({ customers, today: businessToday(settings.system.timeZone), customerId });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "jobs", "write");
  const db = await getDb();
  const today = businessToday((await getSettings(db)).system.timeZone);
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_PICKER);
  const submission = parseWithZod(formData, { schema: jobCreateSchema(today) });
  // A "Find" (no JS) re-renders the form with the values kept.
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const job = await createJob(db, submission.value, user.id);
    return redirectWithToast(request, `/jobs/${job.id}`, {
      title: "Job created",
      description: `${job.title} has been created.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers }, { status });
  }
}

export default function NewJob() {
  const { customers, today, customerId } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute title="Add New Job" description="Enter the job details." closeTo={`/jobs${query}`}>
      <JobForm
        lastResult={data?.result}
        pickers={data?.pickers}
        defaultValue={{ status: "quoted", customerId: customerId ?? null }}
        customers={customers}
        minStartDate={today}
        cancelTo={`/jobs${query}`}
        submitLabel="Create Job"
        pendingLabel="Creating..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
