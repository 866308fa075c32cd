import { describe, expect, it } from "vitest";
import {
  BusinessSettingsSchema,
  isTimeZone,
  SecuritySettingsSchema,
  SystemSettingsSchema,
} from "../../app/schemas/settings";
import {
  describePolicy,
  makeChangePasswordSchema,
  passwordProblems,
  StaffPatchSchema,
  StaffUpdateSchema,
} from "../../app/schemas/user";

const strict = { minPasswordLength: 8, requireNumbers: true, requireSpecial: true, requireUppercase: true };
const loose = { minPasswordLength: 6, requireNumbers: false, requireSpecial: false, requireUppercase: false };

describe("business settings", () => {
  const tax = BusinessSettingsSchema.shape.taxRatePercent;
  it.each([
    ["8.75", "8.75"],
    ["08.750", "8.75"],
    ["0", "0"],
    ["100", "100"],
    ["100.00", "100"],
    ["7.5", "7.5"],
    ["8.875", "8.875"],
    ["8.8750", "8.875"],
  ])("takes tax rate %s as the exact decimal %s", (input, stored) => {
    expect(tax.parse(input)).toBe(stored);
  });

  it.each(["8.87501", "100.01", "-1", "1e1", "abc", "", "8,75", "0.0875.1"])("refuses tax rate %j", (input) => {
    expect(tax.safeParse(input).success).toBe(false);
  });

  it("takes ISO 4217 currency codes, upper-cased", () => {
    const currency = BusinessSettingsSchema.shape.currency;
    expect(currency.parse(" cad ")).toBe("CAD");
    for (const bad of ["US", "USDX", "ZZZ", "$", ""]) expect(currency.safeParse(bad).success, bad).toBe(false);
  });

  it("accepts web addresses and refuses other schemes", () => {
    const website = BusinessSettingsSchema.shape.website;
    expect(website.parse("shop.example")).toBe("https://shop.example");
    expect(website.parse("")).toBeUndefined();
    expect(website.safeParse("javascript:alert(1)").success).toBe(false);
    expect(website.safeParse("ftp://shop.example").success).toBe(false);
  });
});

describe("system and security settings", () => {
  it("knows IANA time zones", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(SystemSettingsSchema.shape.timeZone.safeParse("Europe/Berlin").success).toBe(true);
  });

  it("takes the spec's session timeouts and password lengths only; unticked boxes are false", () => {
    expect(
      SecuritySettingsSchema.parse({ sessionTimeoutHours: "24", minPasswordLength: "12", requireNumbers: "on" }),
    ).toEqual({
      sessionTimeoutHours: 24,
      minPasswordLength: 12,
      requireNumbers: true,
      requireSpecial: false,
      requireUppercase: false,
      twoFactor: false,
      loginAlerts: false,
      forcePasswordChange: false,
    });
    expect(SecuritySettingsSchema.safeParse({ sessionTimeoutHours: "2", minPasswordLength: "8" }).success).toBe(false);
    // The forced password change interval (docs/decisions/security.md): whole days, 1–3650.
    const days = (value: string) =>
      SecuritySettingsSchema.safeParse({ sessionTimeoutHours: "8", minPasswordLength: "8", passwordMaxAgeDays: value });
    expect(days("90").data?.passwordMaxAgeDays).toBe(90);
    for (const bad of ["0", "3651", "1.5", "-3", "abc"]) expect(days(bad).success, bad).toBe(false);
    expect(SecuritySettingsSchema.safeParse({ sessionTimeoutHours: "8", minPasswordLength: "7" }).success).toBe(false);
  });
});

describe("passwords", () => {
  it("lists what a password lacks under the policy", () => {
    expect(passwordProblems("Abcdef1!", strict)).toEqual([]);
    expect(passwordProblems("abcdefgh", strict)).toEqual([
      "Password must contain a number",
      "Password must contain a special character",
      "Password must contain upper and lower case letters",
    ]);
    expect(passwordProblems("abcdef", loose)).toEqual([]);
    expect(passwordProblems("abcde", loose)).toEqual(["Password must be at least 6 characters"]);
    expect(passwordProblems("x".repeat(201), loose)).toContain("Password must be at most 200 characters");
    expect(describePolicy(strict)).toBe(
      "Use at least 8 characters, a number, a special character and upper and lower case letters.",
    );
    expect(describePolicy(loose)).toBe("Use at least 6 characters.");
  });

  it("a change needs the current password, a matching confirmation and a different new one", () => {
    const schema = makeChangePasswordSchema(strict);
    const issues = (value: object) =>
      schema.safeParse(value).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(issues({ currentPassword: "Old-pass-1", newPassword: "New-pass-2", confirmPassword: "New-pass-2" })).toEqual(
      [],
    );
    expect(issues({ currentPassword: "Old-pass-1", newPassword: "New-pass-2", confirmPassword: "New-pass-3" })).toEqual(
      ["confirmPassword: Passwords do not match"],
    );
    expect(
      issues({ currentPassword: "Same-pass-1", newPassword: "Same-pass-1", confirmPassword: "Same-pass-1" }),
    ).toEqual(["newPassword: Choose a password different from the current one"]);
    expect(issues({ currentPassword: "", newPassword: "New-pass-2", confirmPassword: "New-pass-2" })).toEqual([
      "currentPassword: Enter your current password",
    ]);
  });

  it("an update must name the role: a PUT that forgot it does not demote anyone", () => {
    expect(StaffUpdateSchema.safeParse({ name: "Sam" }).error?.issues.map((i) => i.message)).toEqual([
      "Role is required",
    ]);
    expect(StaffUpdateSchema.parse({ name: "Sam", role: "office" }).active).toBe(true);
  });

  it("a PATCH keeps the keys it was sent, so a null e-mail clears it and a missing one does not", () => {
    expect("email" in StaffPatchSchema.parse({ email: null })).toBe(true);
    expect("email" in StaffPatchSchema.parse({ role: "office" })).toBe(false);
  });
});
