// A job's page (its route, app/routes/_app.jobs_.$jobId.tsx), also drawn under a dialog opened from it
// (app/utils/dialog-behind.server.ts).
import { Button, Card, Grid, Text } from "~/components/ui";
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ActionMenu, ActionMenuLink } from "~/components/action-menu";
import { RelatedInvoices, RelatedQuotes, RelatedTable } from "~/components/related-table";
import { FastLink } from "~/components/fast-link";
import { LinkedEmails } from "~/components/linked-emails";
import { PageHeader } from "~/components/page-header";
import { EventStatusBadge, PriorityBadge, StatusBadge } from "~/components/status-badge";
import { PhotoStripCard } from "~/components/photo-grid";
import { lazyComponent } from "~/components/lazy-component";
import { JobPhasesCard, PhaseProgressLine } from "~/components/job-phases";
import { useDisplay } from "~/components/date-display";
import type { jobPageData } from "~/services/job-page.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { compareMoney, formatMoney, subtractMoney } from "~/utils/money";

/**
 * The costing section: its Issue form brings the form library and zod, so it is its own browser
 * chunk and the job page's first load stays light (docs/performance.md). The job routes preload it.
 */
export const JobCostingSection = lazyComponent(() =>
  import("~/components/job-materials").then((m) => m.JobCostingSection),
);

export type JobPageData = SerializeFrom<Awaited<ReturnType<typeof jobPageData>>>;

export function JobPage({
  detail,
  showMoney,
  canEdit,
  canSchedule,
  canTask,
  canProgress,
  canInvoice,
  progress,
  showCustomerLink,
  timeZone,
  mail,
  photos,
  costing,
}: JobPageData) {
  const display = useDisplay();
  const { job, customer } = detail;
  const active = job.status === "approved" || job.status === "in-progress";
  const canInstall = canSchedule && active;
  // The installer's Quick Actions (Home) on this job: the form opens with the job chosen.
  const fieldActions = canTask && active;
  const variance = job.estimatedCost && job.actualCost ? subtractMoney(job.actualCost, job.estimatedCost) : null;
  return (
    <>
      <Text size="2" asChild>
        <Link to="/jobs" className="back-link">
          ← Jobs
        </Link>
      </Text>
      <PageHeader
        title={job.title}
        subtitle={`Job #${job.id}`}
        actions={
          <>
            {canEdit ? (
              <Button asChild>
                <Link to={`/jobs/${job.id}/edit?from=detail`}>Edit</Link>
              </Button>
            ) : null}
            {canInstall || canTask || canEdit || canInvoice ? (
              <ActionMenu>
                {canInstall ? (
                  <ActionMenuLink to={`/schedule/events/new?jobId=${job.id}&install=1`}>
                    Schedule Install
                  </ActionMenuLink>
                ) : null}
                {canTask ? (
                  <ActionMenuLink
                    to={`/tasks/new?jobId=${job.id}&customerId=${job.customerId}&returnTo=/jobs/${job.id}`}
                  >
                    Add Task
                  </ActionMenuLink>
                ) : null}
                {fieldActions ? (
                  <>
                    <ActionMenuLink to={`/report-issue?jobId=${job.id}`}>Report Issue</ActionMenuLink>
                    <ActionMenuLink to={`/request-materials?jobId=${job.id}`}>Request Materials</ActionMenuLink>
                    <ActionMenuLink to={`/update-progress?jobId=${job.id}`}>Update Progress</ActionMenuLink>
                  </>
                ) : null}
                {canEdit ? <ActionMenuLink to={`/jobs/${job.id}/phases/new`}>Add Phase</ActionMenuLink> : null}
                {canInvoice ? (
                  <ActionMenuLink to={`/invoices/new?jobId=${job.id}`}>Create Invoice</ActionMenuLink>
                ) : null}
                <ActionMenuLink to={`/jobs/${job.id}/materials?from=detail`}>Materials</ActionMenuLink>
              </ActionMenu>
            ) : null}
          </>
        }
      />
      <Grid columns={{ initial: "1", md: "3" }} gap="4" mb="4">
        <Card size="2">
          <Text as="div" size="2" color="gray">
            Customer
          </Text>
          <Text as="div" weight="medium">
            {showCustomerLink ? <Link to={`/customers/${customer.id}`}>{customer.name}</Link> : customer.name}
          </Text>
          <Text as="div" size="2" color="gray">
            {[customer.address, customer.city, customer.state].filter(Boolean).join(", ") || "No location"}
          </Text>
          <Text as="div" size="2" color="gray">
            {customer.phone ?? "No phone listed"}
          </Text>
        </Card>
        <Card size="2">
          <Text as="div" size="2" color="gray">
            Status
          </Text>
          <StatusBadge status={job.status} />
          <Text as="div" size="2" mt="2">
            Start: {job.startDate ? formatDate(job.startDate, display) : "Not set"}
          </Text>
          <Text as="div" size="2">
            Completion: {job.completionDate ? formatDate(job.completionDate, display) : "Not set"}
          </Text>
          <PhaseProgressLine progress={progress} />
        </Card>
        {showMoney ? (
          <Card size="2">
            <Text as="div" size="2" color="gray">
              Estimate vs actual
            </Text>
            <Text as="div" data-testid="job-estimate">
              Estimated: {job.estimatedCost ? formatMoney(job.estimatedCost) : "—"}
            </Text>
            <Text as="div">Actual: {job.actualCost ? formatMoney(job.actualCost) : "—"}</Text>
            {variance !== null ? (
              <Text as="div" size="2" color={compareMoney(variance, 0) > 0 ? "red" : "green"}>
                {compareMoney(variance, 0) > 0 ? "Over" : "Under"} by {formatMoney(variance.replace(/^-/, ""))}
              </Text>
            ) : null}
          </Card>
        ) : null}
      </Grid>
      <JobCostingSection jobId={job.id} {...costing} />
      {job.description || job.notes ? (
        <Card size="2" mb="4">
          {job.description ? <Text as="p">{job.description}</Text> : null}
          {job.notes ? (
            <Text as="p" size="2" color="gray">
              {job.notes}
            </Text>
          ) : null}
        </Card>
      ) : null}
      <Grid columns={{ initial: "1", lg: "2" }} gap="4">
        <RelatedTable title="Schedule" size="2" empty="No events scheduled." headers={["Event", "When", "Status"]}>
          {detail.events.map((e) => (
            <tr key={e.id}>
              <td className="c-main">
                {canSchedule ? <FastLink to={`/schedule/events/${e.id}/edit`}>{e.title}</FastLink> : e.title}
              </td>
              <td className="c-date">
                {e.allDay ? formatDate(e.startAt, display) : formatDateTime(e.startAt, display)}
              </td>
              <td className="c-status">
                <EventStatusBadge status={e.status} />
              </td>
            </tr>
          ))}
        </RelatedTable>
        <RelatedTable
          title="Tasks"
          size="2"
          empty="No tasks for this job."
          headers={["Task", "Status", "Priority", "Due"]}
        >
          {detail.tasks.map((t) => (
            <tr key={t.id}>
              <td className="c-main">
                {canTask ? <FastLink to={`/tasks/${t.id}/edit?returnTo=/jobs/${job.id}`}>{t.title}</FastLink> : t.title}
              </td>
              <td className="c-status">
                <StatusBadge status={t.status} />
              </td>
              <td className="c-status">
                <PriorityBadge priority={t.priority} />
              </td>
              <td className="c-date" data-label={t.dueDate ? "Due" : undefined}>
                {t.dueDate ? formatDate(t.dueDate, display) : ""}
              </td>
            </tr>
          ))}
        </RelatedTable>
        {showMoney ? <RelatedQuotes quotes={detail.quotes} size="2" empty="No quotes for this job." /> : null}
        {showMoney ? <RelatedInvoices invoices={detail.invoices} size="2" empty="No invoices for this job." /> : null}
        <JobPhasesCard
          jobId={job.id}
          jobTitle={job.title}
          phases={detail.phases}
          canEdit={canEdit}
          canProgress={canProgress}
        />
        {photos ? <PhotoStripCard {...photos} dialogTo={`/jobs/${job.id}/photos?from=detail`} /> : null}
        {mail ? <LinkedEmails mail={mail} timeZone={timeZone} /> : null}
      </Grid>
    </>
  );
}
