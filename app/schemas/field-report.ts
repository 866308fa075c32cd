import { z } from "zod";
import { optionalText, requiredText } from "./common";
import { choice, optionalDate, requiredId } from "./ops-common";
import { TASK_PRIORITIES } from "./task";

// The installer's Quick Actions on Home (issue 14 item 3; docs/decisions/dashboards.md).

/** Report Issue: a task of type issue on the job. */
export const ReportIssueSchema = z.object({
  jobId: requiredId("Choose the job"),
  title: requiredText(300, "Say what the issue is"),
  description: optionalText(5000, "Details"),
  priority: choice(TASK_PRIORITIES, "high", "Priority"),
});
export type ReportIssueInput = z.infer<typeof ReportIssueSchema>;

export const MATERIAL_ROWS = 5;

/** A quantity: a positive decimal with at most 4 places (inventory quantities, spec §3). */
const quantity = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string({ invalid_type_error: "Quantity must be a number" })
    .trim()
    .regex(/^\d{1,8}(\.\d{1,4})?$/, "Quantity must be a number like 4 or 2.5")
    .refine((v) => Number(v) > 0, "Quantity must be greater than zero")
    .optional(),
);

const materialLine = z.object({ name: optionalText(200, "Item"), quantity }).superRefine((line, ctx) => {
  if (line.name && !line.quantity)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["quantity"], message: "Enter the quantity" });
  if (!line.name && line.quantity)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: "Name the item" });
});

/** Request Materials: a task for the office naming the items and quantities. */
export const RequestMaterialsSchema = z.object({
  jobId: requiredId("Choose the job"),
  items: z
    .array(materialLine)
    .max(20, "At most 20 items")
    .default([])
    .transform((lines) => lines.filter((l): l is { name: string; quantity: string } => !!l.name && !!l.quantity))
    .refine((lines) => lines.length > 0, "Name at least one item and its quantity"),
  neededBy: optionalDate("Needed by"),
  notes: optionalText(2000, "Notes"),
});
export type RequestMaterialsInput = z.infer<typeof RequestMaterialsSchema>;

/** Update Progress: what an installer may set on a job, and a note. */
export const PROGRESS_STATUSES = ["approved", "in-progress", "completed"] as const;
export const UpdateProgressSchema = z.object({
  jobId: requiredId("Choose the job"),
  status: choice(PROGRESS_STATUSES, "in-progress", "Status"),
  phaseId: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : Number(v)),
    z.number().int().positive().max(2_147_483_647).optional(),
  ),
  phaseStatus: choice(["planned", "in-progress", "done"] as const, "in-progress", "Phase status"),
  note: requiredText(2000, "Write a short note on the progress"),
});
export type UpdateProgressInput = z.infer<typeof UpdateProgressSchema>;
