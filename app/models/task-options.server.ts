// What the task dialog offers to link and assign.
import type { Executor } from "../../db/client.server";
import { addDays, businessToday, formatInZone, zonedToInstant, type DateDisplay } from "../utils/dates";
import { customerOptions, type CustomerPickerScope } from "./customer.server";
import { jobOptions } from "./job.server";
import { listResources } from "./resource.server";
import { getEvent, listEvents } from "./schedule.server";
import { listUsers } from "./user.server";

export async function taskFormOptions(
  db: Executor,
  /** The business's display settings (time zone, date and time format): settings.system. */
  display: DateDisplay,
  selected: { scheduleEventId?: number | null; jobId?: number | null; customerId?: number | null } = {},
  /** What the customer picker may show this user (installers: linked customers, id and name). */
  customerScope: CustomerPickerScope = "all",
) {
  const selectedEventId = selected.scheduleEventId;
  const timeZone = display.timeZone;
  const today = businessToday(timeZone);
  const [customers, jobs, users, resources, events] = await Promise.all([
    customerOptions(db, { includeId: selected.customerId, scope: customerScope }),
    jobOptions(db, { includeId: selected.jobId }),
    listUsers(db, { activeOnly: true }),
    listResources(db, { activeOnly: true }),
    listEvents(db, {
      from: zonedToInstant(addDays(today, -30), "00:00", timeZone),
      to: zonedToInstant(addDays(today, 60), "00:00", timeZone),
      limit: 300,
    }),
  ]);
  const eventRows = events.rows;
  if (selectedEventId && !eventRows.some((e) => e.id === selectedEventId)) {
    const selected = await getEvent(db, selectedEventId);
    if (selected) eventRows.unshift(selected);
  }
  return {
    customers,
    jobs,
    users: users.map((u) => ({ id: u.id, name: u.name })),
    resources: resources.rows.map((r) => ({ id: r.id, name: r.name })),
    events: eventRows.map((e) => ({
      id: e.id,
      label: `${formatInZone(e.startAt, "MMM d, h:mm a", display)} · ${e.title}`,
    })),
  };
}
