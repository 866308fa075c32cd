import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteTask, getTask, updateTask } from "~/models/task.server";
import { TaskSchema } from "~/schemas/task";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "tasks");
  const task = await getTask(await getDb(), requireId(params.id, "Task"));
  return json(requireFound(task, "Task"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "tasks", "write");
      const id = requireId(params.id, "Task");
      const input = await parseBody(request, TaskSchema);
      const db = await getDb();
      return json(await updateTask(db, id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "tasks", "delete");
      await deleteTask(await getDb(), requireId(params.id, "Task"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
