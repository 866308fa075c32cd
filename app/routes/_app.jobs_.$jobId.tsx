import { Button, Card, Grid, Heading, Table, Text } from "@radix-ui/themes";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { ActionMenu, ActionMenuLink } from "~/components/action-menu";
import { EmptyState } from "~/components/empty-state";
import { LinkedEmails } from "~/components/linked-emails";
import { PageHeader } from "~/components/page-header";
import { EventStatusBadge, PriorityBadge, StatusBadge } from "~/components/status-badge";
import { linkedEmails } from "~/models/inbox.server";
import { getJobDetail, jobCustomerForRole, jobForRole } from "~/models/job.server";
import { getSettings } from "~/models/settings.server";
import { requirePermission } from "~/utils/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { requireId } from "~/utils/params.server";
import { can, seesMoney } from "~/utils/permissions";
import { requireFound } from "~/utils/refusal.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PhotoStripCard } from "~/components/photo-grid";
import { photoStrip } from "~/models/photos.server";
import photoStyles from "~/styles/photos.css";
import { JobCostingSection } from "~/components/job-materials";
import { JobPhasesCard, PhaseProgressLine } from "~/components/job-phases";
import { movePhase, phaseProgress, setPhaseStatus } from "~/models/job-phase.server";
import { businessToday } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { invalid } from "~/utils/refusal.server";
import { jobCostingSummary } from "~/models/inventory.server";
import { useDisplay } from "~/components/date-display";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.job.title ?? "Job"} · Cabinetry Jobs` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "jobs");
  const db = await getDb();
  const id = requireId(params.jobId, "Job");
  const [found, settings, mail, photos] = await Promise.all([
    getJobDetail(db, id),
    getSettings(db),
    can(user.viewRole, "inbox") ? linkedEmails(db, { jobId: id }) : null,
    can(user.viewRole, "photos") ? photoStrip(db, { jobId: id }) : null,
  ]);
  const detail = requireFound(found, "Job");
  const money = seesMoney(user.viewRole);
  return json({
    // Installers read jobs but not quotes, invoices, job costs or the customer's record (permission map).
    detail: {
      ...detail,
      job: jobForRole(detail.job, user.viewRole),
      customer: jobCustomerForRole(detail.customer, user.viewRole),
      quotes: money ? detail.quotes : [],
      invoices: money ? detail.invoices : [],
    },
    showMoney: money,
    canEdit: can(user.viewRole, "jobs", "write"),
    canSchedule: can(user.viewRole, "schedule", "write"),
    canTask: can(user.viewRole, "tasks", "write"),
    // Installers move phases (as on Update Progress); adding, editing and ordering them is the office's.
    canProgress: can(user.viewRole, "tasks", "write"),
    canInvoice: can(user.viewRole, "invoices", "write"),
    progress: phaseProgress(detail.phases),
    showCustomerLink: can(user.viewRole, "customers"),
    timeZone: settings.system.timeZone,
    mail,
    photos,
    // Inventory (issue 13): costing for money roles, issued quantities for everyone who reads the job.
    costing: await jobCostingSummary(db, id, user.viewRole),
  });
}

const PHASE_INTENTS = {
  "phase-start": { write: false, done: "started" },
  "phase-complete": { write: false, done: "completed" },
  "phase-up": { write: true, done: "moved up" },
  "phase-down": { write: true, done: "moved down" },
} as const;

/** The Phases card's buttons: start or complete a phase, move it up or down. */
export async function action({ request, params }: ActionFunctionArgs) {
  const jobId = requireId(params.jobId, "Job");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = `/jobs/${jobId}`;
  if (!(intent in PHASE_INTENTS)) throw invalid("Unknown action");
  const { write, done } = PHASE_INTENTS[intent as keyof typeof PHASE_INTENTS];
  await requirePermission(request, write ? "jobs" : "tasks", "write");
  try {
    const db = await getDb();
    const phaseId = requireId(String(form.get("phaseId") ?? ""), "Phase");
    let name: string;
    if (intent === "phase-up" || intent === "phase-down") {
      const phases = await movePhase(db, jobId, phaseId, intent === "phase-up" ? "up" : "down");
      name = phases.find((p) => p.id === phaseId)?.name ?? "The phase";
    } else {
      const today = businessToday((await getSettings(db)).system.timeZone);
      name = (await setPhaseStatus(db, jobId, phaseId, intent === "phase-start" ? "in-progress" : "done", today)).name;
    }
    return redirectWithToast(request, back, { title: `Phase ${done}`, description: `${name} ${done}.` });
  } catch (error) {
    return refusalToast(request, back, error);
  }
}

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

export default function JobDetail() {
  const display = useDisplay();
  const {
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
  } = useLoaderData<typeof loader>();
  const { job, customer } = detail;
  const canInstall = canSchedule && (job.status === "approved" || job.status === "in-progress");
  const variance =
    job.estimatedCost && job.actualCost ? (Number(job.actualCost) - Number(job.estimatedCost)).toFixed(2) : null;
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
              <Text as="div" size="2" color={Number(variance) > 0 ? "red" : "green"}>
                {Number(variance) > 0 ? "Over" : "Under"} by {formatMoney(Math.abs(Number(variance)).toFixed(2))}
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
                <Table.Row key={e.id}>
                  <Table.Cell>
                    {canSchedule ? <Link to={`/schedule/events/${e.id}/edit`}>{e.title}</Link> : e.title}
                  </Table.Cell>
                  <Table.Cell>
                    {e.allDay ? formatDate(e.startAt, display) : formatDateTime(e.startAt, display)}
                  </Table.Cell>
                  <Table.Cell>
                    <EventStatusBadge status={e.status} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Section>
        <Section title="Tasks" empty="No tasks for this job." count={detail.tasks.length}>
          <Table.Root variant="ghost" size="1">
            <Table.Body>
              {detail.tasks.map((t) => (
                <Table.Row key={t.id}>
                  <Table.Cell>
                    {canTask ? <Link to={`/tasks/${t.id}/edit?returnTo=/jobs/${job.id}`}>{t.title}</Link> : t.title}
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={t.status} />
                  </Table.Cell>
                  <Table.Cell>
                    <PriorityBadge priority={t.priority} />
                  </Table.Cell>
                  <Table.Cell>{t.dueDate ? formatDate(t.dueDate, display) : ""}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Section>
        {showMoney ? (
          <Section title="Quotes" empty="No quotes for this job." count={detail.quotes.length}>
            <Table.Root variant="ghost" size="1">
              <Table.Body>
                {detail.quotes.map((q) => (
                  <Table.Row key={q.id}>
                    <Table.Cell>
                      <Link to={`/quotes/${q.id}`}>{q.quoteNumber}</Link>
                    </Table.Cell>
                    <Table.Cell>{q.title}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={q.status} />
                    </Table.Cell>
                    <Table.Cell>{formatMoney(q.total)}</Table.Cell>
                  </Table.Row>
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
                  <Table.Row key={i.id}>
                    <Table.Cell>
                      <Link to={`/invoices/${i.id}`}>{i.invoiceNumber}</Link>
                    </Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={i.status} />
                    </Table.Cell>
                    <Table.Cell>{formatMoney(i.total)}</Table.Cell>
                    <Table.Cell>Balance {formatMoney(i.balance)}</Table.Cell>
                  </Table.Row>
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
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
