import { CalendarIcon, CheckboxIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { Badge, Button, Card, Flex, Heading, IconButton, Text, Tooltip } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { toOptions } from "~/components/select-field";
import { StatusBadge } from "~/components/status-badge";
import { jobForRole, listJobs } from "~/models/job.server";
import { JOB_STATUSES } from "~/schemas/job";
import { requirePermission } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { can, seesMoney } from "~/utils/permissions";

export const meta: MetaFunction = () => [{ title: "Jobs · Cabinetry Jobs" }];

const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "jobs");
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const rawStatus = url.searchParams.get("status") ?? "all";
  const status = (JOB_STATUSES as readonly string[]).includes(rawStatus) ? rawStatus : "all";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const { rows, total } = await listJobs(await getDb(), {
    search,
    status,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const showMoney = seesMoney(user.viewRole);
  return json({
    // Installers read jobs, not their costs (money is not theirs to see).
    jobs: rows.map((job) => jobForRole(job, user.viewRole)),
    showMoney,
    total,
    page,
    pageSize: PAGE_SIZE,
    search,
    status,
    canWrite: can(user.viewRole, "jobs", "write"),
    canDelete: can(user.viewRole, "jobs", "delete"),
    canSchedule: can(user.viewRole, "schedule", "write"),
    canTask: can(user.viewRole, "tasks", "write"),
  });
}

/** Keeps the list's search, status and page on links into dialogs and back. */
export function useJobsQuery() {
  const [params] = useSearchParams();
  const keep = new URLSearchParams();
  for (const key of ["search", "status", "page"]) {
    const value = params.get(key);
    if (value) keep.set(key, value);
  }
  const qs = keep.toString();
  return qs ? `?${qs}` : "";
}

export default function Jobs() {
  const data = useLoaderData<typeof loader>();
  const { jobs, total, page, pageSize, search, status } = data;
  const query = useJobsQuery();
  const filtered = Boolean(search) || status !== "all";
  return (
    <>
      <PageHeader
        title="Jobs"
        subtitle="Track every job from quote to completion"
        actions={
          data.canWrite ? (
            <Button asChild>
              <Link to={`new${query}`} preventScrollReset>
                <PlusIcon /> Add Job
              </Link>
            </Button>
          ) : null
        }
      />
      <ListFilters
        search={search}
        searchLabel="Search jobs"
        placeholder="Search by job title or customer..."
        filtered={filtered}
        submitLabel="Apply"
      >
        <select name="status" defaultValue={status} className="native-select" aria-label="Filter by status">
          <option value="all">All statuses</option>
          {toOptions(JOB_STATUSES).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </ListFilters>
      <Card size="2">
        <Flex justify="between" align="center" mb="3">
          <Heading as="h2" size="4">
            All Jobs{" "}
            <Badge color="gray" radius="full" data-testid="job-count">
              {total.toLocaleString("en-US")}
            </Badge>
          </Heading>
        </Flex>
        {jobs.length === 0 ? (
          filtered ? (
            <EmptyState title="No jobs found" hint="Try adjusting your search or filter criteria." />
          ) : (
            <EmptyState
              title="No jobs yet. Add your first job!"
              action={
                data.canWrite ? (
                  <Button asChild variant="soft">
                    <Link to="new">
                      <PlusIcon /> Add Job
                    </Link>
                  </Button>
                ) : null
              }
            />
          )
        ) : (
          <DataTable
            label="Jobs"
            headers={[
              "Job",
              "Customer",
              "Status",
              ...(data.showMoney ? ["Estimated Cost"] : []),
              "Start Date",
              "Created",
              "Actions",
            ]}
          >
            {jobs.map((j) => (
              <tr key={j.id} data-testid="job-row">
                <td>
                  <FastLink to={`/jobs/${j.id}`} className="plain">
                    <Text weight="medium">{j.title}</Text>
                  </FastLink>
                  {j.description ? (
                    <Text as="div" size="1" color="gray" className="truncate" title={j.description}>
                      {j.description}
                    </Text>
                  ) : null}
                </td>
                <td>{j.customerName}</td>
                <td>
                  <StatusBadge status={j.status} />
                </td>
                {data.showMoney ? (
                  <td>{j.estimatedCost ? formatMoney(j.estimatedCost) : <span className="muted">—</span>}</td>
                ) : null}
                <td>{j.startDate ? formatDate(j.startDate) : <span className="muted">Not set</span>}</td>
                <td className="nowrap">{formatDate(j.createdAt)}</td>
                <td>
                  <div className="row-actions">
                    {data.canSchedule && (j.status === "approved" || j.status === "in-progress") ? (
                      <Tooltip content={`Schedule install for ${j.title}`}>
                        <IconButton asChild variant="ghost" size="1" aria-label={`Schedule install for ${j.title}`}>
                          <FastLink to={`/schedule/events/new?jobId=${j.id}&install=1`}>
                            <CalendarIcon />
                          </FastLink>
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {data.canTask ? (
                      <Tooltip content={`Add task for ${j.title}`}>
                        <IconButton asChild variant="ghost" size="1" aria-label={`Add task for ${j.title}`}>
                          <FastLink to={`/tasks/new?jobId=${j.id}&customerId=${j.customerId}`}>
                            <CheckboxIcon />
                          </FastLink>
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {data.canWrite ? (
                      <Tooltip content={`Edit ${j.title}`}>
                        <IconButton asChild variant="ghost" size="1" aria-label={`Edit ${j.title}`}>
                          <FastLink to={`/jobs/${j.id}/edit${query}`} preventScrollReset>
                            <Pencil1Icon />
                          </FastLink>
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {data.canDelete ? (
                      <Tooltip content={`Delete ${j.title}`}>
                        <IconButton asChild variant="ghost" color="red" size="1" aria-label={`Delete ${j.title}`}>
                          <FastLink to={`/jobs/${j.id}/delete${query}`} preventScrollReset>
                            <TrashIcon />
                          </FastLink>
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </div>
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
