// Job phases through /api/jobs/{id}/phases (issue 15 item 7): created in order, validated, started
// and completed with their actual dates stamped, reordered as a whole, kept to their job, and
// written only by the office (installers read them). Rows carry this file's unique tag.
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, jobs } from "../../db/schema";
import { getSettings } from "../../app/models/settings.server";
import { businessToday } from "../../app/utils/dates";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `ph${Date.now().toString(36)}`;
const origin = { Origin: baseUrl() };
let owner = "";
let installer = "";
let jobId = 0;
let otherJobId = 0;

const post = (path: string, json: unknown, cookie = owner) =>
  api(path, { method: "POST", cookie, json, headers: origin });
const put = (path: string, json: unknown, cookie = owner) =>
  api(path, { method: "PUT", cookie, json, headers: origin });

beforeAll(async () => {
  [owner, installer] = await Promise.all([signIn("owner"), signIn("installer")]);
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Phases ${tag}` })
    .returning();
  const made = await db
    .insert(jobs)
    .values([
      { customerId: c.id, title: `Kitchen ${tag}`, status: "approved" },
      { customerId: c.id, title: `Vanity ${tag}`, status: "approved" },
    ])
    .returning();
  [jobId, otherJobId] = made.map((j) => j.id);
});

afterAll(async () => {
  const db = await getDb();
  const mine = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(like(jobs.title, `%${tag}%`));
  if (mine.length)
    await db.delete(jobs).where(
      inArray(
        jobs.id,
        mine.map((j) => j.id),
      ),
    );
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
});

describe("job phases API", () => {
  it("adds phases at the end, lists them in order, and refuses bad input with the field's message", async () => {
    for (const name of ["Measure", "Build", "Install"]) {
      const res = await post(`/api/jobs/${jobId}/phases`, {
        name,
        plannedStart: "2027-03-01",
        plannedEnd: "2027-03-05",
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name, status: "planned", jobId, actualStart: null });
    }
    const list = await api(`/api/jobs/${jobId}/phases`, { cookie: installer });
    expect(list.status).toBe(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(["Measure", "Build", "Install"]);

    const backwards = await post(`/api/jobs/${jobId}/phases`, {
      name: "Finish",
      plannedStart: "2027-03-05",
      plannedEnd: "2027-03-01",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fieldErrors.plannedEnd).toEqual(["Planned end must be on or after its start"]);
    const nameless = await post(`/api/jobs/${jobId}/phases`, { status: "started" });
    expect(nameless.status).toBe(400);
    expect(nameless.body.fieldErrors.name).toEqual(["Name the phase"]);
    expect(nameless.body.fieldErrors.status[0]).toContain("Status must be one of planned, in-progress, done");
    expect((await post(`/api/jobs/2147483000/phases`, { name: "Ghost" })).status).toBe(404);
  });

  it("stamps the actual start when a phase starts and the end when it is done, keeping typed dates", async () => {
    const today = businessToday((await getSettings(await getDb())).system.timeZone);
    const created = await post(`/api/jobs/${jobId}/phases`, { name: "Template" });
    const id = created.body.id;
    const started = await put(`/api/jobs/${jobId}/phases/${id}`, { name: "Template", status: "in-progress" });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "in-progress", actualStart: today, actualEnd: null });
    const done = await put(`/api/jobs/${jobId}/phases/${id}`, {
      name: "Template",
      status: "done",
      actualStart: "2026-01-02",
    });
    expect(done.body).toMatchObject({ status: "done", actualStart: "2026-01-02", actualEnd: today });
    expect(
      (await api(`/api/jobs/${jobId}/phases/${id}`, { method: "DELETE", cookie: owner, headers: origin })).status,
    ).toBe(204);
    expect((await api(`/api/jobs/${jobId}/phases/${id}`, { cookie: owner })).status).toBe(404);
  });

  it("reorders the whole list and refuses an order that leaves one out or names another job's phase", async () => {
    const before = (await api(`/api/jobs/${jobId}/phases`, { cookie: owner })).body as { id: number; name: string }[];
    const reversed = before.map((p) => p.id).reverse();
    const res = await put(`/api/jobs/${jobId}/phases/order`, { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(before.map((p) => p.name).reverse());

    const short = await put(`/api/jobs/${jobId}/phases/order`, { ids: reversed.slice(1) });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(`Give all ${before.length} of this job's phase ids, each once`);
    const foreign = await post(`/api/jobs/${otherJobId}/phases`, { name: "Other" });
    const mixed = await put(`/api/jobs/${jobId}/phases/order`, { ids: [...reversed.slice(1), foreign.body.id] });
    expect(mixed.status).toBe(400);
    // Another job's phase is not reachable through this job.
    expect((await api(`/api/jobs/${jobId}/phases/${foreign.body.id}`, { cookie: owner })).status).toBe(404);
    const after = (await api(`/api/jobs/${jobId}/phases`, { cookie: owner })).body as { name: string }[];
    expect(after.map((p) => p.name)).toEqual(before.map((p) => p.name).reverse());
  });

  it("lets installers read phases but not add, change or reorder them", async () => {
    expect((await post(`/api/jobs/${jobId}/phases`, { name: "Sneaky" }, installer)).status).toBe(403);
    const [first] = (await api(`/api/jobs/${jobId}/phases`, { cookie: installer })).body as { id: number }[];
    expect((await put(`/api/jobs/${jobId}/phases/${first.id}`, { name: "Renamed" }, installer)).status).toBe(403);
    expect((await put(`/api/jobs/${jobId}/phases/order`, { ids: [first.id] }, installer)).status).toBe(403);
  });

  it("gives phases added at the same moment distinct places", async () => {
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(`/api/jobs/${otherJobId}/phases`, { name: `Step ${i}` })),
    );
    expect(res.every((r) => r.status === 201)).toBe(true);
    const orders = res.map((r) => r.body.sortOrder as number);
    expect(new Set(orders).size).toBe(8);
  });
});
