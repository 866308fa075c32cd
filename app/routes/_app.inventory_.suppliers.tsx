import { Badge, Text } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DataTable, EmptyCell } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { IconLink } from "~/components/icon-link";
import { InventoryHeader } from "~/components/inventory";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { AddButton, ListCard } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { inventorySummary, listSuppliers } from "~/models/inventory.server";
import { getDb } from "~/utils/db.server";
import { choiceFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { can } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SpriteIcon } from "~/components/sprite-icon";

export const meta: MetaFunction = () => [{ title: "Suppliers · Inventory · Cabinetry Jobs" }];

const filters = { status: choiceFilter(["active", "inactive"] as const) };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "inventory", filters);
  const db = await getDb();
  const [{ rows, total }, summary] = await Promise.all([
    listSuppliers(db, { search: list.search, active: list.status || "all", limit: list.limit, offset: list.offset }),
    inventorySummary(db),
  ]);
  redirectPastLastPage(request, list, total);
  return json({ suppliers: rows, total, list, summary, canWrite: can(user.viewRole, "inventory", "write") });
}

export default function Suppliers() {
  const { suppliers, total, list, summary, canWrite } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const empty =
    suppliers.length === 0 ? (
      <EmptyState title={list.filtered ? "No suppliers found" : "No suppliers yet. Add your first supplier!"} />
    ) : null;
  return (
    <>
      <InventoryHeader
        current="suppliers"
        summary={summary}
        actions={canWrite ? <AddButton label="Add Supplier" to={`/inventory/suppliers/new${query}`} /> : null}
      />
      <ListFilters list={list} searchLabel="Search suppliers" placeholder="Search suppliers..." submitLabel="Apply">
        <FilterSelect name="status" value={list.status} allLabel="All statuses" options={["active", "inactive"]} />
      </ListFilters>
      <ListCard heading="Suppliers" total={total} countTestId="supplier-count" list={list} empty={empty}>
        {/* Below 1024 px a card per supplier (app.css, `c-main`): name and actions first. */}
        <DataTable
          label="Suppliers"
          headers={["Supplier", "Contact", "Phone", "Lead Time", "Terms", "Status", "Actions"]}
        >
          {suppliers.map((s) => (
            <tr key={s.id} data-testid="supplier-row">
              <td className="c-main">
                <FastLink to={`/inventory/suppliers/${s.id}/edit${query}`}>{s.name}</FastLink>
                {s.city ? (
                  <Text as="div" size="1" color="gray">
                    {[s.city, s.state].filter(Boolean).join(", ")}
                  </Text>
                ) : null}
              </td>
              <td data-label={s.contactName ? "Contact" : undefined}>
                {s.contactName ?? <span className="muted">—</span>}
                {s.email ? (
                  <Text as="div" size="1" color="gray">
                    {s.email}
                  </Text>
                ) : null}
              </td>
              {s.phone ? <td data-label="Phone">{s.phone}</td> : <EmptyCell />}
              <td className="c-date" data-label="Lead time">
                {s.leadTimeDays} days
              </td>
              <td className="c-date" data-label="Terms">
                {s.paymentTerms}
              </td>
              <td className="c-status">
                {s.active ? <Badge color="green">Active</Badge> : <Badge color="gray">Inactive</Badge>}
              </td>
              <td className="c-actions">
                {canWrite ? (
                  <div className="row-actions">
                    <IconLink label={`Edit ${s.name}`} to={`/inventory/suppliers/${s.id}/edit${query}`} keepScroll>
                      <SpriteIcon name="pencil" />
                    </IconLink>
                    <IconLink
                      label={`Delete ${s.name}`}
                      to={`/inventory/suppliers/${s.id}/delete${query}`}
                      color="red"
                      keepScroll
                    >
                      <SpriteIcon name="trash" />
                    </IconLink>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
