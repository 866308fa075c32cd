// What the Quotes and Invoices lists share: the page around the table (header, stat cards, search
// and status filter, empty state) and the row's number/title cell, customer cell and menu.
import type { ReactNode } from "react";
import { RowMenuLink } from "./action-menu";
import { DataTable, type DataTableHeader, type RowMenus } from "./data-table";
import { EmptyState } from "./empty-state";
import { FastLink } from "./fast-link";
import { FilterSelect, ListFilters } from "./list-filters";
import { ListCard, ListPage, type Stat } from "./list-page";
import type { Option } from "./select-field";
import { useKeptQuery } from "./use-kept-query";

type What = "quotes" | "invoices";
const titleOf = (what: What) => what.charAt(0).toUpperCase() + what.slice(1);
const singular = (what: What) => what.slice(0, -1);

export function DocumentListPage<K extends { id: number }>({
  what,
  subtitle,
  stats,
  statuses,
  list,
  total,
  empty,
  headers,
  menus,
  markupOnly,
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
  /** The rows' menus (DocumentRowActions per key). */
  menus: RowMenus<K>;
  /** The rows came as HTML only (DataTable). */
  markupOnly: boolean;
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
        <DataTable label={title} headers={headers} menus={menus} markupOnly={markupOnly}>
          {children}
        </DataTable>
      </ListCard>
    </ListPage>
  );
}

/** The customer's name (a link to the customer) and phone, or "Unknown Customer" when the link is gone. */
export function CustomerCell({
  customerId,
  customer,
  withPhone = false,
}: {
  customerId: number | null;
  customer: { name: string; phone?: string | null } | null;
  withPhone?: boolean;
}) {
  if (!customer) return <span className="muted">Unknown Customer</span>;
  return (
    <>
      {customerId ? <FastLink to={`/customers/${customerId}`}>{customer.name}</FastLink> : customer.name}
      {withPhone && customer.phone ? <div>{customer.phone}</div> : null}
    </>
  );
}

/**
 * The record's number (the link) and its title under it: the card's first line, the table's first
 * column (a `main` and `number` column: the number never wraps, app.css).
 */
export function DocumentTitleCell({
  what,
  id,
  number,
  title,
}: {
  what: What;
  id: number;
  number: string;
  title: string;
}) {
  return (
    <>
      <FastLink to={`/${what}/${id}`}>{number}</FastLink>
      {title ? <div>{title}</div> : null}
    </>
  );
}

/**
 * A row's menu items (DataTable's `menus`): `children` (Record payment, Payment link), Send email,
 * Edit — every item a link, so it works without JS. Send email comes back to the list with its query.
 */
export function DocumentRowActions({ what, id, children }: { what: What; id: number; children?: ReactNode }) {
  const query = useKeptQuery();
  return (
    <>
      {children}
      <RowMenuLink to={`/${what}/${id}/send?redirectTo=${encodeURIComponent(`/${what}${query}`)}`} keepScroll>
        Send email
      </RowMenuLink>
      <RowMenuLink to={`/${what}/${id}/edit${query}`} keepScroll>
        Edit
      </RowMenuLink>
    </>
  );
}
