// What the notifications read and record (docs/decisions/notifications.md): who in the office opted
// in, the facts of an approved quote or a received payment, tomorrow's installs of customers who
// opted in to reminders, and the one row per sent notification that makes every send happen once.
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import { rows, type Executor } from "../../db/client.server";
import {
  customers,
  invoices,
  notificationsSent,
  payments,
  quotes,
  scheduleEvents,
  settings,
  users,
} from "../../db/schema";
import { mailAccountUsableSql } from "./email-config.server";
import { SETTINGS_DEFAULTS } from "./settings.server";
import { addDays, dayRange } from "../utils/dates";

export const REMINDER_CHANNELS = ["none", "email", "sms", "both"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/**
 * Whether an office notice can go out at all, read fresh in one statement: Settings → System
 * "E-mail notifications" on, and an e-mail account activeMailAccount would take
 * (mailAccountUsableSql). The sending job checks both again when it runs.
 */
export async function officeNoticesPossible(db: Executor): Promise<boolean> {
  const [row] = await rows<{ possible: boolean }>(db, sql`select ${officeNoticesPossibleSql} as possible`);
  return row?.possible === true;
}

/** officeNoticesPossible as an expression, for a statement that reads it along with other things. */
export const officeNoticesPossibleSql = sql<boolean>`(coalesce((select (${settings.value}->>'emailNotifications')::boolean from ${settings} where ${settings.key} = 'system'), ${SETTINGS_DEFAULTS.system.emailNotifications})
      and ${mailAccountUsableSql})`;

/** Office users (owner, office) with an e-mail address who opted in on their Profile. */
export async function officeRecipients(db: Executor) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        eq(users.notifyEmail, true),
        isNotNull(users.email),
        ne(users.email, ""),
        inArray(users.role, ["owner", "office"]),
      ),
    )
    .orderBy(asc(users.id)) as Promise<{ id: number; name: string; email: string; role: "owner" | "office" }[]>;
}

/**
 * Claims a notification before it is sent: true when this call recorded it, false when it was sent
 * (or is being sent) already. A failed send releases the claim so a retry can send it.
 */
export async function claimNotification(
  db: Executor,
  claim: { key: string; channel: "email" | "sms"; eventId?: number | null },
): Promise<boolean> {
  const inserted = await db
    .insert(notificationsSent)
    .values({ key: claim.key, channel: claim.channel, eventId: claim.eventId ?? null })
    .onConflictDoNothing()
    .returning({ key: notificationsSent.key });
  return inserted.length === 1;
}

export async function releaseNotification(db: Executor, key: string) {
  await db.delete(notificationsSent).where(eq(notificationsSent.key, key));
}

export async function wasNotified(db: Executor, key: string) {
  const [row] = await db.select().from(notificationsSent).where(eq(notificationsSent.key, key));
  return row ?? null;
}

/** The quote a customer answered in the portal, with what the office needs to read. */
export async function quoteNoticeFacts(db: Executor, quoteId: number) {
  const [row] = await db
    .select({
      id: quotes.id,
      quoteNumber: quotes.quoteNumber,
      title: quotes.title,
      status: quotes.status,
      total: quotes.total,
      changeRequest: quotes.changeRequest,
      customerName: customers.name,
    })
    .from(quotes)
    .leftJoin(customers, eq(customers.id, quotes.customerId))
    .where(eq(quotes.id, quoteId));
  return row ?? null;
}

/** A payment that arrived online, with its invoice and customer. */
export async function paymentNoticeFacts(db: Executor, paymentId: number) {
  const [row] = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      provider: payments.provider,
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      title: invoices.title,
      balance: invoices.balance,
      customerName: customers.name,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(payments.id, paymentId));
  return row ?? null;
}

export type ReminderEvent = {
  id: number;
  title: string;
  startAt: Date;
  allDay: boolean;
  location: string | null;
  customerId: number;
  customerName: string;
  email: string | null;
  phone: string | null;
  channel: ReminderChannel;
};

const reminderColumns = {
  id: scheduleEvents.id,
  title: scheduleEvents.title,
  startAt: scheduleEvents.startAt,
  allDay: scheduleEvents.allDay,
  location: scheduleEvents.location,
  customerId: customers.id,
  customerName: customers.name,
  email: customers.email,
  phone: customers.phone,
  channel: customers.appointmentReminders,
};

/**
 * Installs (schedule events of the install kind, still scheduled) starting on business day `day`
 * whose customer opted in to reminders.
 */
export async function installsOn(db: Executor, day: string, timeZone: string): Promise<ReminderEvent[]> {
  const { from, to } = dayRange(day, addDays(day, 1), timeZone);
  const found = await db
    .select(reminderColumns)
    .from(scheduleEvents)
    .innerJoin(customers, eq(customers.id, scheduleEvents.customerId))
    .where(
      and(
        eq(scheduleEvents.type, "install"),
        eq(scheduleEvents.status, "scheduled"),
        gte(scheduleEvents.startAt, from),
        lt(scheduleEvents.startAt, to),
        ne(customers.appointmentReminders, "none"),
      ),
    )
    .orderBy(asc(scheduleEvents.startAt), asc(scheduleEvents.id));
  return found as ReminderEvent[];
}

/** One install of `installsOn`, read again when its reminder is sent (it may have moved or been cancelled). */
export async function reminderEvent(db: Executor, eventId: number, day: string, timeZone: string) {
  const { from, to } = dayRange(day, addDays(day, 1), timeZone);
  const [row] = await db
    .select(reminderColumns)
    .from(scheduleEvents)
    .innerJoin(customers, eq(customers.id, scheduleEvents.customerId))
    .where(
      and(
        eq(scheduleEvents.id, eventId),
        eq(scheduleEvents.type, "install"),
        eq(scheduleEvents.status, "scheduled"),
        gte(scheduleEvents.startAt, from),
        lt(scheduleEvents.startAt, to),
      ),
    );
  return (row as ReminderEvent | undefined) ?? null;
}

/** Settings → Profile: the user's own opt-in. */
export async function setOfficeOptIn(db: Executor, userId: number, notifyEmail: boolean) {
  await db.update(users).set({ notifyEmail, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function officeOptIn(db: Executor, userId: number) {
  const [row] = await db.select({ notifyEmail: users.notifyEmail }).from(users).where(eq(users.id, userId));
  return row?.notifyEmail ?? false;
}
