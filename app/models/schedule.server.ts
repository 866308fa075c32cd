// The one place that reads and writes schedule events and their resources, and decides conflicts.
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { customers, jobs, resources, scheduleEventResources, scheduleEvents } from "../../db/schema";
import type { EventInput } from "../schemas/event";
import { addDays, instantToZoned, zonedToInstant } from "../utils/dates";
import { invalid, requireFound } from "../utils/refusal.server";

export type Conflict = {
  resourceName: string;
  resourceId: number;
  conflictingEvent: { id: number; title: string; startAt: Date; endAt: Date };
};

/**
 * Events whose [start, end) overlaps [from, to) — `start_at < to and end_at > from` — written as
 * range overlap so the period index (GiST over tstzrange(start_at, end_at)) serves it: a b-tree
 * on start_at matches every past event for "starts before Sunday".
 */
function overlapping(from: Date, to: Date) {
  return sql`tstzrange(${scheduleEvents.startAt}, ${scheduleEvents.endAt}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`;
}

/**
 * An event conflicts when it shares a resource with another event that is not cancelled and whose
 * [start, end) overlaps (touching intervals do not), excluding the event being edited.
 */
export async function findConflicts(
  db: Executor,
  opts: { resourceIds: number[]; startAt: Date; endAt: Date; excludeEventId?: number | null },
): Promise<Conflict[]> {
  if (!opts.resourceIds.length || !(opts.endAt > opts.startAt)) return [];
  const conditions: SQL[] = [
    inArray(scheduleEventResources.resourceId, opts.resourceIds),
    ne(scheduleEvents.status, "cancelled"),
    overlapping(opts.startAt, opts.endAt),
  ];
  if (opts.excludeEventId) conditions.push(ne(scheduleEvents.id, opts.excludeEventId));
  const rows = await db
    .select({
      resourceId: resources.id,
      resourceName: resources.name,
      id: scheduleEvents.id,
      title: scheduleEvents.title,
      startAt: scheduleEvents.startAt,
      endAt: scheduleEvents.endAt,
    })
    .from(scheduleEventResources)
    .innerJoin(scheduleEvents, eq(scheduleEvents.id, scheduleEventResources.eventId))
    .innerJoin(resources, eq(resources.id, scheduleEventResources.resourceId))
    .where(and(...conditions))
    .orderBy(asc(scheduleEvents.startAt), asc(resources.name));
  return rows.map((r) => ({
    resourceName: r.resourceName,
    resourceId: r.resourceId,
    conflictingEvent: { id: r.id, title: r.title, startAt: r.startAt, endAt: r.endAt },
  }));
}

const eventColumns = {
  id: scheduleEvents.id,
  title: scheduleEvents.title,
  type: scheduleEvents.type,
  jobId: scheduleEvents.jobId,
  customerId: scheduleEvents.customerId,
  startAt: scheduleEvents.startAt,
  endAt: scheduleEvents.endAt,
  allDay: scheduleEvents.allDay,
  location: scheduleEvents.location,
  notes: scheduleEvents.notes,
  status: scheduleEvents.status,
  createdAt: scheduleEvents.createdAt,
  updatedAt: scheduleEvents.updatedAt,
  jobTitle: jobs.title,
  customerName: customers.name,
  resourceIds: sql<
    number[]
  >`coalesce((select array_agg(${scheduleEventResources.resourceId} order by ${scheduleEventResources.resourceId}) from ${scheduleEventResources} where ${scheduleEventResources.eventId} = ${scheduleEvents.id}), '{}')`,
  resourceNames: sql<
    string[]
  >`coalesce((select array_agg(r.name order by r.name) from ${scheduleEventResources} ser join ${resources} r on r.id = ser.resource_id where ser.event_id = ${scheduleEvents.id}), '{}')`,
};

type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

function selectEvents(db: Executor, where: SQL | undefined) {
  return db
    .select(eventColumns)
    .from(scheduleEvents)
    .leftJoin(jobs, eq(jobs.id, scheduleEvents.jobId))
    .leftJoin(customers, eq(customers.id, scheduleEvents.customerId))
    .where(where)
    .orderBy(asc(scheduleEvents.startAt), asc(scheduleEvents.id));
}

/** The API and screens show `resourceIds` and, for the spec's single display, `resourceId` (the first). */
function present(row: EventRow) {
  const resourceIds = (row.resourceIds ?? []).map(Number);
  return { ...row, resourceIds, resourceNames: row.resourceNames ?? [], resourceId: resourceIds[0] ?? null };
}

export type ScheduleEvent = ReturnType<typeof present>;

/** Events overlapping [from, to), optionally of one resource and one type. */
export async function listEvents(
  db: Executor,
  opts: { from: Date; to: Date; resourceId?: number; type?: string; limit?: number; offset?: number },
) {
  const conditions: SQL[] = [overlapping(opts.from, opts.to)];
  if (opts.resourceId) {
    conditions.push(
      sql`exists (select 1 from ${scheduleEventResources} where ${scheduleEventResources.eventId} = ${scheduleEvents.id} and ${scheduleEventResources.resourceId} = ${opts.resourceId})`,
    );
  }
  if (opts.type && opts.type !== "all") conditions.push(eq(scheduleEvents.type, opts.type));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    selectEvents(db, where)
      .limit(opts.limit ?? 1000)
      .offset(opts.offset ?? 0),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(scheduleEvents)
      .where(where),
  ]);
  return { rows: rows.map(present), total: Number(total) };
}

// The Schedule screen's events, read on every visit: what its chips, list and filters show (no
// notes, no count: the screen counts what it draws), built once and run prepared (reusableStatement,
// docs/decisions/prepared-statements.md). Each run is planned for its values (force_custom_plan), so
// an unset resource or type drops out of the plan.
const calendarStatement = reusableStatement("calendar_events", (db) =>
  db
    .select({
      id: scheduleEvents.id,
      title: scheduleEvents.title,
      type: scheduleEvents.type,
      status: scheduleEvents.status,
      allDay: scheduleEvents.allDay,
      startAt: scheduleEvents.startAt,
      endAt: scheduleEvents.endAt,
      location: scheduleEvents.location,
      jobId: scheduleEvents.jobId,
      jobTitle: jobs.title,
      customerId: scheduleEvents.customerId,
      customerName: customers.name,
      resourceNames: eventColumns.resourceNames,
    })
    .from(scheduleEvents)
    .leftJoin(jobs, eq(jobs.id, scheduleEvents.jobId))
    .leftJoin(customers, eq(customers.id, scheduleEvents.customerId))
    .where(
      and(
        sql`tstzrange(${scheduleEvents.startAt}, ${scheduleEvents.endAt}) && tstzrange(${sql.placeholder("from")}::timestamptz, ${sql.placeholder("to")}::timestamptz)`,
        sql`(${sql.placeholder("resourceId")}::int is null or exists (select 1 from ${scheduleEventResources} where ${scheduleEventResources.eventId} = ${scheduleEvents.id} and ${scheduleEventResources.resourceId} = ${sql.placeholder("resourceId")}::int))`,
        sql`(${sql.placeholder("type")}::text is null or ${scheduleEvents.type} = ${sql.placeholder("type")}::text)`,
      ),
    )
    .orderBy(asc(scheduleEvents.startAt), asc(scheduleEvents.id))
    .limit(1000),
);

/** The Schedule's events overlapping [from, to), optionally of one resource and one type ("all": any). */
export async function calendarEvents(db: Executor, opts: { from: Date; to: Date; resourceId?: number; type?: string }) {
  const rows = await calendarStatement(db, {
    from: opts.from.toISOString(),
    to: opts.to.toISOString(),
    resourceId: opts.resourceId ?? null,
    type: opts.type && opts.type !== "all" ? opts.type : null,
  });
  return rows.map((row) => ({ ...row, resourceNames: row.resourceNames ?? [] }));
}

export async function getEvent(db: Executor, id: number) {
  const [row] = await selectEvents(db, eq(scheduleEvents.id, id));
  return row ? present(row) : null;
}

/**
 * All day: the event runs from the start day's midnight to the next midnight in the business time
 * zone (spec §5). A chosen job decides the customer (the job's customer wins).
 */
async function toColumns(db: Executor, input: EventInput, timeZone: string) {
  let { startAt, endAt } = input;
  if (input.allDay) {
    const day = instantToZoned(startAt, timeZone).date;
    startAt = zonedToInstant(day, "00:00", timeZone);
    endAt = zonedToInstant(addDays(day, 1), "00:00", timeZone);
  }
  let customerId = input.customerId ?? null;
  if (input.jobId) {
    const [job] = await db.select({ customerId: jobs.customerId }).from(jobs).where(eq(jobs.id, input.jobId));
    if (!job) throw invalid("Job not found");
    customerId = job.customerId;
  } else if (customerId) {
    const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
    if (!c) throw invalid("Customer not found");
  }
  if (input.resourceIds.length) {
    const found = await db.select({ id: resources.id }).from(resources).where(inArray(resources.id, input.resourceIds));
    if (found.length !== input.resourceIds.length) throw invalid("Resource not found");
  }
  return {
    title: input.title,
    type: input.type,
    status: input.status,
    allDay: input.allDay,
    startAt,
    endAt,
    location: input.location ?? null,
    notes: input.notes ?? null,
    jobId: input.jobId ?? null,
    customerId,
  };
}

export async function createEvent(db: Executor, input: EventInput, timeZone: string) {
  const values = await toColumns(db, input, timeZone);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(scheduleEvents).values(values).returning({ id: scheduleEvents.id });
    if (input.resourceIds.length) {
      await tx
        .insert(scheduleEventResources)
        .values(input.resourceIds.map((resourceId) => ({ eventId: row.id, resourceId })));
    }
    return row.id;
  });
  return (await getEvent(db, id))!;
}

export async function updateEvent(db: Executor, id: number, input: EventInput, timeZone: string) {
  const values = await toColumns(db, input, timeZone);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(scheduleEvents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(scheduleEvents.id, id))
      .returning({ id: scheduleEvents.id });
    requireFound(row, "Event");
    await tx.delete(scheduleEventResources).where(eq(scheduleEventResources.eventId, id));
    if (input.resourceIds.length) {
      await tx
        .insert(scheduleEventResources)
        .values(input.resourceIds.map((resourceId) => ({ eventId: id, resourceId })));
    }
  });
  return requireFound(await getEvent(db, id), "Event");
}

/** Deleting an event removes its resource bookings; tasks and photos only lose the link. */
export async function deleteEvent(db: Executor, id: number) {
  const [row] = await db
    .delete(scheduleEvents)
    .where(eq(scheduleEvents.id, id))
    .returning({ id: scheduleEvents.id, title: scheduleEvents.title });
  return requireFound(row, "Event");
}

/** An event as the API's input shape, for PATCH merges. */
export function eventToInput(e: ScheduleEvent) {
  return {
    title: e.title,
    type: e.type,
    status: e.status,
    allDay: e.allDay,
    location: e.location,
    notes: e.notes,
    resourceIds: e.resourceIds,
    jobId: e.jobId,
    customerId: e.customerId,
    startAt: e.startAt.toISOString(),
    endAt: e.endAt.toISOString(),
  };
}
