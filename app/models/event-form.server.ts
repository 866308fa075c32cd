// The Create/Edit Event dialog's server side, shared by the new and edit routes: options, the
// form → instants conversion in the business time zone, and the stop-once conflict rule.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { Executor } from "../../db/client.server";
import { EventFormSchema, type EventFormInput, type EventInput } from "../schemas/event";
import { addDays, zonedToInstant } from "../utils/dates";
import { customerOptions } from "./customer.server";
import { jobOptions } from "./job.server";
import { listResources } from "./resource.server";
import { EventLinkError, findConflicts } from "./schedule.server";

type ConflictJson = { resourceName: string; conflictingEvent: { title: string; startAt: string; endAt: string } };
const NO_CONFLICTS: ConflictJson[] = [];

export async function eventFormOptions(db: Executor, selected: { jobId?: number | null; customerId?: number | null } = {}) {
  const [jobs, customers, resources] = await Promise.all([jobOptions(db, { includeId: selected.jobId }), customerOptions(db, { includeId: selected.customerId }), listResources(db)]);
  return { jobs, customers, resources: resources.rows.map((r) => ({ id: r.id, name: r.name, active: r.active })) };
}

/** Dialog values → the model's input: the wall-clock date and times are instants in `timeZone`. */
export function formToEventInput(value: EventFormInput, timeZone: string): EventInput {
  const date = value.date!;
  const startAt = zonedToInstant(date, value.allDay ? "00:00" : value.startTime, timeZone);
  const endAt = value.allDay ? zonedToInstant(addDays(date, 1), "00:00", timeZone) : zonedToInstant(date, value.endTime, timeZone);
  return {
    title: value.title,
    type: value.type,
    status: value.status,
    allDay: value.allDay,
    location: value.location,
    notes: value.notes,
    resourceIds: value.resourceIds,
    jobId: value.jobId,
    customerId: value.customerId,
    startAt,
    endAt,
  };
}

/**
 * Parses the dialog. Returns either a 400 response (invalid, or conflicting and not forced: the
 * conflicts are listed and the next submit may force) or the input to save.
 */
export async function parseEventForm(db: Executor, formData: FormData, timeZone: string, excludeEventId?: number) {
  const submission = parseWithZod(formData, { schema: EventFormSchema });
  if (submission.status !== "success") {
    return { response: json({ result: submission.reply(), conflicts: NO_CONFLICTS }, { status: 400 }) } as const;
  }
  const input = formToEventInput(submission.value, timeZone);
  // A cancelled event blocks nobody, so it needs no check either.
  if (!submission.value.force && input.status !== "cancelled") {
    const conflicts = await findConflicts(db, { resourceIds: input.resourceIds, startAt: input.startAt, endAt: input.endAt, excludeEventId });
    if (conflicts.length) {
      return {
        response: json(
          {
            result: submission.reply(),
            conflicts: conflicts.map((c) => ({
              resourceName: c.resourceName,
              conflictingEvent: { title: c.conflictingEvent.title, startAt: c.conflictingEvent.startAt.toISOString(), endAt: c.conflictingEvent.endAt.toISOString() },
            })),
          },
          { status: 400 },
        ),
      } as const;
    }
  }
  return { input, submission } as const;
}

export function linkErrorResponse(error: unknown, submission: { reply: (options: { formErrors: string[] }) => unknown }) {
  if (error instanceof EventLinkError) {
    return json({ result: submission.reply({ formErrors: [error.message] }) as SubmissionResult<string[]>, conflicts: NO_CONFLICTS }, { status: 400 });
  }
  throw error;
}
