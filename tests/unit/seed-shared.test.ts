// The seed's money and calendar go through the app's own modules (db/seed/shared.ts), so a rule
// that changes there — such as 6-decimal tax rates — reaches the demo data too.
import { describe, expect, it } from "vitest";
import {
  Clock,
  TAX_RATE,
  computeTotals,
  daysFrom,
  itemRows,
  workdayOnOrAfter,
  workdayOnOrBefore,
} from "../../db/seed/shared";
import { computeTotals as appTotals } from "../../app/utils/money";
import { zonedToInstant } from "../../app/utils/dates";

const lines = [
  { description: "Base cabinets (per lf)", qty: 1850n, price: 41500n }, // 18.50 × 415.00
  { description: "Crown molding (lf)", qty: 3325n, price: 1275n }, // 33.25 × 12.75 = 423.9375 → 423.94
  { description: "Installation labor (hours)", qty: 1650n, price: 8500n },
];

describe("seed money", () => {
  it("uses Settings' default tax rate", () => {
    expect(TAX_RATE).toBe("0.0875");
  });

  it("totals lines exactly as the app does, also with a 6-decimal rate (8.875%)", () => {
    for (const rate of ["0.0875", "0.08875", "0.070125"]) {
      const app = appTotals(
        lines.map((l) => ({ quantity: String(Number(l.qty) / 100), unitPrice: String(Number(l.price) / 100) })),
        rate,
      );
      const seed = computeTotals(lines, rate);
      expect([seed.subtotal, seed.tax, seed.total].map((c) => (Number(c) / 100).toFixed(2))).toEqual([
        app.subtotal,
        app.taxAmount,
        app.total,
      ]);
      expect(itemRows(lines, new Date(0), rate).map((r) => r.lineTotal)).toEqual(app.lines);
    }
    // 8.875% of 9,503.94 is 843.474675 → 843.47; rounded to 4 decimals (0.0888) it would be 843.95.
    expect(computeTotals(lines, "0.08875")).toEqual({ subtotal: 950394n, tax: 84347n, total: 1034741n });
  });
});

describe("seed calendar", () => {
  it("reads today and wall-clock times in the business time zone, across DST", () => {
    // 03:30 UTC on Nov 24 is still Nov 23 in New York.
    const clock = new Clock("America/New_York", new Date("2026-11-24T03:30:00Z"));
    expect(clock.today).toBe("2026-11-23");
    expect(clock.day(-1)).toBe("2026-11-22");
    expect(clock.at("2026-03-08", 16.5)).toEqual(zonedToInstant("2026-03-08", "16:30", "America/New_York"));
    expect(clock.at("2026-03-08", 16.5).toISOString()).toBe("2026-03-08T20:30:00.000Z");
    expect(clock.at("2026-03-07", 7.25).toISOString()).toBe("2026-03-07T12:15:00.000Z");
    // Something that "already happened" today is never in the future.
    expect(clock.past(clock.today, 23.75).getTime()).toBeLessThan(clock.now.getTime());
  });

  it("counts days and finds workdays on plain calendar dates", () => {
    expect(daysFrom("2026-02-26", "2026-03-02")).toBe(4);
    expect(daysFrom("2026-03-02", "2026-02-26")).toBe(0);
    expect(workdayOnOrBefore("2026-11-22")).toBe("2026-11-20"); // Sunday → Friday
    expect(workdayOnOrAfter("2026-11-21")).toBe("2026-11-23"); // Saturday → Monday
  });
});
