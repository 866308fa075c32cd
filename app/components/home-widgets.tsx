// The pieces of the three Home dashboards (docs/decisions/dashboards.md): metric cards with their
// change, the job pipeline, quick actions, short lists with View All, Needs Attention, inventory
// alerts and Recent Activity. Plain links and GET forms: everything works without JavaScript.
// A list's rows are plain elements with Radix Themes' classes (HomeRow) and their links FastLinks:
// per row, the layer's components and Remix's <Link> were most of a Home's own render time.
import { Button, Callout, Card, Flex, Grid, Heading, Text } from "~/components/ui";
import type { ReactNode } from "react";
import { activityTypeLabel, titleSaysType } from "~/utils/activity-types";
import { formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { formatQuantity } from "~/utils/units";
import { MarkupOnly } from "./data-table";
import { EmptyState } from "./empty-state";
import { FastLink } from "./fast-link";
import { useDisplay } from "./date-display";
import { SpriteIcon } from "./sprite-icon";
import { StatValue } from "./stat-card";
import { PlainBadge } from "./status-badge";

type Direction = "increase" | "decrease" | "neutral";

export type Metric = {
  title: string;
  value: string;
  /** "+12.5% from last month"; null when there is nothing to compare with. */
  change?: { text: string; direction: Direction } | null;
  note: string;
  to: string;
  variant?: "default" | "warning" | "urgent";
  /** Which way is good news: up (the default), or down (overdue invoices: more is worse). */
  goodWhen?: "increase" | "decrease";
};

/** A change's colour: green when it went the good way, red the other, gray when flat. The arrow shows which way. */
export function changeColor(direction: Direction, goodWhen: "increase" | "decrease" = "increase") {
  if (direction === "neutral") return "gray";
  return direction === goodWhen ? "green" : "red";
}

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
          <FastLink to={m.to} className="plain" data-testid={`metric-${m.title}`}>
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
                  color={changeColor(m.change.direction, m.goodWhen)}
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
          </FastLink>
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
          <FastLink to={viewAll.to} className="home-view-all">
            {viewAll.label ?? "View All"}
          </FastLink>
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
            <FastLink to={a.to}>
              {a.icon}
              {a.label}
            </FastLink>
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

/** The bottleneck warning's sentence (spec §9), its count with thousands separators. */
export function bottleneckText({ stage, count }: { stage: string; count: number }) {
  return `${count.toLocaleString("en-US")} jobs are in the "${stage}" stage. Consider reviewing capacity and processes.`;
}

/** Job Pipeline Snapshot (spec §9). */
export function PipelineSnapshot({ pipeline }: { pipeline: Pipeline }) {
  return (
    <HomeSection title="Job Pipeline Snapshot" viewAll={{ to: "/jobs" }} testId="pipeline">
      <Grid columns={{ initial: "2", md: "4" }} gap="3" mb="3">
        {pipeline.stages.map((s) => (
          <FastLink
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
          </FastLink>
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
            {bottleneckText(pipeline.bottleneck)}
          </Callout.Text>
        </Callout.Root>
      ) : null}
    </HomeSection>
  );
}

/**
 * One row of a Home list: its title a link, a muted second line, something at the right. Plain
 * elements with Radix Themes' classes (a Box with minWidth 0, a gray size-1 Text): the markup the
 * layer drew, without its per-element work.
 */
export function HomeRow({
  to,
  title,
  subtitle,
  aside,
  children,
  ...rest
}: {
  to: string;
  title: ReactNode;
  subtitle?: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
} & Omit<React.LiHTMLAttributes<HTMLLIElement>, "title">) {
  return (
    <li {...rest}>
      <div className="home-item">
        <FastLink to={to} className="home-list-title">
          {title}
        </FastLink>
        {subtitle ? <Muted>{subtitle}</Muted> : null}
        {children}
      </div>
      {aside ? <div className="home-aside">{aside}</div> : null}
    </li>
  );
}

/** Radix's `<Text as="div" size="1" color="gray">` as plain markup. */
export function Muted({ children }: { children: ReactNode }) {
  return (
    <div data-accent-color="gray" className="rt-Text rt-r-size-1">
      {children}
    </div>
  );
}

/**
 * A short list of rows (name as a link, a subtitle, something on the right). `items` undefined: the
 * rows came as HTML only (listsOnce in app/utils/list-rows.server.ts), kept as the server drew them.
 */
export function HomeList({
  items,
  empty,
  testId,
}: {
  items: { key: string | number; to: string; title: string; subtitle?: ReactNode; aside?: ReactNode }[] | undefined;
  empty: string;
  testId?: string;
}) {
  if (items?.length === 0) return <EmptyState title={empty} />;
  return (
    <MarkupOnly as="ul" markupOnly={!items} className="home-list">
      {items?.map(({ key, ...item }) => (
        <HomeRow key={key} data-testid={testId} {...item} />
      ))}
    </MarkupOnly>
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

/**
 * Needs Attention (spec §9): at most 5, the empty text when there is nothing. `items` undefined: sent
 * as HTML only (listsOnce), kept as the server drew them.
 */
export function NeedsAttention({ items }: { items: Attention[] | undefined }) {
  return (
    <HomeSection title="Needs Attention" testId="needs-attention">
      {items?.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="attention-empty">
          All caught up! No items need immediate attention.
        </Text>
      ) : (
        <MarkupOnly as="ul" markupOnly={!items} className="home-list">
          {items?.map((item) => (
            <HomeRow
              key={item.key}
              data-testid="attention-item"
              className={`attention-${item.priority}`}
              to={item.href}
              title={item.title}
              subtitle={item.description}
            >
              <div className="rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-2 rt-r-mt-1">
                <PlainBadge color={PRIORITY_COLOR[item.priority]}>{item.priority}</PlainBadge>
                {item.daysOverdue > 0 ? (
                  <span data-accent-color="red" className="rt-Text rt-r-size-1" data-testid="days-overdue">
                    {item.daysOverdue} day{item.daysOverdue === 1 ? "" : "s"} overdue
                  </span>
                ) : null}
                {item.amount ? (
                  <span className="rt-Text rt-r-size-1 rt-r-weight-medium">{formatMoney(item.amount)}</span>
                ) : null}
              </div>
            </HomeRow>
          ))}
        </MarkupOnly>
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

/**
 * An entry's grey line: "Payment received · Nov 3, 10:34 AM · Ann · Kitchen refit · $500.00". The type
 * is left out where the title says it ("Task completed"), the amount where the description names it
 * ("$500.00 from Ann Lee (card)"); `when` is null in the activity table, whose columns say type,
 * user and time.
 */
export function activityMeta(
  entry: Pick<ActivityEntry, "type" | "title" | "description" | "userName" | "jobTitle" | "amount">,
  when: string | null,
) {
  const amount = entry.amount ? formatMoney(entry.amount) : null;
  return [
    when === null ? null : titleSaysType(entry) ? when : `${activityTypeLabel(entry.type)} · ${when}`,
    when === null ? null : entry.userName,
    entry.jobTitle,
    amount && !entry.description?.includes(amount) ? amount : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

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
  const meta = activityMeta(entry, compact ? null : formatDateTime(entry.createdAt, display));
  return (
    <div className="home-item">
      {entry.href ? (
        <FastLink to={entry.href} className="home-list-title">
          {entry.title}
        </FastLink>
      ) : (
        <span className="rt-Text rt-r-weight-medium">{entry.title}</span>
      )}
      {entry.description ? (
        <div data-accent-color="gray" className="rt-Text rt-r-size-1 truncate">
          {entry.description}
        </div>
      ) : null}
      {meta ? <Muted>{meta}</Muted> : null}
    </div>
  );
}

/** Recent Activity: the five newest entries this role may see, then View All. */
export function RecentActivity({ entries, timeZone }: { entries: ActivityEntry[]; timeZone: string }) {
  return (
    <HomeSection title="Recent Activity" viewAll={{ to: "/activity" }} testId="recent-activity">
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

const LEVEL = {
  out: { label: "Out", color: "red" },
  critical: { label: "Critical", color: "red" },
  low: { label: "Low", color: "orange" },
} as const;

/** A low-stock item's second line: "BULK-003920 · 1,609 sheet on hand, reorder at 4,033". */
export function stockLine(item: Pick<LowStock["items"][number], "sku" | "currentStock" | "unit" | "reorderPoint">) {
  return `${item.sku} · ${formatQuantity(item.currentStock)} ${item.unit} on hand, reorder at ${formatQuantity(item.reorderPoint)}`;
}

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
                  <div className="home-item">
                    <div className="rt-Text rt-r-weight-medium">{item.name}</div>
                    <Muted>{stockLine(item)}</Muted>
                  </div>
                  <PlainBadge color={level.color}>{level.label}</PlainBadge>
                </li>
              );
            })}
          </ul>
          {lowStock.more > 0 ? (
            <FastLink to="/inventory" className="home-view-all">
              View {lowStock.more} more items
            </FastLink>
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
