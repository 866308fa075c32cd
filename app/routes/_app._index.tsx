import { Badge, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { PriorityBadge, StatusBadge } from "~/components/status-badge";
import { CompleteTaskForm } from "~/components/task-form";
import { homeFigures } from "~/models/dashboard.server";
import { getSettings } from "~/models/settings.server";
import { completeTask, installerDay, isOverdue } from "~/models/task.server";
import { requirePermission } from "~/utils/auth.server";
import { addDays, businessToday, dayRange, formatDate } from "~/utils/dates";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatMoney } from "~/utils/money";
import { can } from "~/utils/permissions";
import { getDb } from "~/utils/db.server";
import { refusalToast } from "~/utils/refusal-response.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Home · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "home");
  const db = await getDb();
  const settings = await getSettings(db);
  const timeZone = settings.system.timeZone;
  const today = businessToday(timeZone);
  if (user.viewRole === "installer") {
    // The installer's day: real figures for the signed-in user (business time zone decides "today").
    const { from, to } = dayRange(today, addDays(today, 1), timeZone);
    const day = await installerDay(db, user.id, today, from, to);
    return json({
      kind: "installer" as const,
      name: user.name,
      today,
      installer: { ...day, myTasks: day.myTasks.map((t) => ({ ...t, overdue: isOverdue(t, today) })) },
    });
  }
  const figures = await homeFigures(db, today);
  const showMoney = can(user.viewRole, "invoices");
  return json({
    kind: "staff" as const,
    name: user.name,
    role: user.viewRole,
    figures: {
      ...figures,
      outstanding: showMoney ? figures.outstanding : null,
      overdueInvoices: showMoney ? figures.overdueInvoices : null,
      customers: can(user.viewRole, "customers") ? figures.customers : null,
      pendingQuotes: can(user.viewRole, "quotes") ? figures.pendingQuotes : null,
    },
  });
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

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "installer") return <InstallerHome data={data} />;
  return <StaffHome name={data.name} figures={data.figures} />;
}

type InstallerData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "installer" }>;

function InstallerHome({ data }: { data: InstallerData }) {
  const { installer } = data;
  const counters = [
    { title: "Tasks Today", value: installer.tasksToday, to: "/tasks" },
    { title: "Active Jobs", value: installer.activeJobs, to: "/jobs?status=in-progress" },
    { title: "Completed Today", value: installer.completedToday, to: "/tasks?status=done" },
  ];
  return (
    <>
      <Heading as="h1" size="7" mb="1">
        My Workday
      </Heading>
      <Text as="p" color="gray" mb="5">
        {data.name} · {formatDate(data.today)}
      </Text>
      <Grid columns={{ initial: "1", sm: "3" }} gap="4" mb="5">
        {counters.map((c) => (
          <Card key={c.title} asChild>
            <Link to={c.to} className="plain">
              <Text as="div" size="2" color="gray">
                {c.title}
              </Text>
              <Text as="div" size="7" weight="bold" data-testid={`metric-${c.title}`}>
                {c.value}
              </Text>
            </Link>
          </Card>
        ))}
      </Grid>
      <Grid columns={{ initial: "1", lg: "2" }} gap="4">
        <Card size="2">
          <Heading as="h2" size="4" mb="3">
            My Tasks
          </Heading>
          {installer.myTasks.length === 0 ? (
            <EmptyState title="All caught up! No open tasks." />
          ) : (
            <Flex direction="column" gap="3">
              {installer.myTasks.map((t) => (
                <Flex key={t.id} justify="between" align="center" gap="3" data-testid="my-task">
                  <div>
                    <Text as="div" weight="medium">
                      {t.title}
                    </Text>
                    <Flex gap="2" align="center" wrap="wrap">
                      <StatusBadge status={t.status} />
                      <PriorityBadge priority={t.priority} />
                      {t.dueDate ? (
                        <Text size="1" color="gray">
                          Due {formatDate(t.dueDate)}
                        </Text>
                      ) : null}
                      {t.overdue ? <Badge color="red">Overdue</Badge> : null}
                      {t.jobTitle ? (
                        <Text size="1" color="gray">
                          {t.jobTitle}
                        </Text>
                      ) : null}
                    </Flex>
                  </div>
                  <CompleteTaskForm taskId={t.id} title={t.title} />
                </Flex>
              ))}
            </Flex>
          )}
        </Card>
        <Card size="2">
          <Heading as="h2" size="4" mb="3">
            My Current Jobs
          </Heading>
          {installer.currentJobs.length === 0 ? (
            <EmptyState title="No jobs in progress." />
          ) : (
            <Flex direction="column" gap="2">
              {installer.currentJobs.map((j) => (
                <Link key={j.id} to={`/jobs/${j.id}`} className="plain">
                  <Text as="div" weight="medium">
                    {j.title}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {j.customerName}
                    {j.startDate ? ` · started ${formatDate(j.startDate)}` : ""}
                  </Text>
                </Link>
              ))}
            </Flex>
          )}
        </Card>
      </Grid>
    </>
  );
}

type StaffData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "staff" }>;

function StaffHome({ name, figures }: { name: string; figures: StaffData["figures"] }) {
  const cards = [
    figures.customers !== null && {
      title: "Customers",
      value: figures.customers.toLocaleString("en-US"),
      note: "total customers",
      to: "/customers",
    },
    {
      title: "Active Jobs",
      value: figures.activeJobs.toLocaleString("en-US"),
      note: "quoted, approved or in progress",
      to: "/jobs",
    },
    figures.pendingQuotes !== null && {
      title: "Pending Quotes",
      value: figures.pendingQuotes.toLocaleString("en-US"),
      note: "awaiting approval",
      to: "/quotes",
    },
    figures.overdueInvoices !== null && {
      title: "Overdue Invoices",
      value: figures.overdueInvoices.toLocaleString("en-US"),
      note: "need attention",
      to: "/invoices",
    },
    figures.outstanding !== null && {
      title: "Outstanding",
      value: formatMoney(figures.outstanding),
      note: "unpaid invoice balances",
      to: "/invoices",
    },
  ].filter(Boolean) as { title: string; value: string; note: string; to: string }[];
  return (
    <>
      <Heading as="h1" size="7" mb="1">
        Welcome back, {name}
      </Heading>
      <Text as="p" color="gray" mb="5">
        Here is where the business stands today.
      </Text>
      <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="4">
        {cards.map((card) => (
          <Card key={card.title} asChild>
            <Link to={card.to} className="plain">
              <Text as="div" size="2" color="gray">
                {card.title}
              </Text>
              <Text as="div" size="7" weight="bold" data-testid={`metric-${card.title}`}>
                {card.value}
              </Text>
              <Text as="div" size="1" color="gray">
                {card.note}
              </Text>
            </Link>
          </Card>
        ))}
      </Grid>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
