// Dates in the business time zone (decisions §6: the business time zone decides "today" and
// "overdue"). No server-only imports: loaders and components share these, so the server render
// and the browser's hydration print the same text whatever zone either machine runs in.
import { TZDate } from "@date-fns/tz";
import { format, isValid } from "date-fns";

export const DEFAULT_TIME_ZONE = "America/New_York";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar date ('YYYY-MM-DD') in `timeZone`, e.g. still yesterday in New York at 03:30 UTC. */
export function businessToday(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

/**
 * A calendar date ('YYYY-MM-DD', as PostgreSQL `date` columns arrive) as a local Date at midnight.
 * `new Date("2026-01-01")` would be UTC midnight, i.e. Dec 31 anywhere west of Greenwich.
 */
function parseDateOnly(value: string): Date | null {
  const match = DATE_ONLY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Reject rollovers such as 2026-02-31.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date;
}

function toInstant(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/**
 * US short date, "Nov 23, 2026". A date-only string is printed as the calendar day it names;
 * a timestamp (Date or ISO string) is printed as its day in `timeZone`. Empty or invalid → "".
 */
export function formatDate(
  value: string | Date | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    const day = parseDateOnly(value);
    if (day) return format(day, "MMM d, yyyy");
    if (DATE_ONLY.test(value)) return "";
  }
  const instant = toInstant(value);
  return instant ? dayFormatter(timeZone).format(instant) : "";
}

// Lists format a date per row: one Intl formatter per zone is far cheaper than a TZDate each.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string) {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** US date and time in `timeZone`, "Nov 23, 2026, 2:05 PM". A date-only string prints as formatDate. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && DATE_ONLY.test(value)) return formatDate(value);
  const instant = toInstant(value);
  return instant ? format(new TZDate(instant.getTime(), timeZone), "MMM d, yyyy, h:mm a") : "";
}
