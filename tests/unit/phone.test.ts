// SMS numbers (docs/decisions/notifications.md): what a customer's phone becomes for Twilio.
import { describe, expect, it } from "vitest";
import { smsNumber } from "~/utils/phone";

describe("smsNumber", () => {
  it("turns North American numbers as people type them into E.164", () => {
    expect(smsNumber("(802) 555-0142")).toBe("+18025550142");
    expect(smsNumber("802.555.0142")).toBe("+18025550142");
    expect(smsNumber("1-802-555-0142")).toBe("+18025550142");
    expect(smsNumber("802-555-0142 ext. 12")).toBe("+18025550142");
  });

  it("keeps the country of a number written with +", () => {
    expect(smsNumber("+44 7700 900123")).toBe("+447700900123");
    expect(smsNumber("+1 (802) 555-0142")).toBe("+18025550142");
  });

  it("refuses what cannot be a number a text can go to", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "555-0142",
      "call the office",
      "+12",
      "+1234567890123456",
      "802 555 0142 9",
    ])
      expect(smsNumber(bad)).toBeNull();
  });
});
