import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Outlet, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { lazyComponent } from "~/components/lazy-component";
import { jobPageData } from "~/services/job-page.server";
import { requirePermission } from "~/utils/auth.server";
import { recordPageBehind } from "~/utils/dialog-behind.server";
import photoStyles from "~/styles/photos.css";
import { ACTIONS_HEADER, DataTable, RowMenu } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { RowMenuLink } from "~/components/action-menu";
import { FastLink } from "~/components/fast-link";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { labelOf } from "~/components/select-field";
import { AddButton, ListCard, ListPage } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { StatusBadge } from "~/components/status-badge";
import { jobForRole, listJobs } from "~/models/job.server";
import { JOB_STATUSES } from "~/schemas/choices";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter, flagFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
import { formatMoney } from "~/utils/money";
import { can, seesMoney } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Jobs · Cabinetry Jobs" }];

// The record's page, drawn under a dialog opened from it: not in the list's first load.
const JobPage = lazyComponent(() =>
  import("~/components/job-page").then(async (m) => {
    await m.JobCostingSection.preload();
    return m.JobPage;
  }),
);

// The job page's photo strip, drawn here under a dialog opened from the page.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

// "Active" = quoted, approved or in progress (the spec's active jobs; the owner's Active Jobs card opens it).
const STATUS_FILTER = [...JOB_STATUSES, "active"] as const;
const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  ...JOB_STATUSES.map((value) => ({ value, label: labelOf(value) })),
];
const filters = { status: choiceFilter(STATUS_FILTER), mine: flagFilter };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const behind = recordPageBehind(request, "/jobs");
  if (behind) {
    const user = await requirePermission(request, "jobs");
    return json({ behind: await jobPageData(await getDb(), user, behind) });
  }
  const { user, list } = await requireListSearch(request, "jobs", filters);
  const { rows, total } = await listJobs(await getDb(), { ...list, heldBy: list.mine ? user.id : null });
  redirectPastLastPage(request, list, total);
  // Installers read jobs, not their costs (money is not theirs to see).
  // Only what the rows show; on a document they are sent as HTML only (listRows).
  const jobs = rows.map((job) => {
    const j = jobForRole(job, user.viewRole);
    return {
      id: j.id,
      title: j.title,
      description: j.description,
      customerId: j.customerId,
      customerName: j.customerName,
      status: j.status,
      estimatedCost: j.estimatedCost,
      startDate: j.startDate,
      createdAt: j.createdAt,
    };
  });
  const data = {
    showMoney: seesMoney(user.viewRole),
    total,
    list,
    canWrite: can(user.viewRole, "jobs", "write"),
    canDelete: can(user.viewRole, "jobs", "delete"),
    canSchedule: can(user.viewRole, "schedule", "write"),
    canTask: can(user.viewRole, "tasks", "write"),
    canCustomers: can(user.viewRole, "customers"),
    behind: null,
  };
  return listRows(request, data, jobs, (j) => ({ id: j.id, status: j.status }));
}

// A navigation to a dialog over the record's page waits for that page's chunk (no empty flash).
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  if (data.behind) await JobPage.preload();
  return data;
}

export default function Jobs() {
  const data = useLoaderData<typeof loader>();
  if (data.behind) {
    return (
      <>
        <JobPage {...data.behind} />
        <Outlet />
      </>
    );
  }
  return <JobList {...data} rows={data.rows} />;
}

function JobList(data: Extract<SerializeFrom<typeof loader>, { behind: null }>) {
  const display = useDisplay();
  const { rows: jobs, total, list } = data;
  const empty =
    data.shown === 0 ? (
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
          <FilterSelect name="status" value={list.status} allLabel="All statuses" options={STATUS_OPTIONS} />
          <label className="inline-check">
            <input type="checkbox" name="mine" value="1" defaultChecked={list.mine} /> My jobs only
          </label>
        </ListFilters>
      }
    >
      <ListCard
        heading={list.mine ? "My Jobs" : "All Jobs"}
        total={total}
        countTestId="job-count"
        list={list}
        empty={empty}
      >
        <DataTable
          label="Jobs"
          markupOnly={!jobs}
          rowIds="j"
          menus={{ keys: data.menus, render: (j) => <JobActions job={j} can={data} /> }}
          headers={[
            { label: "Job", col: "main" },
            "Customer",
            { label: "Status", col: "status" },
            ...(data.showMoney ? [{ label: "Estimated Cost", numeric: true as const, col: "money" as const }] : []),
            { label: "Start Date", col: "date", card: "Starts" },
            { label: "Created", col: ["date", "wide"] },
            ACTIONS_HEADER,
          ]}
        >
          {jobs?.map((j) => (
            <tr key={j.id}>
              <td>
                <FastLink to={`/jobs/${j.id}`} id={`j${j.id}`}>
                  {j.title}
                </FastLink>
                {j.description ? <span>{j.description}</span> : null}
              </td>
              <td>
                {data.canCustomers ? (
                  <FastLink to={`/customers/${j.customerId}`}>{j.customerName}</FastLink>
                ) : (
                  j.customerName
                )}
              </td>
              <td>
                <StatusBadge status={j.status} />
              </td>
              {data.showMoney ? (
                <td>{j.estimatedCost ? formatMoney(j.estimatedCost) : <span className="muted">—</span>}</td>
              ) : null}
              <td>{j.startDate ? formatDate(j.startDate, display) : <span className="muted">Not set</span>}</td>
              <td>{formatDate(j.createdAt, display)}</td>
              <td>
                <RowMenu id={j.id} label={`Actions for ${j.title}`} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
    </ListPage>
  );
}

/** Schedule install, Add task, Edit and Delete, as the viewer may, in the row's menu. */
function JobActions({
  job: j,
  can,
}: {
  job: { id: number; status: string };
  can: { canSchedule: boolean; canTask: boolean; canWrite: boolean; canDelete: boolean };
}) {
  const query = useKeptQuery();
  const schedule = can.canSchedule && (j.status === "approved" || j.status === "in-progress");
  return (
    <>
      {can.canWrite ? (
        <RowMenuLink to={`/jobs/${j.id}/edit${query}`} keepScroll>
          Edit
        </RowMenuLink>
      ) : null}
      {schedule ? (
        <RowMenuLink to={`/schedule/events/new?jobId=${j.id}&install=1`}>Schedule install</RowMenuLink>
      ) : null}
      {can.canTask ? <RowMenuLink to={`/tasks/new?jobId=${j.id}`}>Add task</RowMenuLink> : null}
      <RowMenuLink to={`/jobs/${j.id}/materials${query}`} keepScroll>
        Materials
      </RowMenuLink>
      <RowMenuLink to={`/jobs/${j.id}/photos${query}`} keepScroll>
        Photos
      </RowMenuLink>
      {can.canDelete ? (
        <RowMenuLink to={`/jobs/${j.id}/delete${query}`} keepScroll danger>
          Delete
        </RowMenuLink>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
