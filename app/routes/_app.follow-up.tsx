// Follow Up Quote (office Quick Action, issue 14 item 2): sent quotes waiting longest for the
// customer, each opening the real Send Email dialog, which returns here.
import { Button } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/data-table";
import { DocumentTitleCell } from "~/components/document-list";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FastLink } from "~/components/fast-link";
import { ListCard, ListPage } from "~/components/list-page";
import { quotesAwaitingResponse } from "~/models/home.server";
import { getSettings } from "~/models/settings.server";
import { businessToday, formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { formatMoney } from "~/utils/money";
import { useDisplay } from "~/components/date-display";
import { SpriteIcon } from "~/components/sprite-icon";

export const meta: MetaFunction = () => [{ title: "Follow Up Quotes · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { list } = await requireListSearch(request, "quotes");
  const db = await getDb();
  const timeZone = (await getSettings(db)).system.timeZone;
  const found = await quotesAwaitingResponse(
    db,
    { today: businessToday(timeZone), timeZone },
    { limit: list.limit, offset: list.offset },
  );
  redirectPastLastPage(request, list, found.total);
  return json({ ...found, list });
}

export default function FollowUp() {
  const display = useDisplay();
  const { rows, total, list } = useLoaderData<typeof loader>();
  const back = encodeURIComponent(`/follow-up${list.page > 1 ? `?page=${list.page}` : ""}`);
  return (
    <ListPage title="Follow Up Quotes" subtitle="Sent quotes awaiting the customer, waiting longest first">
      <ListCard
        heading="Awaiting Response"
        total={total}
        countTestId="follow-up-count"
        list={list}
        empty={rows.length === 0 ? <EmptyState title="No quotes are waiting for a customer response." /> : null}
      >
        {/* Below 1024 px a card per quote (DataTable's column parts): number and Send Email first,
            the customer, then sent, waiting and the total. */}
        <DataTable
          label="Quotes awaiting response"
          headers={[
            { label: "Quote", col: ["main", "number"] },
            "Customer",
            { label: "Sent", col: "date", card: "Sent" },
            { label: "Waiting", col: "date", card: "Waiting" },
            { label: "Total", numeric: true, col: "money" },
            { label: "Actions", col: "actions" },
          ]}
        >
          {rows.map((q) => (
            <tr key={q.id} data-testid="follow-up-row">
              <td>
                <DocumentTitleCell what="quotes" id={q.id} number={q.quoteNumber} title={q.title} />
              </td>
              <td>
                <FastLink to={`/customers/${q.customerId}`}>{q.customerName}</FastLink>
                <div>{q.customerEmail ?? "No e-mail on file"}</div>
              </td>
              <td>{q.sentAt ? formatDate(q.sentAt, display) : "—"}</td>
              <td data-testid="days-waiting">
                {q.daysWaiting} day{q.daysWaiting === 1 ? "" : "s"}
              </td>
              <td>{formatMoney(q.total)}</td>
              <td>
                <Button asChild size="2" variant="soft">
                  <Link to={`/quotes/${q.id}/send?redirectTo=${back}`}>
                    <SpriteIcon name="inbox" /> Send Email
                  </Link>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
