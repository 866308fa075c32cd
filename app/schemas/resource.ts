import { z } from "zod";
import { optionalText, requiredText } from "./common";
import { choice, flag } from "./ops-common";

export const RESOURCE_TYPES = ["installer", "crew", "vehicle", "equipment"] as const;

/** Skills: a JSON array of text, or the form's comma-separated text; trimmed, empties dropped. */
const skills = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return [];
    // Blanks mean none: dropped here, before conform's form coercion would turn each "" into a
    // missing (required) array entry.
    if (typeof value === "string")
      return value
        .split(",")
        .map((skill) => skill.trim())
        .filter(Boolean);
    return value;
  },
  z
    .array(
      z.string({ invalid_type_error: "Skills must be text" }).trim().max(100, "A skill must be at most 100 characters"),
      {
        invalid_type_error: "Skills must be a list of text",
      },
    )
    .max(50, "At most 50 skills")
    .transform((list) => [...new Set(list.filter(Boolean))]),
);

// Spec §5: name required; type default installer; active default true.
export const ResourceSchema = z.object({
  name: requiredText(200, "Name is required"),
  type: choice(RESOURCE_TYPES, "installer", "Type"),
  skills,
  notes: optionalText(5000, "Notes"),
  active: flag(true),
});

export type ResourceInput = z.infer<typeof ResourceSchema>;
