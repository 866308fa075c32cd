// Conflict detection and event storage against the real PostgreSQL test database.
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { createCustomer } from "../../app/models/customer.server";
import { createJob, deleteJob } from "../../app/models/job.server";
import { createResource } from "../../app/models/resource.server";
import {
  calendarEvents,
  createEvent,
  findConflicts,
  getEvent,
  listEvents,
  updateEvent,
} from "../../app/models/schedule.server";
import { completeTask, createTask, installerDay, updateTask } from "../../app/models/task.server";
import type { EventInput } from "../../app/schemas/event";
import { quotes } from "../../db/schema";
import { eq } from "drizzle-orm";

const NY = "America/New_York";
const tag = `sm${Date.now().toString(36)}`;
// A day far from the seed's events so only this file's bookings can conflict.
const at = (hhmm: string, day = "2031-06-10") => new Date(`${day}T${hhmm}:00-04:00`);

function event(overrides: Partial<EventInput>): EventInput {
  return {
    title: "Event",
    type: "install",
    status: "scheduled",
    allDay: false,
    resourceIds: [],
    startAt: at("09:00"),
    endAt: at("10:00"),
    ...overrides,
  };
}

async function resources(n: number) {
  const db = await getDb();
  const list = [];
  for (let i = 0; i < n; i++)
    list.push(await createResource(db, { name: `${tag} R${i}`, type: "installer", skills: [], active: true }));
  return list;
}

describe("listEvents", () => {
  it("lists what overlaps the range: an event running into it or out of it, not one touching its edges", async () => {
    const db = await getDb();
    const [r] = await resources(1);
    const day = "2031-07-15";
    const make = (title: string, from: string, to: string) =>
      createEvent(
        db,
        event({ title: `${tag} ${title}`, resourceIds: [r.id], startAt: at(from, day), endAt: at(to, day) }),
        NY,
      );
    await make("before", "06:00", "08:00");
    const into = await make("into", "07:00", "09:00");
    const inside = await make("inside", "09:00", "10:00");
    const out = await make("out", "11:00", "13:00");
    await make("after", "12:00", "14:00");
    const { rows, total } = await listEvents(db, { from: at("08:00", day), to: at("12:00", day), resourceId: r.id });
    expect(rows.map((e) => e.id)).toEqual([into.id, inside.id, out.id]);
    expect(total).toBe(3);
  });
});

describe("calendarEvents (the Schedule screen)", () => {
  it("lists a period's events with their job, customer and resources, filtered by resource and by type", async () => {
    const db = await getDb();
    const [crew, van] = await resources(2);
    const customer = await createCustomer(db, { name: `${tag} Calendar Customer` });
    const job = await createJob(db, { customerId: customer.id, title: `${tag} Calendar Job`, status: "approved" });
    const day = "2031-09-16";
    const install = await createEvent(
      db,
      event({
        title: `${tag} install`,
        jobId: job.id,
        resourceIds: [van.id, crew.id],
        startAt: at("09:00", day),
        endAt: at("11:00", day),
        location: "12 Oak St",
      }),
      NY,
    );
    const measure = await createEvent(
      db,
      event({
        title: `${tag} measure`,
        type: "measure",
        resourceIds: [crew.id],
        startAt: at("13:00", day),
        endAt: at("14:00", day),
      }),
      NY,
    );
    await createEvent(
      db,
      event({
        title: `${tag} next day`,
        resourceIds: [crew.id],
        startAt: at("09:00", "2031-09-17"),
        endAt: at("10:00", "2031-09-17"),
      }),
      NY,
    );
    const range = { from: at("00:00", day), to: at("00:00", "2031-09-17") };
    const all = await calendarEvents(db, { ...range, type: "all" });
    expect(all.map((e) => e.title)).toEqual([`${tag} install`, `${tag} measure`]);
    expect(all[0]).toMatchObject({
      id: install.id,
      type: "install",
      status: "scheduled",
      allDay: false,
      location: "12 Oak St",
      jobId: job.id,
      jobTitle: `${tag} Calendar Job`,
      customerId: customer.id,
      customerName: `${tag} Calendar Customer`,
      resourceNames: [crew.name, van.name].sort(),
    });
    expect(all[0].startAt).toEqual(at("09:00", day));
    expect(all[1]).toMatchObject({ id: measure.id, jobId: null, customerName: null, resourceNames: [crew.name] });
    expect((await calendarEvents(db, { ...range, resourceId: van.id })).map((e) => e.id)).toEqual([install.id]);
    expect((await calendarEvents(db, { ...range, type: "measure" })).map((e) => e.id)).toEqual([measure.id]);
    expect(await calendarEvents(db, { ...range, resourceId: van.id, type: "measure" })).toEqual([]);
  });
});

describe("findConflicts", () => {
  it("finds overlaps on a shared resource and ignores touching intervals", async () => {
    const db = await getDb();
    const [a, b] = await resources(2);
    const booked = await createEvent(
      db,
      event({ title: `${tag} booked`, resourceIds: [a.id], startAt: at("09:00"), endAt: at("12:00") }),
      NY,
    );
    const overlap = await findConflicts(db, { resourceIds: [a.id], startAt: at("11:00"), endAt: at("13:00") });
    expect(overlap).toHaveLength(1);
    expect(overlap[0]).toMatchObject({
      resourceName: a.name,
      conflictingEvent: { id: booked.id, title: `${tag} booked` },
    });
    // Touching on either side is not a conflict: [09:00, 12:00) and [12:00, 13:00).
    expect(await findConflicts(db, { resourceIds: [a.id], startAt: at("12:00"), endAt: at("13:00") })).toEqual([]);
    expect(await findConflicts(db, { resourceIds: [a.id], startAt: at("08:00"), endAt: at("09:00") })).toEqual([]);
    // Containing and contained.
    expect(await findConflicts(db, { resourceIds: [a.id], startAt: at("07:00"), endAt: at("14:00") })).toHaveLength(1);
    expect(await findConflicts(db, { resourceIds: [a.id], startAt: at("10:00"), endAt: at("10:30") })).toHaveLength(1);
    // Another resource is free.
    expect(await findConflicts(db, { resourceIds: [b.id], startAt: at("09:00"), endAt: at("12:00") })).toEqual([]);
    expect(await findConflicts(db, { resourceIds: [], startAt: at("09:00"), endAt: at("12:00") })).toEqual([]);
  });

  it("ignores cancelled events and the event being edited", async () => {
    const db = await getDb();
    const [a] = await resources(1);
    const cancelled = await createEvent(
      db,
      event({
        title: `${tag} cancelled`,
        status: "cancelled",
        resourceIds: [a.id],
        startAt: at("09:00", "2031-06-11"),
        endAt: at("17:00", "2031-06-11"),
      }),
      NY,
    );
    expect(
      await findConflicts(db, {
        resourceIds: [a.id],
        startAt: at("10:00", "2031-06-11"),
        endAt: at("11:00", "2031-06-11"),
      }),
    ).toEqual([]);
    const live = await createEvent(
      db,
      event({
        title: `${tag} live`,
        resourceIds: [a.id],
        startAt: at("10:00", "2031-06-11"),
        endAt: at("11:00", "2031-06-11"),
      }),
      NY,
    );
    expect(
      await findConflicts(db, {
        resourceIds: [a.id],
        startAt: at("10:30", "2031-06-11"),
        endAt: at("11:30", "2031-06-11"),
      }),
    ).toHaveLength(1);
    expect(
      await findConflicts(db, {
        resourceIds: [a.id],
        startAt: at("10:30", "2031-06-11"),
        endAt: at("11:30", "2031-06-11"),
        excludeEventId: live.id,
      }),
    ).toEqual([]);
    // Un-cancelling makes it count again.
    await updateEvent(
      db,
      cancelled.id,
      event({
        title: `${tag} back`,
        resourceIds: [a.id],
        startAt: at("09:00", "2031-06-11"),
        endAt: at("17:00", "2031-06-11"),
      }),
      NY,
    );
    expect(
      await findConflicts(db, {
        resourceIds: [a.id],
        startAt: at("13:00", "2031-06-11"),
        endAt: at("14:00", "2031-06-11"),
      }),
    ).toHaveLength(1);
  });

  it("reports one row per shared resource and each event a resource is in", async () => {
    const db = await getDb();
    const [a, b, c] = await resources(3);
    const day = "2031-06-12";
    await createEvent(
      db,
      event({ title: `${tag} crew`, resourceIds: [a.id, b.id], startAt: at("08:00", day), endAt: at("12:00", day) }),
      NY,
    );
    await createEvent(
      db,
      event({ title: `${tag} afternoon`, resourceIds: [a.id], startAt: at("13:00", day), endAt: at("16:00", day) }),
      NY,
    );
    const both = await findConflicts(db, {
      resourceIds: [a.id, b.id, c.id],
      startAt: at("11:00", day),
      endAt: at("14:00", day),
    });
    expect(both.map((x) => `${x.resourceName}|${x.conflictingEvent.title}`).sort()).toEqual(
      [`${a.name}|${tag} crew`, `${b.name}|${tag} crew`, `${a.name}|${tag} afternoon`].sort(),
    );
  });

  it("stores all-day events from midnight to the next midnight in the business time zone", async () => {
    const db = await getDb();
    const [a] = await resources(1);
    const allDay = await createEvent(
      db,
      event({
        title: `${tag} all day`,
        allDay: true,
        resourceIds: [a.id],
        startAt: at("15:00", "2031-06-13"),
        endAt: at("15:00", "2031-06-13"),
      }),
      NY,
    );
    expect(allDay.startAt.toISOString()).toBe("2031-06-13T04:00:00.000Z");
    expect(allDay.endAt.toISOString()).toBe("2031-06-14T04:00:00.000Z");
    expect(
      await findConflicts(db, {
        resourceIds: [a.id],
        startAt: at("07:00", "2031-06-13"),
        endAt: at("08:00", "2031-06-13"),
      }),
    ).toHaveLength(1);
    expect(
      await findConflicts(db, {
        resourceIds: [a.id],
        startAt: at("00:00", "2031-06-14"),
        endAt: at("08:00", "2031-06-14"),
      }),
    ).toEqual([]);
  });
});

describe("events, jobs and tasks", () => {
  it("gives an event its job's customer and exposes resourceIds with resourceId first", async () => {
    const db = await getDb();
    const [a, b] = await resources(2);
    const customer = await createCustomer(db, { name: `${tag} Customer` });
    const other = await createCustomer(db, { name: `${tag} Other` });
    const job = await createJob(db, { customerId: customer.id, title: `${tag} Kitchen`, status: "approved" });
    const e = await createEvent(
      db,
      event({
        title: `${tag} install`,
        jobId: job.id,
        customerId: other.id,
        resourceIds: [b.id, a.id],
        startAt: at("09:00", "2031-07-01"),
        endAt: at("10:00", "2031-07-01"),
      }),
      NY,
    );
    expect(e.customerId).toBe(customer.id);
    expect(e.resourceIds).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(e.resourceId).toBe(e.resourceIds[0]);
    expect((await getEvent(db, e.id))?.jobTitle).toBe(`${tag} Kitchen`);
  });

  it("refuses to delete a job with events and lets a plain job go, unlinking its quotes", async () => {
    const db = await getDb();
    const customer = await createCustomer(db, { name: `${tag} Delete` });
    const busy = await createJob(db, { customerId: customer.id, title: `${tag} busy`, status: "approved" });
    await createEvent(
      db,
      event({
        title: `${tag} e`,
        jobId: busy.id,
        startAt: at("09:00", "2031-07-02"),
        endAt: at("10:00", "2031-07-02"),
      }),
      NY,
    );
    const refused = await deleteJob(db, busy.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: "conflict", status: 409 });
    expect((refused as Error).message).toContain("1 schedule event");
    const plain = await createJob(db, { customerId: customer.id, title: `${tag} plain`, status: "quoted" });
    const [quote] = await db
      .insert(quotes)
      .values({ customerId: customer.id, jobId: plain.id, quoteNumber: `Q-${tag}`, title: "Quote" })
      .returning();
    expect(await deleteJob(db, plain.id)).toEqual({ title: `${tag} plain` });
    const [after] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after.jobId).toBeNull();
    await expect(deleteJob(db, plain.id)).rejects.toMatchObject({ kind: "not-found", status: 404 });
  });

  it("sets completedAt when a task is done and counts it in the installer's day", async () => {
    const db = await getDb();
    const [user] = await db.query.users.findMany({ where: (u, { eq: e }) => e(u.username, "tbrooks") });
    const today = "2031-08-01";
    const task = await createTask(db, {
      title: `${tag} task`,
      type: "installation",
      priority: "high",
      status: "open",
      dueDate: today,
      assignedToUserId: user.id,
    });
    expect(task.completedAt).toBeNull();
    const before = await installerDay(
      db,
      user.id,
      today,
      new Date(Date.now() - 60_000),
      new Date(Date.now() + 3_600_000),
    );
    expect(before.myTasks.some((t) => t.id === task.id)).toBe(true);
    const done = await completeTask(db, task.id);
    expect(done?.status).toBe("done");
    expect(done?.completedAt).toBeInstanceOf(Date);
    const after = await installerDay(
      db,
      user.id,
      today,
      new Date(Date.now() - 60_000),
      new Date(Date.now() + 3_600_000),
    );
    expect(after.completedToday).toBe(before.completedToday + 1);
    expect(after.tasksToday).toBe(before.tasksToday);
    expect(after.myTasks.some((t) => t.id === task.id)).toBe(false);
    const reopened = await updateTask(db, task.id, {
      title: `${tag} task`,
      type: "installation",
      priority: "high",
      status: "open",
    });
    expect(reopened?.completedAt).toBeNull();
  });
});
