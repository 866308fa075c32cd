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
import { QUOTE_STATUSES } from "./choices";

export { QUOTE_STATUSES };

export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const DEFAULT_QUOTE_TERMS = "Payment due within 30 days of acceptance.";

/**
 * The Add/Edit Quote form, its action and /api/quotes (spec §5: customer and title required,
 * validUntil not in the past). `today` is the business day, so "the past" is the business's.
 * `taxAsPercent`: the page form (conform and its action), where the tax rate is typed as a percent.
 * Client-sent subtotal, tax and total are not fields: the server computes them.
 */
export function makeQuoteSchema(
  today: string,
  opts: { allowPastValidUntil?: string | null; taxAsPercent?: boolean } = {},
) {
  return z
    .object({
      customerId: idField("Customer is required"),
      jobId: optionalIdField("Choose a job from the list"),
      quoteNumber: optionalText(40, "Quote number"),
      title: requiredText(200, "Title is required"),
      description: optionalText(5000, "Description"),
      status: z
        .enum(QUOTE_STATUSES, { errorMap: () => ({ message: `Status must be one of ${QUOTE_STATUSES.join(", ")}` }) })
        .default("draft"),
      // An edit may keep the date the quote already had, even if it has passed since.
      validUntil: dayField("Valid until", {
        check: [[(v) => v >= today || v === opts.allowPastValidUntil, "Valid until cannot be in the past"]],
      }),
      // The form types a percent (8.75); /api sends the rate (0.0875). Both leave as the rate.
      taxRate: opts.taxAsPercent ? taxPercentField() : taxRateField(),
      notes: optionalText(5000, "Notes"),
      terms: optionalText(5000, "Terms"),
      items: lineItemsField(),
    })
    .superRefine((value, ctx) => checkTotalsFit(value, ctx));
}

export type QuoteInput = z.infer<ReturnType<typeof makeQuoteSchema>>;
