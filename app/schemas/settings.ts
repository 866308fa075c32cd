import { z } from "zod";
import { DATE_FORMATS, TIME_FORMATS } from "../utils/dates";
import { parseScaled, percentToRate, rateToPercent } from "../utils/money";
import { MEASUREMENT_UNITS } from "../utils/units";
import { optionalEmail, optionalText, requiredText } from "./common";
import { PAYMENT_TERMS } from "./invoice";
import { flag } from "./ops-common";

// Settings → Business, System and Security (spec §2 Settings, §9 options). What these save is what
// the rest of the app reads through getSettings(): business details on PDFs, e-mails and the
// portal, the currency of payment links, the default tax rate and quote validity of new quotes,
// the time zone of "today", and the session timeout and password rules of sign-in.

export const CURRENCIES = ["USD", "CAD", "EUR"] as const;
export { DATE_FORMATS, TIME_FORMATS };
export { MEASUREMENT_UNITS };
/** Paper of the PDFs: US Letter (8.5 × 11 in) or A4 (210 × 297 mm) for shops outside North America. */
export const PAPER_SIZES = ["LETTER", "A4"] as const;
export const SESSION_TIMEOUTS = [1, 4, 8, 24] as const;
export const MIN_PASSWORD_LENGTHS = [6, 8, 10, 12] as const;
/** The spec's four US zones first, then the rest of the US; any other IANA zone is accepted too. */
export const US_TIME_ZONES = [
  { value: "America/New_York", label: "Eastern Time (New York)" },
  { value: "America/Chicago", label: "Central Time (Chicago)" },
  { value: "America/Denver", label: "Mountain Time (Denver)" },
  { value: "America/Phoenix", label: "Mountain Time, no DST (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska Time (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii Time (Honolulu)" },
] as const;

const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");
const text = (value: unknown) => (blank(value) ? undefined : typeof value === "number" ? String(value) : value);

function supported(kind: "timeZone" | "currency"): string[] {
  try {
    return Intl.supportedValuesOf(kind);
  } catch {
    return [];
  }
}

/** An IANA zone name the runtime knows (Intl.supportedValuesOf), or UTC. */
export function isTimeZone(value: string) {
  return value === "UTC" || supported("timeZone").includes(value);
}

const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    text,
    z
      .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be a whole number` })
      .trim()
      .regex(/^\d{1,9}$/, `${label} must be a whole number`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `${label} must be between ${min} and ${max}`),
  );

const oneOfNumbers = <T extends readonly number[]>(values: T, label: string) =>
  z.preprocess(
    text,
    z
      .string({
        required_error: `${label} is required`,
        invalid_type_error: `${label} must be one of ${values.join(", ")}`,
      })
      .trim()
      .refine(
        (v) => (values as readonly number[]).includes(Number(v)) && /^\d+$/.test(v),
        `${label} must be one of ${values.join(", ")}`,
      )
      .transform((v) => Number(v) as T[number]),
  );

const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(text, z.enum(values, { errorMap: () => ({ message: `${label} must be one of ${values.join(", ")}` }) }));

/**
 * Tax rate as a percent in an exact decimal string (never a float): 0–100 with at most 4 decimals
 * (trailing zeros aside), because quotes and invoices store the rate with 6 decimals (8.875% =
 * 0.08875): more could not be stored exactly, so it is refused rather than rounded. Normalised
 * ("08.750" → "8.75") by the same fixed-point code the quotes use.
 */
const taxRatePercent = z.preprocess(
  text,
  z
    .string({ required_error: "Tax rate is required", invalid_type_error: "Tax rate must be a number" })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4}0*)?$/, "Tax rate must be a percentage with at most 4 decimals, e.g. 8.875")
    .refine((v) => (parseScaled(v, 4) ?? 0n) <= 1_000_000n, "Tax rate must be between 0 and 100")
    .transform((v) => rateToPercent(percentToRate(v))),
);

const currency = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  z
    .string({ required_error: "Currency is required", invalid_type_error: "Currency must be a 3-letter code" })
    .regex(/^[A-Z]{3}$/, "Currency must be a 3-letter ISO code such as USD")
    .refine(
      (code) => supported("currency").length === 0 || supported("currency").includes(code),
      "Currency must be an ISO 4217 code such as USD",
    ),
);

/** A website: blank is absent; "example.com" becomes "https://example.com"; only http(s). */
const website = z.preprocess(
  text,
  z
    .string({ invalid_type_error: "Website must be text" })
    .trim()
    .max(300, "Website must be at most 300 characters")
    .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, "Enter a web address such as https://example.com")
    .optional(),
);

export const BusinessSettingsSchema = z.object({
  companyName: requiredText(200, "Company name is required"),
  streetAddress: optionalText(300, "Street address"),
  city: optionalText(100, "City"),
  state: optionalText(100, "State"),
  zipCode: optionalText(20, "ZIP code"),
  phone: optionalText(40, "Business phone"),
  email: optionalEmail("Business email"),
  website,
  currency,
  taxRatePercent,
  defaultMarkup: wholeNumber("Default markup", 0, 1000),
  paymentTerms: oneOf(PAYMENT_TERMS, "Payment terms"),
});
export type BusinessSettingsInput = z.infer<typeof BusinessSettingsSchema>;

export const SystemSettingsSchema = z.object({
  dateFormat: oneOf(DATE_FORMATS, "Date format"),
  timeFormat: oneOf(TIME_FORMATS, "Time format"),
  timeZone: z.preprocess(
    text,
    z
      .string({ required_error: "Time zone is required", invalid_type_error: "Time zone must be text" })
      .trim()
      .refine(isTimeZone, "Choose a valid time zone (IANA name such as America/New_York)"),
  ),
  measurementUnit: oneOf(MEASUREMENT_UNITS, "Measurement unit"),
  // Optional so a client that does not know the field keeps the stored value (saves merge).
  paperSize: oneOf(PAPER_SIZES, "Paper size").optional(),
  lowStockThreshold: wholeNumber("Low stock threshold", 0, 1_000_000),
  quoteValidDays: wholeNumber("Quote valid days", 1, 365),
});
export type SystemSettingsInput = z.infer<typeof SystemSettingsSchema>;

export const SecuritySettingsSchema = z.object({
  sessionTimeoutHours: oneOfNumbers(SESSION_TIMEOUTS, "Session timeout"),
  minPasswordLength: oneOfNumbers(MIN_PASSWORD_LENGTHS, "Minimum password length"),
  requireNumbers: flag(false),
  requireSpecial: flag(false),
  requireUppercase: flag(false),
  // Optional so a client that does not know the field keeps the stored value (saves merge).
  portalLinkDays: wholeNumber("Portal link validity", 1, 3650).optional(),
  // Checkboxes: absent from a posted form = off (docs/decisions/security.md).
  twoFactor: flag(false),
  loginAlerts: flag(false),
  forcePasswordChange: flag(false),
  passwordMaxAgeDays: wholeNumber("Password change interval", 1, 3650).optional(),
});
export type SecuritySettingsInput = z.infer<typeof SecuritySettingsSchema>;
