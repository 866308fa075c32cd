import { z } from "zod";
import { smsNumber } from "../utils/phone";
import { optionalText, requiredText } from "./common";

/** Appointment reminders the customer asked for (docs/decisions/notifications.md). */
export const APPOINTMENT_REMINDERS = ["none", "email", "sms", "both"] as const;
export const APPOINTMENT_REMINDER_LABELS: Record<(typeof APPOINTMENT_REMINDERS)[number], string> = {
  none: "No reminders",
  email: "By email",
  sms: "By text message (SMS)",
  both: "By email and text message",
};

// One schema for the Add/Edit Customer form, its actions and /api/customers (spec §5: name required).
export const CustomerSchema = z
  .object({
    name: requiredText(200, "Name is required"),
    email: z.preprocess(
      (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
      z
        .string({ invalid_type_error: "Email must be text" })
        .trim()
        .email("Enter a valid email address")
        .max(254)
        .optional(),
    ),
    phone: optionalText(40, "Phone"),
    address: optionalText(300, "Address"),
    city: optionalText(100, "City"),
    state: optionalText(100, "State"),
    zipCode: optionalText(20, "ZIP Code"),
    notes: optionalText(5000, "Notes"),
    /** Absent keeps what is stored (an /api client that does not know the field); blank is "none". */
    appointmentReminders: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? "none" : value),
      z
        .enum(APPOINTMENT_REMINDERS, {
          errorMap: () => ({ message: `Appointment reminders must be one of ${APPOINTMENT_REMINDERS.join(", ")}` }),
        })
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    const channel = value.appointmentReminders;
    if ((channel === "email" || channel === "both") && !value.email)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["email"],
        message: "Enter an email address to send reminders by email",
      });
    if ((channel === "sms" || channel === "both") && !smsNumber(value.phone))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["phone"],
        message: value.phone
          ? "Enter a mobile number such as (802) 555-0142 or +44 7700 900123 to send text reminders"
          : "Enter a mobile number to send reminders by text message",
      });
  });

export type CustomerInput = z.infer<typeof CustomerSchema>;
