import { CalendarIcon, CheckboxIcon, Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { IconLink } from "~/components/icon-link";
import { FastLink } from "~/components/fast-link";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { AddButton, ListCard, ListPage } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { StatusBadge } from "~/components/status-badge";
import { jobForRole, listJobs } from "~/models/job.server";
import { JOB_STATUSES } from "~/schemas/job";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter } from "~/utils/list-search";
import { requireListSearch } from "~/utils/list-search.server";
import { formatMoney } from "~/utils/money";
import { can, seesMoney } from "~/utils/permissions";

export const meta: MetaFunction = () => [{ title: "Jobs · Cabinetry Jobs" }];

const filters = { status: choiceFilter(JOB_STATUSES) };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "jobs", filters);
  const { rows, total } = await listJobs(await getDb(), list);
  return json({
    // Installers read jobs, not their costs (money is not theirs to see).
    jobs: rows.map((job) => jobForRole(job, user.viewRole)),
    showMoney: seesMoney(user.viewRole),
    total,
    list,
    canWrite: can(user.viewRole, "jobs", "write"),
    canDelete: can(user.viewRole, "jobs", "delete"),
    canSchedule: can(user.viewRole, "schedule", "write"),
    canTask: can(user.viewRole, "tasks", "write"),
  });
}

export default function Jobs() {
  const data = useLoaderData<typeof loader>();
  const { jobs, total, list } = data;
  const empty =
    jobs.length === 0 ? (
      list.filtered ? (
        <EmptyState title="No jobs found" hint="Try adjusting your search or filter criteria." />
      ) : (
        <EmptyState
          title="No jobs yet. Add your first job!"
          action={data.canWrite ? <AddButton label="Add Job" variant="soft" /> : null}
        />
      )
    ) : null;
  return (
    <ListPage
      title="Jobs"
      subtitle="Track every job from quote to completion"
      add={data.canWrite ? "Add Job" : null}
      filters={
        <ListFilters
          list={list}
          searchLabel="Search jobs"
          placeholder="Search by job title or customer..."
          submitLabel="Apply"
        >
          <FilterSelect name="status" value={list.status} allLabel="All statuses" options={JOB_STATUSES} />
        </ListFilters>
      }
    >
      <ListCard heading="All Jobs" total={total} countTestId="job-count" list={list} empty={empty}>
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
                <JobActions job={j} can={data} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
    </ListPage>
  );
}

/** Schedule install, Add task, Edit and Delete, as the viewer may. */
function JobActions({
  job: j,
  can,
}: {
  job: { id: number; title: string; status: string; customerId: number };
  can: { canSchedule: boolean; canTask: boolean; canWrite: boolean; canDelete: boolean };
}) {
  const query = useKeptQuery();
  return (
    <div className="row-actions">
      {can.canSchedule && (j.status === "approved" || j.status === "in-progress") ? (
        <IconLink label={`Schedule install for ${j.title}`} to={`/schedule/events/new?jobId=${j.id}&install=1`}>
          <CalendarIcon />
        </IconLink>
      ) : null}
      {can.canTask ? (
        <IconLink label={`Add task for ${j.title}`} to={`/tasks/new?jobId=${j.id}&customerId=${j.customerId}`}>
          <CheckboxIcon />
        </IconLink>
      ) : null}
      {can.canWrite ? (
        <IconLink label={`Edit ${j.title}`} to={`/jobs/${j.id}/edit${query}`} keepScroll>
          <Pencil1Icon />
        </IconLink>
      ) : null}
      {can.canDelete ? (
        <IconLink label={`Delete ${j.title}`} to={`/jobs/${j.id}/delete${query}`} color="red" keepScroll>
          <TrashIcon />
        </IconLink>
      ) : null}
    </div>
  );
}
