import { Card, Flex, Grid, Heading, Text } from "~/components/ui";
import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  HomeColumns,
  HomeList,
  HomeSection,
  InventoryAlerts,
  MetricCards,
  NeedsAttention,
  PipelineSnapshot,
  QuickActions,
  RecentActivity,
  changeText,
  type Metric,
} from "~/components/home-widgets";
import { PlainBadge, PriorityBadge, StatusBadge } from "~/components/status-badge";
import { MarkupOnly } from "~/components/data-table";
import { FastLink } from "~/components/fast-link";
import { CompleteTaskButton, CompleteTasksForm } from "~/components/complete-task-form";
import { listActivity } from "~/models/activity.server";
import {
  HOME_LIST_LIMIT,
  highValueQuotes,
  homeMetrics,
  jobPipeline,
  jobsToCoordinate,
  quotesAwaitingResponse,
  recentJobs,
  type HomeMetrics,
} from "~/models/home.server";
import { inventoryAlerts } from "~/models/inventory.server";
import { needsAttention } from "~/models/needs-attention.server";
import { getSettings } from "~/models/settings.server";
import { completeTask, installerDay, isOverdue } from "~/models/task.server";
import homeStyles from "~/styles/home.css";
import { requirePermission } from "~/utils/auth.server";
import { addDays, businessToday, dayRange, formatDate, formatInZone, monthStart, quarterStart } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { listRows, listsOnce } from "~/utils/list-rows.server";
import { formatMoney } from "~/utils/money";
import { requireId } from "~/utils/params.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Home · Cabinetry Jobs" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "home");
  const db = await getDb();
  const settings = await getSettings(db);
  const timeZone = settings.system.timeZone;
  const today = businessToday(timeZone);
  const clock = { today, timeZone };
  const viewer = { role: user.viewRole, userId: user.id };
  const side = () =>
    Promise.all([
      needsAttention(db, clock, viewer),
      listActivity(db, viewer, { limit: HOME_LIST_LIMIT }).then((a) => a.rows),
    ]);

  if (user.viewRole === "installer") {
    // The installer's day (business time zone decides "today"); no money anywhere on this page.
    const { from, to } = dayRange(today, addDays(today, 1), timeZone);
    const [day, [attention, activity]] = await Promise.all([installerDay(db, user.id, today, from, to), side()]);
    const { myTasks, ...figures } = day;
    // My Tasks, the current jobs and Needs Attention travel once: on a document they are HTML only
    // (docs/decisions/list-rows-once.md).
    const home = {
      kind: "installer" as const,
      name: user.name,
      today,
      timeZone,
      installer: listsOnce(request, figures, "currentJobs"),
      attention,
      activity,
    };
    return listRows(
      request,
      listsOnce(request, home, "attention"),
      myTasks.map((t) => ({ ...t, overdue: isOverdue(t, today) })),
    );
  }

  if (user.viewRole === "office") {
    const [metrics, pending, coordinate, stock, [attention, activity]] = await Promise.all([
      homeMetrics(db, clock),
      quotesAwaitingResponse(db, clock),
      jobsToCoordinate(db, clock),
      inventoryAlerts(db),
      side(),
    ]);
    return json({
      kind: "office" as const,
      name: user.name,
      timeZone,
      metrics: officeMetrics(metrics),
      pending: pending.rows,
      pendingTotal: pending.total,
      coordinate,
      lowStock: stock,
      attention,
      activity,
    });
  }

  // The owner (and any unknown role, spec §2) gets the owner view.
  const [metrics, pipeline, jobs, quotes, stock, [attention, activity]] = await Promise.all([
    homeMetrics(db, clock),
    jobPipeline(db),
    recentJobs(db),
    highValueQuotes(db),
    inventoryAlerts(db),
    side(),
  ]);
  return json({
    kind: "owner" as const,
    name: user.name,
    timeZone,
    metrics: ownerMetrics(metrics, today),
    pipeline,
    jobs,
    quotes,
    lowStock: stock,
    attention,
    activity,
  });
}

const count = (n: number) => n.toLocaleString("en-US");

/** Each card opens what it counts: the Reports over the card's own days, the jobs it counts. */
function ownerMetrics(m: HomeMetrics, today: string): Metric[] {
  return [
    {
      title: "Total Revenue",
      value: formatMoney(m.revenue.value),
      change: changeText(m.revenue.change, "from last month"),
      note: "received this month",
      to: `/reports?from=${monthStart(today)}&to=${today}`,
    },
    {
      title: "Active Jobs",
      value: count(m.activeJobs.value),
      change: changeText(m.activeJobs.change, "from last week"),
      note: `${count(m.activeJobs.opened)} new this week`,
      to: "/jobs?status=active",
    },
    {
      title: "Pending Quotes",
      value: count(m.pendingQuotes.value),
      change: changeText(m.pendingQuotes.change, "sent vs last month"),
      note: "awaiting approval",
      to: "/quotes?status=sent",
      variant: "warning",
    },
    {
      title: "Customers",
      value: count(m.customers.value),
      change: changeText(m.customers.change, "from last month"),
      note: "total customers",
      to: "/customers",
    },
    {
      title: "Quote Win Rate",
      value: m.winRate.value === null ? "—" : `${m.winRate.value}%`,
      change:
        m.winRate.change.points === null
          ? null
          : {
              text: `${m.winRate.change.direction === "increase" ? "+" : ""}${m.winRate.change.points.replace("-", "−")} pts from last quarter`,
              direction: m.winRate.change.direction,
            },
      note: `this quarter · ${count(m.winRate.won)} of ${count(m.winRate.sent)} sent`,
      to: `/reports?from=${quarterStart(today)}&to=${today}`,
    },
    {
      title: "Overdue Invoices",
      value: count(m.overdueInvoices.value),
      change: changeText(m.overdueInvoices.change, "fell due vs last month"),
      note: "need attention",
      to: "/invoices?status=overdue",
      variant: "urgent",
      goodWhen: "decrease",
    },
  ];
}

function officeMetrics(m: HomeMetrics): Metric[] {
  return [
    {
      title: "Pending Quotes",
      value: count(m.pendingQuotes.value),
      change: changeText(m.pendingQuotes.change, "sent vs last month"),
      note: "awaiting customer response",
      to: "/quotes?status=sent",
      variant: "warning",
    },
    {
      title: "Active Jobs",
      value: count(m.activeJobs.inProgress),
      change: changeText(m.activeJobs.change, "new vs last week"),
      note: "in progress",
      to: "/jobs?status=in-progress",
    },
    {
      title: "This Week's Revenue",
      value: formatMoney(m.weekRevenue.value),
      change: changeText(m.weekRevenue.change, "from last week"),
      note: "payments received this week",
      to: "/invoices",
    },
  ];
}

/** My Tasks' Complete buttons (plain POST forms). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const form = await request.formData();
  if (form.get("intent") !== "complete") return json({ error: "Unknown action" }, { status: 400 });
  try {
    const task = await completeTask(await getDb(), requireId(String(form.get("taskId") ?? ""), "Task"), user.id);
    return redirectWithToast(request, "/", { title: "Task completed", description: `${task.title} is done.` });
  } catch (error) {
    return refusalToast(request, "/", error);
  }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "installer") return <InstallerHome data={data} />;
  if (data.kind === "office") return <OfficeHome data={data} />;
  return <OwnerHome data={data} />;
}

function Welcome({ name, subtitle }: { name: string; subtitle: string }) {
  return (
    <>
      <Heading as="h1" size="7" mb="1">
        Welcome back, {name}
      </Heading>
      <Text as="p" color="gray" mb="5">
        {subtitle}
      </Text>
    </>
  );
}

function SideColumn({ data }: { data: Extract<Data, { kind: "owner" | "office" }> }) {
  return (
    <>
      <NeedsAttention items={data.attention} />
      <InventoryAlerts lowStock={data.lowStock} />
      <RecentActivity entries={data.activity} timeZone={data.timeZone} />
    </>
  );
}

function OwnerHome({ data }: { data: Extract<Data, { kind: "owner" }> }) {
  const display = useDisplay();
  return (
    <>
      <Welcome name={data.name} subtitle="Here is how the business is doing." />
      <MetricCards metrics={data.metrics} />
      <HomeColumns
        main={
          <>
            <PipelineSnapshot pipeline={data.pipeline} />
            <QuickActions
              actions={[
                { label: "New Customer", to: "/customers/new" },
                { label: "New Job", to: "/jobs/new" },
                { label: "New Quote", to: "/quotes/new" },
                { label: "View Reports", to: "/reports" },
              ]}
            />
            <HomeSection title="Recent Jobs" viewAll={{ to: "/jobs" }} testId="recent-jobs">
              <HomeList
                testId="recent-job"
                empty="No jobs yet."
                items={data.jobs.map((j) => ({
                  key: j.id,
                  to: `/jobs/${j.id}`,
                  title: `#${j.id} ${j.title}`,
                  subtitle: [j.customerName, j.customerPhone ?? "No phone listed", j.location ?? "No location"]
                    .filter(Boolean)
                    .join(" · "),
                  aside: (
                    <Flex direction="column" align="end" gap="1">
                      <StatusBadge status={j.status} />
                      {j.estimatedCost ? <Text size="2">{formatMoney(j.estimatedCost)}</Text> : null}
                    </Flex>
                  ),
                }))}
              />
            </HomeSection>
            <HomeSection title="High-Value Quotes" viewAll={{ to: "/quotes?status=sent" }} testId="high-value-quotes">
              <HomeList
                testId="high-value-quote"
                empty="No quotes awaiting a decision."
                items={data.quotes.map((q) => ({
                  key: q.id,
                  to: `/quotes/${q.id}`,
                  title: `${q.quoteNumber} · ${q.title}`,
                  subtitle: `${q.customerName}${q.validUntil ? ` · valid until ${formatDate(q.validUntil, display)}` : ""}`,
                  aside: <Text weight="bold">{formatMoney(q.total)}</Text>,
                }))}
              />
            </HomeSection>
          </>
        }
        side={<SideColumn data={data} />}
      />
    </>
  );
}

function OfficeHome({ data }: { data: Extract<Data, { kind: "office" }> }) {
  const display = useDisplay();
  const { unscheduled, installs } = data.coordinate;
  return (
    <>
      <Welcome name={data.name} subtitle="What to chase today." />
      <MetricCards metrics={data.metrics} />
      <HomeColumns
        main={
          <>
            <QuickActions
              actions={[
                { label: "New Quote", to: "/quotes/new" },
                { label: "Schedule Installation", to: "/jobs?status=approved" },
                { label: "Send Invoice", to: "/invoices?status=draft" },
                { label: "Follow Up Quote", to: "/follow-up" },
              ]}
            />
            <HomeSection
              title="Pending Quotes"
              viewAll={{ to: "/follow-up", label: `View All ${count(data.pendingTotal)}` }}
              testId="pending-quotes"
            >
              <HomeList
                testId="pending-quote"
                empty="No quotes awaiting a customer response."
                items={data.pending.map((q) => ({
                  key: q.id,
                  to: `/quotes/${q.id}`,
                  title: `${q.quoteNumber} · ${q.title}`,
                  subtitle: `${q.customerName} · sent ${q.daysWaiting} day${q.daysWaiting === 1 ? "" : "s"} ago`,
                  aside: <Text weight="bold">{formatMoney(q.total)}</Text>,
                }))}
              />
            </HomeSection>
            <HomeSection title="Jobs to Coordinate" viewAll={{ to: "/jobs?status=approved" }} testId="coordinate">
              {unscheduled.length === 0 && installs.length === 0 ? (
                <EmptyState title="Every approved job is scheduled and this week's installs are ready." />
              ) : (
                <HomeList
                  testId="coordinate-item"
                  empty=""
                  items={[
                    ...unscheduled.map((j) => ({
                      key: `job-${j.id}`,
                      to: `/jobs/${j.id}`,
                      title: j.title,
                      subtitle: `${j.customerName} · approved, no install scheduled`,
                      aside: (
                        <FastLink to={`/schedule/events/new?jobId=${j.id}&install=1`} className="home-view-all">
                          Schedule
                        </FastLink>
                      ),
                    })),
                    ...installs.map((e) => ({
                      key: `event-${e.eventId}`,
                      to: `/jobs/${e.jobId}`,
                      title: e.title,
                      subtitle: [
                        `${e.customerName} · install ${formatInZone(e.startAt, "EEE MMM d, h:mm a", display)}`,
                        e.noMaterials ? "materials not issued" : null,
                        e.noCrew ? "no crew assigned" : null,
                      ]
                        .filter(Boolean)
                        .join(" · "),
                      // What the row says is missing, one tap away: the job's Materials dialog on its
                      // Issue tab, the install's edit dialog to book a crew.
                      aside: (
                        <>
                          {e.noMaterials ? (
                            <FastLink to={`/jobs/${e.jobId}/materials?tab=issue`} className="home-view-all">
                              Issue materials
                            </FastLink>
                          ) : null}
                          {e.noCrew ? (
                            <FastLink to={`/schedule/events/${e.eventId}/edit`} className="home-view-all">
                              Assign crew
                            </FastLink>
                          ) : null}
                        </>
                      ),
                    })),
                  ]}
                />
              )}
            </HomeSection>
          </>
        }
        side={<SideColumn data={data} />}
      />
    </>
  );
}

function InstallerHome({ data }: { data: Extract<Data, { kind: "installer" }> }) {
  const display = useDisplay();
  const { installer } = data;
  const counters = [
    { title: "Tasks Today", value: installer.tasksToday, to: "/tasks?when=today&mine=1" },
    { title: "Active Jobs", value: installer.activeJobs, to: "/jobs?status=in-progress" },
    { title: "Completed Today", value: installer.completedToday, to: "/tasks?when=done-today&mine=1" },
  ];
  return (
    <>
      <Heading as="h1" size="7" mb="1">
        My Workday
      </Heading>
      <Text as="p" color="gray" mb="5">
        {data.name} · {formatDate(data.today, display)}
      </Text>
      <Grid columns={{ initial: "1", xs: "3" }} gap="3" mb="5">
        {counters.map((c) => (
          <Card key={c.title} asChild>
            <FastLink to={c.to} className="plain">
              <Text as="div" size="2" color="gray">
                {c.title}
              </Text>
              <Text as="div" size="7" weight="bold" data-testid={`metric-${c.title}`}>
                {count(c.value)}
              </Text>
            </FastLink>
          </Card>
        ))}
      </Grid>
      <HomeColumns
        main={
          <>
            <QuickActions
              actions={[
                { label: "Upload Photos", to: "/photos/upload" },
                { label: "Report Issue", to: "/report-issue" },
                { label: "Request Materials", to: "/request-materials" },
                { label: "Update Progress", to: "/update-progress" },
              ]}
            />
            <HomeSection title="My Tasks" viewAll={{ to: "/tasks?mine=1" }} testId="my-tasks">
              {data.shown === 0 ? (
                <EmptyState title="All caught up! No open tasks." />
              ) : (
                // One form around the list, a bare button per task (as the Tasks list): not a form
                // with two hidden inputs and a Radix button in each of 20 rows. Rows as plain markup.
                <CompleteTasksForm enabled>
                  <MarkupOnly as="ul" markupOnly={!data.rows} className="home-list">
                    {data.rows?.map((t) => (
                      <li key={t.id} data-testid="my-task">
                        <div>
                          <div className="rt-Text rt-r-weight-medium" id={`t${t.id}`}>
                            {t.title}
                          </div>
                          <div className="rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-2">
                            <StatusBadge status={t.status} />
                            <PriorityBadge priority={t.priority} />
                            {t.dueDate ? (
                              <span data-accent-color="gray" className="rt-Text rt-r-size-1">
                                Due {formatDate(t.dueDate, display)}
                              </span>
                            ) : null}
                            {t.overdue ? <PlainBadge color="red">Overdue</PlainBadge> : null}
                            {t.jobId && t.jobTitle ? (
                              <FastLink to={`/jobs/${t.jobId}`} className="block-link">
                                <span className="rt-Text rt-r-size-1">{t.jobTitle}</span>
                              </FastLink>
                            ) : null}
                          </div>
                        </div>
                        <CompleteTaskButton taskId={t.id} />
                      </li>
                    ))}
                  </MarkupOnly>
                </CompleteTasksForm>
              )}
            </HomeSection>
            <HomeSection
              title="My Current Jobs"
              viewAll={{ to: "/jobs?status=in-progress&mine=1" }}
              testId="current-jobs"
            >
              <HomeList
                testId="current-job"
                empty="None of your jobs is in progress."
                items={installer.currentJobs?.map((j) => ({
                  key: j.id,
                  to: `/jobs/${j.id}`,
                  title: j.title,
                  subtitle: `${j.customerName}${j.startDate ? ` · started ${formatDate(j.startDate, display)}` : ""}`,
                }))}
              />
            </HomeSection>
          </>
        }
        side={
          <>
            <NeedsAttention items={data.attention} />
            <RecentActivity entries={data.activity} timeZone={data.timeZone} />
          </>
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
