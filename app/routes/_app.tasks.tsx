import { Pencil1Icon } from "@radix-ui/react-icons";
import { Badge, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { IconLink } from "~/components/icon-link";
import { FastLink } from "~/components/fast-link";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { ListCard, ListPage } from "~/components/list-page";
import { PriorityBadge, StatusBadge } from "~/components/status-badge";
import { CompleteTaskForm } from "~/components/task-form";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { getSettings } from "~/models/settings.server";
import { completeTask, isOverdue, listTasks } from "~/models/task.server";
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from "~/schemas/task";
import { requirePermission } from "~/utils/auth.server";
import { businessToday, formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter } from "~/utils/list-search";
import { requireListSearch } from "~/utils/list-search.server";
import { parseRouteId } from "~/utils/params.server";
import { can } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Tasks · Cabinetry Jobs" }];

const filters = {
  status: choiceFilter(TASK_STATUSES),
  priority: choiceFilter(TASK_PRIORITIES),
  type: choiceFilter(TASK_TYPES),
};
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "tasks", filters);
  const db = await getDb();
  const [{ rows, total }, settings] = await Promise.all([listTasks(db, list), getSettings(db)]);
  const today = businessToday(settings.system.timeZone);
  return json({
    tasks: rows.map((t) => ({ ...t, overdue: isOverdue(t, today) })),
    total,
    list,
    canWrite: can(user.viewRole, "tasks", "write"),
  });
}

/** The list's Complete buttons post here (intent=complete). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const form = await request.formData();
  const back = `/tasks${new URL(request.url).search}`;
  if (form.get("intent") !== "complete") return json({ error: "Unknown action" }, { status: 400 });
  const id = parseRouteId(String(form.get("taskId") ?? ""));
  const task = id ? await completeTask(await getDb(), id, user.id) : null;
  if (!task) return redirectWithToast(request, back, { type: "error", title: "Error", description: "Task not found" });
  return redirectWithToast(request, back, { title: "Task completed", description: `${task.title} is done.` });
}

export default function Tasks() {
  const { tasks, total, list, canWrite } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const empty =
    tasks.length === 0 ? (
      <EmptyState
        title={list.filtered ? "No tasks found" : "No tasks yet. Add your first task!"}
        hint={list.filtered ? "Try adjusting your search or filter criteria." : undefined}
      />
    ) : null;
  return (
    <ListPage
      title="Tasks"
      subtitle="Follow-ups, installation work and internal to-dos"
      add={canWrite ? "Add Task" : null}
      filters={
        <ListFilters list={list} searchLabel="Search tasks" placeholder="Search tasks..." submitLabel="Apply">
          <FilterSelect name="status" value={list.status} allLabel="All statuses" options={TASK_STATUSES} />
          <FilterSelect name="priority" value={list.priority} allLabel="All priorities" options={TASK_PRIORITIES} />
          <FilterSelect name="type" value={list.type} allLabel="All types" options={TASK_TYPES} />
        </ListFilters>
      }
    >
      <ListCard heading="All Tasks" total={total} countTestId="task-count" list={list} empty={empty}>
        <DataTable
          label="Tasks"
          headers={["Task", "Status", "Priority", "Type", "Assignee", "Due Date", "Related", "Actions"]}
        >
          {tasks.map((t) => (
            <tr key={t.id} data-testid="task-row">
              <td>
                <Text weight="medium">{t.title}</Text>
                {t.description ? (
                  <Text as="div" size="1" color="gray" className="truncate" title={t.description}>
                    {t.description}
                  </Text>
                ) : null}
              </td>
              <td>
                <StatusBadge status={t.status} />
              </td>
              <td>
                <PriorityBadge priority={t.priority} />
              </td>
              <td>{t.type.charAt(0).toUpperCase() + t.type.slice(1)}</td>
              <td>{t.assignedUserName ?? t.assignedResourceName ?? <span className="muted">Unassigned</span>}</td>
              <td>
                {t.dueDate ? formatDate(t.dueDate) : <span className="muted">—</span>}{" "}
                {t.overdue ? (
                  <Badge color="red" data-testid="overdue-badge">
                    Overdue
                  </Badge>
                ) : null}
              </td>
              <td>
                {t.jobId ? (
                  <Text as="div" size="2">
                    <FastLink to={`/jobs/${t.jobId}`}>{t.jobTitle}</FastLink>
                  </Text>
                ) : null}
                {t.customerName ? (
                  <Text as="div" size="1" color="gray">
                    {t.customerName}
                  </Text>
                ) : null}
              </td>
              <td>
                {canWrite ? (
                  <div className="row-actions">
                    {t.status !== "done" ? <CompleteTaskForm taskId={t.id} title={t.title} /> : null}
                    <IconLink label={`Edit ${t.title}`} to={`/tasks/${t.id}/edit${query}`} keepScroll>
                      <Pencil1Icon />
                    </IconLink>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
    </ListPage>
  );
}
