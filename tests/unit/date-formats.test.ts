// Settings → System's date format and 12/24-hour clock applied by the central helpers
// (app/utils/dates.ts; docs/decisions/formats.md), and the metric display of quantities.
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatInZone,
  formatTime,
  type DateFormat,
  type TimeFormat,
} from "~/utils/dates";
import { metricEquivalent, quantityWithUnit } from "~/utils/units";

const NY = "America/New_York";
// 19:05 UTC = 2:05 PM in New York (EST); 2026-11-23 is a Monday.
const INSTANT = "2026-11-23T19:05:00Z";

const EXPECTED: Record<
  DateFormat,
  { date: string; week: string; long: string; month: string; conflict: string; dateTime: Record<TimeFormat, string> }
> = {
  "MM/DD/YYYY": {
    date: "Nov 23, 2026",
    week: "Mon, Nov 23",
    long: "Monday, November 23, 2026",
    month: "November 2026",
    conflict: "Nov 23",
    dateTime: { "12": "Nov 23, 2026, 2:05 PM", "24": "Nov 23, 2026, 14:05" },
  },
  "DD/MM/YYYY": {
    date: "23 Nov 2026",
    week: "Mon, 23 Nov",
    long: "Monday, 23 November 2026",
    month: "November 2026",
    conflict: "23 Nov",
    dateTime: { "12": "23 Nov 2026, 2:05 PM", "24": "23 Nov 2026, 14:05" },
  },
  "YYYY-MM-DD": {
    date: "2026-11-23",
    week: "Mon, 11-23",
    long: "Monday, 2026-11-23",
    month: "November 2026",
    conflict: "11-23",
    dateTime: { "12": "2026-11-23 2:05 PM", "24": "2026-11-23 14:05" },
  },
};

const TIME: Record<TimeFormat, { afternoon: string; midnight: string }> = {
  "12": { afternoon: "2:05 PM", midnight: "12:00 AM" },
  "24": { afternoon: "14:05", midnight: "00:00" },
};

describe.each(Object.keys(EXPECTED) as DateFormat[])("date format %s", (dateFormat) => {
  const want = EXPECTED[dateFormat];
  describe.each(["12", "24"] as TimeFormat[])("with the %s-hour clock", (timeFormat) => {
    const display = { timeZone: NY, dateFormat, timeFormat };

    it("prints calendar dates and instants (in the business time zone) in that order", () => {
      expect(formatDate("2026-11-23", display)).toBe(want.date);
      expect(formatDate(INSTANT, display)).toBe(want.date);
      // 03:30 UTC on the 24th is still the 23rd in New York.
      expect(formatDate(new Date("2026-11-24T03:30:00Z"), display)).toBe(want.date);
      expect(formatDate(null, display)).toBe("");
      expect(formatDate("2026-02-31", display)).toBe("");
    });

    it("prints date and time with the chosen clock", () => {
      expect(formatDateTime(INSTANT, display)).toBe(want.dateTime[timeFormat]);
      // A date-only value has no time.
      expect(formatDateTime("2026-11-23", display)).toBe(want.date);
    });

    it("adapts the screens' patterns: times, weekdays, long days, months, day and time", () => {
      expect(formatTime(INSTANT, display)).toBe(TIME[timeFormat].afternoon);
      expect(formatInZone("2026-11-24T05:00:00Z", "h:mm a", display)).toBe(TIME[timeFormat].midnight);
      expect(formatDay("2026-11-23", "EEE, MMM d", display)).toBe(want.week);
      expect(formatDay("2026-11-23", "EEEE, MMMM d, yyyy", display)).toBe(want.long);
      expect(formatDay("2026-11-23", "MMMM yyyy", display)).toBe(want.month);
      expect(formatInZone(INSTANT, "MMM d, h:mm a", display)).toBe(`${want.conflict}, ${TIME[timeFormat].afternoon}`);
    });
  });
});

describe("defaults", () => {
  it("a bare time zone (or nothing) means MM/DD/YYYY and the 12-hour clock, as before the setting worked", () => {
    expect(formatDate("2026-11-23")).toBe("Nov 23, 2026");
    expect(formatDateTime(INSTANT, NY)).toBe("Nov 23, 2026, 2:05 PM");
    expect(formatInZone(INSTANT, "h:mm a", NY)).toBe("2:05 PM");
    expect(formatDay("2026-11-23", "EEE, MMM d")).toBe("Mon, Nov 23");
  });

  it("an unknown stored format falls back to the defaults rather than failing", () => {
    const display = { timeZone: NY, dateFormat: "DD.MM.YY", timeFormat: "36" };
    expect(formatDateTime(INSTANT, display)).toBe("Nov 23, 2026, 2:05 PM");
  });
});

describe("metric display of quantities", () => {
  it("converts lengths, areas, volumes and masses exactly and leaves counts alone", () => {
    expect(metricEquivalent("120", "lf")).toBe("36.58 m");
    expect(metricEquivalent("1", "lf")).toBe("0.30 m");
    expect(metricEquivalent("12345.5", "lf")).toBe("3,762.91 m");
    expect(metricEquivalent("100", "sq ft")).toBe("9.29 m²");
    expect(metricEquivalent("10", "bf")).toBe("0.0236 m³");
    expect(metricEquivalent("2", "gallon")).toBe("7.57 L");
    expect(metricEquivalent("50", "pound")).toBe("22.68 kg");
    expect(metricEquivalent("-3", "lf")).toBe("-0.91 m");
    expect(metricEquivalent("4", "sheet")).toBeNull();
    expect(metricEquivalent("4", "each")).toBeNull();
  });

  it("shows the stored unit, and the metric equivalent only when the business is metric", () => {
    expect(quantityWithUnit("120.0000", "120", "lf", "imperial")).toBe("120 lf");
    expect(quantityWithUnit("120.0000", "120", "lf", "metric")).toBe("120 lf (36.58 m)");
    expect(quantityWithUnit("4.0000", "4", "sheet", "metric")).toBe("4 sheet");
  });
});
