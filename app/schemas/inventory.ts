import { z } from "zod";
import { optionalEmail, optionalText, requiredText } from "./common";
import { choice, flag, optionalId, requiredId } from "./ops-common";
import { ITEM_TYPES } from "./choices";

export { ITEM_TYPES };

// Inventory (spec §3, §5, §9): item types, units, transaction types; quantities, unit costs and the
// multiplier are exact decimals with at most 4 decimals (numeric(12,4)): strings in, strings out.

export const UNITS = ["each", "sheet", "lf", "bf", "box", "pair", "set", "gallon", "pound"] as const;
export const TRANSACTION_TYPES = ["receive", "issue", "adjust", "transfer", "return"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");
const DECIMAL4 = /^-?\d{1,8}(\.\d{1,4})?$/;

/** A decimal with at most 4 decimals and 8 integer digits, as text; `sign` says which values pass. */
function decimal4Text(label: string, sign: "positive" | "non-negative" | "any") {
  return z
    .string({ invalid_type_error: `${label} must be a number`, required_error: `${label} is required` })
    .trim()
    .regex(DECIMAL4, `${label} must be a number with at most 4 decimals`)
    .refine((v) => sign === "any" || !v.startsWith("-"), `${label} must not be negative`)
    .refine((v) => sign !== "positive" || /[1-9]/.test(v), `${label} must be greater than zero`);
}
const numberAsText = (value: unknown) => (blank(value) ? undefined : typeof value === "number" ? String(value) : value);
export const requiredDecimal4 = (label: string, sign: "positive" | "non-negative" | "any") =>
  z.preprocess(numberAsText, decimal4Text(label, sign));
export const optionalDecimal4 = (label: string, sign: "positive" | "non-negative" | "any") =>
  z.preprocess(numberAsText, decimal4Text(label, sign).optional());

export const quantity = (label = "Quantity") => requiredDecimal4(label, "positive");
export const signedQuantity = (label = "Quantity") =>
  requiredDecimal4(label, "any").refine((v) => /[1-9]/.test(v), `${label} must not be zero`);
export const cost = (label: string) => optionalDecimal4(label, "non-negative");

const tags = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return [];
    if (typeof value === "string")
      return value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
    return value;
  },
  z
    .array(
      z.string({ invalid_type_error: "Tags must be text" }).trim().max(50, "A tag must be at most 50 characters"),
      {
        invalid_type_error: "Tags must be a list of text",
      },
    )
    .max(30, "At most 30 tags")
    .transform((list) => [...new Set(list.filter(Boolean))]),
);

// Spec §5: name and SKU required; reorder point and safety stock ≥ 0; defaults type material,
// unit each, reorder 0, safety 0, trackStock true, active true. Stock and average cost are the
// ledger's (not accepted here).
export const ItemSchema = z.object({
  sku: requiredText(60, "SKU is required").refine((v) => !/\s/.test(v), "SKU must not contain spaces"),
  name: requiredText(200, "Name is required"),
  description: optionalText(5000, "Description"),
  type: choice(ITEM_TYPES, "material", "Type"),
  categoryId: optionalId("Category"),
  unit: choice(UNITS, "each", "Unit"),
  purchaseUnit: z.preprocess(
    (value) => (blank(value) ? undefined : value),
    z.enum(UNITS, { errorMap: () => ({ message: `Purchase unit must be one of ${UNITS.join(", ")}` }) }).optional(),
  ),
  unitMultiplier: optionalDecimal4("Unit multiplier", "positive"),
  trackStock: flag(true),
  location: optionalText(200, "Location"),
  reorderPoint: cost("Reorder point"),
  reorderQty: cost("Reorder quantity"),
  safetyStock: cost("Safety stock"),
  preferredSupplierId: optionalId("Preferred supplier"),
  lastCost: cost("Last cost"),
  sellPrice: cost("Sell price"),
  tags,
  active: flag(true),
});
export type ItemInput = z.infer<typeof ItemSchema>;

export const CategorySchema = z.object({
  name: requiredText(100, "Name is required"),
  description: optionalText(2000, "Description"),
  parentId: optionalId("Parent category"),
  sortOrder: z.preprocess(
    (value) => (blank(value) ? 0 : typeof value === "string" ? Number(value) : value),
    z
      .number({ invalid_type_error: "Sort order must be a whole number" })
      .int("Sort order must be a whole number")
      .min(-1_000_000, "Sort order is too small")
      .max(1_000_000, "Sort order is too large"),
  ),
  active: flag(true),
});
export type CategoryInput = z.infer<typeof CategorySchema>;

export const SupplierSchema = z.object({
  name: requiredText(200, "Name is required"),
  contactName: optionalText(200, "Contact name"),
  email: optionalEmail(),
  phone: optionalText(40, "Phone"),
  website: optionalText(300, "Website"),
  address: optionalText(300, "Address"),
  city: optionalText(100, "City"),
  state: optionalText(50, "State"),
  zipCode: optionalText(20, "ZIP code"),
  // Spec §9: lead time 7 days, terms Net 30.
  leadTimeDays: z.preprocess(
    (value) => (blank(value) ? 7 : typeof value === "string" ? Number(value) : value),
    z
      .number({ invalid_type_error: "Lead time must be a whole number of days" })
      .int("Lead time must be a whole number of days")
      .min(0, "Lead time must not be negative")
      .max(365, "Lead time must be at most 365 days"),
  ),
  paymentTerms: choice(["Due on Receipt", "Net 15", "Net 30", "Net 45", "Net 60"] as const, "Net 30", "Payment terms"),
  notes: optionalText(5000, "Notes"),
  active: flag(true),
});
export type SupplierInput = z.infer<typeof SupplierSchema>;

/**
 * A receipt or an adjustment posted by hand (`POST /api/inventory/transactions`, the Receive and
 * Adjust forms). Issues and returns go through a job (issue-materials, return from a usage row).
 */
export const TransactionSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("receive"),
      itemId: requiredId("Please select an item"),
      quantity: quantity(),
      unitCost: requiredDecimal4("Unit cost", "non-negative"),
      supplierId: optionalId("Supplier"),
      reference: optionalText(200, "Reference"),
      notes: optionalText(2000, "Notes"),
    }),
    z.object({
      type: z.literal("adjust"),
      itemId: requiredId("Please select an item"),
      quantity: signedQuantity(),
      reference: optionalText(200, "Reference"),
      notes: requiredText(2000, "A reason is required for an adjustment"),
    }),
  ],
  { errorMap: () => ({ message: "Type must be receive or adjust (issue and return go through a job)" }) },
);
export type TransactionInput = z.infer<typeof TransactionSchema>;

export const IssueLineSchema = z.object({
  itemId: requiredId("Please select an item and enter a valid quantity."),
  quantity: requiredDecimal4("Quantity", "positive"),
  notes: optionalText(2000, "Notes"),
});

// Spec §5: none chosen → 'Please select materials to issue.'
export const IssueSchema = z.object({
  items: z
    .array(IssueLineSchema, {
      required_error: "Please select materials to issue.",
      invalid_type_error: "Please select materials to issue.",
    })
    .min(1, "Please select materials to issue.")
    .max(100, "At most 100 lines at once"),
});
export type IssueInput = z.infer<typeof IssueSchema>;

export const ReturnSchema = z.object({
  quantity: quantity(),
  notes: optionalText(2000, "Notes"),
});
export type ReturnInput = z.infer<typeof ReturnSchema>;

/** The Receive and Adjust dialogs: the item comes from the URL. */
export const ReceiveFormSchema = z.object({
  quantity: quantity(),
  unitCost: requiredDecimal4("Unit cost", "non-negative"),
  supplierId: optionalId("Supplier"),
  reference: optionalText(200, "Reference"),
  notes: optionalText(2000, "Notes"),
});
export const AdjustFormSchema = z.object({
  quantity: signedQuantity(),
  reference: optionalText(200, "Reference"),
  notes: requiredText(2000, "A reason is required for an adjustment"),
});
