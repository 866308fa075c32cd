// The /api contract of the operations area (spec §7, decisions §4) against the production server.
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `oa${Date.now().toString(36)}`;
let owner = "";
let installer = "";
let customerId = 0;

beforeAll(async () => {
  owner = await signIn("owner");
  installer = await signIn("installer");
  const c = await api("/api/customers", {
    method: "POST",
    cookie: owner,
    json: { name: `${tag} Customer`, address: "1 Main St" },
    headers: { Origin: baseUrl() },
  });
  customerId = c.body.id;
});

const write = (path: string, method: string, cookie: string, json?: unknown) =>
  api(path, { method, cookie, json, headers: { Origin: baseUrl() } });

describe("401 without a session, 404 for unknown ids", () => {
  it.each([
    ["GET", "/api/jobs"],
    ["GET", "/api/jobs/1"],
    ["GET", "/api/users"],
    ["GET", "/api/resources"],
    ["GET", "/api/resources/1"],
    ["GET", "/api/tasks"],
    ["GET", "/api/tasks/1"],
    ["GET", "/api/schedule/events"],
    ["GET", "/api/schedule/events/1"],
    ["POST", "/api/schedule/conflicts"],
    ["POST", "/api/jobs"],
    ["POST", "/api/tasks"],
  ])("%s %s → 401", async (method, path) => {
    const res = await write(path, method, "", method === "POST" ? {} : undefined);
    expect(res.status).toBe(401);
    expect(res.body.error).toBeTruthy();
  });

  it.each([
    "/api/jobs/999999",
    "/api/jobs/abc",
    "/api/resources/999999",
    "/api/tasks/999999",
    "/api/schedule/events/999999",
  ])("GET %s → 404", async (path) => {
    const res = await api(path, { cookie: owner });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/not found/);
  });
});

describe("jobs", () => {
  it("creates, reads, lists with search/status, updates and deletes", async () => {
    const created = await write("/api/jobs", "POST", owner, {
      customerId,
      title: `${tag} Kitchen`,
      status: "approved",
      estimatedCost: 1250.5,
      actualCost: "99.99",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      title: `${tag} Kitchen`,
      estimatedCost: "1250.50",
      actualCost: "99.99",
      status: "approved",
    });
    const id = created.body.id;
    const list = await api(`/api/jobs?search=${tag}&status=approved`, { cookie: owner });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body[0]).toMatchObject({ id, customerName: `${tag} Customer` });
    expect((await api(`/api/jobs?search=${tag}%20Customer`, { cookie: owner })).body).toHaveLength(1);
    expect((await api(`/api/jobs/${id}`, { cookie: installer })).status).toBe(200);
    const updated = await write(`/api/jobs/${id}`, "PUT", owner, {
      customerId,
      title: `${tag} Kitchen v2`,
      status: "in-progress",
      startDate: "2020-01-01",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: `${tag} Kitchen v2`, estimatedCost: null });
    expect((await write(`/api/jobs/${id}`, "DELETE", owner)).status).toBe(204);
    expect((await write(`/api/jobs/${id}`, "DELETE", owner)).status).toBe(404);
  });

  it("answers 400 for bad input, never 500", async () => {
    const noCustomer = await write("/api/jobs", "POST", owner, { title: "x" });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.fieldErrors.customerId).toBeTruthy();
    expect((await write("/api/jobs", "POST", owner, { customerId: 999999, title: "x" })).status).toBe(400);
    expect((await write("/api/jobs", "POST", owner, { customerId, title: "x", estimatedCost: "abc" })).status).toBe(
      400,
    );
    const past = await write("/api/jobs", "POST", owner, { customerId, title: "x", startDate: "2020-01-01" });
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors.startDate).toBeTruthy();
    expect((await api("/api/jobs?status=bogus", { cookie: owner })).status).toBe(400);
    expect((await api("/api/jobs?limit=-1", { cookie: owner })).status).toBe(400);
  });

  it("refuses installers writes (403) and a job with events (409)", async () => {
    expect((await write("/api/jobs", "POST", installer, { customerId, title: "x" })).status).toBe(403);
    const job = (await write("/api/jobs", "POST", owner, { customerId, title: `${tag} busy`, status: "approved" }))
      .body;
    expect((await write(`/api/jobs/${job.id}`, "PUT", installer, { customerId, title: "x" })).status).toBe(403);
    expect((await write(`/api/jobs/${job.id}`, "DELETE", installer)).status).toBe(403);
    await write("/api/schedule/events", "POST", owner, {
      title: "Install",
      jobId: job.id,
      startAt: "2031-01-05T14:00:00Z",
      endAt: "2031-01-05T15:00:00Z",
    });
    const refused = await write(`/api/jobs/${job.id}`, "DELETE", owner);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain("schedule event");
  });
});

describe("users", () => {
  it("lists public fields only, never password hashes", async () => {
    const res = await api("/api/users", { cookie: installer });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(3);
    expect(Object.keys(res.body[0]).sort()).toEqual(["active", "email", "id", "name", "phone", "role", "username"]);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });
});

describe("resources", () => {
  it("creates, filters activeOnly, updates and deletes; installers read only", async () => {
    const created = await write("/api/resources", "POST", owner, {
      name: `${tag} Van`,
      type: "vehicle",
      skills: ["delivery", " lift "],
      active: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: `${tag} Van`,
      type: "vehicle",
      skills: ["delivery", "lift"],
      active: false,
    });
    const all = await api("/api/resources", { cookie: installer });
    const active = await api("/api/resources?activeOnly=true", { cookie: installer });
    expect(all.body.some((r: { id: number }) => r.id === created.body.id)).toBe(true);
    expect(active.body.some((r: { id: number }) => r.id === created.body.id)).toBe(false);
    expect(active.body.every((r: { active: boolean }) => r.active)).toBe(true);
    expect((await write("/api/resources", "POST", installer, { name: "x" })).status).toBe(403);
    expect((await write("/api/resources", "POST", owner, { name: "", type: "robot" })).status).toBe(400);
    const put = await write(`/api/resources/${created.body.id}`, "PUT", owner, { name: `${tag} Van 2` });
    expect(put.body).toMatchObject({ name: `${tag} Van 2`, type: "installer", active: true });
    expect((await api(`/api/resources/${created.body.id}`, { cookie: owner })).body.name).toBe(`${tag} Van 2`);
    expect((await write(`/api/resources/${created.body.id}`, "DELETE", installer)).status).toBe(403);
    expect((await write(`/api/resources/${created.body.id}`, "DELETE", owner)).status).toBe(204);
  });
});

describe("tasks", () => {
  it("installer creates and updates tasks but may not delete them", async () => {
    const created = await write("/api/tasks", "POST", installer, {
      title: `${tag} task`,
      estimatedHours: "3",
      actualHours: "n/a",
      customerId,
      priority: "urgent",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: `${tag} task`,
      estimatedHours: 3,
      actualHours: null,
      status: "open",
      type: "internal",
      priority: "urgent",
    });
    const id = created.body.id;
    const updated = await write(`/api/tasks/${id}`, "PUT", installer, { title: `${tag} task`, status: "done" });
    expect(updated.status).toBe(200);
    expect(updated.body.completedAt).toBeTruthy();
    expect((await write(`/api/tasks/${id}`, "DELETE", installer)).status).toBe(403);
    expect((await api(`/api/tasks/${id}`, { cookie: installer })).status).toBe(200);
    expect((await write(`/api/tasks/${id}`, "DELETE", owner)).status).toBe(204);
  });

  it("filters by search, status, priority, type and assignee; 400 on bad input", async () => {
    const users = (await api("/api/users", { cookie: owner })).body as { id: number; username: string }[];
    const ivan = users.find((u) => u.username === "installer")!;
    await write("/api/tasks", "POST", owner, {
      title: `${tag} filter`,
      type: "followup",
      priority: "low",
      status: "blocked",
      assignedToUserId: ivan.id,
    });
    const q = `/api/tasks?search=${tag}%20filter&status=blocked&priority=low&type=followup&assignedToUserId=${ivan.id}`;
    const res = await api(q, { cookie: owner });
    expect(res.headers.get("x-total-count")).toBe("1");
    expect(res.body[0]).toMatchObject({ assignedUserName: "Ivan Castillo" });
    expect((await api(`/api/tasks?search=${tag}%20filter&assignedToResourceId=1`, { cookie: owner })).body).toEqual([]);
    expect((await api("/api/tasks?assignedToUserId=abc", { cookie: owner })).status).toBe(400);
    expect((await write("/api/tasks", "POST", owner, { title: "" })).status).toBe(400);
    expect((await write("/api/tasks", "POST", owner, { title: "x", dueDate: "1800-01-01" })).status).toBe(400);
    expect((await write("/api/tasks", "POST", owner, { title: "x", jobId: 999999 })).status).toBe(400);
    const notJson = await api("/api/tasks", {
      method: "POST",
      cookie: owner,
      headers: { Origin: baseUrl(), "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });
});

describe("schedule events and conflicts", () => {
  it("creates, lists by range and resource, patches, checks conflicts and deletes", async () => {
    const r = (await write("/api/resources", "POST", owner, { name: `${tag} Crew`, type: "crew" })).body;
    const job = (
      await write("/api/jobs", "POST", owner, { customerId, title: `${tag} Install job`, status: "approved" })
    ).body;
    const created = await write("/api/schedule/events", "POST", owner, {
      title: `${tag} install`,
      type: "install",
      resourceIds: [r.id],
      jobId: job.id,
      customerId: null,
      startAt: "2031-02-03T14:00:00Z",
      endAt: "2031-02-03T18:00:00Z",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resourceIds: [r.id],
      resourceId: r.id,
      customerId,
      status: "scheduled",
      allDay: false,
    });
    const id = created.body.id;
    const list = await api(
      `/api/schedule/events?from=2031-02-03T00:00:00Z&to=2031-02-04T00:00:00Z&resourceId=${r.id}`,
      { cookie: installer },
    );
    expect(list.status).toBe(200);
    expect(list.body.map((e: { id: number }) => e.id)).toEqual([id]);
    expect((await api("/api/schedule/events?from=nonsense", { cookie: owner })).status).toBe(400);
    expect(
      (await api("/api/schedule/events?from=2031-02-04T00:00:00Z&to=2031-02-03T00:00:00Z", { cookie: owner })).status,
    ).toBe(400);
    expect((await api("/api/schedule/events", { cookie: owner })).status).toBe(200);

    const conflict = await write("/api/schedule/conflicts", "POST", installer, {
      resourceIds: [r.id],
      startAt: "2031-02-03T17:00:00Z",
      endAt: "2031-02-03T19:00:00Z",
      excludeEventId: null,
    });
    expect(conflict.status).toBe(200);
    expect(conflict.body.conflicts).toEqual([
      {
        resourceName: `${tag} Crew`,
        resourceId: r.id,
        conflictingEvent: {
          id,
          title: `${tag} install`,
          startAt: "2031-02-03T14:00:00.000Z",
          endAt: "2031-02-03T18:00:00.000Z",
        },
      },
    ]);
    const excluded = await write("/api/schedule/conflicts", "POST", owner, {
      resourceIds: [r.id],
      startAt: "2031-02-03T17:00:00Z",
      endAt: "2031-02-03T19:00:00Z",
      excludeEventId: id,
    });
    expect(excluded.body.conflicts).toEqual([]);
    expect((await write("/api/schedule/conflicts", "POST", owner, { resourceIds: "x" })).status).toBe(400);

    const patched = await write(`/api/schedule/events/${id}`, "PATCH", owner, { status: "cancelled" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: "cancelled", title: `${tag} install`, resourceIds: [r.id] });
    expect((await write(`/api/schedule/events/${id}`, "PATCH", owner, { endAt: "2031-02-03T13:00:00Z" })).status).toBe(
      400,
    );
    expect((await write(`/api/schedule/events/${id}`, "PATCH", installer, { status: "done" })).status).toBe(403);
    expect(
      (
        await write("/api/schedule/events", "POST", installer, {
          title: "x",
          startAt: "2031-02-03T14:00:00Z",
          endAt: "2031-02-03T15:00:00Z",
        })
      ).status,
    ).toBe(403);
    expect(
      (await write("/api/schedule/events", "POST", owner, { title: "x", startAt: "2031-02-03T14:00:00Z" })).status,
    ).toBe(400);
    expect(
      (
        await write("/api/schedule/events", "POST", owner, {
          title: "x",
          resourceIds: [999999],
          startAt: "2031-02-03T14:00:00Z",
          endAt: "2031-02-03T15:00:00Z",
        })
      ).status,
    ).toBe(400);
    expect((await write(`/api/schedule/events/${id}`, "DELETE", installer)).status).toBe(403);
    expect((await write(`/api/schedule/events/${id}`, "DELETE", owner)).status).toBe(204);
    expect((await api(`/api/schedule/events/${id}`, { cookie: owner })).status).toBe(404);
  });
});
