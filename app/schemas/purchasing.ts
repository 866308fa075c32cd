import { z } from "zod";
import { optionalText } from "./common";
import { optionalDecimal4, quantity } from "./inventory";
import { optionalDate, optionalId, requiredId } from "./ops-common";
import { PO_STATUSES, PO_STATUS_LABELS, type PoStatus } from "./choices";

// Purchase orders (issue 13 item 6; docs/decisions/purchasing.md). Quantities are in the item's
// purchase unit (a box), the unit cost is the cost of one purchase unit; both exact, 4 decimals.

export { PO_STATUSES, PO_STATUS_LABELS, type PoStatus };

export const PoLineSchema = z.object({
  itemId: requiredId("Please select an item"),
  quantity: quantity(),
  /** Blank: the item's last cost (else its average) × its multiplier. */
  unitCost: optionalDecimal4("Unit cost", "non-negative"),
  jobId: optionalId("Job"),
  notes: optionalText(2000, "Notes"),
});

export const PurchaseOrderSchema = z.object({
  supplierId: requiredId("Please choose a supplier"),
  expectedDate: optionalDate("Expected date"),
  notes: optionalText(5000, "Notes"),
  lines: z
    .array(PoLineSchema, {
      required_error: "Add at least one line",
      invalid_type_error: "Lines must be a list",
    })
    .min(1, "Add at least one line")
    .max(200, "At most 200 lines on one purchase order"),
});
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderSchema>;

/**
 * Receiving: per line the quantity (purchase units) that arrived; blank or 0 leaves a line alone.
 * `all` receives what remains of every line.
 */
export const ReceiveSchema = z.object({
  all: z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean()).optional(),
  lines: z
    .array(
      z.object({
        lineId: requiredId("Line must be an id"),
        quantity: optionalDecimal4("Quantity received", "non-negative"),
      }),
      { invalid_type_error: "Lines must be a list" },
    )
    .max(200, "At most 200 lines at once")
    .optional(),
  notes: optionalText(2000, "Notes"),
});
export type ReceiveInput = z.infer<typeof ReceiveSchema>;

export const PoStatusSchema = z.object({
  status: z.enum(["ordered", "cancelled"], {
    errorMap: () => ({ message: "Status must be ordered or cancelled (receiving sets the others)" }),
  }),
});

/** The Reorder tab's button and POST /api/purchase-orders/from-suggestions: one supplier's suggestions. */
export const FromSuggestionsSchema = z.object({ supplierId: requiredId("Please choose a supplier") });
