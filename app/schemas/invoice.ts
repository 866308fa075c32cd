import { z } from "zod";
import { optionalText, requiredText } from "./common";
import {
  checkTotalsFit,
  dayField,
  idField,
  lineItemsField,
  optionalIdField,
  taxPercentField,
  taxRateField,
} from "./line-items";
import { flag } from "./ops-common";
import { INVOICE_STATUSES, paymentTermDays } from "./choices";

export { INVOICE_STATUSES, paymentTermDays };

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_TERMS = ["Due on Receipt", "Net 15", "Net 30", "Net 45", "Net 60"] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_INVOICE_TERMS =
  "Payment due within 30 days of invoice date. Late payments may incur additional charges.";

/** The invoice's default terms text for Settings → Business → default payment terms. */
export function defaultInvoiceTerms(term: string): string {
  const days = paymentTermDays(term);
  return days
    ? `Payment due within ${days} days of invoice date. Late payments may incur additional charges.`
    : "Payment due on receipt. Late payments may incur additional charges.";
}

/**
 * Add/Edit Invoice and /api/invoices (spec §5: customer and title required; due date required, not
 * in the past). Items come from `items`, or from the quote when `copyItems` is true; otherwise none.
 */
export function makeInvoiceSchema(
  today: string,
  opts: { allowPastDueDate?: string | null; taxAsPercent?: boolean } = {},
) {
  return z
    .object({
      quoteId: optionalIdField("Choose a quote from the list"),
      customerId: idField("Customer is required"),
      jobId: optionalIdField("Choose a job from the list"),
      invoiceNumber: optionalText(40, "Invoice number"),
      title: requiredText(200, "Title is required"),
      description: optionalText(5000, "Description"),
      status: z
        .enum(INVOICE_STATUSES, {
          errorMap: () => ({ message: `Status must be one of ${INVOICE_STATUSES.join(", ")}` }),
        })
        .default("draft"),
      issueDate: dayField("Issue date", { check: [[(v) => v >= "1900-01-01", "Issue date cannot be before 1900"]] }),
      dueDate: dayField("Due date", {
        required: "Due date is required",
        check: [[(v) => v >= today || v === opts.allowPastDueDate, "Due date cannot be in the past"]],
      }),
      paymentTerms: z
        .enum(PAYMENT_TERMS, {
          errorMap: () => ({ message: `Payment terms must be one of ${PAYMENT_TERMS.join(", ")}` }),
        })
        .default("Net 30"),
      // The form types a percent (8.75); /api sends the rate (0.0875). Both leave as the rate.
      taxRate: opts.taxAsPercent ? taxPercentField() : taxRateField(),
      notes: optionalText(5000, "Notes"),
      terms: optionalText(5000, "Terms"),
      items: lineItemsField(),
      // With a quoteId: copy the quote's items (Convert to invoice). Never implied: a client that
      // creates the invoice and then posts its items must not get every line twice.
      copyItems: flag(false),
    })
    .superRefine((value, ctx) => {
      if (value.copyItems && !value.quoteId)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["copyItems"], message: "copyItems needs a quoteId" });
      if (value.copyItems && value.items !== undefined)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["copyItems"],
          message: "Send either items or copyItems, not both",
        });
      checkTotalsFit(value, ctx);
    });
}

export type InvoiceInput = z.infer<ReturnType<typeof makeInvoiceSchema>>;
