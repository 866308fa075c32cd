// Dates in the business time zone (docs/decisions/business-time-zone.md: the business time zone
// decides "today" and "overdue"). No server-only imports: loaders and components share these, so
// the server render and the browser's hydration print the same text whatever zone either machine
// runs in. Built on Intl.DateTimeFormat alone (no date library: this module reaches the browser on
// every screen); `format` below reads the few date-fns-style tokens the app's patterns use.

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

// ---------------------------------------------------------------- calendar fields and patterns

/** A wall-clock reading: calendar date and time of day (month 1–12). */
type Fields = { year: number; month: number; day: number; hour: number; minute: number };

const fieldFormatters = new Map<string, Intl.DateTimeFormat>();

function fieldFormatter(timeZone: string) {
  let formatter = fieldFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    fieldFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, read by Intl (to the second). */
function partsAt(ms: number, timeZone: string) {
  const f: Record<string, number> = {};
  for (const part of fieldFormatter(timeZone).formatToParts(ms)) {
    if (part.type !== "literal") f[part.type] = Number(part.value);
  }
  return f;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (to the second). */
function exactOffset(ms: number, timeZone: string) {
  const f = partsAt(ms, timeZone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour % 24, f.minute, f.second) - Math.floor(ms / 1000) * 1000;
}

const QUARTER_HOUR = 15 * 60_000;
/** Per zone: the offset of each quarter hour read so far (NaN: it changes within that quarter). */
const quarterOffsets = new Map<string, Map<number, number>>();

/**
 * The wall-clock fields of an instant (ms) in `timeZone`. Intl's formatToParts costs a few
 * microseconds a call and a schedule or list shows hundreds of dates (15.8 % of the week view's
 * server CPU, docs/performance.md), so the zone's offset is read once per quarter hour — at both
 * ends, to the second: offsets and their changes fall on whole seconds, and a quarter whose two
 * ends disagree (a DST change inside it) is read per instant as before — and the fields follow by
 * UTC arithmetic, exactly as Intl reads them.
 */
function zonedFields(ms: number, timeZone: string): Fields {
  let byQuarter = quarterOffsets.get(timeZone);
  if (!byQuarter) {
    byQuarter = new Map();
    quarterOffsets.set(timeZone, byQuarter);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR;
    const first = exactOffset(start, timeZone);
    offset = exactOffset(start + QUARTER_HOUR - 1000, timeZone) === first ? first : NaN;
    if (byQuarter.size >= 20_000) byQuarter.clear();
    byQuarter.set(quarter, offset);
  }
  if (Number.isNaN(offset)) {
    const f = partsAt(ms, timeZone);
    return { year: f.year, month: f.month, day: f.day, hour: f.hour % 24, minute: f.minute };
  }
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

type Piece = string | ((f: Fields) => string);

const weekday = (f: Fields) => WEEKDAYS[new Date(Date.UTC(f.year, f.month - 1, f.day)).getUTCDay()];
const TOKENS: Record<string, (f: Fields) => string> = {
  yyyy: (f) => pad(f.year, 4),
  yy: (f) => pad(f.year % 100),
  MMMM: (f) => MONTHS[f.month - 1],
  MMM: (f) => MONTHS[f.month - 1].slice(0, 3),
  MM: (f) => pad(f.month),
  M: (f) => String(f.month),
  dd: (f) => pad(f.day),
  d: (f) => String(f.day),
  EEEE: weekday,
  EEE: (f) => weekday(f).slice(0, 3),
  HH: (f) => pad(f.hour),
  H: (f) => String(f.hour),
  hh: (f) => pad(f.hour % 12 || 12),
  h: (f) => String(f.hour % 12 || 12),
  mm: (f) => pad(f.minute),
  a: (f) => (f.hour < 12 ? "AM" : "PM"),
};
const TOKEN = /'([^']*)'|yyyy|yy|MMMM|MMM|MM|M|dd|d|EEEE|EEE|HH|H|hh|h|mm|a/g;

/** Patterns (in a display style) split into text and fields once: a list prints hundreds of dates. */
const compiled = new Map<string, Piece[]>();

function pieces(pattern: string, style?: Style): Piece[] {
  const key = style ? `${style.dateFormat}|${style.timeFormat}|${pattern}` : pattern;
  let found = compiled.get(key);
  if (!found) {
    const written = style ? datePattern(pattern, style) : pattern;
    found = [];
    let last = 0;
    for (const m of written.matchAll(TOKEN)) {
      if (m.index > last) found.push(written.slice(last, m.index));
      found.push(m[1] ?? TOKENS[m[0]]);
      last = m.index + m[0].length;
    }
    if (last < written.length) found.push(written.slice(last));
    // Patterns come from the code and the display settings: a handful; the bound is a safeguard.
    if (compiled.size >= 500) compiled.clear();
    compiled.set(key, found);
  }
  return found;
}

/**
 * Fields printed with a date-fns-style pattern: yyyy yy, MMMM MMM MM M, dd d, EEEE EEE, HH H hh h,
 * mm, a, and 'quoted text' (English names, as date-fns' default locale); with a style, the pattern
 * written the US way is first put in the business's format (datePattern).
 */
function format(f: Fields, pattern: string, style?: Style): string {
  let out = "";
  for (const piece of pieces(pattern, style)) out += typeof piece === "string" ? piece : piece(f);
  return out;
}

/** Today's calendar date ('YYYY-MM-DD') in `timeZone`, e.g. still yesterday in New York at 03:30 UTC. */
export function businessToday(timeZone: string, now: Date = new Date()): string {
  return format(zonedFields(now.getTime(), timeZone), "yyyy-MM-dd");
}

/**
 * A calendar date ('YYYY-MM-DD', as PostgreSQL `date` columns arrive) as its fields, read off the
 * string: no Date, so no time zone (`new Date("2026-01-01")` would be UTC midnight, i.e. Dec 31
 * anywhere west of Greenwich; a local-time Date's zone lookups were most of a row's date formatting).
 */
function dateOnlyFields(value: string): Fields | null {
  const match = DATE_ONLY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!yearInRange(year) || month < 1 || month > 12 || day < 1) return null;
  // Rejects rollovers such as 2026-02-31: the month's last day, in UTC (no time zone involved).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day, hour: 0, minute: 0 };
}

function toInstant(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------------------------------------------------------------- how the business writes dates
// Settings → System chooses the date format and the 12/24-hour clock (docs/decisions/formats.md).
// Every formatter below takes either a time zone (the defaults: "Nov 23, 2026", "2:05 PM") or the
// business's display settings ({ timeZone, dateFormat, timeFormat }: `settings.system` is one);
// screens get them from useDateDisplay() (app/components/date-display.tsx), PDFs and e-mails
// from the settings they already read.

export const DATE_FORMATS = ["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const;
export const TIME_FORMATS = ["12", "24"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export type TimeFormat = (typeof TIME_FORMATS)[number];
export type DateDisplay = { timeZone: string; dateFormat?: DateFormat | string; timeFormat?: TimeFormat | string };
/** A time zone, or the display settings with their time zone. */
export type Zone = string | DateDisplay;

export const DEFAULT_DATE_DISPLAY = {
  timeZone: DEFAULT_TIME_ZONE,
  dateFormat: "MM/DD/YYYY",
  timeFormat: "12",
} as const satisfies DateDisplay;

type Style = { timeZone: string; dateFormat: DateFormat; timeFormat: TimeFormat };

function styleOf(zone: Zone | undefined): Style {
  if (zone === undefined) return DEFAULT_DATE_DISPLAY;
  if (typeof zone === "string") return { ...DEFAULT_DATE_DISPLAY, timeZone: zone };
  return {
    timeZone: zone.timeZone || DEFAULT_TIME_ZONE,
    dateFormat: (DATE_FORMATS as readonly string[]).includes(zone.dateFormat ?? "")
      ? (zone.dateFormat as DateFormat)
      : "MM/DD/YYYY",
    timeFormat: zone.timeFormat === "24" ? "24" : "12",
  };
}

/**
 * A date-fns pattern written the US way ("EEE, MMM d", "MMMM d, yyyy", "h:mm a") in the business's
 * format: day first ("EEE, d MMM", "d MMMM yyyy") or ISO ("EEE, MM-dd", "yyyy-MM-dd"), and "HH:mm"
 * for the 24-hour clock. Month-and-year labels ("MMMM yyyy") have no order to change.
 */
export function datePattern(pattern: string, zone?: Zone): string {
  const { dateFormat, timeFormat } = styleOf(zone);
  let result = pattern;
  if (dateFormat === "DD/MM/YYYY") {
    result = result.replace(/(M{3,4}) d(?:, (y{2,4}))?/g, (_m, month: string, year?: string) =>
      year ? `d ${month} ${year}` : `d ${month}`,
    );
  } else if (dateFormat === "YYYY-MM-DD") {
    result = result.replace(/M{3,4} d(?:, (y{2,4}))?/g, (_m, year?: string) => (year ? "yyyy-MM-dd" : "MM-dd"));
  }
  if (timeFormat === "24") result = result.replace(/h:mm a/g, "HH:mm").replace(/h a/g, "HH:00");
  return result;
}

/**
 * Short date: "Nov 23, 2026" (MM/DD/YYYY, the default), "23 Nov 2026" (DD/MM/YYYY) or "2026-11-23"
 * (YYYY-MM-DD). A date-only string is printed as the calendar day it names; a timestamp (Date or
 * ISO string) as its day in the time zone. Empty or invalid → "".
 */
export function formatDate(value: string | Date | null | undefined, zone: Zone = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === "") return "";
  const style = styleOf(zone);
  if (typeof value === "string") {
    const day = dateOnlyFields(value);
    if (day) return format(day, "MMM d, yyyy", style);
    if (DATE_ONLY.test(value)) return "";
  }
  const instant = toInstant(value);
  if (!instant) return "";
  if (style.dateFormat === "MM/DD/YYYY") return dayFormatter(style.timeZone).format(instant);
  return format(zonedFields(instant.getTime(), style.timeZone), "MMM d, yyyy", style);
}

// Lists format a date per row: one Intl formatter per zone, its output used as it comes.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string) {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Date and time in the time zone: "Nov 23, 2026, 2:05 PM" by default, "23 Nov 2026, 14:05" or
 * "2026-11-23 14:05" in the other formats. A date-only string prints as formatDate.
 */
export function formatDateTime(value: string | Date | null | undefined, zone: Zone = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === "") return "";
  const style = styleOf(zone);
  if (typeof value === "string" && DATE_ONLY.test(value)) return formatDate(value, style);
  const instant = toInstant(value);
  if (!instant) return "";
  const pattern = style.dateFormat === "YYYY-MM-DD" ? "yyyy-MM-dd h:mm a" : "MMM d, yyyy, h:mm a";
  return format(zonedFields(instant.getTime(), style.timeZone), pattern, style);
}

/** The time of day of an instant in the time zone: "2:05 PM" or "14:05". */
export function formatTime(value: Date | string, zone: Zone = DEFAULT_TIME_ZONE): string {
  return formatInZone(value, "h:mm a", zone);
}

// ---------------------------------------------------------------- schedule: wall clock <-> instants
// The schedule is entered and shown in the business time zone and stored as instants. Calendar
// arithmetic on 'YYYY-MM-DD' strings is done in UTC so the server's own zone never leaks in.

const TIME_ONLY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDateOnly(value: string) {
  return dateOnlyFields(value) !== null;
}

export function isTimeOnly(value: string) {
  return TIME_ONLY.test(value);
}

/** The instant of a wall-clock date and time in `timeZone` (a time skipped by DST moves forward). */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const d = DATE_ONLY.exec(date);
  const t = TIME_ONLY.exec(time);
  if (!d || !t) throw new Error(`Invalid date/time ${date} ${time}`);
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // The readings at the zone's offsets a day either side (they differ across a DST change).
  const candidates = [wall - offsetAt(wall - 86_400_000, timeZone), wall - offsetAt(wall + 86_400_000, timeZone)];
  const fitting = candidates.filter((ms) => offsetAt(ms, timeZone) === wall - ms);
  // A wall-clock time that happens twice takes the first; one skipped by DST moves forward.
  return new Date(fitting.length ? Math.min(...fitting) : Math.max(...candidates));
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in ms (whole minutes). */
function offsetAt(ms: number, timeZone: string) {
  const f = zonedFields(ms, timeZone);
  const minute = Math.floor(ms / 60_000) * 60_000;
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute) - minute;
}

/** The wall-clock date ('YYYY-MM-DD') and time ('HH:mm') of an instant in `timeZone`. */
export function instantToZoned(value: Date | string, timeZone: string): { date: string; time: string } {
  const f = zonedFields(new Date(value).getTime(), timeZone);
  return { date: format(f, "yyyy-MM-dd"), time: format(f, "HH:mm") };
}

/**
 * Formats an instant in the time zone with a date-fns pattern written the US way ("h:mm a",
 * "EEE, MMM d"); with display settings the pattern follows them (datePattern).
 */
export function formatInZone(value: Date | string, pattern: string, zone: Zone) {
  const style = styleOf(zone);
  return format(zonedFields(new Date(value).getTime(), style.timeZone), pattern, style);
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

/** The first day of the quarter holding `date`. */
export function quarterStart(date: string) {
  const month = Number(date.slice(5, 7));
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  return `${date.slice(0, 4)}-${String(first).padStart(2, "0")}-01`;
}

/** Day of week of a calendar date, 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string) {
  return (utcDay(date).getUTCDay() + 6) % 7;
}

/**
 * Label of a calendar date with a date-fns pattern written the US way, independent of any time
 * zone; with display settings the pattern follows their date format (datePattern).
 */
export function formatDay(date: string, pattern: string, display?: Zone) {
  const d = utcDay(date);
  return format(
    { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0 },
    pattern,
    styleOf(display),
  );
}

/** The instants bounding the business days [fromDate, toDate) in `timeZone` (23 or 25 h days on DST). */
export function dayRange(fromDate: string, toDate: string, timeZone: string) {
  return { from: zonedToInstant(fromDate, "00:00", timeZone), to: zonedToInstant(toDate, "00:00", timeZone) };
}
