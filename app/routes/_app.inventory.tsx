import { Text } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { IconLink } from "~/components/icon-link";
import { SpriteIcon } from "~/components/sprite-icon";
import { formatCost, formatQuantity, InventoryHeader, QuantityWithUnit, StockBadge } from "~/components/inventory";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { AddButton, ListCard } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { inventorySummary, listCategories, listItems } from "~/models/inventory.server";
import { ITEM_TYPES } from "~/schemas/choices";
import { getDb } from "~/utils/db.server";
import { choiceFilter, flagFilter, idFilter } from "~/utils/list-search";
import { requireListSearch } from "~/utils/list-search.server";
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
    listCategories(db, { limit: 500 }),
  ]);
  return json({
    items: rows,
    total,
    list,
    summary,
    categories: categories.rows.map((c) => ({ value: String(c.id), label: c.name })),
    canWrite: can(user.viewRole, "inventory", "write"),
  });
}

export default function InventoryItems() {
  const { items, total, list, summary, categories, canWrite } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const empty =
    items.length === 0 ? (
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
        <label style={{ display: "inline-flex", alignItems: "center", gap: 6, minHeight: 44 }}>
          <input type="checkbox" name="lowStock" value="1" defaultChecked={list.lowStock} /> Low stock only
        </label>
      </ListFilters>
      <ListCard heading="Items" total={total} countTestId="item-count" list={list} empty={empty}>
        <DataTable
          label="Inventory items"
          headers={[
            "Item",
            "Type",
            "Category",
            { label: "On Hand", numeric: true },
            "Level",
            { label: "Reorder Point", numeric: true },
            { label: "Avg Cost", numeric: true },
            "Location",
            "Actions",
          ]}
        >
          {items.map((item) => (
            <tr key={item.id} data-testid="item-row">
              <td>
                <FastLink to={`/inventory/${item.id}/edit${query}`}>{item.name}</FastLink>
                <Text as="div" size="1" color="gray">
                  {item.sku}
                </Text>
              </td>
              <td>{item.type.charAt(0).toUpperCase() + item.type.slice(1)}</td>
              <td>{item.categoryName ?? <span className="muted">—</span>}</td>
              <td className="num" data-testid="on-hand">
                <QuantityWithUnit value={item.currentStock} unit={item.unit} />
              </td>
              <td>
                <StockBadge level={item.level} />
              </td>
              <td className="num">{formatQuantity(item.reorderPoint)}</td>
              <td className="num" data-testid="avg-cost">
                {formatCost(item.averageCost)}
              </td>
              <td>{item.location ?? <span className="muted">—</span>}</td>
              <td>
                {canWrite ? (
                  <div className="row-actions">
                    <IconLink label={`Receive ${item.name}`} to={`/inventory/${item.id}/receive${query}`} keepScroll>
                      <SpriteIcon name="plus" />
                    </IconLink>
                    <IconLink label={`Adjust ${item.name}`} to={`/inventory/${item.id}/adjust${query}`} keepScroll>
                      <SpriteIcon name="minus" />
                    </IconLink>
                    <IconLink label={`Edit ${item.name}`} to={`/inventory/${item.id}/edit${query}`} keepScroll>
                      <SpriteIcon name="pencil" />
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
