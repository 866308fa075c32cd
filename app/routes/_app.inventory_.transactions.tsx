import { Badge, Button, Flex, Text, TextField } from "~/components/ui";
import { PlainBadge } from "~/components/status-badge";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, EmptyCell } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { formatCost, formatQuantity, formatTotal, InventoryHeader } from "~/components/inventory";
import { ListCard } from "~/components/list-page";
import { useFilterSubmit } from "~/components/use-filter-submit";
import { inventorySummary, itemLabel, listTransactions } from "~/models/inventory.server";
import { getJob } from "~/models/job.server";
import { getSettings } from "~/models/settings.server";
import { TRANSACTION_TYPES } from "~/schemas/inventory";
import { formatDateTime, isDateOnly } from "~/utils/dates";
import { quantityWithUnit } from "~/utils/units";
import { getDb } from "~/utils/db.server";
import { choiceFilter, idFilter, valueFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { labelOf } from "~/components/select-field";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Transactions · Inventory · Cabinetry Jobs" }];

// 50 a page (decisions §3); filters: item (search by SKU/name, or ?itemId= from an item), type, job, date range.
const filters = {
  type: choiceFilter(TRANSACTION_TYPES),
  itemId: idFilter,
  jobId: idFilter,
  from: valueFilter(isDateOnly),
  to: valueFilter(isDateOnly),
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { list } = await requireListSearch(request, "inventory", filters);
  const db = await getDb();
  const [{ rows, total }, summary, settings, itemName, job] = await Promise.all([
    listTransactions(db, {
      search: list.search,
      type: list.type,
      itemId: list.itemId,
      jobId: list.jobId,
      from: list.from || undefined,
      to: list.to || undefined,
      limit: list.limit,
      offset: list.offset,
    }),
    inventorySummary(db),
    getSettings(db),
    list.itemId ? itemLabel(db, list.itemId) : null,
    list.jobId ? getJob(db, list.jobId) : null,
  ]);
  redirectPastLastPage(request, list, total);
  // Only what the rows show; on a document they are sent as HTML only (listRows).
  const transactions = rows.map((t) => ({
    id: t.id,
    createdAt: t.createdAt,
    itemId: t.itemId,
    itemName: t.itemName,
    itemSku: t.itemSku,
    type: t.type,
    quantity: t.quantity,
    unit: t.unit,
    unitCost: t.unitCost,
    totalCost: t.totalCost,
    jobId: t.jobId,
    jobTitle: t.jobTitle,
    supplierName: t.supplierName,
    reference: t.reference,
    notes: t.notes,
    createdByName: t.createdByName,
  }));
  const data = {
    total,
    list,
    summary,
    timeZone: settings.system.timeZone,
    itemLabel: itemName,
    jobLabel: job ? job.title : null,
  };
  return listRows(request, data, transactions);
}

const TYPE_COLOR = { receive: "green", issue: "blue", return: "amber", adjust: "gray", transfer: "gray" } as const;

export default function Transactions() {
  const display = useDisplay();
  const { rows: transactions, shown, total, list, summary, itemLabel, jobLabel } = useLoaderData<typeof loader>();
  const applyFilters = useFilterSubmit();
  const without = (key: string) => {
    const params = new URLSearchParams();
    for (const k of ["search", "type", "itemId", "jobId", "from", "to"] as const) {
      const v = list[k];
      if (k !== key && v) params.set(k, String(v));
    }
    const qs = params.toString();
    return qs ? `?${qs}` : ".";
  };
  const empty =
    shown === 0 ? <EmptyState title={list.filtered ? "No matching transactions" : "No transactions yet"} /> : null;
  return (
    <>
      <InventoryHeader current="transactions" summary={summary} />
      <Form method="get" role="search" className="list-search" onChange={applyFilters}>
        {list.itemId ? <input type="hidden" name="itemId" value={list.itemId} /> : null}
        {list.jobId ? <input type="hidden" name="jobId" value={list.jobId} /> : null}
        <Flex gap="2" mb="2" align="end" wrap="wrap">
          <TextField.Root
            name="search"
            type="search"
            defaultValue={list.search}
            placeholder="Item SKU or name..."
            aria-label="Filter by item"
            maxLength={200}
            style={{ flex: 1, minWidth: 200, maxWidth: 320 }}
          />
          <select name="type" defaultValue={list.type} className="native-select" aria-label="Filter by type">
            <option value="">All types</option>
            {TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {labelOf(t)}
              </option>
            ))}
          </select>
          <label className="inline-date">
            <Text size="1" color="gray" as="span">
              From
            </Text>
            <input type="date" name="from" defaultValue={list.from} className="native-select" aria-label="From date" />
          </label>
          <label className="inline-date">
            <Text size="1" color="gray" as="span">
              To
            </Text>
            <input type="date" name="to" defaultValue={list.to} className="native-select" aria-label="To date" />
          </label>
          <Button type="submit" variant="soft">
            Apply
          </Button>
          {list.filtered ? (
            <Button asChild variant="ghost" color="gray">
              <Link to=".">Clear</Link>
            </Button>
          ) : null}
        </Flex>
      </Form>
      <Flex gap="2" mb="3" wrap="wrap">
        {itemLabel ? (
          <Badge size="2" data-testid="item-filter">
            Item: {itemLabel}{" "}
            <Link to={without("itemId")} aria-label="Remove item filter">
              ×
            </Link>
          </Badge>
        ) : null}
        {jobLabel ? (
          <Badge size="2" data-testid="job-filter">
            Job: {jobLabel}{" "}
            <Link to={without("jobId")} aria-label="Remove job filter">
              ×
            </Link>
          </Badge>
        ) : null}
      </Flex>
      <ListCard heading="Transactions" total={total} countTestId="transaction-count" list={list} empty={empty}>
        <DataTable
          label="Inventory transactions"
          markupOnly={!transactions}
          headers={[
            "Date",
            "Item",
            "Type",
            { label: "Quantity", numeric: true },
            // Beside the sidebar (1024–1279 px) the ledger spares its unit cost, reference and author
            // (each on the card below 1024 px and in the table from 1280): with all nine columns it
            // ran 100 px past its card there and broke item names letter by letter.
            { label: "Unit Cost", numeric: true, col: "spare" },
            { label: "Total", numeric: true },
            "Job / Supplier",
            { label: "Reference", col: "spare" },
            { label: "By", col: "spare" },
          ]}
        >
          {/* Below 1024 px each row is a card (app.css, `c-main`): the item first, each figure named,
              the type, date and total on the last line; an empty column is left out of the card. */}
          {transactions?.map((t) => (
            <tr key={t.id} data-testid="transaction-row">
              <td className="c-date">{formatDateTime(t.createdAt, display)}</td>
              <td className="c-main">
                <a href={`/inventory/transactions?itemId=${t.itemId}`}>{t.itemName}</a>
                <div className="sub">{t.itemSku}</div>
              </td>
              <td className="c-status">
                <PlainBadge color={TYPE_COLOR[t.type as keyof typeof TYPE_COLOR] ?? "gray"}>
                  {labelOf(t.type)}
                </PlainBadge>
              </td>
              <td className="num" data-label="Quantity">
                {quantityWithUnit(t.quantity, formatQuantity(t.quantity), t.unit, display.measurementUnit)}
              </td>
              <td className="num" data-label="Unit cost">
                {formatCost(t.unitCost)}
              </td>
              <td className="c-money">{formatTotal(t.totalCost)}</td>
              {t.jobId || t.supplierName ? (
                <td data-label={t.jobId ? "Job" : "Supplier"}>
                  {t.jobId ? <a href={`/jobs/${t.jobId}`}>{t.jobTitle}</a> : null}
                  {t.supplierName ? <div>{t.supplierName}</div> : null}
                </td>
              ) : (
                <EmptyCell />
              )}
              {t.reference || t.notes ? (
                <td data-label="Reference">
                  {t.reference ?? null}
                  {t.notes ? <div className="sub">{t.notes}</div> : null}
                </td>
              ) : (
                <EmptyCell />
              )}
              {t.createdByName ? <td data-label="By">{t.createdByName}</td> : <EmptyCell />}
            </tr>
          ))}
        </DataTable>
      </ListCard>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
