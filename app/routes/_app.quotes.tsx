import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Outlet, useLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { ACTIONS_HEADER, RowMenu } from "~/components/data-table";
import { CustomerCell, DocumentListPage, DocumentRowActions, DocumentTitleCell } from "~/components/document-list";
import { keepListQuery } from "~/components/use-kept-query";
import { StatusBadge } from "~/components/status-badge";
import { moneyContext } from "~/models/business.server";
import { getQuotePage, listQuotes } from "~/models/quote.server";
import { lazyComponent } from "~/components/lazy-component";
import { requirePermission } from "~/utils/auth.server";
import { recordPageBehind } from "~/utils/dialog-behind.server";
import { requireFound } from "~/utils/refusal.server";
import { QUOTE_STATUSES } from "~/schemas/choices";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { listRows } from "~/utils/list-rows.server";
import { formatMoney } from "~/utils/money";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Quotes · Cabinetry Jobs" }];

// The record's page, drawn under a dialog opened from it: not in the list's first load.
const QuotePage = lazyComponent(() => import("~/components/quote-page").then((m) => m.QuotePage));

const filters = { status: choiceFilter(QUOTE_STATUSES) };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const behind = recordPageBehind(request, "/quotes");
  if (behind) {
    await requirePermission(request, "quotes");
    return json({ behind: requireFound(await getQuotePage(await getDb(), behind), "Quote") });
  }
  const { list } = await requireListSearch(request, "quotes", filters);
  const db = await getDb();
  const [{ rows, total, stats }, ctx] = await Promise.all([listQuotes(db, list), moneyContext(db)]);
  redirectPastLastPage(request, list, total);
  // Only what the rows show; on a document they are sent as HTML only (listRows).
  const quotes = rows.map((q) => ({
    id: q.id,
    quoteNumber: q.quoteNumber,
    title: q.title,
    customerId: q.customerId,
    customer: q.customer,
    status: q.status,
    total: q.total,
    validUntil: q.validUntil,
    createdAt: q.createdAt,
  }));
  return listRows(request, { total, stats, list, timeZone: ctx.timeZone, behind: null }, quotes);
}

// A navigation to a dialog over the record's page waits for that page's chunk (no empty flash).
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  if (data.behind) await QuotePage.preload();
  return data;
}

export default function Quotes() {
  const data = useLoaderData<typeof loader>();
  if (data.behind) {
    return (
      <>
        <QuotePage {...data.behind} />
        <Outlet />
      </>
    );
  }
  return <QuoteList {...data} rows={data.rows} />;
}

function QuoteList({
  rows: quotes,
  shown,
  total,
  stats,
  list,
}: Extract<SerializeFrom<typeof loader>, { behind: null }>) {
  const display = useDisplay();
  return (
    <DocumentListPage
      what="quotes"
      subtitle="Create and track quotes for your customers"
      stats={[
        { title: "Total Quotes", value: stats.total.toLocaleString("en-US"), testId: "stat-total" },
        { title: "Draft", value: stats.draft.toLocaleString("en-US"), testId: "stat-draft" },
        { title: "Approved", value: stats.approved.toLocaleString("en-US"), testId: "stat-approved" },
        { title: "Total Value", value: formatMoney(stats.totalValue), testId: "stat-value" },
      ]}
      statuses={QUOTE_STATUSES}
      list={list}
      total={total}
      empty={shown === 0}
      markupOnly={!quotes}
      menus={{ render: (q) => <DocumentRowActions what="quotes" id={q.id} /> }}
      headers={[
        { label: "Quote", col: ["main", "number"] },
        "Customer",
        { label: "Status", col: "status" },
        { label: "Total", numeric: true, col: "money" },
        { label: "Valid Until", col: "date", card: "Valid until" },
        { label: "Created", col: ["date", "wide"] },
        ACTIONS_HEADER,
      ]}
    >
      {quotes?.map((q) => (
        <tr key={q.id}>
          <td>
            <DocumentTitleCell what="quotes" id={q.id} number={q.quoteNumber} title={q.title} />
          </td>
          <td>
            <CustomerCell customerId={q.customerId} customer={q.customer} withPhone />
          </td>
          <td>
            <StatusBadge status={q.status} />
          </td>
          <td>{formatMoney(q.total)}</td>
          <td>{formatDate(q.validUntil, display) || "—"}</td>
          <td>{formatDate(q.createdAt, display)}</td>
          <td>
            <RowMenu id={q.id} label={`Actions for ${q.quoteNumber}`} />
          </td>
        </tr>
      ))}
    </DocumentListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
