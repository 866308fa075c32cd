import { z } from "zod";
import { optionalText, requiredText } from "./common";
import { choice, optionalDate, optionalMoney, requiredId } from "./ops-common";
import { JOB_STATUSES } from "./choices";

export { JOB_STATUSES };

// Spec §5: customer required; costs numeric step 0.01; start date not before today (on create,
// checked by `jobCreateSchema` with the business day); completion date unrestricted.
export const JobSchema = z.object({
  customerId: requiredId("Customer is required"),
  title: requiredText(200, "Title is required"),
  description: optionalText(5000, "Description"),
  status: choice(JOB_STATUSES, "quoted", "Status"),
  estimatedCost: optionalMoney("Estimated cost"),
  actualCost: optionalMoney("Actual cost"),
  startDate: optionalDate("Start date"),
  completionDate: optionalDate("Completion date"),
  notes: optionalText(5000, "Notes"),
});

export type JobInput = z.infer<typeof JobSchema>;

/** The create rule: the start date may not lie before `today` (the business time zone's date). */
export function jobCreateSchema(today: string) {
  return JobSchema.superRefine((value, ctx) => {
    if (value.startDate && value.startDate < today) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["startDate"], message: "Start date cannot be in the past" });
    }
  });
}
