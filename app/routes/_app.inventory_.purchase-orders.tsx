import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { RowMenuLink } from "~/components/action-menu";
import { ACTIONS_HEADER, DataTable, RowMenu } from "~/components/data-table";
import { useDisplay } from "~/components/date-display";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { InventoryHeader, PoStatusBadge } from "~/components/inventory";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { AddButton, ListCard } from "~/components/list-page";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { inventorySummary, supplierChoices } from "~/models/inventory.server";
import { listPurchaseOrders } from "~/models/purchasing.server";
import { PO_STATUS_LABELS, PO_STATUSES } from "~/schemas/purchasing";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter, idFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
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
    supplierChoices(db),
  ]);
  redirectPastLastPage(request, list, total);
  // Only what the rows show; on a document they are sent as HTML only (listRows). A row's menu
  // needs its id and status (Edit for drafts).
  const orders = rows.map((o) => ({
    id: o.id,
    poNumber: o.poNumber,
    lineCount: o.lineCount,
    supplierName: o.supplierName,
    status: o.status,
    total: o.total,
    expectedDate: o.expectedDate,
    createdAt: o.createdAt,
  }));
  const data = {
    total,
    list,
    summary,
    suppliers: supplierList.map((s) => ({ value: String(s.id), label: s.name })),
    canWrite: can(user.viewRole, "inventory", "write"),
  };
  return listRows(request, data, orders, (o) => ({ id: o.id, status: o.status }));
}

export default function PurchaseOrders() {
  const display = useDisplay();
  const { rows: orders, menus, shown, total, list, summary, suppliers, canWrite } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const empty =
    shown === 0 ? (
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
          markupOnly={!orders}
          menus={{
            keys: menus,
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
            { label: "Purchase Order", col: "main" },
            "Supplier",
            { label: "Status", col: "status" },
            { label: "Total", numeric: true, col: "money" },
            { label: "Expected", col: "date", card: "Expected" },
            { label: "Created", col: ["date", "wide"] },
            ACTIONS_HEADER,
          ]}
        >
          {orders?.map((o) => (
            <tr key={o.id} data-testid="po-row">
              <td>
                <a href={`/inventory/purchase-orders/${o.id}`}>{o.poNumber}</a>
                <div>{`${o.lineCount} line${o.lineCount === 1 ? "" : "s"}`}</div>
              </td>
              <td>{o.supplierName}</td>
              <td>
                <PoStatusBadge status={o.status} />
              </td>
              <td>{formatMoney(o.total)}</td>
              <td>{o.expectedDate ? formatDate(o.expectedDate, display) : "—"}</td>
              <td>{formatDate(o.createdAt, display)}</td>
              <td>
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
