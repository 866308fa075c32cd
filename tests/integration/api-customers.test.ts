// The /api/customers contract over real HTTP against the production server
// (docs/decisions/api-conventions.md): list with search and paging, create/read/update/delete,
// validation, 404s, the 409 for a customer who has jobs, 401/403 JSON for every endpoint, and the
// cross-origin refusal. Every row this file creates carries a unique tag, and the assertions only
// ever look at those rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, ilike, inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { customers, jobs } from "../../db/schema";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
/** Digits only, so phone searches match just this run's rows. */
const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`.padStart(9, "0");

let owner = "";
let office = "";
let installer = "";

const createdIds = new Set<number>();

async function createCustomer(json: Record<string, unknown>, cookie = owner) {
  const res = await api("/api/customers", { method: "POST", cookie, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  createdIds.add(res.body.id);
  return res.body as { id: number; name: string; [key: string]: unknown };
}

function expectJsonError(res: { status: number; headers: Headers; body: any }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type") ?? "").toContain("application/json");
  expect(typeof res.body?.error).toBe("string");
  expect(res.body.error.length).toBeGreaterThan(0);
  // Never a stack trace.
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

beforeAll(async () => {
  [owner, office, installer] = await Promise.all([signIn("owner"), signIn("office"), signIn("installer")]);
});

afterAll(async () => {
  const db = await getDb();
  const ids = [...createdIds];
  if (ids.length) {
    await db.delete(jobs).where(inArray(jobs.customerId, ids));
    await db.delete(customers).where(inArray(customers.id, ids));
  }
  // Anything this run created by another path (or that a refused request wrongly created).
  await db.delete(customers).where(ilike(customers.name, `%${tag}%`));
  await closeDb();
});

describe("GET /api/customers", () => {
  const city = `Searchville${tag}`;
  let alpha: { id: number };
  let bravo: { id: number };
  let charlie: { id: number };

  beforeAll(async () => {
    // Created one after the other so "newest first" has a defined order.
    alpha = await createCustomer({
      name: `Alpha Api ${tag}`,
      email: `alpha.${tag}@example.com`,
      phone: `555-${digits}-1`,
      city,
    });
    bravo = await createCustomer({
      name: `Bravo Api ${tag}`,
      email: `bravo.${tag}@example.com`,
      phone: `555-${digits}-2`,
      city,
    });
    charlie = await createCustomer({ name: `Charlie Api ${tag}`, city: `Elsewhere${tag}` });
  });

  it("returns a JSON array with the full count in X-Total-Count", async () => {
    const res = await api("/api/customers", { cookie: owner });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const total = Number(res.headers.get("x-total-count"));
    expect(Number.isInteger(total)).toBe(true);
    expect(total).toBeGreaterThanOrEqual(res.body.length);
    expect(res.body.length).toBeLessThanOrEqual(1000);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it("searches by name, case-insensitively", async () => {
    const res = await api(`/api/customers?search=${encodeURIComponent(`bRaVo aPi ${tag.toUpperCase()}`)}`, {
      cookie: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([bravo.id]);
    expect(res.headers.get("x-total-count")).toBe("1");
  });

  it("searches by email", async () => {
    const res = await api(`/api/customers?search=${encodeURIComponent(`ALPHA.${tag}@EXAMPLE`)}`, { cookie: owner });
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([alpha.id]);
    expect(res.headers.get("x-total-count")).toBe("1");
  });

  it("searches by phone", async () => {
    const res = await api(`/api/customers?search=${encodeURIComponent(`${digits}-2`)}`, { cookie: owner });
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([bravo.id]);
    const both = await api(`/api/customers?search=${digits}`, { cookie: owner });
    expect(both.body.map((c: { id: number }) => c.id).sort()).toEqual([alpha.id, bravo.id].sort());
  });

  it("searches by city, newest first", async () => {
    const res = await api(`/api/customers?search=${encodeURIComponent(city.toLowerCase())}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([bravo.id, alpha.id]);
    expect(res.headers.get("x-total-count")).toBe("2");
  });

  it("treats % and _ in the search as literal characters", async () => {
    const res = await api(`/api/customers?search=${encodeURIComponent(`%${tag}_`)}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("0");
  });

  it("pages with limit and offset while X-Total-Count stays the full count", async () => {
    const search = encodeURIComponent(`Api ${tag}`);
    const first = await api(`/api/customers?search=${search}&limit=2`, { cookie: owner });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.headers.get("x-total-count")).toBe("3");
    const second = await api(`/api/customers?search=${search}&limit=2&offset=2`, { cookie: owner });
    expect(second.body).toHaveLength(1);
    expect(second.headers.get("x-total-count")).toBe("3");
    const ids = [...first.body, ...second.body].map((c: { id: number }) => c.id);
    expect(ids).toEqual([charlie.id, bravo.id, alpha.id]);
    const beyond = await api(`/api/customers?search=${search}&offset=10`, { cookie: owner });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe("3");
  });

  it.each(["abc", "-1", "1.5", "2e3"])("rejects limit=%s with 400 and an error", async (limit) => {
    const res = await api(`/api/customers?limit=${encodeURIComponent(limit)}`, { cookie: owner });
    expectJsonError(res, 400);
  });

  it("rejects a bad offset with 400", async () => {
    expectJsonError(await api("/api/customers?offset=x", { cookie: owner }), 400);
  });
});

describe("POST /api/customers", () => {
  it("creates a customer: 201 with id, timestamps and the fields", async () => {
    const res = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: {
        name: `  Created Api ${tag}  `,
        email: `created.${tag}@example.com`,
        phone: "555-0100",
        address: "1 Main St",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        notes: "Prefers mornings",
      },
    });
    expect(res.status).toBe(201);
    createdIds.add(res.body.id);
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(res.body).toMatchObject({
      name: `Created Api ${tag}`,
      email: `created.${tag}@example.com`,
      phone: "555-0100",
      address: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      notes: "Prefers mornings",
    });
    expect(res.body.createdAt).toMatch(ISO);
    expect(res.body.updatedAt).toMatch(ISO);

    const read = await api(`/api/customers/${res.body.id}`, { cookie: owner });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("stores blank optional fields as null", async () => {
    const body = await createCustomer({ name: `Blanks Api ${tag}`, email: "", phone: "   ", city: null });
    expect(body).toMatchObject({ email: null, phone: null, city: null, address: null, notes: null });
  });

  it.each([
    ["missing", {}],
    ["blank", { name: "   " }],
    ["null", { name: null }],
  ])("rejects a %s name with 400, error and fieldErrors.name", async (_label, json) => {
    const res = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { ...json, city: `Nameless${tag}` },
    });
    expectJsonError(res, 400);
    expect(res.body.fieldErrors?.name?.length).toBeGreaterThan(0);
    expect(res.body.fieldErrors.name[0]).toBe("Name is required");
  });

  it("rejects an invalid email with 400 and fieldErrors.email", async () => {
    const res = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Bad Email ${tag}`, email: "not-an-email" },
    });
    expectJsonError(res, 400);
    expect(res.body.fieldErrors?.email?.length).toBeGreaterThan(0);
  });

  it("rejects name: 123 with 400, not 500", async () => {
    const res = await api("/api/customers", { method: "POST", cookie: owner, json: { name: 123 } });
    expectJsonError(res, 400);
    expect(res.body.fieldErrors?.name?.length).toBeGreaterThan(0);
  });

  it("rejects a non-text optional field with 400", async () => {
    const res = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Typed ${tag}`, phone: { a: 1 } },
    });
    expectJsonError(res, 400);
    expect(res.body.fieldErrors?.phone?.length).toBeGreaterThan(0);
  });

  it("rejects a body that is not JSON with a 4xx and an error", async () => {
    const form = await fetch(`${baseUrl()}/api/customers`, {
      method: "POST",
      headers: { Cookie: owner, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: `Form Body ${tag}` }),
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    expect(typeof (await form.json()).error).toBe("string");

    const broken = await fetch(`${baseUrl()}/api/customers`, {
      method: "POST",
      headers: { Cookie: owner, Accept: "application/json", "Content-Type": "application/json" },
      body: `{"name": "Broken ${tag}"`,
    });
    expect(broken.status).toBe(400);
    expect(typeof (await broken.json()).error).toBe("string");

    for (const json of [[{ name: `Array ${tag}` }], "just a string", null]) {
      expectJsonError(await api("/api/customers", { method: "POST", cookie: owner, json }), 400);
    }
  });

  it("answers other methods on the collection with 405", async () => {
    const res = await api("/api/customers", { method: "PATCH", cookie: owner, json: { name: `Patch ${tag}` } });
    expectJsonError(res, 405);
  });
});

describe("GET/PUT/DELETE /api/customers/{id}", () => {
  it("reads one customer", async () => {
    const created = await createCustomer({ name: `Read Api ${tag}`, phone: "555-0101" });
    const res = await api(`/api/customers/${created.id}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
  });

  it.each(["2147483647", "abc", "99999999999", "0", "-1", "1.5"])("answers 404 JSON for id %s", async (id) => {
    expectJsonError(await api(`/api/customers/${id}`, { cookie: owner }), 404);
    expectJsonError(
      await api(`/api/customers/${id}`, { method: "PUT", cookie: owner, json: { name: `Ghost ${tag}` } }),
      404,
    );
    expectJsonError(await api(`/api/customers/${id}`, { method: "DELETE", cookie: owner }), 404);
  });

  it("updates a customer and returns the object", async () => {
    const created = await createCustomer({ name: `Update Api ${tag}`, phone: "555-0102", city: "Old Town" });
    const res = await api(`/api/customers/${created.id}`, {
      method: "PUT",
      cookie: owner,
      json: { name: `Updated Api ${tag}`, phone: "555-0199", city: "New Town", email: `upd.${tag}@example.com` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: `Updated Api ${tag}`, phone: "555-0199", city: "New Town" });
    expect(res.body.createdAt).toBe(created.createdAt);
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updatedAt as string).getTime(),
    );

    const read = await api(`/api/customers/${created.id}`, { cookie: owner });
    expect(read.body).toEqual(res.body);
  });

  it("validates an update with 400 and leaves the row unchanged", async () => {
    const created = await createCustomer({ name: `Valid Put ${tag}`, phone: "555-0103" });
    const blank = await api(`/api/customers/${created.id}`, {
      method: "PUT",
      cookie: owner,
      json: { name: " ", phone: "1" },
    });
    expectJsonError(blank, 400);
    expect(blank.body.fieldErrors?.name?.length).toBeGreaterThan(0);
    const email = await api(`/api/customers/${created.id}`, {
      method: "PUT",
      cookie: owner,
      json: { name: "x", email: "nope" },
    });
    expectJsonError(email, 400);
    expect(email.body.fieldErrors?.email?.length).toBeGreaterThan(0);
    const numeric = await api(`/api/customers/${created.id}`, { method: "PUT", cookie: owner, json: { name: 123 } });
    expectJsonError(numeric, 400);

    const read = await api(`/api/customers/${created.id}`, { cookie: owner });
    expect(read.body).toMatchObject({ name: `Valid Put ${tag}`, phone: "555-0103" });
  });

  it("deletes with 204; afterwards the customer is 404", async () => {
    const created = await createCustomer({ name: `Delete Api ${tag}` });
    const res = await api(`/api/customers/${created.id}`, { method: "DELETE", cookie: owner });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expectJsonError(await api(`/api/customers/${created.id}`, { cookie: owner }), 404);
    expectJsonError(await api(`/api/customers/${created.id}`, { method: "DELETE", cookie: owner }), 404);
    expectJsonError(
      await api(`/api/customers/${created.id}`, { method: "PUT", cookie: owner, json: { name: "Back" } }),
      404,
    );
  });

  it("refuses to delete a customer who has a job: 409 naming the job count", async () => {
    const created = await createCustomer({ name: `Has Job Api ${tag}` });
    const db = await getDb();
    await db.insert(jobs).values({ customerId: created.id, title: `Kitchen ${tag}` });

    const res = await api(`/api/customers/${created.id}`, { method: "DELETE", cookie: owner });
    expectJsonError(res, 409);
    expect(res.body.error).toMatch(/\b1 job\b/);
    expect((await api(`/api/customers/${created.id}`, { cookie: owner })).status).toBe(200);

    await db.insert(jobs).values({ customerId: created.id, title: `Bath ${tag}` });
    const two = await api(`/api/customers/${created.id}`, { method: "DELETE", cookie: owner });
    expectJsonError(two, 409);
    expect(two.body.error).toMatch(/\b2 jobs\b/);

    // Once the jobs are gone the delete goes through.
    await db.delete(jobs).where(eq(jobs.customerId, created.id));
    expect((await api(`/api/customers/${created.id}`, { method: "DELETE", cookie: owner })).status).toBe(204);
  });
});

describe("access control", () => {
  let target: { id: number; name: string };

  beforeAll(async () => {
    target = await createCustomer({ name: `Guarded Api ${tag}`, phone: "555-0104" });
  });

  const endpoints = () => [
    { method: "GET", path: "/api/customers" },
    { method: "GET", path: "/api/customers?search=x&limit=5" },
    { method: "POST", path: "/api/customers", json: { name: `Intruder ${tag}` } },
    { method: "GET", path: `/api/customers/${target.id}` },
    { method: "PUT", path: `/api/customers/${target.id}`, json: { name: `Intruder ${tag}` } },
    { method: "DELETE", path: `/api/customers/${target.id}` },
  ];

  async function expectUntouched() {
    const read = await api(`/api/customers/${target.id}`, { cookie: owner });
    expect(read.status).toBe(200);
    expect(read.body.name).toBe(`Guarded Api ${tag}`);
    const intruders = await api(`/api/customers?search=${encodeURIComponent(`Intruder ${tag}`)}`, { cookie: owner });
    expect(intruders.headers.get("x-total-count")).toBe("0");
  }

  it("answers 401 JSON without a session on every endpoint", async () => {
    for (const e of endpoints()) {
      const res = await api(e.path, { method: e.method, json: e.json });
      expectJsonError(res, 401);
    }
    // A forged or stale cookie is no session either.
    const forged = await api("/api/customers", { cookie: "__session=eyJ1c2VySWQiOjF9.forged" });
    expectJsonError(forged, 401);
    await expectUntouched();
  });

  it("answers 401 before looking at the id or the body", async () => {
    expectJsonError(await api("/api/customers/abc"), 401);
    const res = await fetch(`${baseUrl()}/api/customers`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(401);
  });

  it("answers 403 JSON to an installer on every endpoint", async () => {
    for (const e of endpoints()) {
      const res = await api(e.path, { method: e.method, json: e.json, cookie: installer });
      expectJsonError(res, 403);
    }
    await expectUntouched();
  });

  it("allows office staff every endpoint", async () => {
    const list = await api(`/api/customers?search=${encodeURIComponent(`Guarded Api ${tag}`)}`, { cookie: office });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([target.id]);

    const created = await createCustomer({ name: `Office Api ${tag}` }, office);
    const read = await api(`/api/customers/${created.id}`, { cookie: office });
    expect(read.status).toBe(200);
    const put = await api(`/api/customers/${created.id}`, {
      method: "PUT",
      cookie: office,
      json: { name: `Office Edited ${tag}` },
    });
    expect(put.status).toBe(200);
    expect(put.body.name).toBe(`Office Edited ${tag}`);
    const del = await api(`/api/customers/${created.id}`, { method: "DELETE", cookie: office });
    expect(del.status).toBe(204);
  });

  it("refuses state-changing requests from another origin (CSRF) and changes nothing", async () => {
    const evil = { Origin: "http://evil.example" };
    const post = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Intruder ${tag}` },
      headers: evil,
    });
    expectJsonError(post, 403);
    const put = await api(`/api/customers/${target.id}`, {
      method: "PUT",
      cookie: owner,
      json: { name: `Intruder ${tag}` },
      headers: evil,
    });
    expectJsonError(put, 403);
    const del = await api(`/api/customers/${target.id}`, { method: "DELETE", cookie: owner, headers: evil });
    expectJsonError(del, 403);
    const nullOrigin = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Intruder ${tag}` },
      headers: { Origin: "null" },
    });
    expectJsonError(nullOrigin, 403);
    const crossSite = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Intruder ${tag}` },
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expectJsonError(crossSite, 403);
    await expectUntouched();

    // The same request from our own origin is fine (the refusal is about the origin, nothing else).
    const own = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Same Origin ${tag}` },
      headers: { Origin: baseUrl() },
    });
    expect(own.status).toBe(201);
    createdIds.add(own.body.id);
  });
});
