// The pieces of the three Home dashboards (docs/decisions/dashboards.md): metric cards with their
// change, the job pipeline, quick actions, short lists with View All, Needs Attention, inventory
// alerts and Recent Activity. Plain links and GET forms: everything works without JavaScript.
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Text } from "~/components/ui";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { activityTypeLabel } from "~/utils/activity-types";
import { formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { EmptyState } from "./empty-state";
import { useDisplay } from "./date-display";
import { SpriteIcon } from "./sprite-icon";
import { StatValue } from "./stat-card";

type Direction = "increase" | "decrease" | "neutral";

export type Metric = {
  title: string;
  value: string;
  /** "+12.5% from last month"; null when there is nothing to compare with. */
  change?: { text: string; direction: Direction } | null;
  note: string;
  to: string;
  variant?: "default" | "warning" | "urgent";
};

/** "+12.5%", "−5.2%", "new" (nothing in the previous period), "0.0%". */
export function changeText(change: { percent: string | null; direction: Direction }, suffix: string) {
  if (change.percent === null) return { text: `new ${suffix}`, direction: change.direction };
  const sign = change.direction === "increase" ? "+" : change.direction === "decrease" ? "−" : "";
  return { text: `${sign}${change.percent}% ${suffix}`, direction: change.direction };
}

export function MetricCards({ metrics }: { metrics: Metric[] }) {
  return (
    <Grid columns={{ initial: "1", xs: "2", sm: "3" }} gap="3" mb="5">
      {metrics.map((m) => (
        <Card key={m.title} asChild className={`stat-card metric-card metric-${m.variant ?? "default"}`}>
          <Link to={m.to} className="plain" data-testid={`metric-${m.title}`}>
            <Text as="div" size="2" color="gray">
              {m.title}
            </Text>
            <StatValue
              value={m.value}
              data-testid="metric-value"
              color={m.variant === "urgent" ? "red" : m.variant === "warning" ? "orange" : undefined}
            />
            <Flex gap="1" align="center" wrap="wrap">
              {m.change ? (
                <Text
                  size="1"
                  weight="medium"
                  data-testid="metric-change"
                  color={
                    m.change.direction === "increase" ? "green" : m.change.direction === "decrease" ? "red" : "gray"
                  }
                >
                  {m.change.direction === "increase" ? (
                    <SpriteIcon name="arrow-up" />
                  ) : m.change.direction === "decrease" ? (
                    <SpriteIcon name="arrow-down" />
                  ) : null}{" "}
                  {m.change.text}
                </Text>
              ) : null}
              <Text size="1" color="gray">
                {m.note}
              </Text>
            </Flex>
          </Link>
        </Card>
      ))}
    </Grid>
  );
}

/** A titled card on Home with an optional View All link. */
export function HomeSection({
  title,
  viewAll,
  testId,
  children,
}: {
  title: string;
  viewAll?: { to: string; label?: string };
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card size="2" data-testid={testId}>
      <Flex justify="between" align="center" mb="3" gap="2">
        <Heading as="h2" size="4">
          {title}
        </Heading>
        {viewAll ? (
          <Link to={viewAll.to} className="home-view-all">
            {viewAll.label ?? "View All"}
          </Link>
        ) : null}
      </Flex>
      {children}
    </Card>
  );
}

export type QuickAction = { label: string; to: string; icon?: ReactNode };

/** Quick Actions: each a link to the real flow (≥ 44 px targets). */
export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <HomeSection title="Quick Actions" testId="quick-actions">
      <Grid columns={{ initial: "2", md: "4" }} gap="2">
        {actions.map((a) => (
          <Button key={a.label} asChild size="3" variant="soft" className="quick-action">
            <Link to={a.to}>
              {a.icon}
              {a.label}
            </Link>
          </Button>
        ))}
      </Grid>
    </HomeSection>
  );
}

type Pipeline = {
  stages: { key: string; label: string; count: number; percent: string; status: string }[];
  total: number;
  approvalRate: { value: string | null; color: "green" | "orange" | "red" | null };
  completionRate: { value: string | null; color: "green" | "orange" | "red" | null };
  bottleneck: { stage: string; count: number } | null;
};

/** Job Pipeline Snapshot (spec §9). */
export function PipelineSnapshot({ pipeline }: { pipeline: Pipeline }) {
  return (
    <HomeSection title="Job Pipeline Snapshot" viewAll={{ to: "/jobs" }} testId="pipeline">
      <Grid columns={{ initial: "2", md: "4" }} gap="3" mb="3">
        {pipeline.stages.map((s) => (
          <Link
            key={s.key}
            to={`/jobs?status=${s.status}`}
            className="plain pipeline-stage stat-card"
            data-testid={`stage-${s.key}`}
          >
            <Text as="div" size="2" color="gray">
              {s.label}
            </Text>
            <StatValue value={s.count.toLocaleString("en-US")} data-testid="stage-count" />
            <Text as="div" size="1" color="gray" data-testid="stage-percent">
              {s.percent}% of total
            </Text>
          </Link>
        ))}
      </Grid>
      <Flex gap="4" wrap="wrap" align="center" mb={pipeline.bottleneck ? "3" : "0"}>
        <Text size="2" data-testid="approval-rate">
          Approval rate:{" "}
          <Text weight="bold" color={pipeline.approvalRate.color ?? "gray"} data-color={pipeline.approvalRate.color}>
            {pipeline.approvalRate.value === null ? "—" : `${pipeline.approvalRate.value}%`}
          </Text>
        </Text>
        <Text size="2" data-testid="completion-rate">
          Completion rate:{" "}
          <Text
            weight="bold"
            color={pipeline.completionRate.color ?? "gray"}
            data-color={pipeline.completionRate.color}
          >
            {pipeline.completionRate.value === null ? "—" : `${pipeline.completionRate.value}%`}
          </Text>
        </Text>
        <Text size="2" color="gray" data-testid="pipeline-total">
          {pipeline.total.toLocaleString("en-US")} Total Jobs
        </Text>
      </Flex>
      {pipeline.bottleneck ? (
        <Callout.Root color="orange" size="1" data-testid="bottleneck">
          <Callout.Icon>
            <SpriteIcon name="warning" />
          </Callout.Icon>
          <Callout.Text>
            <strong>Potential Bottleneck Detected</strong>
            <br />
            {pipeline.bottleneck.count} jobs are in the &quot;{pipeline.bottleneck.stage}&quot; stage. Consider
            reviewing capacity and processes.
          </Callout.Text>
        </Callout.Root>
      ) : null}
    </HomeSection>
  );
}

/** A short list of rows (name as a link, a subtitle, something on the right). */
export function HomeList({
  items,
  empty,
  testId,
}: {
  items: { key: string | number; to: string; title: string; subtitle?: ReactNode; aside?: ReactNode }[];
  empty: string;
  testId?: string;
}) {
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <ul className="home-list">
      {items.map((item) => (
        <li key={item.key} data-testid={testId}>
          <Box minWidth="0">
            <Link to={item.to} className="home-list-title">
              {item.title}
            </Link>
            {item.subtitle ? (
              <Text as="div" size="1" color="gray">
                {item.subtitle}
              </Text>
            ) : null}
          </Box>
          {item.aside ? <Box flexShrink="0">{item.aside}</Box> : null}
        </li>
      ))}
    </ul>
  );
}

type Attention = {
  key: string;
  priority: "high" | "medium" | "low";
  title: string;
  description: string;
  daysOverdue: number;
  href: string;
  amount?: string | null;
};

const PRIORITY_COLOR = { high: "red", medium: "orange", low: "gray" } as const;

/** Needs Attention (spec §9): at most 5, the empty text when there is nothing. */
export function NeedsAttention({ items }: { items: Attention[] }) {
  return (
    <HomeSection title="Needs Attention" testId="needs-attention">
      {items.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="attention-empty">
          All caught up! No items need immediate attention.
        </Text>
      ) : (
        <ul className="home-list">
          {items.map((item) => (
            <li key={item.key} data-testid="attention-item" className={`attention-${item.priority}`}>
              <Box minWidth="0">
                <Link to={item.href} className="home-list-title">
                  {item.title}
                </Link>
                <Text as="div" size="1" color="gray">
                  {item.description}
                </Text>
                <Flex gap="2" mt="1" align="center" wrap="wrap">
                  <Badge color={PRIORITY_COLOR[item.priority]}>{item.priority}</Badge>
                  {item.daysOverdue > 0 ? (
                    <Text size="1" color="red" data-testid="days-overdue">
                      {item.daysOverdue} day{item.daysOverdue === 1 ? "" : "s"} overdue
                    </Text>
                  ) : null}
                  {item.amount ? (
                    <Text size="1" weight="medium">
                      {formatMoney(item.amount)}
                    </Text>
                  ) : null}
                </Flex>
              </Box>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

type ActivityEntry = {
  id: number;
  type: string;
  title: string;
  description: string | null;
  createdAt: string;
  userName: string | null;
  jobTitle: string | null;
  amount: string | null;
  href: string | null;
};

/** One activity entry (Home feed and the /activity page). */
export function ActivityEntryView({
  entry,
  compact,
}: {
  entry: ActivityEntry;
  timeZone: string;
  /** In the activity table the type, user and time have their own columns. */
  compact?: boolean;
}) {
  const display = useDisplay();
  return (
    <Box minWidth="0">
      {entry.href ? (
        <Link to={entry.href} className="home-list-title">
          {entry.title}
        </Link>
      ) : (
        <Text weight="medium">{entry.title}</Text>
      )}
      {entry.description ? (
        <Text as="div" size="1" color="gray" className="truncate">
          {entry.description}
        </Text>
      ) : null}
      <Text as="div" size="1" color="gray">
        {compact ? null : `${activityTypeLabel(entry.type)} · ${formatDateTime(entry.createdAt, display)}`}
        {!compact && entry.userName ? ` · ${entry.userName}` : ""}
        {entry.jobTitle ? `${compact ? "" : " · "}${entry.jobTitle}` : ""}
        {entry.amount ? ` · ${formatMoney(entry.amount)}` : ""}
      </Text>
    </Box>
  );
}

/** Recent Activity: the five newest entries this role may see, then View all. */
export function RecentActivity({ entries, timeZone }: { entries: ActivityEntry[]; timeZone: string }) {
  return (
    <HomeSection title="Recent Activity" viewAll={{ to: "/activity", label: "View all" }} testId="recent-activity">
      {entries.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No recent activity
        </Text>
      ) : (
        <ul className="home-list">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="activity-item">
              <ActivityEntryView entry={entry} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

type LowStock = {
  items: {
    id: number;
    name: string;
    sku: string;
    unit: string;
    currentStock: string;
    reorderPoint: string;
    level: string;
  }[];
  more: number;
};

const qty = (q: string) => (q.includes(".") ? q.replace(/0+$/, "").replace(/\.$/, "") : q);
const LEVEL = {
  out: { label: "Out", color: "red" },
  critical: { label: "Critical", color: "red" },
  low: { label: "Low", color: "orange" },
} as const;

/** Inventory alerts (spec §2 Inventory): the first 3 low-stock items, then "View N more items". */
export function InventoryAlerts({ lowStock }: { lowStock: LowStock }) {
  return (
    <HomeSection title="Inventory Alerts" testId="inventory-alerts">
      {lowStock.items.length === 0 ? (
        <Text as="p" size="2" color="gray">
          All items above minimum stock levels
        </Text>
      ) : (
        <>
          <ul className="home-list">
            {lowStock.items.map((item) => {
              const level = LEVEL[item.level as keyof typeof LEVEL] ?? LEVEL.low;
              return (
                <li key={item.id} data-testid="low-stock-item">
                  <Box minWidth="0">
                    <Text as="div" weight="medium">
                      {item.name}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {item.sku} · {qty(item.currentStock)} {item.unit} on hand, reorder at {qty(item.reorderPoint)}
                    </Text>
                  </Box>
                  <Badge color={level.color}>{level.label}</Badge>
                </li>
              );
            })}
          </ul>
          {lowStock.more > 0 ? (
            <Link to="/inventory" className="home-view-all">
              View {lowStock.more} more items
            </Link>
          ) : null}
        </>
      )}
    </HomeSection>
  );
}

/** Main column and side column: side by side from 1024 px, stacked below. */
export function HomeColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className="home-columns">
      <Flex direction="column" gap="4" minWidth="0">
        {main}
      </Flex>
      <Flex direction="column" gap="4" minWidth="0">
        {side}
      </Flex>
    </div>
  );
}
