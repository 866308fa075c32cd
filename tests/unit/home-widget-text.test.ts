// The Home widgets' sentences with a large business's figures: counts and quantities grouped by
// thousands ("43,394 jobs", "1,609 sheet on hand"), as the money beside them is.
import { describe, expect, it } from "vitest";
import { bottleneckText, changeColor, stockLine } from "~/components/home-widgets";

describe("the Home's widget text", () => {
  it("the bottleneck warning says the spec's sentence with the count grouped by thousands", () => {
    expect(bottleneckText({ stage: "Installed", count: 43394 })).toBe(
      '43,394 jobs are in the "Installed" stage. Consider reviewing capacity and processes.',
    );
    expect(bottleneckText({ stage: "In Progress", count: 5 })).toBe(
      '5 jobs are in the "In Progress" stage. Consider reviewing capacity and processes.',
    );
  });

  it("an inventory alert's stock line groups thousands and drops trailing zeros", () => {
    expect(stockLine({ sku: "BULK-003920", currentStock: "1609.0000", unit: "sheet", reorderPoint: "4033.0000" })).toBe(
      "BULK-003920 · 1,609 sheet on hand, reorder at 4,033",
    );
    expect(stockLine({ sku: "HNG-1", currentStock: "2.5000", unit: "lf", reorderPoint: "10" })).toBe(
      "HNG-1 · 2.5 lf on hand, reorder at 10",
    );
  });

  it("a metric's change is green when it went the good way: up for revenue, down for overdue invoices", () => {
    expect(changeColor("increase")).toBe("green");
    expect(changeColor("decrease")).toBe("red");
    expect(changeColor("increase", "decrease")).toBe("red");
    expect(changeColor("decrease", "decrease")).toBe("green");
    expect(changeColor("neutral", "decrease")).toBe("gray");
  });
});
