import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute } from "~/components/dialog-route";
import { TaskForm } from "~/components/task-form";
import { getSettings } from "~/models/settings.server";
import { taskFormOptions } from "~/models/task-options.server";
import { createTask, InvalidLinkError } from "~/models/task.server";
import { TaskSchema } from "~/schemas/task";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Where the dialog returns: the page that opened it (?returnTo=), else the task list. */
function backTo(url: URL) {
  const to = url.searchParams.get("returnTo");
  return to && to.startsWith("/") && !to.startsWith("//") ? to : "/tasks";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "tasks", "write");
  const url = new URL(request.url);
  const db = await getDb();
  const prefill = {
    customerId: parseRouteId(url.searchParams.get("customerId") ?? undefined),
    jobId: parseRouteId(url.searchParams.get("jobId") ?? undefined),
    scheduleEventId: parseRouteId(url.searchParams.get("scheduleEventId") ?? undefined),
  };
  const options = await taskFormOptions(db, (await getSettings(db)).system.timeZone, prefill);
  return json({ options, prefill, back: backTo(url) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "tasks", "write");
  const submission = parseWithZod(await request.formData(), { schema: TaskSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    const task = await createTask(await getDb(), submission.value);
    return redirectWithToast(request, backTo(new URL(request.url)), { title: "Task created", description: `${task.title} has been created.` });
  } catch (error) {
    if (error instanceof InvalidLinkError) return json(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
}

export default function NewTask() {
  const { options, prefill, back } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <DialogRoute title="Add Task" closeTo={back} width={600}>
      <TaskForm
        lastResult={lastResult}
        defaultValue={{ type: "internal", priority: "medium", status: "open", ...prefill }}
        options={options}
        cancelTo={back}
        submitLabel="Create Task"
        pendingLabel="Creating..."
      />
    </DialogRoute>
  );
}
