// The pieces of a list screen (docs/decisions/list-filters.md): header, stat cards,
// filters, a card with the rows and the pagination, and the outlet its dialog routes render in.
// The loader reads its query with parseListSearch (app/utils/list-search.ts); the route exports
// `handle = keepListQuery(filters)` so dialogs keep the list's query (useKeptQuery).
import { Button, Card, Flex, Grid, Heading } from "~/components/ui";
import { Link, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageHeader } from "./page-header";
import { SpriteIcon } from "./sprite-icon";
import { PlainBadge } from "./status-badge";
import { Pagination } from "./pagination";
import { StatCard } from "./stat-card";
import { useKeptQuery } from "./use-kept-query";

export type Stat = { title: string; value: string; testId?: string; color?: "red" };

/**
 * Header, optional stat cards and filters, the list itself, then the dialog routes' outlet. `add`
 * ("Add Job") is the header's button to the `new` dialog, keeping the list's query.
 */
export function ListPage({
  title,
  subtitle,
  add,
  actions,
  stats,
  filters,
  children,
}: {
  title: ReactNode;
  subtitle?: string;
  add?: string | null;
  actions?: ReactNode;
  stats?: Stat[];
  filters?: ReactNode;
  children: ReactNode;
}) {
  const query = useKeptQuery();
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={add ? <AddButton label={add} to={`new${query}`} /> : actions}
      />
      {stats?.length ? <StatCards stats={stats} /> : null}
      {filters}
      {children}
      <Outlet />
    </>
  );
}

/** A row of figures above a list: two a row on a phone, four from tablet width. */
export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <Grid columns={{ initial: "2", md: "4" }} gap="3" mb="4">
      {stats.map((stat) => (
        <StatCard key={stat.title} {...stat} />
      ))}
    </Grid>
  );
}

/**
 * "All Customers (1,234)", the rows, and Previous/Next. `empty` (an EmptyState) stands in for the
 * rows when there are none; `aside` sits right of the heading (a loading note). While the list is
 * filtered an "All …" heading reads "Matching …": the count is the filtered one, not all of them.
 */
export function ListCard({
  heading,
  total,
  list,
  countTestId,
  aside,
  empty,
  children,
}: {
  heading: string;
  total: number;
  list: { page: number; pageSize: number; filtered?: boolean };
  countTestId?: string;
  aside?: ReactNode;
  empty?: ReactNode;
  children: ReactNode;
}) {
  const shown = list.filtered && heading.startsWith("All ") ? `Matching ${heading.slice(4)}` : heading;
  return (
    <Card size="2">
      <Flex justify="between" align="center" mb="3">
        <Heading as="h2" size="4">
          {/* One text node and a one-class badge: no `<!-- -->` marker, no Radix classes. */}
          {`${shown} `}
          <PlainBadge color="gray" data-radius="full" data-testid={countTestId}>
            {total.toLocaleString("en-US")}
          </PlainBadge>
        </Heading>
        {aside}
      </Flex>
      {empty || children}
      <Pagination page={list.page} pageSize={list.pageSize} total={total} />
    </Card>
  );
}

/** "+ Add Job": the button to a list's `new` dialog (soft in an empty state). */
export function AddButton({ label, to = "new", variant }: { label: string; to?: string; variant?: "soft" }) {
  return (
    <Button asChild variant={variant}>
      <Link to={to} preventScrollReset>
        <SpriteIcon name="plus" /> {label}
      </Link>
    </Button>
  );
}
