// An event's details, read-only, for every role that reads the schedule (an installer tapping their
// own install): staff with schedule write get an Edit button into the edit dialog. A dialog over the
// schedule, like the edit dialog; without JS the same card as a page.
import { Button, Flex, Text } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { EventStatusBadge } from "~/components/status-badge";
import { useKeptQuery } from "~/components/use-kept-query";
import { getEvent } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { requirePermission } from "~/utils/auth.server";
import { formatDay, formatInZone, instantToZoned } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { can } from "~/utils/permissions";
import { requireFound } from "~/utils/refusal.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.event.title ?? "Event"} · Schedule · Cabinetry Jobs` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "schedule", "read");
  const db = await getDb();
  const event = requireFound(await getEvent(db, requireId(params.eventId, "Event")), "Event");
  const display = (await getSettings(db)).system;
  const timeZone = display.timeZone;
  const startAt = new Date(event.startAt);
  const start = instantToZoned(startAt, timeZone);
  const last = instantToZoned(new Date(Math.max(startAt.getTime(), new Date(event.endAt).getTime() - 1)), timeZone);
  const days =
    start.date === last.date
      ? formatDay(start.date, "EEEE, MMMM d, yyyy", display)
      : `${formatDay(start.date, "EEE, MMM d", display)} – ${formatDay(last.date, "EEE, MMM d, yyyy", display)}`;
  const time = event.allDay
    ? "All day"
    : `${formatInZone(event.startAt, "h:mm a", display)} – ${formatInZone(event.endAt, "h:mm a", display)}`;
  return json({
    event: {
      id: event.id,
      title: event.title,
      type: event.type,
      status: event.status,
      location: event.location,
      notes: event.notes,
      jobId: event.jobId,
      jobTitle: event.jobTitle,
      customerId: event.customerId,
      customerName: event.customerName,
      resourceNames: event.resourceNames,
    },
    when: `${days} · ${time}`,
    canEdit: can(user.viewRole, "schedule", "write"),
    canJobs: can(user.viewRole, "jobs"),
    canCustomers: can(user.viewRole, "customers"),
  });
}

export default function EventDetails() {
  const { event, when, canEdit, canJobs, canCustomers } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const rows: [string, React.ReactNode][] = [
    ["When", when],
    ["Type", event.type.charAt(0).toUpperCase() + event.type.slice(1)],
    ["Status", <EventStatusBadge key="s" status={event.status} />],
    ["Resources", event.resourceNames.join(", ") || "None"],
  ];
  if (event.location) rows.push(["Location", event.location]);
  if (event.jobId && event.jobTitle)
    rows.push(["Job", canJobs ? <Link to={`/jobs/${event.jobId}`}>{event.jobTitle}</Link> : event.jobTitle]);
  if (event.customerId && event.customerName)
    rows.push([
      "Customer",
      canCustomers ? <Link to={`/customers/${event.customerId}`}>{event.customerName}</Link> : event.customerName,
    ]);
  if (event.notes) rows.push(["Notes", <span style={{ whiteSpace: "pre-wrap" }}>{event.notes}</span>]);
  return (
    <DialogRoute title={event.title} description="Event details" closeTo={`/schedule${query}`}>
      <dl className="detail-list" data-testid="event-details">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Flex gap="3" justify="end" mt="4">
        <Button asChild variant="soft" color="gray">
          <Link to={`/schedule${query}`} preventScrollReset>
            Close
          </Link>
        </Button>
        {canEdit ? (
          <Button asChild>
            <Link to={`/schedule/events/${event.id}/edit${query}`} preventScrollReset>
              Edit
            </Link>
          </Button>
        ) : null}
      </Flex>
      {!canEdit ? (
        <Text as="p" size="1" color="gray" mt="2">
          Read-only: ask the office to change this event.
        </Text>
      ) : null}
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
