import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, businessToday, formatDate, formatDateTime, instantToZoned } from "~/utils/dates";

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

  it("prints every calendar day and refuses every rollover, leap years included", () => {
    process.env.TZ = "America/Sao_Paulo";
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    for (const year of [1900, 1999, 2000, 2024, 2026, 2100, 9999])
      for (let month = 1; month <= 12; month++)
        for (let day = 1; day <= 31; day++) {
          const value = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
          const last = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
          expect(formatDate(value), value).toBe(day <= last ? `${months[month - 1]} ${day}, ${year}` : "");
        }
    expect(formatDate("2026-13-01")).toBe("");
    expect(formatDate("2026-00-10")).toBe("");
    expect(formatDate("2026-05-00")).toBe("");
    expect(formatDate("1899-12-31")).toBe("");
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

describe("wall-clock readings (the offset kept per quarter hour)", () => {
  // What Intl itself reads, per instant: the reference the kept offsets must always agree with.
  const referenceFormatters = new Map<string, Intl.DateTimeFormat>();
  const reference = (ms: number, timeZone: string) => {
    let formatter = referenceFormatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      });
      referenceFormatters.set(timeZone, formatter);
    }
    const f = Object.fromEntries(formatter.formatToParts(ms).map((p) => [p.type, p.value]));
    const hour = f.hour === "24" ? "00" : f.hour;
    return `${new Date(ms).toISOString()} ${f.year.padStart(4, "0")}-${f.month}-${f.day} ${hour}:${f.minute}`;
  };
  const reading = (ms: number, timeZone: string) => {
    const { date, time } = instantToZoned(new Date(ms), timeZone);
    return `${new Date(ms).toISOString()} ${date} ${time}`;
  };
  const zones = [
    "America/New_York",
    "Europe/London",
    "Australia/Lord_Howe", // a 30-minute DST change
    "America/St_Johns", // −3:30, changing at 02:00 local (not on a UTC hour)
    "Asia/Kathmandu", // +5:45
    "Africa/Monrovia", // −0:44:30 until 1972: an offset with seconds
    "Pacific/Apia", // skipped 30 December 2011
    "UTC",
  ];

  it("agrees with Intl to the minute across DST changes, odd offsets and seconds", { timeout: 30_000 }, () => {
    const instants: number[] = [];
    // Every 7 minutes 13 seconds across each 2026 DST change of New York, London and Lord Howe…
    for (const around of [
      "2026-03-08T07:00:00Z",
      "2026-11-01T06:00:00Z",
      "2026-03-29T01:00:00Z",
      "2026-04-04T15:00:00Z",
    ]) {
      const t = Date.parse(around);
      for (let ms = t - 6 * 3600_000; ms < t + 6 * 3600_000; ms += 433_000) instants.push(ms);
    }
    // …the seconds either side of a change, and instants from 1900 to 2100 (seeded, so repeatable).
    const change = Date.parse("2026-03-08T07:00:00Z");
    for (let s = -3; s <= 3; s++) instants.push(change + s * 1000, change + s * 1000 + 999);
    let seed = 20261124;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.parse("1900-01-01T00:00:00Z");
    const to = Date.parse("2100-01-01T00:00:00Z");
    for (let i = 0; i < 1500; i++) instants.push(Math.floor(from + random() * (to - from)));
    // Monrovia's seconds offset, and Apia's skipped day.
    for (let ms = Date.parse("1960-06-01T00:00:00Z"); ms < Date.parse("1960-06-01T03:00:00Z"); ms += 1_000 * 29)
      instants.push(ms);
    // Monrovia left −0:44:30 on 7 January 1972 at 00:44:30 UTC: a change inside a quarter hour.
    for (let ms = Date.parse("1972-01-07T00:30:00Z"); ms < Date.parse("1972-01-07T01:00:00Z"); ms += 1_000 * 17) {
      instants.push(ms);
    }
    for (let ms = Date.parse("2011-12-30T08:00:00Z"); ms < Date.parse("2011-12-30T12:00:00Z"); ms += 60_000 * 7)
      instants.push(ms);

    for (const zone of zones) {
      const expected = instants.map((ms) => reference(ms, zone));
      // Twice: the second pass reads every instant from a kept offset.
      expect(instants.map((ms) => reading(ms, zone))).toEqual(expected);
      expect(instants.map((ms) => reading(ms, zone))).toEqual(expected);
    }
  });
});
