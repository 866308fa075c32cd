import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteDialog } from "~/components/delete-dialog";
import { DialogRouteError } from "~/components/dialog-route";
import { deleteAndReturn } from "~/forms/delete.server";
import { deleteTask, getTask } from "~/models/task.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "tasks", "delete");
  const task = requireFound(await getTask(await getDb(), requireId(params.taskId, "Task")), "Task");
  return json({ name: task.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "tasks", "delete");
  const id = requireId(params.taskId, "Task");
  return deleteAndReturn(request, {
    list: "/tasks",
    remove: async () => deleteTask(await getDb(), id),
    done: ({ title }) => ({ title: "Task deleted", description: `${title} has been deleted.` }),
  });
}

export default function DeleteTaskDialog() {
  const { name } = useLoaderData<typeof loader>();
  return <DeleteDialog title="Delete Task" name={name} list="/tasks" note="Its photos stay in Photos." />;
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
