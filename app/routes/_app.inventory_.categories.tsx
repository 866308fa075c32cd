import { Badge } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DataTable, EmptyCell } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { IconLink } from "~/components/icon-link";
import { InventoryHeader } from "~/components/inventory";
import { ListFilters } from "~/components/list-filters";
import { AddButton, ListCard } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { inventorySummary, listCategories } from "~/models/inventory.server";
import { getDb } from "~/utils/db.server";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { can } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SpriteIcon } from "~/components/sprite-icon";

export const meta: MetaFunction = () => [{ title: "Categories · Inventory · Cabinetry Jobs" }];

const filters = {};
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "inventory", filters);
  const db = await getDb();
  const [{ rows, total }, summary] = await Promise.all([
    listCategories(db, { search: list.search, limit: list.limit, offset: list.offset }),
    inventorySummary(db),
  ]);
  redirectPastLastPage(request, list, total);
  return json({ categories: rows, total, list, summary, canWrite: can(user.viewRole, "inventory", "write") });
}

export default function Categories() {
  const { categories, total, list, summary, canWrite } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const empty =
    categories.length === 0 ? (
      <EmptyState title={list.filtered ? "No categories found" : "No categories yet. Add your first category!"} />
    ) : null;
  return (
    <>
      <InventoryHeader
        current="categories"
        summary={summary}
        actions={canWrite ? <AddButton label="Add Category" to={`/inventory/categories/new${query}`} /> : null}
      />
      <ListFilters
        list={list}
        searchLabel="Search categories"
        placeholder="Search categories..."
        submitLabel="Apply"
      ></ListFilters>
      <ListCard heading="Categories" total={total} countTestId="category-count" list={list} empty={empty}>
        {/* Below 1024 px a card per category (app.css, `c-main`): name and actions first. */}
        <DataTable
          label="Categories"
          headers={["Category", "Description", { label: "Items", numeric: true }, "Sort", "Status", "Actions"]}
        >
          {categories.map((c) => (
            <tr key={c.id} data-testid="category-row">
              <td className="c-main">
                <FastLink to={`/inventory/categories/${c.id}/edit${query}`}>{c.name}</FastLink>
              </td>
              {c.description ? <td>{c.description}</td> : <EmptyCell />}
              <td className="num c-date" data-label="Items">
                <FastLink to={`/inventory?categoryId=${c.id}`}>{c.itemCount.toLocaleString("en-US")}</FastLink>
              </td>
              <td className="c-date" data-label="Sort">
                {c.sortOrder}
              </td>
              <td className="c-status">
                {c.active ? <Badge color="green">Active</Badge> : <Badge color="gray">Inactive</Badge>}
              </td>
              <td className="c-actions">
                {canWrite ? (
                  <div className="row-actions">
                    <IconLink label={`Edit ${c.name}`} to={`/inventory/categories/${c.id}/edit${query}`} keepScroll>
                      <SpriteIcon name="pencil" />
                    </IconLink>
                    <IconLink
                      label={`Delete ${c.name}`}
                      to={`/inventory/categories/${c.id}/delete${query}`}
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
