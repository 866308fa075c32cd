// The Home widgets' sentences with a large business's figures: counts and quantities grouped by
// thousands ("43,394 jobs", "1,609 sheet on hand"), as the money beside them is.
import { describe, expect, it } from "vitest";
import { activityMeta, bottleneckText, changeColor, stockLine } from "~/components/home-widgets";

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

  it("an activity entry says its amount once: not again after a description that names it", () => {
    const payment = {
      type: "payment_received",
      title: "Payment for INV-0042",
      description: "$1,250.50 from Ann Lee (card)",
      userName: "Olive",
      jobTitle: "Kitchen refit",
      amount: "1250.50",
    };
    expect(activityMeta(payment, "Nov 3, 10:34 AM")).toBe("Payment received · Nov 3, 10:34 AM · Olive · Kitchen refit");
    // An invoice sent has no description: the amount is the line's.
    const sent = { ...payment, type: "invoice_sent", title: "Invoice INV-0042 sent", description: null };
    expect(activityMeta(sent, "Nov 3, 10:34 AM")).toBe(
      "Invoice sent · Nov 3, 10:34 AM · Olive · Kitchen refit · $1,250.50",
    );
    // In the activity table (type, user and time in their own columns) no leading separator.
    expect(activityMeta({ ...sent, jobTitle: null }, null)).toBe("$1,250.50");
    expect(activityMeta({ ...payment, jobTitle: null }, null)).toBe("");
    // A title that says the type is not followed by it again.
    expect(activityMeta({ ...sent, type: "task_completed", title: "Task completed", amount: null }, "9:00 AM")).toBe(
      "9:00 AM · Olive · Kitchen refit",
    );
  });
});
