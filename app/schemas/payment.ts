import { z } from "zod";
import { optionalText } from "./common";
import { dayField, decimalField, idField } from "./line-items";

import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "./choices";

export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS };
export const PAYMENT_NOT_POSITIVE = "Payment amount must be greater than zero";

/** Record Payment and POST /api/payments (spec §5). The balance rule lives in the locked transaction. */
export function makePaymentSchema(today: string) {
  return z.object({
    invoiceId: idField("Select an invoice"),
    amount: decimalField("Amount", {
      scale: 2,
      min: 1n,
      max: 9_999_999_999n,
      minMessage: PAYMENT_NOT_POSITIVE,
      required: PAYMENT_NOT_POSITIVE,
    }),
    method: z
      .enum(PAYMENT_METHODS, { errorMap: () => ({ message: `Method must be one of ${PAYMENT_METHODS.join(", ")}` }) })
      .default("cash"),
    receivedAt: dayField("Payment date", {
      check: [
        [(v) => v <= today, "Payment date cannot be in the future"],
        [(v) => v >= "1900-01-01", "Payment date cannot be before 1900"],
      ],
    }),
    reference: optionalText(200, "Reference"),
    notes: optionalText(2000, "Notes"),
  });
}

export type PaymentInput = z.infer<ReturnType<typeof makePaymentSchema>>;
