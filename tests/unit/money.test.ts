import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  compareMoney,
  computeTotals,
  formatMoney,
  lineTotal,
  normalizeMoney,
  percentToRate,
  rateToPercent,
  subtractMoney,
  toCents,
  toRateUnits,
} from "~/utils/money";

describe("parsing (inputs are rounded half away from zero to their scale first)", () => {
  it("takes numeric strings and numbers", () => {
    expect(toCents("12.5")).toBe(1250n);
    expect(toCents(12.5)).toBe(1250n);
    expect(toCents("1,250.00")).toBe(125000n);
    expect(toCents(" 7 ")).toBe(700n);
    expect(toCents(".5")).toBe(50n);
    expect(toCents("-3.10")).toBe(-310n);
    expect(toCents(0.1 + 0.2)).toBe(30n);
  });

  it("rounds the third decimal half-up: 0.005 → 0.01, 0.004 → 0.00, 33.333 → 33.33", () => {
    expect(toCents("0.005")).toBe(1n);
    expect(toCents("0.0049999")).toBe(0n);
    expect(toCents("0.004")).toBe(0n);
    expect(toCents("33.333")).toBe(3333n);
    expect(toCents("2.675")).toBe(268n); // 2.675 as a float would round to 2.67
    expect(toCents(2.675)).toBe(268n);
    expect(toCents("-0.005")).toBe(-1n);
    expect(toCents("99.995")).toBe(10000n);
  });

  it("rejects what is not a plain decimal", () => {
    for (const bad of ["", "abc", "1e5", "1.2.3", "--1", ".", NaN, Infinity]) expect(toCents(bad as string)).toBeNull();
    expect(toCents(null)).toBeNull();
  });

  it("rates have 6 decimals and print with at least 4", () => {
    expect(toRateUnits("0.0875")).toBe(87_500n);
    expect(toRateUnits(0.0875)).toBe(87_500n);
    expect(toRateUnits("0.08875")).toBe(88_750n);
    expect(toRateUnits("0.0887555")).toBe(88_756n);
    expect(rateToPercent("0.0875")).toBe("8.75");
    expect(rateToPercent("0.08875")).toBe("8.875");
    expect(rateToPercent("0.1")).toBe("10");
    expect(percentToRate("8.75")).toBe("0.0875");
    expect(percentToRate("8.875")).toBe("0.08875");
    expect(percentToRate("7")).toBe("0.0700");
  });

  it("taxes 8.875% exactly (New York City)", () => {
    // 1,000.00 × 0.08875 = 88.75 exactly; 4 decimals would have rounded the rate to 0.0888 (88.80).
    expect(computeTotals([{ quantity: "1", unitPrice: "1000.00" }], "0.08875")).toMatchObject({
      taxRate: "0.08875",
      taxAmount: "88.75",
      total: "1088.75",
    });
  });
});

describe("line totals and totals", () => {
  it("lineTotal = round2(qty × unit price) half-up", () => {
    expect(lineTotal("3", "33.333")).toBe("99.99"); // 3 × 33.33, the price is rounded first
    expect(lineTotal("0.5", "0.01")).toBe("0.01"); // 0.005 → 0.01
    expect(lineTotal("0.5", "0.03")).toBe("0.02"); // 0.015 → 0.02
    expect(lineTotal("1.5", "0.03")).toBe("0.05"); // 0.045 → 0.05
    expect(lineTotal("0.33", "0.01")).toBe("0.00"); // 0.0033 → 0.00
    expect(lineTotal("2.5", "19.99")).toBe("49.98"); // 49.975 → 49.98
    expect(lineTotal(1.1, 1.1)).toBe("1.21");
  });

  it("tax = round2(subtotal × 0.0875); total = subtotal + tax", () => {
    const t = computeTotals(
      [
        { quantity: "1", unitPrice: "100" },
        { quantity: "2", unitPrice: "0.03" },
      ],
      "0.0875",
    );
    expect(t).toEqual({
      lines: ["100.00", "0.06"],
      subtotal: "100.06",
      taxRate: "0.0875",
      taxAmount: "8.76",
      total: "108.82",
    });
    // 100.06 × 0.0875 = 8.75525 → 8.76; 0.40 × 0.0875 = 0.035 → 0.04 (half-up)
    expect(computeTotals([{ quantity: 1, unitPrice: "0.40" }], 0.0875).taxAmount).toBe("0.04");
    expect(computeTotals([{ quantity: 1, unitPrice: "0.20" }], "0.0875").taxAmount).toBe("0.02"); // 0.0175
    expect(computeTotals([], "0.0875")).toEqual({
      lines: [],
      subtotal: "0.00",
      taxRate: "0.0875",
      taxAmount: "0.00",
      total: "0.00",
    });
  });

  it("adds, subtracts and compares exactly", () => {
    expect(addMoney("0.1", "0.2")).toBe("0.30");
    expect(subtractMoney("1250.00", "1249.99")).toBe("0.01");
    expect(subtractMoney("10", "12.5")).toBe("-2.50");
    expect(compareMoney("10.00", "10")).toBe(0);
    expect(compareMoney("10.01", "10")).toBe(1);
    expect(compareMoney("9.999", "10")).toBe(0);
    expect(normalizeMoney("12.5")).toBe("12.50");
    expect(formatMoney("1234.5")).toBe("$1,234.50");
  });
});

// Reference implementation in plain integer math of "thousandths" inputs, independent of parsing.
const cents = fc.integer({ min: 0, max: 10_000_000 });
const qtyHundredths = fc.integer({ min: 0, max: 100_000 });
const rateUnits = fc.integer({ min: 0, max: 9999 });
const str = (n: number, scale: number) => (n / 10 ** scale).toFixed(scale); // exact for these ranges

describe("properties (fast-check)", () => {
  it("totals always equal the items' math", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(qtyHundredths, cents), { maxLength: 30 }), rateUnits, (items, rate) => {
        const t = computeTotals(
          items.map(([q, p]) => ({ quantity: str(q, 2), unitPrice: str(p, 2) })),
          str(rate, 4),
        );
        const lines = items.map(([q, p]) => (BigInt(q) * BigInt(p) + 50n) / 100n);
        const subtotal = lines.reduce((a, b) => a + b, 0n);
        const tax = (subtotal * BigInt(rate) + 5000n) / 10000n;
        expect(t.lines.map((l) => toCents(l))).toEqual(lines);
        expect(toCents(t.subtotal)).toBe(subtotal);
        expect(toCents(t.taxAmount)).toBe(tax);
        expect(toCents(t.total)).toBe(subtotal + tax);
        // Σ lines = subtotal as printed strings too.
        expect(addMoney(t.subtotal, t.taxAmount)).toBe(t.total);
      }),
    );
  });

  it("a number and its string give the same cents; 3-decimal inputs round half-up", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (thousandths) => {
        const text = str(thousandths, 3);
        const abs = BigInt(Math.abs(thousandths));
        const expected = ((abs + 5n) / 10n) * (thousandths < 0 ? -1n : 1n);
        expect(toCents(text)).toBe(expected);
        expect(toCents(Number(text))).toBe(expected);
      }),
    );
  });

  it("subtract then add returns the original", () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(addMoney(subtractMoney(str(a, 2), str(b, 2)), str(b, 2))).toBe(str(a, 2));
      }),
    );
  });
});
