// What the Quotes and Invoices lists share: the page around the table (header, stat cards, search
// and status filter, empty state) and the row's customer cell and actions.
import { Pencil1Icon } from "@radix-ui/react-icons";
import { Button, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { DataTable, type DataTableHeader } from "./data-table";
import { EmptyState } from "./empty-state";
import { IconLink } from "./icon-link";
import { FastLink } from "./fast-link";
import { FilterSelect, ListFilters } from "./list-filters";
import { ListCard, ListPage, type Stat } from "./list-page";
import type { Option } from "./select-field";
import { useKeptQuery } from "./use-kept-query";

type What = "quotes" | "invoices";
const titleOf = (what: What) => what.charAt(0).toUpperCase() + what.slice(1);
const singular = (what: What) => what.slice(0, -1);

export function DocumentListPage({
  what,
  subtitle,
  stats,
  statuses,
  list,
  total,
  empty,
  headers,
  children,
}: {
  what: What;
  subtitle: string;
  stats: Stat[];
  statuses: readonly string[] | readonly Option[];
  list: { search: string; status: string; filtered: boolean; page: number; pageSize: number };
  total: number;
  /** No rows on this page. */
  empty: boolean;
  headers: DataTableHeader[];
  children: ReactNode;
}) {
  const title = titleOf(what);
  return (
    <ListPage
      title={title}
      subtitle={subtitle}
      add={`Add ${titleOf(singular(what) as What)}`}
      stats={stats}
      filters={
        <ListFilters list={list} searchLabel={`Search ${what}`} placeholder="Search by title, number or customer...">
          <FilterSelect name="status" value={list.status} allLabel="All statuses" options={statuses} />
        </ListFilters>
      }
    >
      <ListCard
        heading={`All ${title}`}
        total={total}
        countTestId={`${singular(what)}-count`}
        list={list}
        empty={
          empty ? (
            <EmptyState
              title={list.filtered ? `No matching ${what}` : `No ${what} yet`}
              hint={list.filtered ? "Try another search or status." : `Create your first ${singular(what)}.`}
            />
          ) : null
        }
      >
        <DataTable label={title} headers={headers}>
          {children}
        </DataTable>
      </ListCard>
    </ListPage>
  );
}

/** The customer's name (and phone), or "Unknown Customer" when the link is gone. */
export function CustomerCell({
  customer,
  withPhone = false,
}: {
  customer: { name: string; phone?: string | null } | null;
  withPhone?: boolean;
}) {
  if (!customer) return <Text color="gray">Unknown Customer</Text>;
  return (
    <>
      <Text as="div" size="2" weight="medium">
        {customer.name}
      </Text>
      {withPhone ? (
        <Text as="div" size="1" color="gray">
          {customer.phone ?? "No phone listed"}
        </Text>
      ) : null}
    </>
  );
}

/** A row's actions: Edit (icon), `children` (Record Payment), Send Email, then `after` (Payment Link). */
export function DocumentRowActions({
  what,
  id,
  number,
  children,
  after,
}: {
  what: What;
  id: number;
  number: string;
  children?: ReactNode;
  after?: ReactNode;
}) {
  const query = useKeptQuery();
  return (
    <Flex gap="2" align="center">
      <IconLink label={`Edit ${number}`} to={`/${what}/${id}/edit${query}`} keepScroll>
        <Pencil1Icon />
      </IconLink>
      {children}
      <Button asChild size="1" variant="soft">
        <FastLink to={`/${what}/${id}/send?redirectTo=${encodeURIComponent(`/${what}${query}`)}`} preventScrollReset>
          Send Email
        </FastLink>
      </Button>
      {after}
    </Flex>
  );
}
