import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createTask, listTasks } from "~/models/task.server";
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, TaskSchema } from "~/schemas/task";
import { TASK_WHEN, type TaskWhen } from "~/schemas/choices";
import { getSettings } from "~/models/settings.server";
import { businessToday } from "~/utils/dates";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { choiceParam } from "~/utils/ops-api.server";
import { idParam } from "~/utils/params.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "tasks");
  const url = new URL(request.url);
  const db = await getDb();
  const { timeZone } = (await getSettings(db)).system;
  const { rows, total } = await listTasks(db, {
    search: url.searchParams.get("search")?.slice(0, 200) ?? undefined,
    status: choiceParam(url, "status", TASK_STATUSES),
    priority: choiceParam(url, "priority", TASK_PRIORITIES),
    type: choiceParam(url, "type", TASK_TYPES),
    assignedToUserId: idParam(url, "assignedToUserId"),
    assignedToResourceId: idParam(url, "assignedToResourceId"),
    when: choiceParam(url, "when", TASK_WHEN) as TaskWhen | undefined,
    clock: { today: businessToday(timeZone), timeZone },
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "tasks", "write");
  const input = await parseBody(request, TaskSchema);
  const db = await getDb();
  return json(await createTask(db, input), { status: 201 });
}
