import { Text } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { RowMenuLink } from "~/components/action-menu";
import { DataTable, RowMenu } from "~/components/data-table";
import { useDisplay } from "~/components/date-display";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FastLink } from "~/components/fast-link";
import { InventoryHeader, PoStatusBadge } from "~/components/inventory";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { AddButton, ListCard } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { inventorySummary, listSuppliers } from "~/models/inventory.server";
import { listPurchaseOrders } from "~/models/purchasing.server";
import { PO_STATUS_LABELS, PO_STATUSES } from "~/schemas/purchasing";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter, idFilter } from "~/utils/list-search";
import { requireListSearch } from "~/utils/list-search.server";
import { formatMoney } from "~/utils/money";
import { can } from "~/utils/permissions";

export const meta: MetaFunction = () => [{ title: "Purchase Orders · Inventory · Cabinetry Jobs" }];

// The Purchase Orders tab (issue 13 item 6): newest first, 50 a page, filters by status and supplier.
const filters = { status: choiceFilter(PO_STATUSES), supplierId: idFilter };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "inventory", filters);
  const db = await getDb();
  const [{ rows, total }, summary, supplierList] = await Promise.all([
    listPurchaseOrders(db, {
      search: list.search,
      status: list.status,
      supplierId: list.supplierId,
      limit: list.limit,
      offset: list.offset,
    }),
    inventorySummary(db),
    listSuppliers(db, { limit: 1000 }),
  ]);
  return json({
    orders: rows,
    total,
    list,
    summary,
    suppliers: supplierList.rows.map((s) => ({ value: String(s.id), label: s.name })),
    canWrite: can(user.viewRole, "inventory", "write"),
  });
}

export default function PurchaseOrders() {
  const display = useDisplay();
  const { orders, total, list, summary, suppliers, canWrite } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const empty =
    orders.length === 0 ? (
      <EmptyState
        title={list.filtered ? "No matching purchase orders" : "No purchase orders yet"}
        hint={list.filtered ? undefined : "Create one for a supplier, or from the Reorder tab's suggestions."}
      />
    ) : null;
  return (
    <>
      <InventoryHeader
        current="purchase-orders"
        summary={summary}
        actions={
          canWrite ? <AddButton label="New Purchase Order" to={`/inventory/purchase-orders/new${query}`} /> : null
        }
      />
      <ListFilters
        list={list}
        searchLabel="Search purchase orders"
        placeholder="PO number or supplier..."
        submitLabel="Apply"
      >
        <FilterSelect
          name="status"
          value={list.status}
          allLabel="All statuses"
          options={PO_STATUSES.map((s) => ({ value: s, label: PO_STATUS_LABELS[s] }))}
        />
        <FilterSelect
          name="supplierId"
          value={list.supplierId}
          allLabel="All suppliers"
          options={suppliers}
          label="Filter by supplier"
        />
      </ListFilters>
      <ListCard heading="Purchase Orders" total={total} countTestId="po-count" list={list} empty={empty}>
        <DataTable
          label="Purchase orders"
          menus={{
            keys: orders,
            render: (o) => (
              <>
                <RowMenuLink to={`/inventory/purchase-orders/${o.id}`}>View</RowMenuLink>
                {canWrite && o.status === "draft" ? (
                  <RowMenuLink to={`/inventory/purchase-orders/${o.id}/edit`}>Edit</RowMenuLink>
                ) : null}
                <a className="action-menu-item" href={`/inventory/purchase-orders/${o.id}/pdf`}>
                  PDF
                </a>
              </>
            ),
          }}
          headers={[
            "Purchase Order",
            "Supplier",
            "Status",
            { label: "Total", numeric: true },
            "Expected",
            { label: "Created", className: "c-wide" },
            <span key="a" className="visually-hidden">
              Actions
            </span>,
          ]}
        >
          {orders.map((o) => (
            <tr key={o.id} data-testid="po-row">
              <td className="c-main">
                <FastLink to={`/inventory/purchase-orders/${o.id}`}>{o.poNumber}</FastLink>
                <Text as="div" size="1" color="gray">
                  {o.lineCount} line{o.lineCount === 1 ? "" : "s"}
                </Text>
              </td>
              <td>{o.supplierName}</td>
              <td className="c-status">
                <PoStatusBadge status={o.status} />
              </td>
              <td className="c-money">{formatMoney(o.total)}</td>
              <td className="c-date" data-label="Expected">
                {o.expectedDate ? formatDate(o.expectedDate, display) : "—"}
              </td>
              <td className="c-date c-wide">{formatDate(o.createdAt, display)}</td>
              <td className="c-actions">
                <RowMenu id={o.id} label={`Actions for ${o.poNumber}`} />
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
