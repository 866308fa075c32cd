// A comma in typed money is a thousands separator only (issue 10 item 7): "1,5" was read as 15.
import { describe, expect, it } from "vitest";
import { decimalField } from "~/schemas/line-items";
import { isMisplacedComma, toCents, toRateUnits } from "~/utils/money";

describe("commas in decimals", () => {
  it("accepts the 1,234.56 pattern", () => {
    expect(toCents("1,234.56")).toBe(123_456n);
    expect(toCents("12,345,678")).toBe(1_234_567_800n);
    expect(toCents("-1,000.5")).toBe(-100_050n);
    expect(isMisplacedComma("1,234.56")).toBe(false);
  });

  it("refuses every other comma instead of dropping it", () => {
    for (const bad of ["1,5", "1.000,50", "12,34", "1,23,456", ",5", "1,", "1,,000", "1,000,5", "0,0875"]) {
      expect([bad, toCents(bad)]).toEqual([bad, null]);
      expect([bad, isMisplacedComma(bad)]).toEqual([bad, true]);
    }
    expect(toRateUnits("0,0875")).toBeNull();
  });

  it("the shared decimal field answers 'Use a dot for decimals'", () => {
    const field = decimalField("Amount", { scale: 2, min: 0n, max: 9_999_999_999n });
    expect(field.parse("1,234.50")).toBe("1234.50");
    const refused = field.safeParse("1,5");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe("Use a dot for decimals");
    expect(field.safeParse("abc").error?.issues[0].message).toBe("Amount must be a number");
  });
});
