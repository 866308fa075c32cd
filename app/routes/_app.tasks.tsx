import { Pencil1Icon, PlusIcon } from "@radix-ui/react-icons";
import { Badge, Button, Card, Heading, IconButton, Text, Tooltip } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { toOptions } from "~/components/select-field";
import { PriorityBadge, StatusBadge } from "~/components/status-badge";
import { CompleteTaskForm } from "~/components/task-form";
import { getSettings } from "~/models/settings.server";
import { completeTask, isOverdue, listTasks } from "~/models/task.server";
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from "~/schemas/task";
import { requirePermission } from "~/utils/auth.server";
import { businessToday, formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { can } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Tasks · Cabinetry Jobs" }];

const PAGE_SIZE = 50;

const pick = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : "all");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks");
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const status = pick(url.searchParams.get("status"), TASK_STATUSES);
  const priority = pick(url.searchParams.get("priority"), TASK_PRIORITIES);
  const type = pick(url.searchParams.get("type"), TASK_TYPES);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const db = await getDb();
  const [{ rows, total }, settings] = await Promise.all([
    listTasks(db, { search, status, priority, type, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    getSettings(db),
  ]);
  const today = businessToday(settings.system.timeZone);
  return json({
    tasks: rows.map((t) => ({ ...t, overdue: isOverdue(t, today) })),
    total,
    page,
    pageSize: PAGE_SIZE,
    filters: { search, status, priority, type },
    canWrite: can(user.viewRole, "tasks", "write"),
  });
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

export function useTasksQuery() {
  const [params] = useSearchParams();
  const keep = new URLSearchParams();
  for (const key of ["search", "status", "priority", "type", "page"]) {
    const value = params.get(key);
    if (value) keep.set(key, value);
  }
  const qs = keep.toString();
  return qs ? `?${qs}` : "";
}

function FilterSelect({
  name,
  value,
  label,
  values,
}: {
  name: string;
  value: string;
  label: string;
  values: readonly string[];
}) {
  return (
    <select name={name} defaultValue={value} className="native-select" aria-label={`Filter by ${name}`}>
      <option value="all">{label}</option>
      {toOptions(values).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export default function Tasks() {
  const { tasks, total, page, pageSize, filters, canWrite } = useLoaderData<typeof loader>();
  const query = useTasksQuery();
  const filtered =
    Boolean(filters.search) || filters.status !== "all" || filters.priority !== "all" || filters.type !== "all";
  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle="Follow-ups, installation work and internal to-dos"
        actions={
          canWrite ? (
            <Button asChild>
              <Link to={`new${query}`} preventScrollReset>
                <PlusIcon /> Add Task
              </Link>
            </Button>
          ) : null
        }
      />
      <ListFilters
        search={filters.search}
        searchLabel="Search tasks"
        placeholder="Search tasks..."
        filtered={filtered}
        submitLabel="Apply"
      >
        <FilterSelect name="status" value={filters.status} label="All statuses" values={TASK_STATUSES} />
        <FilterSelect name="priority" value={filters.priority} label="All priorities" values={TASK_PRIORITIES} />
        <FilterSelect name="type" value={filters.type} label="All types" values={TASK_TYPES} />
      </ListFilters>
      <Card size="2">
        <Heading as="h2" size="4" mb="3">
          All Tasks{" "}
          <Badge color="gray" radius="full" data-testid="task-count">
            {total.toLocaleString("en-US")}
          </Badge>
        </Heading>
        {tasks.length === 0 ? (
          <EmptyState
            title={filtered ? "No tasks found" : "No tasks yet. Add your first task!"}
            hint={filtered ? "Try adjusting your search or filter criteria." : undefined}
          />
        ) : (
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
                      <Tooltip content={`Edit ${t.title}`}>
                        <IconButton asChild variant="ghost" size="1" aria-label={`Edit ${t.title}`}>
                          <FastLink to={`/tasks/${t.id}/edit${query}`} preventScrollReset>
                            <Pencil1Icon />
                          </FastLink>
                        </IconButton>
                      </Tooltip>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pagination page={page} pageSize={pageSize} total={total} />
      </Card>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
