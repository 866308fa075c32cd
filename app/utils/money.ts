// Exact money math (decisions §5): every amount is a fixed-point decimal held as a BigInt of its
// smallest unit — cents for money and quantities (2 decimals), millionths for tax rates
// (6 decimals). Inputs (a numeric string, or a JS number via its shortest decimal text) are
// rounded half away from zero to their scale FIRST, exactly as PostgreSQL numeric(10,2) /
// numeric(7,6) would store them, so "33.333" is 33.33 and "0.005" is 0.01. No float arithmetic.
// Safe in the browser: the quote and invoice dialogs compute live totals with the same code.

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
/** The one place a comma is allowed: thousands groups before a dot, "1,234.56" (never "1,5"). */
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * True for text that uses a comma any other way than as a thousands separator ("1,5",
 * "1.000,50", "12,34"): such input is refused, never read as another amount (decisions:
 * docs/decisions/decimal-comma.md).
 */
export function isMisplacedComma(input: unknown): boolean {
  return typeof input === "string" && input.includes(",") && !GROUPED.test(input.trim());
}

/** Integer division of a by b (b > 0), rounding half away from zero. */
export function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs + b / 2n) / b;
  return negative ? -q : q;
}

/**
 * Parses a decimal into an integer of 10^-scale units, rounded half away from zero.
 * Returns null for anything that is not a plain decimal (empty, "1e5", "abc", NaN, Infinity, or a
 * comma that is not a thousands separator: "1,5", "1.000,50").
 */
export function parseScaled(input: string | number | null | undefined, scale: number): bigint | null {
  if (input === null || input === undefined) return null;
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    text = String(input);
    if (/e/i.test(text)) {
      // Tiny or huge numbers: toFixed(20) is exact enough for anything that fits a money column.
      if (Math.abs(input) >= 1e21) return null;
      text = input.toFixed(20);
    }
  } else {
    text = input.trim();
    if (text.includes(",")) {
      if (!GROUPED.test(text)) return null;
      text = text.replace(/,/g, "");
    }
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  const digits = BigInt((whole || "0") + fraction.padEnd(scale, "0").slice(0, scale) || "0");
  // Half away from zero on the first dropped digit.
  const next = fraction.length > scale ? Number(fraction[scale]) : 0;
  const rounded = next >= 5 ? digits + 1n : digits;
  return sign === "-" ? -rounded : rounded;
}

/** Cents from "12.5" / 12.5 / "1,250.00" (rounded half-up to 2 decimals); null when not a number. */
export const toCents = (input: string | number | null | undefined) => parseScaled(input, 2);
/**
 * Tax rates have 6 decimals (millionths): 8.875% is 0.08875, which 4 decimals could not hold.
 * They print with at least 4 decimals ("0.0875", "0.08875"), as the database column reads back.
 */
export const RATE_SCALE = 6;
const RATE_ONE = 1_000_000n;
/** A tax rate in millionths from "0.0875" / "0.08875"; more decimals round half-up. */
export const toRateUnits = (input: string | number | null | undefined) => parseScaled(input, RATE_SCALE);

/** Fixed-point text with `scale` decimals, as PostgreSQL numeric prints it ("1250.00", "-0.05"). */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const whole = abs.slice(0, abs.length - scale);
  const fraction = abs.slice(abs.length - scale);
  return `${negative ? "-" : ""}${whole}${scale > 0 ? `.${fraction}` : ""}`;
}

export const centsToString = (cents: bigint) => formatScaled(cents, 2);
/** "0.087500" → "0.0875", "0.088750" → "0.08875": trailing zeros beyond 4 decimals dropped. */
export const trimRate = (text: string) => text.replace(/(\.\d{4}\d*?)0+$/, "$1");
export const rateToString = (units: bigint) => trimRate(formatScaled(units, RATE_SCALE));

/** Normalises money text to 2 decimals ("12.5" → "12.50"); invalid → "0.00". */
export function normalizeMoney(input: string | number | null | undefined): string {
  return centsToString(toCents(input) ?? 0n);
}

/** round2(quantity × unit price), both first rounded to 2 decimals. */
export function lineTotalCents(quantity: string | number, unitPrice: string | number): bigint {
  const q = toCents(quantity) ?? 0n;
  const p = toCents(unitPrice) ?? 0n;
  return divRound(q * p, 100n);
}

export function lineTotal(quantity: string | number, unitPrice: string | number): string {
  return centsToString(lineTotalCents(quantity, unitPrice));
}

/** round2(subtotal × rate), the rate with 6 decimals. */
export function taxCents(subtotalCents: bigint, rate: string | number): bigint {
  return divRound(subtotalCents * (toRateUnits(rate) ?? 0n), RATE_ONE);
}

export type LineInput = { quantity: string | number; unitPrice: string | number };
export type Totals = { lines: string[]; subtotal: string; taxRate: string; taxAmount: string; total: string };

/** Line totals, subtotal = Σ lines, tax = round2(subtotal × rate), total = subtotal + tax. */
export function computeTotals(items: LineInput[], rate: string | number): Totals {
  const lines = items.map((item) => lineTotalCents(item.quantity, item.unitPrice));
  const subtotal = lines.reduce((sum, line) => sum + line, 0n);
  const tax = taxCents(subtotal, rate);
  return {
    lines: lines.map(centsToString),
    subtotal: centsToString(subtotal),
    taxRate: rateToString(toRateUnits(rate) ?? 0n),
    taxAmount: centsToString(tax),
    total: centsToString(subtotal + tax),
  };
}

/** a − b on money text (balances). */
export function subtractMoney(a: string | number, b: string | number): string {
  return centsToString((toCents(a) ?? 0n) - (toCents(b) ?? 0n));
}

export function addMoney(a: string | number, b: string | number): string {
  return centsToString((toCents(a) ?? 0n) + (toCents(b) ?? 0n));
}

/** −1, 0 or 1, like a comparator. */
export function compareMoney(a: string | number, b: string | number): number {
  const x = toCents(a) ?? 0n;
  const y = toCents(b) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The largest value numeric(10,2) holds. */
export const MAX_MONEY_CENTS = 9_999_999_999n;

/**
 * The first amount of `totals` that a numeric(10,2) column cannot hold (a line total, the
 * subtotal, the tax or the total), or null when they all fit.
 */
export function oversizedAmount(totals: Totals): { what: string; amount: string } | null {
  const checks: Array<[string, string]> = [
    ...totals.lines.map((line): [string, string] => ["line total", line]),
    ["subtotal", totals.subtotal],
    ["tax", totals.taxAmount],
    ["total", totals.total],
  ];
  for (const [what, amount] of checks) {
    const cents = toCents(amount) ?? 0n;
    if (cents > MAX_MONEY_CENTS || cents < -MAX_MONEY_CENTS) return { what, amount };
  }
  return null;
}

/** "0.0875" → "8.75", "0.08875" → "8.875" (percent text for display). */
export function rateToPercent(rate: string | number): string {
  const units = toRateUnits(rate) ?? 0n;
  // Millionths of the rate are ten-thousandths of a percent.
  const text = formatScaled(units, RATE_SCALE - 2);
  return text.includes(".") ? text.replace(/\.?0+$/, "") || "0" : text;
}

/** "8.75" (percent) → "0.0875", "8.875" → "0.08875". */
export function percentToRate(percent: string | number): string {
  return rateToString(parseScaled(percent, RATE_SCALE - 2) ?? 0n);
}

/**
 * US-dollar display of a fixed-point string from PostgreSQL numeric ("1250.5" → "$1,250.50"),
 * without ever going through a binary float.
 */
export function formatMoney(value: string | null | undefined) {
  if (value === null || value === undefined || value === "") return "$0.00";
  const negative = value.trim().startsWith("-");
  const [whole = "0", fraction = ""] = value.trim().replace(/^[-+]/, "").split(".");
  const cents = (fraction + "00").slice(0, 2);
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${grouped}.${cents}`;
}
