import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute } from "~/components/dialog-route";
import { EventForm } from "~/components/event-form";
import { eventFormOptions, linkErrorResponse, parseEventForm } from "~/forms/event-form.server";
import { getJob } from "~/models/job.server";
import { getCustomer } from "~/models/customer.server";
import { createEvent } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { requirePermission } from "~/utils/auth.server";
import { businessToday, instantToZoned, isDateOnly } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "schedule", "write");
  const url = new URL(request.url);
  const db = await getDb();
  const timeZone = (await getSettings(db)).system.timeZone;
  const today = businessToday(timeZone);
  const pickDate = (v: string | null) => (v && isDateOnly(v) ? v : null);
  // Spec §2: new events default to 09:00–10:00, appointment, scheduled.
  const defaults: Record<string, unknown> = {
    type: "appointment",
    status: "scheduled",
    date: pickDate(url.searchParams.get("eventDate")) ?? pickDate(url.searchParams.get("date")) ?? today,
    startTime: "09:00",
    endTime: "10:00",
    jobId: "none",
    customerId: "none",
    resourceIds: [],
  };
  const jobId = parseRouteId(url.searchParams.get("jobId") ?? undefined);
  const job = jobId ? await getJob(db, jobId) : null;
  if (job) {
    defaults.jobId = String(job.id);
    defaults.customerId = String(job.customerId);
    if (url.searchParams.get("install")) {
      // Schedule Install (Jobs row action): title, type install, the customer's address, a start date.
      const customer = await getCustomer(db, job.customerId);
      defaults.title = `Install: ${job.title}`;
      defaults.type = "install";
      defaults.location = customer
        ? [customer.address, customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")]
            .filter(Boolean)
            .join(", ")
        : undefined;
      defaults.date = job.startDate && job.startDate >= today ? job.startDate : today;
    }
  } else {
    const customerId = parseRouteId(url.searchParams.get("customerId") ?? undefined);
    if (customerId) defaults.customerId = String(customerId);
  }
  return json({
    defaults,
    options: await eventFormOptions(db, {
      jobId: job?.id,
      customerId: job?.customerId ?? parseRouteId(url.searchParams.get("customerId") ?? undefined),
    }),
    timeZone,
    instant: instantToZoned(new Date(), timeZone),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "schedule", "write");
  const db = await getDb();
  const timeZone = (await getSettings(db)).system.timeZone;
  const parsed = await parseEventForm(db, await request.formData(), timeZone);
  if (parsed.response) return parsed.response;
  try {
    const event = await createEvent(db, parsed.input, timeZone);
    const day = instantToZoned(event.startAt, timeZone).date;
    const url = new URL(request.url);
    const view =
      url.searchParams.get("view") === "month" ? "month" : url.searchParams.get("view") === "list" ? "list" : "week";
    return redirectWithToast(request, `/schedule?view=${view}&date=${day}`, {
      title: "Event Created",
      description: `${event.title} has been scheduled.`,
    });
  } catch (error) {
    return linkErrorResponse(error, parsed);
  }
}

export default function NewEvent() {
  const { defaults, options, timeZone } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute
      title="Create Event"
      description={`Times are in ${timeZone.replace(/_/g, " ")}.`}
      closeTo={`/schedule${query}`}
      width={640}
    >
      <EventForm
        lastResult={data?.result}
        pickers={data?.pickers}
        conflicts={data?.conflicts ?? []}
        defaultValue={defaults}
        options={options}
        timeZone={timeZone}
        cancelTo={`/schedule${query}`}
        mode="create"
      />
    </DialogRoute>
  );
}
