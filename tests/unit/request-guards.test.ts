// The pure parts of the request guards (app/utils/request-guards.server.ts).
import { describe, expect, it } from "vitest";
import {
  bodyHasNul,
  bodyPlan,
  crossOriginReason,
  mediaType,
  normaliseAddress,
  urlHasNul,
} from "~/utils/request-guards.server";
import { safeRedirect } from "~/utils/auth.server";
import { isDateOnly, parseInstant } from "~/utils/dates";

const ours = "https://jobs.example.com";
const check = (origin: string | undefined, secFetchSite?: string, method = "POST", path = "/customers/new") =>
  crossOriginReason({ method, path, origin, secFetchSite, expected: ours });

describe("crossOriginReason", () => {
  it("accepts only our exact origin", () => {
    expect(check(ours)).toBeNull();
    expect(check(`${ours}/`)).toBeNull();
    for (const other of [
      "http://jobs.example.com",
      "https://jobs.example.com:8443",
      "https://evil.example",
      "null",
      "x",
    ])
      expect(check(other), other).not.toBeNull();
  });
  it("without Origin, needs Sec-Fetch-Site same-origin or none (or no header at all)", () => {
    expect(check(undefined, "same-origin")).toBeNull();
    expect(check(undefined, "none")).toBeNull();
    expect(check(undefined)).toBeNull();
    expect(check(undefined, "same-site")).not.toBeNull();
    expect(check(undefined, "cross-site")).not.toBeNull();
  });
  it("lets safe methods and webhooks through", () => {
    expect(check("https://evil.example", "cross-site", "GET")).toBeNull();
    expect(check("https://evil.example", "cross-site", "POST", "/api/webhooks/stripe")).toBeNull();
  });
});

describe("content and size", () => {
  it("parses the media type without parameters", () => {
    expect(mediaType("Application/JSON; charset=utf-8")).toBe("application/json");
    expect(mediaType("text/plain; x=application/json")).toBe("text/plain");
    expect(mediaType(undefined)).toBe("");
  });
  it("gives the CSV import its own streamed cap and everything else 1 MB", () => {
    expect(bodyPlan("/settings/system/import")).toEqual({ streamed: true, limit: 5 * 1024 * 1024 + 64 * 1024 });
    expect(bodyPlan("/settings/system/import.data").streamed).toBe(true);
    expect(bodyPlan("/login")).toEqual({ streamed: false, limit: 1024 * 1024 });
  });
});

describe("NUL bytes", () => {
  it("finds %00 in URLs but not %2500", () => {
    expect(urlHasNul("/customers?search=%00")).toBe(true);
    expect(urlHasNul("/customers?search=%2500")).toBe(false);
  });
  it("finds NUL in form and JSON bodies, not in escaped text or other types", () => {
    const form = "application/x-www-form-urlencoded";
    expect(bodyHasNul(form, Buffer.from("username=a%00b"))).toBe(true);
    expect(bodyHasNul(form, Buffer.from("username=a%2500b"))).toBe(false);
    expect(bodyHasNul("application/json", Buffer.from('{"a":["x",{"b":"\\u0000"}]}'))).toBe(true);
    expect(bodyHasNul("application/json", Buffer.from('{"a":"\\\\u0000"}'))).toBe(false);
    expect(bodyHasNul("text/csv", Buffer.from([0]))).toBe(false);
  });
});

describe("client addresses", () => {
  it("keeps IPv4, unwraps mapped IPv4 and keys IPv6 by /64", () => {
    expect(normaliseAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(normaliseAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normaliseAddress("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(normaliseAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(normaliseAddress("::1")).toBe("0:0:0:0::/64");
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/jobs?status=approved", "/jobs?status=approved"],
    ["/\t/evil.example/phish", "/"],
    ["/\n/evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["https://evil.example/", "/"],
    ["jobs", "/"],
  ])("%j → %j", (input, output) => expect(safeRedirect(input)).toBe(output));
});

describe("date range", () => {
  it("accepts years 1900 to 9999 only", () => {
    expect(isDateOnly("1900-01-01")).toBe(true);
    expect(isDateOnly("9999-12-31")).toBe(true);
    expect(isDateOnly("1899-12-31")).toBe(false);
    expect(parseInstant("99999-01-01")).toBeNull();
    expect(parseInstant("-271821-04-20")).toBeNull();
    expect(parseInstant("2026-05-01T10:00:00Z")?.toISOString()).toBe("2026-05-01T10:00:00.000Z");
  });
});
