// What the demo shop and the large dataset share, built on the app's own rules: the default tax
// rate and business time zone from Settings, money through app/utils/money.ts (exact BigInt math:
// line = round2(qty × price), tax = round2(subtotal × rate) with the 6-decimal rate), calendar days
// through app/utils/dates.ts, and the guards around demo users.
import { sql } from "drizzle-orm";
import { SETTINGS_DEFAULTS } from "../../app/models/settings.server";
import { daysBetween as calendarDays } from "../../app/utils/calendar";
import { addDays, businessToday, weekdayIndex, zonedToInstant } from "../../app/utils/dates";
import {
  centsToString,
  computeTotals as documentTotals,
  formatScaled,
  parseScaled,
  percentToRate,
  toCents,
} from "../../app/utils/money";
import { hashPassword } from "../../app/utils/password.server";
import { rows, type Executor } from "../client.server";
import { DEMO_PASSWORD, DEMO_USERS, type UserKey } from "./catalogue";

// ---------------------------------------------------------------- money

/** The tax rate of new documents: Settings → Business's default (8.75% → "0.0875"). */
export const TAX_RATE = percentToRate(SETTINGS_DEFAULTS.business.taxRatePercent);

/** Money text with 2 decimals ("1250.50") from cents. */
export const money = centsToString;
/** Inventory quantities and costs: 4 decimals, held in ten-thousandths. */
export const dec4 = (units: bigint) => formatScaled(units, 4);
/** Ten-thousandths from a literal quantity or cost ("98.50", 0.25). */
export const q4 = (value: string | number) => parseScaled(value, 4) ?? 0n;

/** A document line: quantity in hundredths, unit price in cents. */
export type Line = { description: string; qty: bigint; price: bigint; notes?: string | null };
export type Totals = { subtotal: bigint; tax: bigint; total: bigint };

const cents = (text: string) => toCents(text) ?? 0n;

/** The app's document totals for these lines at `rate`. */
export function computeTotals(lines: Line[], rate = TAX_RATE): Totals {
  const totals = documentTotals(
    lines.map((l) => ({ quantity: money(l.qty), unitPrice: money(l.price) })),
    rate,
  );
  return { subtotal: cents(totals.subtotal), tax: cents(totals.taxAmount), total: cents(totals.total) };
}

/** quote_items / invoice_items rows, each line total computed by the app's rule. */
export function itemRows(lines: Line[], createdAt: Date, rate = TAX_RATE) {
  const { lines: lineTotals } = documentTotals(
    lines.map((l) => ({ quantity: money(l.qty), unitPrice: money(l.price) })),
    rate,
  );
  return lines.map((l, i) => ({
    description: l.description,
    quantity: money(l.qty),
    unitPrice: money(l.price),
    lineTotal: lineTotals[i],
    notes: l.notes ?? null,
    sortOrder: i,
    createdAt,
    updatedAt: createdAt,
  }));
}

// ---------------------------------------------------------------- calendar days in the business time zone

/** Settings → System's default time zone (BUSINESS_TIME_ZONE, else America/New_York). */
export function businessTimeZone() {
  return SETTINGS_DEFAULTS.system.timeZone;
}

/** Whole days from `from` to `to`; 0 when `to` is not after `from`. */
export const daysFrom = (from: string, to: string) => calendarDays(from, to).length;

export const isWorkday = (day: string) => weekdayIndex(day) <= 4;

export function workdayOnOrBefore(day: string) {
  let d = day;
  while (!isWorkday(d)) d = addDays(d, -1);
  return d;
}

export function workdayOnOrAfter(day: string) {
  let d = day;
  while (!isWorkday(d)) d = addDays(d, 1);
  return d;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "Now" and "today" for the seed, and wall-clock times in the business time zone. */
export class Clock {
  readonly today: string;
  constructor(
    readonly timeZone: string,
    readonly now: Date,
  ) {
    this.today = businessToday(timeZone, now);
  }
  day(offset: number) {
    return addDays(this.today, offset);
  }
  /** Wall-clock time on a day in the business time zone (hours may be fractional: 7.5 = 07:30). */
  at(day: string, hours: number) {
    const whole = Math.floor(hours);
    const minutes = whole * 60 + Math.round((hours - whole) * 60);
    return zonedToInstant(day, `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`, this.timeZone);
  }
  /**
   * Like at(), but never later than a few minutes ago (for things that already happened): a time
   * still ahead today is squeezed, in order, into the part of today that has passed.
   */
  past(day: string, hours: number) {
    const when = this.at(day, hours);
    const latest = this.now.getTime() - 5 * 60_000;
    if (when.getTime() <= latest) return when;
    const dayStart = this.at(day, 0).getTime();
    if (dayStart >= latest) return new Date(latest);
    return new Date(Math.round(dayStart + (hours / 24) * (latest - dayStart)));
  }
}

// ---------------------------------------------------------------- demo users and number counters

export async function countUsers(db: Executor) {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from users`);
  return Number(row?.n ?? 0);
}

export function assertDemoUsersAllowed() {
  if (process.env.NODE_ENV === "production" && !process.env.DEMO) {
    throw new SeedError("Refusing to load demo users in production; use npm run create-owner");
  }
}

export class SeedError extends Error {}

export async function demoUserRows(keys: readonly UserKey[]) {
  const chosen = DEMO_USERS.filter((u) => keys.includes(u.username));
  return Promise.all(
    chosen.map(async (u) => ({
      username: u.username,
      name: u.name,
      email: u.email,
      phone: u.phone,
      role: u.role,
      active: u.active,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })),
  );
}

/** Sets number_sequences (Q-<year>, INV-<year>) to the highest number in use, never lowering one. */
export async function syncNumberSequences(db: Executor) {
  await db.execute(sql`
    insert into number_sequences (key, last_value)
    select 'Q-' || split_part(quote_number, '-', 2), max(split_part(quote_number, '-', 3)::int)
      from quotes where quote_number ~ '^Q-[0-9]{4}-[0-9]+$' group by 1
    union all
    select 'INV-' || split_part(invoice_number, '-', 2), max(split_part(invoice_number, '-', 3)::int)
      from invoices where invoice_number ~ '^INV-[0-9]{4}-[0-9]+$' group by 1
    on conflict (key) do update set last_value = greatest(number_sequences.last_value, excluded.last_value)`);
}
