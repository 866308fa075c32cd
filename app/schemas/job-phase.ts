import { z } from "zod";
import { optionalText, requiredText } from "./common";
import { choice, optionalDate } from "./ops-common";

// Job phases (spec §3 job_phases; docs/decisions/job-phases.md): the stages of a job, in order.

export const PHASE_STATUSES = ["planned", "in-progress", "done"] as const;
export type PhaseStatus = (typeof PHASE_STATUSES)[number];
export const PHASE_STATUS_LABELS: Record<PhaseStatus, string> = {
  planned: "Planned",
  "in-progress": "In progress",
  done: "Done",
};

export const JobPhaseSchema = z
  .object({
    name: requiredText(120, "Name the phase"),
    status: choice(PHASE_STATUSES, "planned", "Status"),
    plannedStart: optionalDate("Planned start"),
    plannedEnd: optionalDate("Planned end"),
    actualStart: optionalDate("Actual start"),
    actualEnd: optionalDate("Actual end"),
    notes: optionalText(2000, "Notes"),
  })
  .superRefine((phase, ctx) => {
    const pairs = [
      ["plannedStart", "plannedEnd", "Planned"],
      ["actualStart", "actualEnd", "Actual"],
    ] as const;
    for (const [start, end, label] of pairs) {
      const a = phase[start];
      const b = phase[end];
      if (a && b && b < a)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [end],
          message: `${label} end must be on or after its start`,
        });
    }
  });
export type JobPhaseInput = z.infer<typeof JobPhaseSchema>;

/** The new order of a job's phases: every one of its phase ids, once. */
export const PhaseOrderSchema = z.object({
  ids: z
    .array(z.number({ invalid_type_error: "Phase ids must be numbers" }).int().positive().max(2_147_483_647))
    .min(1, "Give the phase ids in their new order")
    .max(200, "At most 200 phases"),
});
