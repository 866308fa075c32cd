import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute } from "~/components/dialog-route";
import { TaskForm } from "~/components/task-form";
import { readPickers } from "~/forms/picker.server";
import { customerPickerScope } from "~/models/customer.server";
import { getSettings } from "~/models/settings.server";
import { taskFormOptions } from "~/models/task-options.server";
import { getTask, InvalidLinkError, updateTask } from "~/models/task.server";
import { TaskSchema } from "~/schemas/task";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS, searchablePickers } from "~/utils/picker";
import { redirectWithToast } from "~/utils/toast.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const db = await getDb();
  const task = await getTask(db, requireRouteId(params.taskId, "Task"));
  if (!task) throw new Response("Task not found", { status: 404 });
  const options = await taskFormOptions(
    db,
    (await getSettings(db)).system.timeZone,
    task,
    customerPickerScope(user.viewRole),
  );
  return json({ task, options: { ...options, searchable: searchablePickers(user.viewRole) } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const id = requireRouteId(params.taskId, "Task");
  const db = await getDb();
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS, customerPickerScope(user.viewRole));
  const submission = parseWithZod(formData, { schema: TaskSchema });
  // A "Find" (no JS) re-renders the form with the values kept.
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const task = await updateTask(db, id, submission.value);
    if (!task) throw new Response("Task not found", { status: 404 });
    return redirectWithToast(request, `/tasks${new URL(request.url).search}`, {
      title: "Task updated",
      description: `${task.title} has been updated.`,
    });
  } catch (error) {
    if (error instanceof InvalidLinkError)
      return json({ result: submission.reply({ formErrors: [error.message] }), pickers }, { status: 400 });
    throw error;
  }
}

export default function EditTask() {
  const { task, options } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute title="Edit Task" description={task.title} closeTo={`/tasks${query}`} width={600}>
      <TaskForm
        lastResult={data?.result}
        pickers={data?.pickers}
        defaultValue={{ ...task, completedAt: undefined, createdAt: undefined, updatedAt: undefined }}
        options={options}
        cancelTo={`/tasks${query}`}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}
