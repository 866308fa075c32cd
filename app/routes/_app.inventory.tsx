import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { ACTIONS_HEADER, DataTable, RowMenu } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { RowMenuLink } from "~/components/action-menu";
import { formatCost, formatQuantity, InventoryHeader, QuantityWithUnit, StockBadge } from "~/components/inventory";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { AddButton, ListCard } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { categoryChoices, inventorySummary, listItems } from "~/models/inventory.server";
import { ITEM_TYPES } from "~/schemas/choices";
import { getDb } from "~/utils/db.server";
import { choiceFilter, flagFilter, idFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
import { can } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Inventory · Cabinetry Jobs" }];

const filters = {
  type: choiceFilter(ITEM_TYPES),
  categoryId: idFilter,
  lowStock: flagFilter,
  status: choiceFilter(["active", "inactive"] as const),
};
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "inventory", filters);
  const db = await getDb();
  const [{ rows, total }, summary, categories] = await Promise.all([
    listItems(db, {
      search: list.search,
      type: list.type,
      categoryId: list.categoryId,
      lowStock: list.lowStock,
      active: list.status || "active",
      limit: list.limit,
      offset: list.offset,
    }),
    inventorySummary(db),
    categoryChoices(db),
  ]);
  redirectPastLastPage(request, list, total);
  // Only what the rows show; on a document they are sent as HTML only (listRows).
  const items = rows.map((item) => ({
    id: item.id,
    name: item.name,
    sku: item.sku,
    type: item.type,
    categoryName: item.categoryName,
    currentStock: item.currentStock,
    unit: item.unit,
    level: item.level,
    reorderPoint: item.reorderPoint,
    averageCost: item.averageCost,
    location: item.location,
  }));
  const data = {
    total,
    list,
    summary,
    categories: categories.map((c) => ({ value: String(c.id), label: c.name })),
    canWrite: can(user.viewRole, "inventory", "write"),
  };
  return listRows(request, data, items);
}

export default function InventoryItems() {
  const { rows: items, shown, total, list, summary, categories, canWrite } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const empty =
    shown === 0 ? (
      <EmptyState
        title={list.filtered ? "No items found" : "No inventory items yet. Add your first item!"}
        hint={list.filtered ? "Try adjusting your search or filter criteria." : undefined}
      />
    ) : null;
  return (
    <>
      <InventoryHeader
        current="items"
        summary={summary}
        actions={canWrite ? <AddButton label="Add Item" to={`/inventory/new${query}`} /> : null}
      />
      <ListFilters list={list} searchLabel="Search items" placeholder="Search by name or SKU..." submitLabel="Apply">
        <FilterSelect name="type" value={list.type} allLabel="All types" options={ITEM_TYPES} />
        <FilterSelect
          name="categoryId"
          value={list.categoryId}
          allLabel="All categories"
          options={categories}
          label="Filter by category"
        />
        <FilterSelect
          name="status"
          value={list.status}
          allLabel="Active"
          options={["inactive"]}
          label="Filter by status"
        />
        <label className="inline-check">
          <input type="checkbox" name="lowStock" value="1" defaultChecked={list.lowStock} /> Low stock only
        </label>
      </ListFilters>
      <ListCard heading="Items" total={total} countTestId="item-count" list={list} empty={empty}>
        <DataTable
          label="Inventory items"
          markupOnly={!items}
          menus={{
            render: (item) => (
              <>
                <RowMenuLink to={`/inventory/${item.id}/receive${query}`} keepScroll>
                  Receive
                </RowMenuLink>
                <RowMenuLink to={`/inventory/${item.id}/adjust${query}`} keepScroll>
                  Adjust
                </RowMenuLink>
                <RowMenuLink to={`/inventory/${item.id}/edit${query}`} keepScroll>
                  Edit
                </RowMenuLink>
              </>
            ),
          }}
          headers={[
            { label: "Item", col: "main" },
            "Category",
            { label: "On Hand", numeric: true, col: ["date", "num"], card: "On hand" },
            { label: "Level", col: "status" },
            { label: "Reorder Point", numeric: true, col: ["num", "wide"] },
            { label: "Avg Cost", numeric: true, col: "money", card: "Avg cost" },
            { label: "Location", col: "wide" },
            ACTIONS_HEADER,
          ]}
        >
          {items?.map((item) => (
            <tr key={item.id}>
              <td>
                <FastLink to={`/inventory/${item.id}/edit${query}`}>{item.name}</FastLink>
                <div>{`${item.sku} · ${item.type.charAt(0).toUpperCase()}${item.type.slice(1)}`}</div>
              </td>
              <td>{item.categoryName ?? <span className="muted">—</span>}</td>
              <td>
                <QuantityWithUnit value={item.currentStock} unit={item.unit} />
              </td>
              <td>
                <StockBadge level={item.level} />
              </td>
              <td>{formatQuantity(item.reorderPoint)}</td>
              <td>{formatCost(item.averageCost)}</td>
              <td>{item.location ?? <span className="muted">—</span>}</td>
              <td>{canWrite ? <RowMenu id={item.id} label={`Actions for ${item.name}`} /> : null}</td>
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
