import { z } from "zod";
import { isDateOnly, MAX_YEAR, MIN_YEAR } from "../utils/dates";

// Shared field types of the operations forms (jobs, tasks, resources, events) and their /api.

const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && (value.trim() === "" || value === "none"));

/** A link to another record: empty, null or 'none' is absent; else a positive integer id. */
export const optionalId = (label: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === "string" ? Number(value.trim()) : value),
    z
      .number({ invalid_type_error: `${label} must be an id` })
      .int(`${label} must be an id`)
      .positive(`${label} must be an id`)
      .max(2_147_483_647, `${label} must be an id`)
      .optional(),
  );

export const requiredId = (message: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === "string" ? Number(value.trim()) : value),
    z
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .positive(message)
      .max(2_147_483_647, message),
  );

/** An optional calendar date 'YYYY-MM-DD' (blank is absent). */
export const optionalDate = (label: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z
      .string({ invalid_type_error: `${label} must be a date` })
      .trim()
      .refine(isDateOnly, `${label} must be a valid date (YYYY-MM-DD) between ${MIN_YEAR} and ${MAX_YEAR}`)
      .optional(),
  );

/** Money as an exact decimal string with at most 2 decimals; a number or numeric string in. */
export const optionalMoney = (label: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === "number" ? String(value) : value),
    z
      .string({ invalid_type_error: `${label} must be a number` })
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, `${label} must be a non-negative amount with at most 2 decimals`)
      .optional(),
  );

/** One of `values`; blank means the default. */
export const choice = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number], label: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.enum(values, { errorMap: () => ({ message: `${label} must be one of ${values.join(", ")}` }) }).default(fallback),
  );

/** Booleans from JSON (true/false) or a form ('true'/'on'/'false'); absent is `fallback`. */
export const flag = (fallback: boolean) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return undefined;
      if (value === "true" || value === "on" || value === "1") return true;
      if (value === "false" || value === "0") return false;
      return value;
    },
    z.boolean({ invalid_type_error: "Must be true or false" }).default(fallback),
  );
