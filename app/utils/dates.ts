// Dates in the business time zone (docs/decisions/business-time-zone.md: the business time zone
// decides "today" and "overdue"). No server-only imports: loaders and components share these, so
// the server render and the browser's hydration print the same text whatever zone either machine
// runs in.
import { TZDate } from "@date-fns/tz";
import { format, isValid } from "date-fns";

export const DEFAULT_TIME_ZONE = "America/New_York";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Years a date from input may have. Wider ones are typos or probes, and PostgreSQL and JavaScript
 * disagree at the edges (JavaScript stops at ±275760, PostgreSQL's date at 5874897), which used to
 * surface as 500s. Choice: docs/decisions/request-guards.md.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

export const YEAR_RANGE_MESSAGE = `must be a date between ${MIN_YEAR} and ${MAX_YEAR}`;

function yearInRange(year: number) {
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** An instant from input (ISO 8601 date or date-time) within the accepted years, else null. */
export function parseInstant(value: string): Date | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !yearInRange(date.getUTCFullYear())) return null;
  return date;
}

/** An instant's year is within the accepted range. */
export function isInstantInRange(date: Date) {
  return !Number.isNaN(date.getTime()) && yearInRange(date.getUTCFullYear());
}

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
  if (!yearInRange(year)) return null;
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
export function formatDate(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
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
export function formatDateTime(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && DATE_ONLY.test(value)) return formatDate(value);
  const instant = toInstant(value);
  return instant ? format(new TZDate(instant.getTime(), timeZone), "MMM d, yyyy, h:mm a") : "";
}

// ---------------------------------------------------------------- schedule: wall clock <-> instants
// The schedule is entered and shown in the business time zone and stored as instants. Calendar
// arithmetic on 'YYYY-MM-DD' strings is done in UTC so the server's own zone never leaks in.

const TIME_ONLY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDateOnly(value: string) {
  return parseDateOnly(value) !== null;
}

export function isTimeOnly(value: string) {
  return TIME_ONLY.test(value);
}

/** The instant of a wall-clock date and time in `timeZone` (a time skipped by DST moves forward). */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const d = DATE_ONLY.exec(date);
  const t = TIME_ONLY.exec(time);
  if (!d || !t) throw new Error(`Invalid date/time ${date} ${time}`);
  return new Date(
    new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), timeZone).getTime(),
  );
}

/** The wall-clock date ('YYYY-MM-DD') and time ('HH:mm') of an instant in `timeZone`. */
export function instantToZoned(value: Date | string, timeZone: string): { date: string; time: string } {
  const z = new TZDate(new Date(value).getTime(), timeZone);
  return { date: format(z, "yyyy-MM-dd"), time: format(z, "HH:mm") };
}

/** Formats an instant in `timeZone` with a date-fns pattern ("h:mm a", "EEE MMM d"). */
export function formatInZone(value: Date | string, pattern: string, timeZone: string) {
  return format(new TZDate(new Date(value).getTime(), timeZone), pattern);
}

function utcDay(date: string) {
  const d = DATE_ONLY.exec(date);
  if (!d) throw new Error(`Invalid date ${date}`);
  return new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
}

function utcDayString(d: Date) {
  return d.toISOString().slice(0, 10);
}

/** A calendar date plus `days` (negative to go back). */
export function addDays(date: string, days: number) {
  const d = utcDay(date);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDayString(d);
}

/** A calendar date plus `months`, clamped to the month's last day. */
export function addMonths(date: string, months: number) {
  const d = utcDay(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return utcDayString(target);
}

/** The Monday on or before `date` (weeks start Monday, spec §9). */
export function weekStart(date: string) {
  const dow = utcDay(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((dow + 6) % 7));
}

export function monthStart(date: string) {
  return `${date.slice(0, 7)}-01`;
}

/** Day of week of a calendar date, 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string) {
  return (utcDay(date).getUTCDay() + 6) % 7;
}

/** Label of a calendar date with a date-fns pattern, independent of any time zone. */
export function formatDay(date: string, pattern: string) {
  const d = utcDay(date);
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), pattern);
}

/** The instants bounding the business days [fromDate, toDate) in `timeZone` (23 or 25 h days on DST). */
export function dayRange(fromDate: string, toDate: string, timeZone: string) {
  return { from: zonedToInstant(fromDate, "00:00", timeZone), to: zonedToInstant(toDate, "00:00", timeZone) };
}
