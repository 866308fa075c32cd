// The Create/Edit Event dialog's server side, shared by the new and edit routes: options, the
// form → instants conversion in the business time zone, and the stop-once conflict rule.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { Executor } from "../../db/client.server";
import { EventFormSchema, type EventFormInput, type EventInput } from "../schemas/event";
import { addDays, zonedToInstant } from "../utils/dates";
import { CUSTOMER_AND_JOB_PICKERS, type PickerLookups } from "../utils/picker";
import { customerOptions } from "../models/customer.server";
import { jobOptions } from "../models/job.server";
import { listResources } from "../models/resource.server";
import { EventLinkError, findConflicts } from "../models/schedule.server";
import { readPickers } from "./picker.server";

type ConflictJson = { resourceName: string; conflictingEvent: { title: string; startAt: string; endAt: string } };
const NO_CONFLICTS: ConflictJson[] = [];

export async function eventFormOptions(
  db: Executor,
  selected: { jobId?: number | null; customerId?: number | null } = {},
) {
  const [jobs, customers, resources] = await Promise.all([
    jobOptions(db, { includeId: selected.jobId }),
    customerOptions(db, { includeId: selected.customerId }),
    listResources(db),
  ]);
  return { jobs, customers, resources: resources.rows.map((r) => ({ id: r.id, name: r.name, active: r.active })) };
}

/** Dialog values → the model's input: the wall-clock date and times are instants in `timeZone`. */
export function formToEventInput(value: EventFormInput, timeZone: string): EventInput {
  const date = value.date!;
  const startAt = zonedToInstant(date, value.allDay ? "00:00" : value.startTime, timeZone);
  const endAt = value.allDay
    ? zonedToInstant(addDays(date, 1), "00:00", timeZone)
    : zonedToInstant(date, value.endTime, timeZone);
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
 * Parses the dialog. Returns either a response that shows the form again (a picker's Find; invalid;
 * or conflicting and not forced: the conflicts are listed and the next submit may force) or the
 * input to save, with the pickers' rows for a form shown again after all.
 */
export async function parseEventForm(db: Executor, formData: FormData, timeZone: string, excludeEventId?: number) {
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS);
  const submission = parseWithZod(formData, { schema: EventFormSchema });
  if (submission.status !== "success") {
    return {
      response: json(
        { result: submission.reply(), conflicts: NO_CONFLICTS, pickers },
        { status: submission.status === "error" ? 400 : 200 },
      ),
    } as const;
  }
  const input = formToEventInput(submission.value, timeZone);
  // A cancelled event blocks nobody, so it needs no check either.
  if (!submission.value.force && input.status !== "cancelled") {
    const conflicts = await findConflicts(db, {
      resourceIds: input.resourceIds,
      startAt: input.startAt,
      endAt: input.endAt,
      excludeEventId,
    });
    if (conflicts.length) {
      return {
        response: json(
          {
            result: submission.reply(),
            pickers,
            conflicts: conflicts.map((c) => ({
              resourceName: c.resourceName,
              conflictingEvent: {
                title: c.conflictingEvent.title,
                startAt: c.conflictingEvent.startAt.toISOString(),
                endAt: c.conflictingEvent.endAt.toISOString(),
              },
            })),
          },
          { status: 400 },
        ),
      } as const;
    }
  }
  return { input, submission, pickers } as const;
}

export function linkErrorResponse(
  error: unknown,
  parsed: { submission: { reply: (options: { formErrors: string[] }) => unknown }; pickers: PickerLookups },
) {
  if (error instanceof EventLinkError) {
    return json(
      {
        result: parsed.submission.reply({ formErrors: [error.message] }) as SubmissionResult<string[]>,
        conflicts: NO_CONFLICTS,
        pickers: parsed.pickers,
      },
      { status: 400 },
    );
  }
  throw error;
}
