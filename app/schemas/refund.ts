import { z } from "zod";
import { optionalText } from "./common";
import { dayField, decimalField, idField } from "./line-items";

export const REFUND_NOT_POSITIVE = "Refund amount must be greater than zero";

/**
 * Record Refund (invoice page) and POST /api/invoices/{id}/refunds: money given back by cash or
 * check against one payment. What is left of the payment is checked in the locked transaction.
 */
export function makeRefundSchema(today: string) {
  return z.object({
    paymentId: idField("Select the payment to refund"),
    amount: decimalField("Amount", {
      scale: 2,
      min: 1n,
      max: 9_999_999_999n,
      minMessage: REFUND_NOT_POSITIVE,
      required: REFUND_NOT_POSITIVE,
    }),
    refundedAt: dayField("Refund date", {
      check: [
        [(v) => v <= today, "Refund date cannot be in the future"],
        [(v) => v >= "1900-01-01", "Refund date cannot be before 1900"],
      ],
    }),
    reason: optionalText(2000, "Reason"),
  });
}

export type RefundInput = z.infer<ReturnType<typeof makeRefundSchema>>;
