import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { TaskForm } from "~/components/task-form";
import { readPickers } from "~/forms/picker.server";
import { customerPickerScope } from "~/models/customer.server";
import { getJob } from "~/models/job.server";
import { getSettings } from "~/models/settings.server";
import { taskFormOptions } from "~/models/task-options.server";
import { createTask } from "~/models/task.server";
import { TaskSchema } from "~/schemas/task";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS, searchablePickers } from "~/utils/picker";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalReply } from "~/utils/refusal-response.server";

/** Where the dialog returns: the page that opened it (?returnTo=), else the task list. */
function backTo(url: URL) {
  const to = url.searchParams.get("returnTo");
  return to && to.startsWith("/") && !to.startsWith("//") ? to : "/tasks";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const url = new URL(request.url);
  const db = await getDb();
  const jobId = parseRouteId(url.searchParams.get("jobId") ?? undefined);
  const prefill = {
    // A job's "Add task" (the Jobs list's row menu) names the job only: its customer comes with it.
    customerId:
      parseRouteId(url.searchParams.get("customerId") ?? undefined) ??
      (jobId ? ((await getJob(db, jobId))?.customerId ?? null) : null),
    jobId,
    scheduleEventId: parseRouteId(url.searchParams.get("scheduleEventId") ?? undefined),
  };
  const options = await taskFormOptions(
    db,
    (await getSettings(db)).system,
    prefill,
    customerPickerScope(user.viewRole),
  );
  return json({ options: { ...options, searchable: searchablePickers(user.viewRole) }, prefill, back: backTo(url) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const db = await getDb();
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS, customerPickerScope(user.viewRole));
  const submission = parseWithZod(formData, { schema: TaskSchema });
  // A "Find" (no JS) re-renders the form with the values kept.
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const task = await createTask(db, submission.value);
    return redirectWithToast(request, backTo(new URL(request.url)), {
      title: "Task created",
      description: `${task.title} has been created.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers }, { status });
  }
}

export default function NewTask() {
  const { options, prefill, back } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <DialogRoute title="Add Task" closeTo={back} width={600}>
      <TaskForm
        lastResult={data?.result}
        pickers={data?.pickers}
        defaultValue={{ type: "internal", priority: "medium", status: "open", ...prefill }}
        options={options}
        cancelTo={back}
        submitLabel="Create Task"
        pendingLabel="Creating..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
