import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ACTIONS_HEADER, DataTable, RowMenu } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { RowMenuLink } from "~/components/action-menu";
import { FastLink } from "~/components/fast-link";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { ListCard, ListPage } from "~/components/list-page";
import { PlainBadge, PriorityBadge, StatusBadge } from "~/components/status-badge";
import { CompleteTaskButton, CompleteTasksForm } from "~/components/complete-task-form";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { getSettings } from "~/models/settings.server";
import { completeTask, isOverdue, listTasks } from "~/models/task.server";
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, TASK_WHEN, TASK_WHEN_OPTIONS } from "~/schemas/choices";
import { requirePermission } from "~/utils/auth.server";
import { businessToday, formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { choiceFilter, flagFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";

import { can } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Tasks · Cabinetry Jobs" }];

const filters = {
  status: choiceFilter(TASK_STATUSES),
  priority: choiceFilter(TASK_PRIORITIES),
  type: choiceFilter(TASK_TYPES),
  when: choiceFilter(TASK_WHEN),
  mine: flagFilter,
};
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "tasks", filters);
  const db = await getDb();
  const { timeZone } = (await getSettings(db)).system;
  const today = businessToday(timeZone);
  const { rows, total } = await listTasks(db, {
    ...list,
    assignedToUserId: list.mine ? user.id : undefined,
    clock: { today, timeZone },
  });
  redirectPastLastPage(request, list, total);
  // Only what the rows show; on a document they are sent as HTML only (listRows).
  const tasks = rows.map((t) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    status: t.status,
    overdue: isOverdue(t, today),
    priority: t.priority,
    type: t.type,
    // The person, else the resource (a crew); null when nobody is assigned.
    assignee: t.assignedUserName ?? t.assignedResourceName,
    dueDate: t.dueDate,
    jobId: t.jobId,
    jobTitle: t.jobTitle,
    customerId: t.customerId,
    customerName: t.customerName,
  }));
  const data = {
    total,
    list,
    canWrite: can(user.viewRole, "tasks", "write"),
    canDelete: can(user.viewRole, "tasks", "delete"),
    canPhotos: can(user.viewRole, "photos"),
    canCustomers: can(user.viewRole, "customers"),
  };
  return listRows(request, data, tasks);
}

/** The list's Complete buttons post here (intent=complete). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const form = await request.formData();
  const back = `/tasks${new URL(request.url).search}`;
  if (form.get("intent") !== "complete") return json({ error: "Unknown action" }, { status: 400 });
  try {
    const task = await completeTask(await getDb(), requireId(String(form.get("taskId") ?? ""), "Task"), user.id);
    return redirectWithToast(request, back, { title: "Task completed", description: `${task.title} is done.` });
  } catch (error) {
    return refusalToast(request, back, error);
  }
}

export default function Tasks() {
  const display = useDisplay();
  const data = useLoaderData<typeof loader>();
  const { rows: tasks, total, list, canWrite, canDelete, canPhotos, canCustomers } = data;
  const query = useKeptQuery();
  const empty =
    data.shown === 0 ? (
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
          <FilterSelect
            name="when"
            value={list.when}
            allLabel="Any date"
            options={TASK_WHEN_OPTIONS}
            label="Filter by due or done date"
          />
          <label className="inline-check">
            <input type="checkbox" name="mine" value="1" defaultChecked={list.mine} /> My tasks only
          </label>
        </ListFilters>
      }
    >
      <ListCard
        heading={list.mine ? "My Tasks" : "All Tasks"}
        total={total}
        countTestId="task-count"
        list={list}
        empty={empty}
      >
        <CompleteTasksForm enabled={canWrite}>
          <DataTable
            label="Tasks"
            markupOnly={!tasks}
            rowIds="t"
            menus={{
              render: (t) => (
                <>
                  <RowMenuLink to={`/tasks/${t.id}/edit${query}`} keepScroll>
                    Edit
                  </RowMenuLink>
                  {canPhotos ? (
                    <RowMenuLink to={`/tasks/${t.id}/photos${query}`} keepScroll>
                      Photos
                    </RowMenuLink>
                  ) : null}
                  {canDelete ? (
                    <RowMenuLink to={`/tasks/${t.id}/delete${query}`} keepScroll danger>
                      Delete
                    </RowMenuLink>
                  ) : null}
                </>
              ),
            }}
            headers={[
              { label: "Task", col: "main" },
              { label: "Status", col: "status" },
              { label: "Priority", col: "status" },
              { label: "Type", col: "wide" },
              { label: "Assignee", card: "Assigned to" },
              { label: "Due Date", col: "date", card: "Due" },
              "Related",
              ACTIONS_HEADER,
            ]}
          >
            {/* Lean rows (app.css styles them by position): the title link (id t<id>: it names the
              row's buttons), a note; badges; plain text; a job link and its customer under it. */}
            {tasks?.map((t) => (
              <tr key={t.id}>
                <td>
                  {canWrite ? (
                    <FastLink to={`/tasks/${t.id}/edit${query}`} id={`t${t.id}`}>
                      {t.title}
                    </FastLink>
                  ) : (
                    <span className="strong" id={`t${t.id}`}>
                      {t.title}
                    </span>
                  )}
                  {t.description ? (
                    <span className={canWrite ? undefined : "truncate small muted"}>{t.description}</span>
                  ) : null}
                </td>
                <td>
                  <StatusBadge status={t.status} />
                  {t.overdue ? (
                    <>
                      {" "}
                      <PlainBadge color="red">Overdue</PlainBadge>
                    </>
                  ) : null}
                </td>
                <td>
                  <PriorityBadge priority={t.priority} />
                </td>
                <td>{t.type.charAt(0).toUpperCase() + t.type.slice(1)}</td>
                {/* "Assigned to …" on a card; an unassigned task's cell is left out of its card (c-empty). */}
                {t.assignee ? (
                  <td>{t.assignee}</td>
                ) : (
                  <td className="c-empty">
                    <span className="muted">Unassigned</span>
                  </td>
                )}
                <td>{t.dueDate ? formatDate(t.dueDate, display) : <span className="muted">—</span>}</td>
                <td>
                  {t.jobId ? <FastLink to={`/jobs/${t.jobId}`}>{t.jobTitle}</FastLink> : null}
                  {/* The customer, small and muted under the job: by position after the job's link
                    (a link after a link, or a <div>; app.css). */}
                  {!t.customerName ? null : t.jobId && t.customerId && canCustomers ? (
                    <FastLink to={`/customers/${t.customerId}`}>{t.customerName}</FastLink>
                  ) : (
                    <div className={t.jobId ? undefined : "small muted"}>
                      {t.customerId && canCustomers ? (
                        <FastLink to={`/customers/${t.customerId}`}>{t.customerName}</FastLink>
                      ) : (
                        t.customerName
                      )}
                    </div>
                  )}
                </td>
                <td>
                  {canWrite ? (
                    <>
                      {t.status !== "done" ? <CompleteTaskButton taskId={t.id} /> : null}
                      <RowMenu id={t.id} label={`Actions for ${t.title}`} />
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </CompleteTasksForm>
      </ListCard>
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
