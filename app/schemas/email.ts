import { z } from "zod";
import { optionalText, requiredText } from "./common";

export const EMAIL_PROVIDERS = ["gmail", "outlook"] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** A checkbox ("on" from a form) or a JSON boolean. */
const checkbox = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "" || value === "false" || value === "off") return false;
    if (value === "on" || value === "true") return true;
    return value;
  },
  z.boolean({ invalid_type_error: "isActive must be true or false" }),
);

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

// One schema for Settings → Email, POST /api/email/config and PATCH /api/email/config/{id}
// (spec §5: sender e-mail required when the configuration is active).
export const EmailConfigSchema = z
  .object({
    provider: z.enum(EMAIL_PROVIDERS, { errorMap: () => ({ message: "Provider must be gmail or outlook" }) }),
    senderEmail: z.preprocess(
      blankToUndefined,
      z
        .string({ invalid_type_error: "Sender email must be text" })
        .trim()
        .email("Enter a valid email address")
        .max(254)
        .optional(),
    ),
    senderName: requiredText(200, "Sender name is required"),
    isActive: checkbox,
    /** Write-only: blank keeps the stored password. */
    appPassword: z.preprocess(
      blankToUndefined,
      z.string({ invalid_type_error: "App password must be text" }).max(200, "App password is too long").optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.isActive && !value.senderEmail) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["senderEmail"],
        message: "Sender email is required when email configuration is active",
      });
    }
  });

export type EmailConfigInput = z.infer<typeof EmailConfigSchema>;

/** The Send Email dialog and /api/email/send/*: an optional message added to the template. */
export const SendEmailSchema = z.object({
  customMessage: optionalText(5000, "Message"),
});

export const SendQuoteEmailSchema = SendEmailSchema.extend({
  quoteId: z.coerce
    .number({ invalid_type_error: "quoteId must be a number" })
    .int()
    .positive("quoteId must be a positive integer")
    .max(2_147_483_647, "quoteId is not a valid id"),
});
export const SendInvoiceEmailSchema = SendEmailSchema.extend({
  invoiceId: z.coerce
    .number({ invalid_type_error: "invoiceId must be a number" })
    .int()
    .positive("invoiceId must be a positive integer")
    .max(2_147_483_647, "invoiceId is not a valid id"),
});

/** Inbox → Reply (page form and POST /api/emails/{id}/reply). */
export const ReplySchema = z.object({
  body: requiredText(20_000, "Write a reply before sending"),
});

/** POST /api/emails/sync: the spec's maxResults (at most 50 per run). */
export const SyncSchema = z.object({
  maxResults: z.coerce
    .number({ invalid_type_error: "maxResults must be a number" })
    .int("maxResults must be a whole number")
    .min(1, "maxResults must be between 1 and 50")
    .max(50, "maxResults must be between 1 and 50")
    .optional(),
});
