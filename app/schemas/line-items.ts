import { z } from "zod";
import { MAX_YEAR, MIN_YEAR } from "~/utils/dates";
import {
  RATE_SCALE,
  centsToString,
  computeTotals,
  formatMoney,
  isMisplacedComma,
  oversizedAmount,
  parseScaled,
  rateToString,
} from "~/utils/money";
import { optionalText, requiredText } from "./common";
import { cost } from "./inventory";
import { optionalId } from "./ops-common";

// Fields shared by quotes and invoices: decimals arrive as a number or a numeric string and leave
// as fixed-point strings ("12.50"), never as floats (decisions §4, §5).

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A comma is only a thousands separator (1,234.56); docs/decisions/decimal-comma.md. */
export const DECIMAL_COMMA_MESSAGE = "Use a dot for decimals";

/**
 * A decimal with `scale` places between min and max; the output is its fixed-point text. Blank is
 * `fallback` (or absent when there is none; `required` makes absence an error with that message).
 */
export function decimalField(
  label: string,
  opts: { scale: number; min: bigint; max: bigint; minMessage?: string; fallback?: string; required?: string },
) {
  return z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()], { invalid_type_error: `${label} must be a number` })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) {
          if (opts.fallback !== undefined) return opts.fallback;
          if (opts.required) {
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: opts.required });
            return z.NEVER;
          }
          return undefined;
        }
        const scaled = parseScaled(value, opts.scale);
        if (scaled === null) {
          // "1,5" or "1.000,50" would otherwise be read as another amount: refused, never guessed.
          const message = isMisplacedComma(value) ? DECIMAL_COMMA_MESSAGE : `${label} must be a number`;
          ctx.addIssue({ code: z.ZodIssueCode.custom, message });
          return z.NEVER;
        }
        if (scaled < opts.min) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: opts.minMessage ?? `${label} cannot be negative` });
          return z.NEVER;
        }
        if (scaled > opts.max) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} is too large` });
          return z.NEVER;
        }
        return opts.scale === RATE_SCALE ? rateToString(scaled) : centsToString(scaled);
      }),
  );
}

// With a fallback the output is always text.
type Always = z.ZodType<string, z.ZodTypeDef, unknown>;
export const quantityField = () =>
  decimalField("Quantity", { scale: 2, min: 0n, max: 9_999_999n, fallback: "1.00" }) as unknown as Always;
export const unitPriceField = () =>
  decimalField("Unit price", { scale: 2, min: 0n, max: 999_999_999n, fallback: "0.00" }) as unknown as Always;
/** A rate such as 0.0875 (8.75%) or 0.08875 (8.875%), below 1, at most 6 decimals: /api's taxRate. */
export const taxRateField = () => decimalField("Tax rate", { scale: RATE_SCALE, min: 0n, max: 999_999n });

const PERCENT_DECIMALS = RATE_SCALE - 2;

/**
 * The quote and invoice forms' tax rate, typed as a percent as staff say it ("8.75", "8.875"),
 * leaving as the same rate text taxRateField gives ("0.0875"), so what is stored does not change
 * (docs/decisions/tablet-layout.md). Below 100, at most 4 decimals: more could not be stored
 * exactly, so it is refused rather than rounded, as in Settings → Business.
 */
export const taxPercentField = () =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.string(), z.number()], { invalid_type_error: "Tax rate must be a number" })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const text = String(value).trim();
        const decimals = /\.(\d*?)0*$/.exec(text)?.[1].length ?? 0;
        const units = parseScaled(text, PERCENT_DECIMALS);
        if (units === null || text.includes(",")) {
          const message = isMisplacedComma(text) ? DECIMAL_COMMA_MESSAGE : "Tax rate must be a number";
          ctx.addIssue({ code: z.ZodIssueCode.custom, message });
          return z.NEVER;
        }
        if (decimals > PERCENT_DECIMALS) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: "Tax rate (%) can have at most 4 decimals, e.g. 8.875",
          });
          return z.NEVER;
        }
        if (units < 0n) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Tax rate cannot be negative" });
          return z.NEVER;
        }
        if (units > 999_999n) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Tax rate must be below 100%" });
          return z.NEVER;
        }
        // Ten-thousandths of a percent are millionths of the rate: the same integer.
        return rateToString(units);
      }),
  );

export const idField = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .positive(message)
      .max(2_147_483_647, message),
  );
export const optionalIdField = (message: string) =>
  z.preprocess(
    (v) => (blankToUndefined(v) === undefined || v === "none" ? undefined : v),
    z.coerce
      .number({ invalid_type_error: message })
      .int(message)
      .positive(message)
      .max(2_147_483_647, message)
      .optional(),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDay(value: string) {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
/** 'YYYY-MM-DD' (or the date part of an ISO timestamp); `check` adds a rule with its message. */
export function dayField(
  label: string,
  opts: { required?: string; check?: Array<[(day: string) => boolean, string]> } = {},
) {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" && /^\d{4}-\d{2}-\d{2}T/.test(b) ? b.slice(0, 10) : b;
    },
    z
      .string({ invalid_type_error: `${label} must be a date` })
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined) {
          if (opts.required) ctx.addIssue({ code: z.ZodIssueCode.custom, message: opts.required });
          return;
        }
        if (!isCalendarDay(value)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a date (YYYY-MM-DD)` });
          return;
        }
        let refused = false;
        for (const [ok, message] of opts.check ?? []) {
          if (!ok(value)) {
            refused = true;
            ctx.addIssue({ code: z.ZodIssueCode.custom, message });
          }
        }
        // The accepted years (app/utils/dates.ts), unless a field's own rule already said why.
        const year = Number(value.slice(0, 4));
        if (!refused && (year < MIN_YEAR || year > MAX_YEAR)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `${label} must be between ${MIN_YEAR} and ${MAX_YEAR}`,
          });
        }
      }),
  );
}

/**
 * One line of a form or of an `items` array. A blank description is allowed here and the row is
 * dropped afterwards (spec §5: blank item descriptions are not saved), so the form keeps its rows.
 */
export const LineItemSchema = z.object({
  description: optionalText(500, "Description"),
  quantity: quantityField(),
  unitPrice: unitPriceField(),
  notes: optionalText(1000, "Item notes"),
  // A line from inventory (docs/decisions/lines-from-inventory.md): its item and cost per unit.
  inventoryItemId: optionalId("Inventory item"),
  unitCost: cost("Unit cost"),
});
export type LineItemInput = {
  description: string;
  quantity: string;
  unitPrice: string;
  notes?: string;
  inventoryItemId?: number;
  unitCost?: string;
};

export const lineItemsField = () =>
  z
    .array(LineItemSchema)
    .max(200, "At most 200 line items")
    .optional()
    .transform((items) =>
      items === undefined ? undefined : (items.filter((i) => i.description !== undefined) as LineItemInput[]),
    );

/** The item API (POST /api/quote-items, /api/invoice-items): the description is required there. */
export const ItemApiFields = {
  description: requiredText(500, "Description is required"),
  quantity: quantityField(),
  unitPrice: unitPriceField(),
  notes: optionalText(1000, "Item notes"),
  sortOrder: z.preprocess(
    blankToUndefined,
    z.coerce.number({ invalid_type_error: "sortOrder must be an integer" }).int().min(0).max(100_000).optional(),
  ),
};

/**
 * Refuses documents whose amounts would not fit numeric(10,2). Runs only on values that parsed:
 * when a field above already failed, zod still calls this refinement with that field's
 * placeholder, and computing with it would throw (a 500 for a bad taxRate sent with items).
 */
export function checkTotalsFit(
  value: { items?: LineItemInput[]; taxRate?: string },
  ctx: z.RefinementCtx,
  defaultRate = "0.0875",
) {
  const { items, taxRate } = value;
  if (!Array.isArray(items)) return;
  if (taxRate !== undefined && typeof taxRate !== "string") return;
  if (!items.every((i) => i && typeof i.quantity === "string" && typeof i.unitPrice === "string")) return;
  const oversized = oversizedAmount(computeTotals(items, taxRate ?? defaultRate));
  if (oversized)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["items"], message: amountTooLargeMessage(oversized) });
}

/** "Amount too large: the total would be $…; at most $99,999,999.99" (the numeric(10,2) columns). */
export function amountTooLargeMessage(oversized: { what: string; amount: string }) {
  return `Amount too large: the ${oversized.what} would be ${formatMoney(oversized.amount)} (at most $99,999,999.99)`;
}
