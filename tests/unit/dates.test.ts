import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, businessToday, formatDate, formatDateTime } from "~/utils/dates";

const NY = "America/New_York";

describe("businessToday", () => {
  it("is still the previous day in New York just after UTC midnight", () => {
    expect(businessToday(NY, new Date("2026-03-08T03:30:00Z"))).toBe("2026-03-07");
    expect(businessToday("UTC", new Date("2026-03-08T03:30:00Z"))).toBe("2026-03-08");
    expect(businessToday(NY, new Date("2026-03-08T05:00:00Z"))).toBe("2026-03-08");
  });

  it("turns over at local midnight on both sides of the DST changes", () => {
    // Spring forward: 2026-03-08 02:00 EST -> 03:00 EDT. Midnight that day is still EST (UTC-5),
    // the next midnight is EDT (UTC-4).
    expect(businessToday(NY, new Date("2026-03-08T04:59:59Z"))).toBe("2026-03-07");
    expect(businessToday(NY, new Date("2026-03-08T05:00:00Z"))).toBe("2026-03-08");
    expect(businessToday(NY, new Date("2026-03-09T03:59:59Z"))).toBe("2026-03-08");
    expect(businessToday(NY, new Date("2026-03-09T04:00:00Z"))).toBe("2026-03-09");
    // Fall back: 2026-11-01 02:00 EDT -> 01:00 EST.
    expect(businessToday(NY, new Date("2026-11-01T03:59:59Z"))).toBe("2026-10-31");
    expect(businessToday(NY, new Date("2026-11-01T04:00:00Z"))).toBe("2026-11-01");
    expect(businessToday(NY, new Date("2026-11-02T04:59:59Z"))).toBe("2026-11-01");
    expect(businessToday(NY, new Date("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
  });

  it("works for zones east of UTC and defaults to New York", () => {
    expect(businessToday("Asia/Tokyo", new Date("2026-12-31T15:00:00Z"))).toBe("2027-01-01");
    expect(DEFAULT_TIME_ZONE).toBe("America/New_York");
  });
});

describe("formatDate", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it("changes the process time zone for real (so the next test means something)", () => {
    process.env.TZ = "America/Los_Angeles";
    // The trap formatDate avoids: a date-only string parses as UTC midnight, Dec 31 on the West Coast.
    expect(new Date("2026-01-01").getDate()).toBe(31);
  });

  it.each(["UTC", "America/Los_Angeles", "Pacific/Honolulu", "Asia/Tokyo", "Pacific/Kiritimati"])(
    "prints a date-only value as that calendar day with TZ=%s",
    (tz) => {
      process.env.TZ = tz;
      expect(formatDate("2026-01-01")).toBe("Jan 1, 2026");
      expect(formatDate("2026-11-23")).toBe("Nov 23, 2026");
      expect(formatDate("2026-12-31")).toBe("Dec 31, 2026");
    },
  );

  it("prints a timestamp as its day in the business time zone", () => {
    process.env.TZ = "UTC";
    expect(formatDate(new Date("2026-03-08T03:30:00Z"))).toBe("Mar 7, 2026");
    expect(formatDate("2026-03-08T03:30:00Z", "UTC")).toBe("Mar 8, 2026");
  });

  it("gives an empty string for missing or invalid values", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate("2026-02-31")).toBe("");
  });
});

describe("formatDateTime", () => {
  it("prints date and time in the given zone", () => {
    expect(formatDateTime("2026-11-23T19:05:00Z", NY)).toBe("Nov 23, 2026, 2:05 PM");
    expect(formatDateTime(new Date("2026-07-04T16:30:00Z"), NY)).toBe("Jul 4, 2026, 12:30 PM");
    expect(formatDateTime(new Date("2026-07-04T16:30:00Z"), "America/Los_Angeles")).toBe("Jul 4, 2026, 9:30 AM");
  });

  it("prints a date-only value without a time and empty for null", () => {
    expect(formatDateTime("2026-01-01", NY)).toBe("Jan 1, 2026");
    expect(formatDateTime(null, NY)).toBe("");
  });
});
