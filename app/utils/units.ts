// Imperial or metric (Settings → System, `measurementUnit`; docs/decisions/formats.md). Stock is
// kept in the unit the item was set up with (lf, bf, gallon, pound, or a count such as each/sheet)
// and everything typed (receive, adjust, issue) and every unit cost stays in that unit, so nothing
// stored is converted. With metric, a quantity in an imperial unit of length, volume or mass is
// shown with its metric equivalent: "120 lf (36.58 m)". Exact factors, BigInt arithmetic.
import { divRound, formatScaled, parseScaled } from "./money";

/** "12.5000" → "12.5", "-3.0000" → "-3"; grouped thousands. */
export function formatQuantity(value: string | null | undefined) {
  if (value === null || value === undefined || value === "") return "—";
  const [whole, fraction = ""] = value.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  const negative = whole.startsWith("-");
  const digits = whole.replace(/^-/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${digits}${trimmed ? `.${trimmed}` : ""}`;
}

export const MEASUREMENT_UNITS = ["imperial", "metric"] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/** Metric equivalents of the inventory's imperial units: factor (12 decimals) and label. */
const METRIC: Record<string, { factor: bigint; label: string; decimals: number }> = {
  lf: { factor: 304_800_000_000n, label: "m", decimals: 2 }, // 0.3048 m per linear foot
  ft: { factor: 304_800_000_000n, label: "m", decimals: 2 },
  in: { factor: 25_400_000_000_000n, label: "mm", decimals: 0 }, // 25.4 mm per inch
  sqft: { factor: 92_903_040_000n, label: "m²", decimals: 2 }, // 0.09290304 m² per square foot
  "sq ft": { factor: 92_903_040_000n, label: "m²", decimals: 2 },
  bf: { factor: 2_359_737_216n, label: "m³", decimals: 4 }, // 0.002359737216 m³ per board foot
  gallon: { factor: 3_785_411_784_000n, label: "L", decimals: 2 }, // US gallon
  pound: { factor: 453_592_370_000n, label: "kg", decimals: 2 },
};

/** The metric equivalent of `quantity` `unit` ("36.58 m"), or null when the unit has none (each, sheet). */
export function metricEquivalent(quantity: string, unit: string): string | null {
  const metric = METRIC[unit.trim().toLowerCase()];
  const scaled = parseScaled(quantity, 4);
  if (!metric || scaled === null) return null;
  // quantity (4 decimals) × factor (12 decimals) → 16 decimals, rounded to the label's decimals.
  const value = divRound(scaled * metric.factor, 10n ** BigInt(16 - metric.decimals));
  const text = formatScaled(value, metric.decimals);
  const [whole, fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${grouped}${fraction ? `.${fraction}` : ""} ${metric.label}`;
}

/**
 * A quantity with its unit as the business reads it: "120 lf" (imperial), "120 lf (36.58 m)"
 * (metric, for a unit of length, area, volume or mass). `formatted` is the quantity as the screen
 * prints it ("1,200.5").
 */
export function quantityWithUnit(
  quantity: string,
  formatted: string,
  unit: string,
  measurementUnit: MeasurementUnit | string,
): string {
  const base = `${formatted} ${unit}`;
  if (measurementUnit !== "metric") return base;
  const metric = metricEquivalent(quantity, unit);
  return metric ? `${base} (${metric})` : base;
}
