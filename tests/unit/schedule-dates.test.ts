import { describe, expect, it } from "vitest";
import { EventFormSchema, EventSchema } from "~/schemas/event";
import { jobCreateSchema, JobSchema } from "~/schemas/job";
import { ResourceSchema } from "~/schemas/resource";
import { parseHours, TaskSchema } from "~/schemas/task";
import { stepDate, viewRange } from "~/utils/calendar";
import { addDays, addMonths, dayRange, instantToZoned, weekStart, zonedToInstant } from "~/utils/dates";

const NY = "America/New_York";

describe("week boundaries (weeks start Monday)", () => {
  it("maps every day of a week to its Monday", () => {
    for (const day of ["2026-11-23", "2026-11-25", "2026-11-28", "2026-11-29"])
      expect(weekStart(day)).toBe("2026-11-23");
    expect(weekStart("2026-11-30")).toBe("2026-11-30");
    expect(weekStart("2026-11-22")).toBe("2026-11-16"); // Sunday belongs to the week before
    expect(weekStart("2027-01-01")).toBe("2026-12-28"); // across a year
  });

  it("gives the week view seven days and steps by whole weeks", () => {
    expect(viewRange("week", "2026-11-26")).toEqual({ first: "2026-11-23", end: "2026-11-30" });
    expect(stepDate("week", "2026-11-26", 1)).toBe("2026-11-30");
    expect(stepDate("week", "2026-11-26", -1)).toBe("2026-11-16");
  });

  it("gives the month view whole weeks around the month", () => {
    expect(viewRange("month", "2026-11-15")).toEqual({ first: "2026-10-26", end: "2026-12-07" });
    expect(viewRange("month", "2026-02-10")).toEqual({ first: "2026-01-26", end: "2026-03-02" });
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(stepDate("month", "2026-12-20", 1)).toBe("2027-01-01");
  });
});

describe("business time zone conversions across DST (America/New_York)", () => {
  it("spring forward week 2026-03-08: the week's days span 23 hours on Sunday", () => {
    const { first, end } = viewRange("week", "2026-03-08");
    expect(first).toBe("2026-03-02");
    const range = dayRange(first, end, NY);
    expect(range.from.toISOString()).toBe("2026-03-02T05:00:00.000Z"); // EST
    expect(range.to.toISOString()).toBe("2026-03-09T04:00:00.000Z"); // EDT
    const sunday = dayRange("2026-03-08", "2026-03-09", NY);
    expect(sunday.to.getTime() - sunday.from.getTime()).toBe(23 * 3600 * 1000);
    expect(zonedToInstant("2026-03-08", "09:00", NY).toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(zonedToInstant("2026-03-07", "09:00", NY).toISOString()).toBe("2026-03-07T14:00:00.000Z");
  });

  it("fall back week 2026-11-01: Sunday has 25 hours and 09:00 maps back exactly", () => {
    expect(weekStart("2026-11-01")).toBe("2026-10-26");
    const sunday = dayRange("2026-11-01", "2026-11-02", NY);
    expect(sunday.to.getTime() - sunday.from.getTime()).toBe(25 * 3600 * 1000);
    const nine = zonedToInstant("2026-11-01", "09:00", NY);
    expect(nine.toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(instantToZoned(nine, NY)).toEqual({ date: "2026-11-01", time: "09:00" });
    expect(instantToZoned("2026-10-31T13:00:00Z", NY)).toEqual({ date: "2026-10-31", time: "09:00" });
    expect(addDays("2026-10-31", 2)).toBe("2026-11-02");
  });
});

describe("shared schemas", () => {
  it("parses hours typed as text into integers; empty or non-numeric are absent", () => {
    expect(parseHours("6")).toBe(6);
    expect(parseHours(" 12 ")).toBe(12);
    expect(parseHours("")).toBeUndefined();
    expect(parseHours("abc")).toBeUndefined();
    expect(parseHours("1.5")).toBeUndefined();
    expect(parseHours(-1)).toBeUndefined();
    expect(parseHours(3)).toBe(3);
    const task = TaskSchema.parse({
      title: "Hang doors",
      estimatedHours: "4",
      actualHours: "lots",
      jobId: "",
      customerId: "none",
    });
    expect(task).toMatchObject({
      title: "Hang doors",
      type: "internal",
      priority: "medium",
      status: "open",
      estimatedHours: 4,
    });
    expect(task.actualHours).toBeUndefined();
    expect(task.jobId).toBeUndefined();
  });

  it("rejects a due date before 1900 and both a user and a resource", () => {
    expect(TaskSchema.safeParse({ title: "x", dueDate: "1899-12-31" }).success).toBe(false);
    expect(TaskSchema.safeParse({ title: "x", dueDate: "1900-01-01" }).success).toBe(true);
    expect(TaskSchema.safeParse({ title: "x", assignedToUserId: 1, assignedToResourceId: 2 }).success).toBe(false);
    expect(TaskSchema.safeParse({ title: "x", status: "completed" }).success).toBe(false);
  });

  it("keeps costs as exact decimal strings and refuses a start date before today on create", () => {
    expect(JobSchema.parse({ customerId: "3", title: "Kitchen", estimatedCost: 1250.5 }).estimatedCost).toBe("1250.5");
    expect(JobSchema.safeParse({ customerId: 3, title: "Kitchen", estimatedCost: "12.345" }).success).toBe(false);
    expect(JobSchema.safeParse({ title: "Kitchen" }).success).toBe(false);
    expect(
      jobCreateSchema("2026-11-23").safeParse({ customerId: 3, title: "K", startDate: "2026-11-22" }).success,
    ).toBe(false);
    expect(
      jobCreateSchema("2026-11-23").safeParse({
        customerId: 3,
        title: "K",
        startDate: "2026-11-23",
        completionDate: "2020-01-01",
      }).success,
    ).toBe(true);
  });

  it("splits resource skills and defaults type and active", () => {
    expect(ResourceSchema.parse({ name: "Crew A", skills: "install, , scribing,install" })).toEqual({
      name: "Crew A",
      type: "installer",
      skills: ["install", "scribing"],
      active: true,
    });
    expect(ResourceSchema.parse({ name: "Van", type: "vehicle", active: "false" }).active).toBe(false);
    expect(ResourceSchema.safeParse({ name: " " }).success).toBe(false);
  });

  it("requires the end after the start unless all day, with the message on the end time", () => {
    const bad = EventFormSchema.safeParse({
      title: "Install",
      date: "2026-11-24",
      startTime: "10:00",
      endTime: "09:00",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(["endTime"]);
    expect(
      EventFormSchema.safeParse({
        title: "Install",
        date: "2026-11-24",
        startTime: "10:00",
        endTime: "09:00",
        allDay: "true",
      }).success,
    ).toBe(true);
    expect(EventFormSchema.safeParse({ title: "Install", startTime: "09:00", endTime: "10:00" }).success).toBe(false);
    const ok = EventFormSchema.parse({
      title: "Install",
      date: "2026-11-24",
      startTime: "09:00",
      endTime: "10:00",
      resourceIds: ["2", "2", "3"],
    });
    expect(ok).toMatchObject({
      type: "appointment",
      status: "scheduled",
      resourceIds: [2, 3],
      allDay: false,
      force: false,
    });
    expect(
      EventSchema.safeParse({ title: "x", startAt: "2026-11-24T10:00:00Z", endAt: "2026-11-24T10:00:00Z" }).success,
    ).toBe(false);
  });
});
