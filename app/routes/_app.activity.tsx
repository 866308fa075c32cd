// All activity (Home's Recent Activity → View all): newest first, 50 a page, filtered by type and
// user with a GET form (works without JavaScript). Installers see only their own entries.
import { Button, Flex } from "~/components/ui";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, EmptyCell } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ActivityEntryView } from "~/components/home-widgets";
import { FilterSelect } from "~/components/list-filters";
import { ListCard, ListPage } from "~/components/list-page";
import { keepListQuery } from "~/components/use-kept-query";
import { activityUsers, listActivity } from "~/models/activity.server";
import { getSettings } from "~/models/settings.server";
import homeStyles from "~/styles/home.css";
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, activityTypeLabel, titleSaysType } from "~/utils/activity-types";
import { formatDateTime } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter, idFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction = () => [{ title: "Activity · Cabinetry Jobs" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];

const filters = { type: choiceFilter(ACTIVITY_TYPES), user: idFilter };
export const handle = keepListQuery(filters);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "home", filters);
  const db = await getDb();
  const viewer = { role: user.viewRole, userId: user.id };
  const mine = user.viewRole === "installer";
  const [activity, users, settings] = await Promise.all([
    listActivity(db, viewer, {
      type: list.type,
      userId: mine ? undefined : (list.user ?? undefined),
      limit: list.limit,
      offset: list.offset,
      count: true,
    }),
    mine ? Promise.resolve([]) : activityUsers(db),
    getSettings(db),
  ]);
  redirectPastLastPage(request, list, activity.total);
  return json({ ...activity, list, users, mine, timeZone: settings.system.timeZone });
}

export default function Activity() {
  const display = useDisplay();
  const { rows, total, list, users, mine, timeZone } = useLoaderData<typeof loader>();
  return (
    <ListPage
      title="Activity"
      subtitle={mine ? "What you have done, newest first" : "Everything that happened, newest first"}
      filters={
        <Form method="get" className="list-search activity-filters">
          <Flex gap="2" mb="4" align="center" wrap="wrap">
            <FilterSelect
              name="type"
              value={list.type}
              allLabel="All types"
              label="Filter by type"
              options={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_TYPE_LABELS[t] }))}
            />
            {mine ? null : (
              <FilterSelect
                name="user"
                value={list.user ? String(list.user) : ""}
                allLabel="All users"
                label="Filter by user"
                options={users.map((u) => ({ value: String(u.id), label: u.name }))}
              />
            )}
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
      }
    >
      <ListCard
        heading={mine ? "My Activity" : "All Activity"}
        total={total}
        countTestId="activity-count"
        list={list}
        empty={rows.length === 0 ? <EmptyState title="No recent activity" /> : null}
      >
        <DataTable label="Activity" headers={["What", "Type", "Who", "When"]}>
          {rows.map((entry) => (
            <tr key={entry.id} data-testid="activity-row">
              <td className="c-main">
                <ActivityEntryView entry={entry} timeZone={timeZone} compact />
              </td>
              {/* On a card a Type that repeats the title is left out, as is an empty Who (c-empty). */}
              <td className={titleSaysType(entry) ? "c-empty" : undefined}>{activityTypeLabel(entry.type)}</td>
              {entry.userName ? (
                <td className="c-status" data-label="By">
                  {entry.userName}
                </td>
              ) : (
                <EmptyCell />
              )}
              <td className="c-date">{formatDateTime(entry.createdAt, display)}</td>
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
