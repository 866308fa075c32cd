import { z } from "zod";
import { optionalText, requiredText } from "./common";
import { choice, optionalDate, optionalId } from "./ops-common";
import { TASK_TYPES, TASK_PRIORITIES, TASK_STATUSES } from "./choices";

export { TASK_TYPES, TASK_PRIORITIES, TASK_STATUSES };

// issue and materials: the installer's Report Issue and Request Materials (docs/decisions/dashboards.md).

/** Spec §5: hours typed as text become integers; empty or non-numeric become absent. */
export function parseHours(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value <= 100_000 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (!/^\d{1,6}$/.test(text)) return undefined;
  return Number(text);
}

const hours = z.preprocess(parseHours, z.number().int().optional());

export const TaskSchema = z
  .object({
    title: requiredText(300, "Title is required"),
    description: optionalText(5000, "Description"),
    type: choice(TASK_TYPES, "internal", "Type"),
    priority: choice(TASK_PRIORITIES, "medium", "Priority"),
    status: choice(TASK_STATUSES, "open", "Status"),
    dueDate: optionalDate("Due date").refine((v) => !v || v >= "1900-01-01", "Due date cannot be before 1900-01-01"),
    customerId: optionalId("Customer"),
    jobId: optionalId("Job"),
    scheduleEventId: optionalId("Schedule event"),
    assignedToUserId: optionalId("Assigned user"),
    assignedToResourceId: optionalId("Assigned resource"),
    estimatedHours: hours,
    actualHours: hours,
    notes: optionalText(5000, "Notes"),
  })
  .superRefine((value, ctx) => {
    if (value.assignedToUserId && value.assignedToResourceId) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["assignedToResourceId"],
        message: "Assign the task to a user or a resource, not both",
      });
    }
  });

export type TaskInput = z.infer<typeof TaskSchema>;
