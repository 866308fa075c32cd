// One "payable" rule for the invoices list, the invoice page, the pay dialog and recordPayment.
import { describe, expect, it } from "vitest";
import { isPayable } from "~/utils/invoice-rules";

describe("isPayable", () => {
  it("is true while a balance remains on an invoice that is neither paid nor cancelled", () => {
    for (const status of ["draft", "sent", "partial", "overdue"])
      expect([status, isPayable({ status, balance: "0.01" })]).toEqual([status, true]);
  });

  it("is false when paid, cancelled, or nothing is left to pay", () => {
    expect(isPayable({ status: "paid", balance: "0.00" })).toBe(false);
    expect(isPayable({ status: "cancelled", balance: "120.00" })).toBe(false);
    expect(isPayable({ status: "sent", balance: "0.00" })).toBe(false);
    expect(isPayable({ status: "draft", balance: "0" })).toBe(false);
    expect(isPayable({ status: "partial", balance: "-5.00" })).toBe(false);
    expect(isPayable({ status: "sent", balance: null })).toBe(false);
  });
});
