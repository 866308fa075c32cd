// A job's page (its route, app/routes/_app.jobs_.$jobId.tsx), also drawn under a dialog opened from it
// (app/utils/dialog-behind.server.ts).
import { Button, Card, Grid, Heading, Table, Text } from "~/components/ui";
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ActionMenu, ActionMenuLink } from "~/components/action-menu";
import { EmptyState } from "~/components/empty-state";
import { RelatedQuoteRow } from "~/components/related-quote-row";
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

function Section({
  title,
  children,
  empty,
  count,
}: {
  title: string;
  children: React.ReactNode;
  empty: string;
  count: number;
}) {
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        {title}
      </Heading>
      {count === 0 ? <EmptyState title={empty} /> : children}
    </Card>
  );
}

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
  const canInstall = canSchedule && (job.status === "approved" || job.status === "in-progress");
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
        <Section title="Schedule" empty="No events scheduled." count={detail.events.length}>
          <Table.Root variant="ghost" size="1">
            <Table.Body>
              {detail.events.map((e) => (
                <tr className="rt-TableRow" key={e.id}>
                  <td className="rt-TableCell">
                    {canSchedule ? <FastLink to={`/schedule/events/${e.id}/edit`}>{e.title}</FastLink> : e.title}
                  </td>
                  <td className="rt-TableCell">
                    {e.allDay ? formatDate(e.startAt, display) : formatDateTime(e.startAt, display)}
                  </td>
                  <td className="rt-TableCell">
                    <EventStatusBadge status={e.status} />
                  </td>
                </tr>
              ))}
            </Table.Body>
          </Table.Root>
        </Section>
        <Section title="Tasks" empty="No tasks for this job." count={detail.tasks.length}>
          <Table.Root variant="ghost" size="1">
            <Table.Body>
              {detail.tasks.map((t) => (
                <tr className="rt-TableRow" key={t.id}>
                  <td className="rt-TableCell">
                    {canTask ? (
                      <FastLink to={`/tasks/${t.id}/edit?returnTo=/jobs/${job.id}`}>{t.title}</FastLink>
                    ) : (
                      t.title
                    )}
                  </td>
                  <td className="rt-TableCell">
                    <StatusBadge status={t.status} />
                  </td>
                  <td className="rt-TableCell">
                    <PriorityBadge priority={t.priority} />
                  </td>
                  <td className="rt-TableCell">{t.dueDate ? formatDate(t.dueDate, display) : ""}</td>
                </tr>
              ))}
            </Table.Body>
          </Table.Root>
        </Section>
        {showMoney ? (
          <Section title="Quotes" empty="No quotes for this job." count={detail.quotes.length}>
            <Table.Root variant="ghost" size="1">
              <Table.Body>
                {detail.quotes.map((q) => (
                  <RelatedQuoteRow key={q.id} quote={q} />
                ))}
              </Table.Body>
            </Table.Root>
          </Section>
        ) : null}
        {showMoney ? (
          <Section title="Invoices" empty="No invoices for this job." count={detail.invoices.length}>
            <Table.Root variant="ghost" size="1">
              <Table.Body>
                {detail.invoices.map((i) => (
                  <tr className="rt-TableRow" key={i.id}>
                    <td className="rt-TableCell">
                      <FastLink to={`/invoices/${i.id}`}>{i.invoiceNumber}</FastLink>
                    </td>
                    <td className="rt-TableCell">
                      <StatusBadge status={i.status} />
                    </td>
                    <td className="rt-TableCell">{formatMoney(i.total)}</td>
                    <td className="rt-TableCell">Balance {formatMoney(i.balance)}</td>
                  </tr>
                ))}
              </Table.Body>
            </Table.Root>
          </Section>
        ) : null}
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
