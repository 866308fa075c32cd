import { Badge, Button, Card, Flex, Heading, Text } from "~/components/ui";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, MarkupOnly } from "~/components/data-table";
import { FastLink, FastLinkScope } from "~/components/fast-link";
import { EmptyState } from "~/components/empty-state";
import { ListPage } from "~/components/list-page";
import { FilterSelect } from "~/components/list-filters";
import { EventStatusBadge } from "~/components/status-badge";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { resourceOptions } from "~/models/resource.server";
import { calendarEvents } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { EVENT_TYPES } from "~/schemas/choices";
import { daysBetween, stepDate, viewRange, VIEWS } from "~/utils/calendar";
import {
  addDays,
  businessToday,
  dayRange,
  formatDay,
  formatInZone,
  instantToZoned,
  isDateOnly,
  type Zone,
} from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter, idFilter, valueFilter } from "~/utils/list-search";
import { requireListSearch } from "~/utils/list-search.server";
import { rowsOnce } from "~/utils/list-rows.server";
import { can } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";
import { SpriteIcon } from "~/components/sprite-icon";

export const meta: MetaFunction = () => [{ title: "Schedule · Cabinetry Jobs" }];

const MONTH_CELL_LIMIT = 2;

const filters = {
  view: choiceFilter(VIEWS, "week"),
  // A bad or missing date is today (in the business time zone, known to the loader only).
  date: valueFilter((v) => isDateOnly(v) && v >= "1900-01-01" && v <= "2999-12-31"),
  resourceId: idFilter,
  type: choiceFilter(EVENT_TYPES),
};
export const handle = keepListQuery(filters, Object.keys(filters));

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list } = await requireListSearch(request, "schedule", filters);
  const db = await getDb();
  const settings = await getSettings(db);
  const timeZone = settings.system.timeZone;
  const today = businessToday(timeZone);
  const { view, resourceId, type } = list;
  const date = list.date || today;
  const { first, end } = viewRange(view, date);
  const { from, to } = dayRange(first, end, timeZone);
  const [rows, resources] = await Promise.all([
    calendarEvents(db, { from, to, resourceId: resourceId ?? undefined, type }),
    resourceOptions(db),
  ]);
  const events = rows.map((e) => {
    const start = instantToZoned(e.startAt, timeZone);
    const startTime = formatInZone(e.startAt, "h:mm a", settings.system);
    const endTime = formatInZone(e.endAt, "h:mm a", settings.system);
    // The last day it touches: the end is exclusive (an event ending at midnight ends the day before).
    const lastDay = instantToZoned(
      new Date(Math.max(new Date(e.startAt).getTime(), new Date(e.endAt).getTime() - 1)),
      timeZone,
    ).date;
    // Only the days of this view, so a months-long event costs a week's worth of chips at most.
    const spanFirst = start.date > first ? start.date : first;
    const spanEnd = lastDay < end ? addDays(lastDay, 1) : end;
    return {
      id: e.id,
      title: e.title,
      type: e.type,
      status: e.status,
      allDay: e.allDay,
      day: start.date,
      lastDay,
      days: spanFirst < spanEnd ? daysBetween(spanFirst, spanEnd) : [start.date],
      startTime,
      endTime,
      time: e.allDay ? "All day" : `${startTime} – ${endTime}`,
      location: e.location,
      jobId: e.jobId,
      jobTitle: e.jobTitle,
      customerId: e.customerId,
      customerName: e.customerName,
      resourceNames: e.resourceNames,
    };
  });
  const month = date.slice(0, 7);
  const data = {
    view,
    date,
    today,
    first,
    end,
    resourceId,
    type,
    // What the page says of the events besides drawing them: their count, and for a month whether
    // any falls in it (the phone's agenda says so when none does).
    eventCount: events.length,
    inMonth: events.some((e) => e.days.some((d) => d.startsWith(month))),
    resources,
    prev: stepDate(view, date, -1),
    next: stepDate(view, date, 1),
    canWrite: can(user.viewRole, "schedule", "write"),
    canTask: can(user.viewRole, "tasks", "write"),
  };
  // The calendar is plain links: on a document its events are sent as HTML only (rowsOnce); a client
  // navigation (Next week, a filter, revalidation after a dialog's save) gets them as data.
  return rowsOnce(request, data, events);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type EventItem = NonNullable<Data["rows"]>[number];

/** What a chip says on `day`: the event's times, or for an event over several days where this day falls in it. */
function timeOn(event: EventItem, day: string) {
  if (event.day === event.lastDay) return event.time;
  const total = Math.round((Date.parse(event.lastDay) - Date.parse(event.day)) / 86_400_000) + 1;
  const index = Math.round((Date.parse(day) - Date.parse(event.day)) / 86_400_000) + 1;
  const part = `Day ${index} of ${total}`;
  if (event.allDay) return `All day · ${part}`;
  if (day === event.day) return `${event.startTime} → · ${part}`;
  if (day === event.lastDay) return `→ ${event.endTime} · ${part}`;
  return `All day · ${part}`;
}

/** Staff open the edit dialog; a role without schedule write (an installer) the read-only details. */
const eventHref = (data: Data, id: number, query: string) =>
  data.canWrite ? `/schedule/events/${id}/edit${query}` : `/schedule/events/${id}${query}`;

/**
 * An event on a day: its time, title and resources, styled by position (app.css `.event-chip`), its
 * type's colour a class. No test id or class per part: a week repeats it ~50 times, a month ~200.
 */
function EventChip({ event, to, day }: { event: EventItem; to: string; day: string }) {
  return (
    <a href={to} className={`event-chip ${event.type}${event.status === "cancelled" ? " cancelled" : ""}`}>
      <span>{timeOn(event, day)}</span>
      <span>{event.title}</span>
      {event.resourceNames.length ? <span>{event.resourceNames.join(", ")}</span> : null}
    </a>
  );
}

/**
 * Seven days as a list (one column below 768 px); no grid roles, so nothing for ARIA to miss. On a
 * document the days are HTML only (`events` undefined: MarkupOnly keeps the server's markup).
 */
function WeekView({ data, events, query }: { data: Data; events: EventItem[] | undefined; query: string }) {
  const display = useDisplay();
  const days = daysBetween(data.first, data.end);
  return (
    <MarkupOnly as="ol" markupOnly={!events} className="calendar-week" aria-label="Week">
      {days.map((day) => (
        <li key={day} className={`calendar-day${day === data.today ? " is-today" : ""}`} data-day={day}>
          {/* The weekday and the date, styled by position (app.css). */}
          <h3>
            <span>{formatDay(day, "EEE", display)}</span> <span>{formatDay(day, "MMM d", display)}</span>
          </h3>
          {events
            ?.filter((e) => e.days.includes(day))
            .map((e) => (
              <EventChip key={e.id} event={e} to={eventHref(data, e.id, query)} day={day} />
            ))}
          {data.canWrite ? (
            <a
              href={`/schedule/events/new${query}${query ? "&" : "?"}eventDate=${day}`}
              className="calendar-add"
              aria-label={`Add event on ${formatDay(day, "MMM d", display)}`}
            >
              +
            </a>
          ) : null}
        </li>
      ))}
    </MarkupOnly>
  );
}

/**
 * A month as a real table (weeks are rows, days cells), one markup for three layouts
 * (docs/decisions/tablet-layout.md): from 1024 px each day shows its first events; from 768 px a
 * compact grid where each day is one link (its number and a count) to the day's events; on a phone
 * an agenda: only the days of this month that have events, one under the other.
 */
function MonthView({ data, events, query }: { data: Data; events: EventItem[] | undefined; query: string }) {
  const display = useDisplay();
  const days = daysBetween(data.first, data.end);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const month = data.date.slice(0, 7);
  const dayLink = (day: string) =>
    `?${new URLSearchParams({ view: "day", date: day, ...(data.resourceId ? { resourceId: String(data.resourceId) } : {}), ...(data.type ? { type: data.type } : {}) })}`;
  return (
    <>
      <table className="calendar-month" aria-label={formatDay(data.date, "MMMM yyyy", display)}>
        <thead>
          <tr>
            {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <MarkupOnly as="tbody" markupOnly={!events}>
          {events
            ? weeks.map((week) => (
                <tr key={week[0]}>
                  {week.map((day) => {
                    const dayEvents = events.filter((e) => e.days.includes(day));
                    const dayName = formatDay(day, "EEEE, MMM d", display);
                    return (
                      <td
                        key={day}
                        className={`calendar-cell${day.slice(0, 7) !== month ? " is-other-month" : ""}${day === data.today ? " is-today" : ""}${dayEvents.length ? "" : " is-empty"}`}
                        data-day={day}
                      >
                        {/* The link's name is its text ("Tuesday, Feb 10: 3 events" on a tablet), not an
                            aria-label, so what a voice-control user sees is what they can say. */}
                        <a href={dayLink(day)} className="calendar-cell-date">
                          <span className="calendar-cell-number" aria-hidden="true">
                            {Number(day.slice(8))}
                          </span>
                          <span className="calendar-cell-full" aria-hidden="true">
                            {dayName}
                          </span>
                          <span className="visually-hidden">{dayName}</span>
                          {dayEvents.length ? (
                            <>
                              <span className="visually-hidden calendar-cell-count-text">: </span>
                              <span className="calendar-cell-count">{dayEvents.length}</span>
                              <span className="visually-hidden calendar-cell-count-text">
                                {dayEvents.length === 1 ? " event" : " events"}
                              </span>
                            </>
                          ) : null}
                        </a>
                        {dayEvents.slice(0, MONTH_CELL_LIMIT).map((e) => (
                          <EventChip key={e.id} event={e} to={eventHref(data, e.id, query)} day={day} />
                        ))}
                        {dayEvents.length > MONTH_CELL_LIMIT ? (
                          <a href={dayLink(day)} className="calendar-more">
                            +{dayEvents.length - MONTH_CELL_LIMIT} more
                          </a>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))
            : null}
        </MarkupOnly>
      </table>
      {data.inMonth ? null : <p className="calendar-agenda-empty muted">No events this month.</p>}
    </>
  );
}

function ListView({ data, events, query }: { data: Data; events: EventItem[] | undefined; query: string }) {
  const display = useDisplay();
  if (!data.eventCount) return <EmptyState title="No events in this period." />;
  return (
    <DataTable
      label="Events"
      markupOnly={!events}
      headers={["When", "Event", { label: "Type", className: "c-wide" }, "Status", "Resources", "Related", "Actions"]}
    >
      {events?.map((e) => (
        <tr key={e.id}>
          <td>
            <Text as="div" size="2">
              {formatDay(e.day, "EEE, MMM d", display)}
              {e.lastDay !== e.day ? ` – ${formatDay(e.lastDay, "EEE, MMM d", display)}` : ""}
            </Text>
            <Text as="div" size="1" color="gray">
              {e.time}
            </Text>
          </td>
          <td className="c-main">
            <FastLink to={eventHref(data, e.id, query)} className="plain strong">
              {e.title}
            </FastLink>
            {e.location ? (
              <Text as="div" size="1" color="gray">
                {e.location}
              </Text>
            ) : null}
          </td>
          <td className="c-wide">{e.type.charAt(0).toUpperCase() + e.type.slice(1)}</td>
          <td className="c-status">
            <EventStatusBadge status={e.status} />
          </td>
          <td>{e.resourceNames.join(", ") || <span className="muted">None</span>}</td>
          <td>
            {e.jobId ? <FastLink to={`/jobs/${e.jobId}`}>{e.jobTitle}</FastLink> : null}
            {e.customerName ? (
              <Text as="div" size="1" color="gray">
                {e.customerName}
              </Text>
            ) : null}
          </td>
          <td className="c-actions">
            <div className="row-actions">
              {data.canWrite ? (
                <Button asChild size="1" variant="soft">
                  <FastLink to={`/schedule/events/${e.id}/edit${query}`}>Edit</FastLink>
                </Button>
              ) : null}
              <Button asChild size="1" variant="ghost">
                <FastLink to={`/schedule/events/${e.id}/photos${query}`}>Photos</FastLink>
              </Button>
              {data.canTask ? (
                <Button asChild size="1" variant="ghost">
                  <FastLink
                    to={`/tasks/new?${new URLSearchParams({ scheduleEventId: String(e.id), ...(e.jobId ? { jobId: String(e.jobId) } : {}), ...(e.customerId ? { customerId: String(e.customerId) } : {}) })}`}
                  >
                    Add Task
                  </FastLink>
                </Button>
              ) : null}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function periodTitle(data: Data, display: Zone) {
  switch (data.view) {
    case "week":
      return `${formatDay(data.first, "MMM d", display)} – ${formatDay(data.end < data.first ? data.first : addDays(data.end, -1), "MMM d, yyyy", display)}`;
    case "month":
      return formatDay(data.date, "MMMM yyyy", display);
    case "day":
      return formatDay(data.date, "EEEE, MMMM d, yyyy", display);
    case "list":
      return `${formatDay(data.first, "MMM d", display)} – ${formatDay(addDays(data.end, -1), "MMM d, yyyy", display)}`;
  }
}

export default function Schedule() {
  const display = useDisplay();
  const data = useLoaderData<typeof loader>();
  // Read by name: on a document the events are HTML only (undefined here; rowsOnce).
  const events = data.rows;
  const query = useKeptQuery();
  const nav = (overrides: Record<string, string | null>) => scheduleHref(data, overrides);
  return (
    <ListPage
      title="Schedule"
      subtitle="Installs, measures, deliveries and appointments"
      actions={
        <Flex gap="2">
          <Button asChild variant="soft">
            <Link to="/schedule/resources">Resources</Link>
          </Button>
          {data.canWrite ? (
            <Button asChild>
              <Link to={`/schedule/events/new${query}`} preventScrollReset>
                <SpriteIcon name="plus" /> Add Event
              </Link>
            </Button>
          ) : null}
        </Flex>
      }
      filters={
        <>
          <Flex gap="3" mb="4" align="center" wrap="wrap" justify="between">
            <Flex gap="2" align="center" wrap="wrap">
              <Button asChild variant="soft" size="2">
                <Link to={nav({ date: data.prev })} rel="prev">
                  Previous
                </Link>
              </Button>
              <Button asChild variant="soft" size="2">
                <Link to={nav({ date: data.today })}>Today</Link>
              </Button>
              <Button asChild variant="soft" size="2">
                <Link to={nav({ date: data.next })} rel="next">
                  Next
                </Link>
              </Button>
              <Heading as="h2" size="4" ml="2" data-testid="schedule-period">
                {periodTitle(data, display)}
              </Heading>
            </Flex>
            <nav aria-label="Calendar view" className="calendar-views">
              {(["week", "month", "list"] as const).map((v) => (
                <Button key={v} asChild size="2" variant={data.view === v ? "solid" : "soft"}>
                  <Link to={nav({ view: v })} aria-current={data.view === v ? "page" : undefined}>
                    {v.charAt(0).toUpperCase() + v.slice(1)}
                  </Link>
                </Button>
              ))}
            </nav>
          </Flex>
          <Form method="get" className="list-search">
            <input type="hidden" name="view" value={data.view} />
            <input type="hidden" name="date" value={data.date} />
            <Flex gap="2" mb="4" align="center" wrap="wrap">
              <FilterSelect
                name="resourceId"
                value={data.resourceId}
                allLabel="All resources"
                label="Filter by resource"
                options={data.resources.map((r) => ({
                  value: String(r.id),
                  label: `${r.name}${r.active ? "" : " (inactive)"}`,
                }))}
              />
              <FilterSelect name="type" value={data.type} allLabel="All types" options={EVENT_TYPES} />
              <Button type="submit" variant="soft">
                Apply
              </Button>
              <Badge color="gray" radius="full" data-testid="event-count">
                {`${data.eventCount} event${data.eventCount === 1 ? "" : "s"}`}
              </Badge>
            </Flex>
          </Form>
        </>
      }
    >
      <Card size="2">
        {/* data-fast-links: the calendar's links navigate client-side without a marker each. */}
        <div data-fast-links="">
          <FastLinkScope value={true}>
            {data.view === "week" ? <WeekView data={data} events={events} query={query} /> : null}
            {data.view === "month" ? <MonthView data={data} events={events} query={query} /> : null}
            {data.view === "list" || data.view === "day" ? (
              <ListView data={data} events={events} query={query} />
            ) : null}
          </FastLinkScope>
        </div>
      </Card>
    </ListPage>
  );
}

/** A link to this page with some parameters changed (not a hook: pure on the loader data). */
function scheduleHref(data: Data, overrides: Record<string, string | null>) {
  const values: Record<string, string | null> = {
    view: data.view,
    date: data.date,
    resourceId: data.resourceId ? String(data.resourceId) : null,
    type: data.type || null,
    ...overrides,
  };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  return `/schedule?${params}`;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
