import { describe, expect, it } from "vitest";
import { can, effectiveRole, navFor } from "../../app/utils/permissions";
import { formatMoney } from "../../app/utils/money";

describe("permission map (spec §2 sidebar)", () => {
  it("shows each role only its menu entries", () => {
    expect(navFor("owner").map((i) => i.title)).toEqual([
      "Home",
      "Customers",
      "Jobs",
      "Quotes",
      "Invoices",
      "Schedule",
      "Tasks",
      "Photos",
      "Inventory",
      "Inbox",
      "Reports",
      "Settings",
    ]);
    expect(navFor("office").map((i) => i.title)).not.toContain("Reports");
    expect(navFor("installer").map((i) => i.title)).toEqual(["Home", "Jobs", "Schedule", "Tasks", "Photos"]);
  });

  it("lets installers write tasks and photos but not jobs or customers", () => {
    expect(can("installer", "tasks", "write")).toBe(true);
    expect(can("installer", "photos", "write")).toBe(true);
    expect(can("installer", "tasks", "delete")).toBe(false);
    expect(can("installer", "jobs", "write")).toBe(false);
    expect(can("installer", "customers", "read")).toBe(false);
    expect(can("office", "reports", "read")).toBe(false);
  });

  it("view-as narrows an owner only and never widens anyone", () => {
    expect(effectiveRole("owner", "installer")).toBe("installer");
    expect(effectiveRole("owner", "bogus")).toBe("owner");
    expect(effectiveRole("office", "owner")).toBe("office");
    expect(effectiveRole("installer", "office")).toBe("installer");
  });
});

describe("formatMoney", () => {
  it("formats fixed-point strings exactly", () => {
    expect(formatMoney("1250.00")).toBe("$1,250.00");
    expect(formatMoney("1234567.5")).toBe("$1,234,567.50");
    expect(formatMoney("0.07")).toBe("$0.07");
    expect(formatMoney("-42.10")).toBe("-$42.10");
    expect(formatMoney(null)).toBe("$0.00");
  });
});
