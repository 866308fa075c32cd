// The reports' bar charts (app/components/bar-chart.tsx): each gridline is labelled with its own
// value. The AR aging chart of the large dataset ($45.5M in 90+) drew lines at 12.5M and 37.5M
// labelled "$13M" and "$38M".
import { describe, expect, it } from "vitest";
import { axisLabel, chartAxis } from "~/components/bar-chart";

/** The number a label says: "$12.5M" → 12,500,000. */
function said(label: string) {
  const m = /^\$?(-?[\d.]+)(k|M)?%?$/.exec(label);
  if (!m) throw new Error(`not a number: ${label}`);
  return Number(m[1]) * (m[2] === "M" ? 1_000_000 : m[2] === "k" ? 1_000 : 1);
}

describe("a chart's value axis", () => {
  it("labels the AR aging chart's lines with round figures that are their values", () => {
    const axis = chartAxis(45_536_389.58, "money");
    expect(axis.ticks.map((t) => t.label)).toEqual(["$0", "$20M", "$40M", "$60M"]);
    expect(axis.top).toBe(60_000_000);
  });

  it("keeps a half step's decimal instead of rounding it away", () => {
    expect(chartAxis(1_100_000, "money").ticks.map((t) => t.label)).toEqual(["$0", "$500k", "$1M", "$1.5M"]);
    expect(axisLabel(12_500_000, "money")).toBe("$12.5M");
    expect(chartAxis(0.3, "money").ticks.map((t) => t.label)).toEqual(["$0", "$0.1", "$0.2", "$0.3"]);
  });

  it("counts step by whole numbers and percentages by round ones", () => {
    expect(chartAxis(3, "count").ticks.map((t) => t.label)).toEqual(["0", "1", "2", "3"]);
    expect(chartAxis(1, "count").ticks.map((t) => t.label)).toEqual(["0", "1"]);
    expect(chartAxis(92, "percent").ticks.map((t) => t.label)).toEqual(["0%", "50%", "100%"]);
    expect(chartAxis(0, "money").ticks.map((t) => t.label)).toEqual(["$0", "$1"]);
  });

  it("for any largest value: at most four round steps from 0 to a top at or above it, every label exact", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) {
      const max = Number((10 ** (random() * 10 - 1) * random()).toFixed(2));
      for (const unit of ["money", "count", "percent"] as const) {
        const { top, ticks } = chartAxis(max, unit);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(5);
        expect(ticks[0].value).toBe(0);
        expect(ticks.at(-1)!.value).toBeCloseTo(top, 6);
        const step = ticks[1].value;
        expect(String(step / 10 ** Math.floor(Math.log10(step) + 1e-9))).toMatch(/^(1|2|5)$/);
        if (unit === "count") expect(Number.isInteger(step)).toBe(true);
        for (const t of ticks) expect(said(t.label)).toBeCloseTo(t.value, 6);
      }
    }
  });
});
