import { z } from "zod";

/** Blank text (after trimming) is "absent", from a form or from JSON (null or ""). */
export const optionalText = (max: number, label = "This field") =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

export const requiredText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ required_error: message, invalid_type_error: message })
      .min(1, message)
      .max(max, `Must be at most ${max} characters`),
  );

/** An optional e-mail address: blank is absent, anything else must look like one. */
export const optionalEmail = (label = "Email") =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .email("Enter a valid email address")
      .max(254)
      .optional(),
  );
