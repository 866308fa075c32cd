import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Outlet, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { RowMenuLink } from "~/components/action-menu";
import { ACTIONS_HEADER, RowMenu } from "~/components/data-table";
import { CustomerCell, DocumentListPage, DocumentRowActions, DocumentTitleCell } from "~/components/document-list";
import { labelOf } from "~/components/select-field";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { PlainBadge, StatusBadge } from "~/components/status-badge";
import { moneyContext } from "~/models/business.server";
import { getInvoicePage, listInvoices } from "~/models/invoice.server";
import { lazyComponent } from "~/components/lazy-component";
import { requirePermission } from "~/utils/auth.server";
import { recordPageBehind } from "~/utils/dialog-behind.server";
import { requireFound } from "~/utils/refusal.server";
import { INVOICE_STATUSES } from "~/schemas/choices";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
import { isPayable } from "~/utils/invoice-rules";
import { formatMoney } from "~/utils/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Invoices · Cabinetry Jobs" }];

// The record's page, drawn under a dialog opened from it: not in the list's first load.
const InvoicePage = lazyComponent(() => import("~/components/invoice-page").then((m) => m.InvoicePage));

const filters = { status: choiceFilter(INVOICE_STATUSES) };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const behind = recordPageBehind(request, "/invoices");
  if (behind) {
    await requirePermission(request, "invoices");
    return json({ behind: requireFound(await getInvoicePage(await getDb(), behind), "Invoice") });
  }
  const { list } = await requireListSearch(request, "invoices", filters);
  const db = await getDb();
  const ctx = await moneyContext(db);
  const { rows, total, stats } = await listInvoices(db, { ...list, today: ctx.today });
  redirectPastLastPage(request, list, total);
  // Only what the rows show; on a document they are sent as HTML only (listRows).
  const invoices = rows.map((i) => ({
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    title: i.title,
    customerId: i.customerId,
    customer: i.customer ? { name: i.customer.name } : null,
    status: i.status,
    overdue: i.overdue,
    total: i.total,
    balance: i.balance,
    dueDate: i.dueDate,
    createdAt: i.createdAt,
  }));
  return listRows(request, { total, stats, list, timeZone: ctx.timeZone, behind: null }, invoices, (i) => ({
    id: i.id,
    payable: isPayable(i),
  }));
}

// A navigation to a dialog over the record's page waits for that page's chunk (no empty flash).
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  if (data.behind) await InvoicePage.preload();
  return data;
}

export default function Invoices() {
  const data = useLoaderData<typeof loader>();
  if (data.behind) {
    return (
      <>
        <InvoicePage {...data.behind} />
        <Outlet />
      </>
    );
  }
  return <InvoiceList {...data} rows={data.rows} />;
}

function InvoiceList({
  rows: invoices,
  menus,
  shown,
  total,
  stats,
  list,
}: Extract<SerializeFrom<typeof loader>, { behind: null }>) {
  const display = useDisplay();
  const query = useKeptQuery();
  return (
    <DocumentListPage
      what="invoices"
      subtitle="Bill customers and record their payments"
      stats={[
        { title: "Total Invoices", value: stats.total.toLocaleString("en-US"), testId: "stat-total" },
        { title: "Paid", value: stats.paid.toLocaleString("en-US"), testId: "stat-paid" },
        { title: "Overdue", value: stats.overdue.toLocaleString("en-US"), testId: "stat-overdue", color: "red" },
        { title: "Outstanding Balance", value: formatMoney(stats.outstanding), testId: "stat-outstanding" },
      ]}
      statuses={INVOICE_STATUSES.map((s) => ({ value: s, label: s === "partial" ? "Partial Payment" : labelOf(s) }))}
      list={list}
      total={total}
      empty={shown === 0}
      markupOnly={!invoices}
      menus={{
        keys: menus,
        render: (i) => (
          <DocumentRowActions what="invoices" id={i.id}>
            {i.payable ? (
              <>
                <RowMenuLink to={`/invoices/${i.id}/pay${query}`} keepScroll>
                  Record payment
                </RowMenuLink>
                <RowMenuLink to={`/invoices/${i.id}?paymentLink=${i.id}`}>Payment link</RowMenuLink>
              </>
            ) : null}
          </DocumentRowActions>
        ),
      }}
      headers={[
        { label: "Invoice", col: ["main", "number"] },
        "Customer",
        { label: "Status", col: "status" },
        // Beside the sidebar (1024–1279 px) the balance is what the list is read for; the total is on the card.
        { label: "Total", numeric: true, col: ["money", "spare"], card: "Total" },
        { label: "Balance", numeric: true, col: "money", card: "Balance" },
        { label: "Due Date", col: "date", card: "Due" },
        { label: "Created", col: ["date", "wide"] },
        ACTIONS_HEADER,
      ]}
    >
      {invoices?.map((i) => {
        return (
          <tr key={i.id}>
            <td>
              <DocumentTitleCell what="invoices" id={i.id} number={i.invoiceNumber} title={i.title} />
            </td>
            <td>
              <CustomerCell customerId={i.customerId} customer={i.customer} />
            </td>
            <td>
              <StatusBadge status={i.status} />
              {i.overdue && i.status !== "overdue" ? (
                <>
                  {" "}
                  <PlainBadge color="red">Overdue</PlainBadge>
                </>
              ) : null}
            </td>
            <td>{formatMoney(i.total)}</td>
            <td>{formatMoney(i.balance)}</td>
            <td>{formatDate(i.dueDate, display)}</td>
            <td>{formatDate(i.createdAt, display)}</td>
            <td>
              <RowMenu id={i.id} label={`Actions for ${i.invoiceNumber}`} />
            </td>
          </tr>
        );
      })}
    </DocumentListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
