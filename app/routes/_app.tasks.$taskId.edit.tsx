import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { TaskForm } from "~/components/task-form";
import { readPickers } from "~/forms/picker.server";
import { customerPickerScope } from "~/models/customer.server";
import { getSettings } from "~/models/settings.server";
import { taskFormOptions } from "~/models/task-options.server";
import { getTask, updateTask } from "~/models/task.server";
import { TaskSchema } from "~/schemas/task";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS, searchablePickers } from "~/utils/picker";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFound } from "~/utils/refusal.server";
import { refusalReply } from "~/utils/refusal-response.server";

/** Opened from a page (a job, Home) with `returnTo`: back there; else the list with its query. */
function backTo(url: URL) {
  const returnTo = url.searchParams.get("returnTo");
  return returnTo ? safeRedirect(returnTo, "/tasks") : `/tasks${url.search}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const db = await getDb();
  const task = requireFound(await getTask(db, requireId(params.taskId, "Task")), "Task");
  const options = await taskFormOptions(db, (await getSettings(db)).system, task, customerPickerScope(user.viewRole));
  return json({
    task,
    options: { ...options, searchable: searchablePickers(user.viewRole) },
    back: backTo(new URL(request.url)),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const id = requireId(params.taskId, "Task");
  const db = await getDb();
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS, customerPickerScope(user.viewRole));
  const submission = parseWithZod(formData, { schema: TaskSchema });
  // A "Find" (no JS) re-renders the form with the values kept.
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const task = await updateTask(db, id, submission.value);
    return redirectWithToast(request, backTo(new URL(request.url)), {
      title: "Task updated",
      description: `${task.title} has been updated.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers }, { status });
  }
}

export default function EditTask() {
  const { task, options, back } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <DialogRoute title="Edit Task" description={task.title} closeTo={back} width={600}>
      <TaskForm
        lastResult={data?.result}
        pickers={data?.pickers}
        defaultValue={{ ...task, completedAt: undefined, createdAt: undefined, updatedAt: undefined }}
        options={options}
        cancelTo={back}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
