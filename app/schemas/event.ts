import { z } from "zod";
import { isInstantInRange, isTimeOnly, YEAR_RANGE_MESSAGE } from "../utils/dates";
import { optionalText, requiredText } from "./common";
import { choice, flag, optionalDate, optionalId } from "./ops-common";
import { EVENT_TYPES } from "./choices";

export { EVENT_TYPES };

export const EVENT_STATUSES = ["scheduled", "in-progress", "done", "cancelled"] as const;

/** resourceIds: a JSON array or the form's repeated checkbox values; duplicates collapse. */
const resourceIds = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v));
  },
  z
    .array(z.number({ invalid_type_error: "Resources must be ids" }).int().positive().max(2_147_483_647), {
      invalid_type_error: "Resources must be a list of ids",
    })
    .max(50, "At most 50 resources")
    .transform((ids) => [...new Set(ids)]),
);

// The fields every event has, shared by the dialog (date + times) and the API (instants).
const eventFields = {
  title: requiredText(200, "Title is required"),
  type: choice(EVENT_TYPES, "appointment", "Type"),
  status: choice(EVENT_STATUSES, "scheduled", "Status"),
  allDay: flag(false),
  location: optionalText(500, "Location"),
  notes: optionalText(5000, "Notes"),
  resourceIds,
  jobId: optionalId("Job"),
  customerId: optionalId("Customer"),
};

const instant = (label: string) =>
  z.preprocess(
    (value) => (value instanceof Date ? value.toISOString() : value),
    z
      .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be an ISO date-time` })
      .datetime({ offset: true, message: `${label} must be an ISO date-time` })
      .transform((v) => new Date(v))
      .refine(isInstantInRange, `${label} ${YEAR_RANGE_MESSAGE}`),
  );

/** /api/schedule/events: startAt and endAt as ISO instants. */
export const EventSchema = z
  .object({ ...eventFields, startAt: instant("Start"), endAt: instant("End") })
  .superRefine((v, ctx) => {
    if (!v.allDay && v.endAt <= v.startAt)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endAt"], message: "End time must be after start time" });
  });

const time = (message: string) =>
  z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() === ""
        ? undefined
        : typeof value === "string"
          ? value.trim().slice(0, 5)
          : value,
    z.string({ required_error: message, invalid_type_error: message }).refine(isTimeOnly, "Enter a time as HH:MM"),
  );

/**
 * The dialog: date, start time and end time required (spec §5); end after start unless all day,
 * with the message on the end-time field. `force` is the 'Create Anyway' of a conflict.
 */
export const EventFormSchema = z
  .object({
    ...eventFields,
    date: optionalDate("Date").refine((v) => v !== undefined, "Date is required"),
    startTime: time("Start time is required"),
    endTime: time("End time is required"),
    force: flag(false),
  })
  .superRefine((v, ctx) => {
    if (!v.allDay && v.endTime <= v.startTime) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endTime"], message: "End time must be after start time" });
    }
  });

export const ConflictCheckSchema = z.object({
  resourceIds,
  startAt: instant("Start"),
  endAt: instant("End"),
  excludeEventId: optionalId("Excluded event"),
});

export type EventInput = z.infer<typeof EventSchema>;
export type EventFormInput = z.infer<typeof EventFormSchema>;
