import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteTask, getTask, updateTask } from "~/models/task.server";
import { TaskSchema } from "~/schemas/task";
import { apiError, methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { badLinksAre400 } from "~/utils/ops-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "tasks");
  const task = await getTask(await getDb(), requireId(params.id, "Task"));
  return task ? json(task) : apiError(404, "Task not found");
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "tasks", "write");
      const id = requireId(params.id, "Task");
      const input = await parseBody(request, TaskSchema);
      const db = await getDb();
      const task = await badLinksAre400(() => updateTask(db, id, input));
      return task ? json(task) : apiError(404, "Task not found");
    }
    case "DELETE": {
      await requireApiPermission(request, "tasks", "delete");
      const task = await deleteTask(await getDb(), requireId(params.id, "Task"));
      return task ? new Response(null, { status: 204 }) : apiError(404, "Task not found");
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
