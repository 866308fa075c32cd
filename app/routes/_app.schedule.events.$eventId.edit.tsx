import { Button, Flex } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { EventForm } from "~/components/event-form";
import { eventFormOptions, linkErrorResponse, parseEventForm } from "~/forms/event-form.server";
import { deleteEvent, getEvent, updateEvent } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { requirePermission } from "~/utils/auth.server";
import { instantToZoned } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { can } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { forbidden, requireFound } from "~/utils/refusal.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "schedule", "write");
  const db = await getDb();
  const event = requireFound(await getEvent(db, requireId(params.eventId, "Event")), "Event");
  const timeZone = (await getSettings(db)).system.timeZone;
  const start = instantToZoned(event.startAt, timeZone);
  const end = instantToZoned(event.endAt, timeZone);
  const defaults = {
    title: event.title,
    type: event.type,
    status: event.status,
    allDay: event.allDay ? "true" : undefined,
    date: start.date,
    startTime: start.time,
    endTime: event.allDay ? "10:00" : end.time,
    location: event.location ?? undefined,
    notes: event.notes ?? undefined,
    jobId: event.jobId ? String(event.jobId) : "none",
    customerId: event.customerId ? String(event.customerId) : "none",
    resourceIds: event.resourceIds.map(String),
  };
  return json({
    id: event.id,
    title: event.title,
    defaults,
    options: await eventFormOptions(db, { jobId: event.jobId, customerId: event.customerId }),
    timeZone,
    canDelete: can(user.viewRole, "schedule", "delete"),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "schedule", "write");
  const id = requireId(params.eventId, "Event");
  const db = await getDb();
  const timeZone = (await getSettings(db)).system.timeZone;
  const formData = await request.formData();
  const back = `/schedule${new URL(request.url).search}`;
  if (formData.get("intent") === "delete") {
    if (!can(user.viewRole, "schedule", "delete")) throw forbidden("You do not have permission to do this.");
    const deleted = await deleteEvent(db, id);
    return redirectWithToast(request, back, {
      title: "Event deleted",
      description: `${deleted.title} has been removed.`,
    });
  }
  const parsed = await parseEventForm(db, formData, timeZone, id);
  if (parsed.response) return parsed.response;
  try {
    const event = await updateEvent(db, id, parsed.input, timeZone);
    return redirectWithToast(request, back, {
      title: "Event Updated",
      description: `${event.title} has been updated.`,
    });
  } catch (error) {
    return linkErrorResponse(error, parsed);
  }
}

export default function EditEvent() {
  const { id, title, defaults, options, timeZone, canDelete } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute title="Edit Event" description={title} closeTo={`/schedule${query}`} width={640}>
      <EventForm
        lastResult={data && "result" in data ? data.result : undefined}
        conflicts={data && "conflicts" in data ? data.conflicts : []}
        pickers={data && "pickers" in data ? data.pickers : undefined}
        defaultValue={defaults}
        options={options}
        timeZone={timeZone}
        excludeEventId={id}
        cancelTo={`/schedule${query}`}
        mode="update"
      />
      {canDelete ? (
        <Form method="post" style={{ marginTop: "1rem" }}>
          <Flex justify="start">
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" color="red" variant="ghost">
              Delete event
            </Button>
          </Flex>
        </Form>
      ) : null}
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
