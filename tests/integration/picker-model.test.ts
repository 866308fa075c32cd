// The pickers' queries and the no-JS Find (readPickers) against the real PostgreSQL test database.
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { inSnapshot } from "../setup/snapshot";
import { customers, jobs } from "../../db/schema";
import { customerOptions } from "../../app/models/customer.server";
import { jobOptions } from "../../app/models/job.server";
import { readPickers } from "../../app/forms/picker.server";
import { CUSTOMER_AND_JOB_PICKERS, CUSTOMER_PICKER } from "../../app/utils/picker";

const tag = `pk${Date.now().toString(36)}`;

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("customerOptions", () => {
  it("lists the newest customers by name, always with the chosen one, and searches name, email and phone", async () => {
    await inSnapshot(async (db) => {
      const [old] = await db
        .insert(customers)
        .values({ name: `Aardvark ${tag}`, createdAt: new Date("2001-01-01") })
        .returning();
      const [b, a] = await db
        .insert(customers)
        .values([
          { name: `Zulu ${tag}`, email: `zulu.${tag}@example.com`, phone: "802-555-7301" },
          { name: `Yankee ${tag}`, phone: "802-555-7302" },
        ])
        .returning();

      const recent = await customerOptions(db);
      expect(recent.length).toBeLessThanOrEqual(100);
      expect(recent.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
      // The demo data alone has more than ten customers newer than 2001.
      expect((await customerOptions(db, { limit: 10 })).map((r) => r.id)).not.toContain(old.id);
      const names = recent.map((r) => r.name);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));

      const withChosen = await customerOptions(db, { includeId: old.id, limit: 5 });
      expect(withChosen[0]).toEqual({ id: old.id, name: `Aardvark ${tag}`, email: null, phone: null });
      expect(withChosen).toHaveLength(6);
      expect(await customerOptions(db, { includeId: old.id, limit: 0 })).toEqual([withChosen[0]]);

      expect((await customerOptions(db, { search: tag })).map((r) => r.name)).toEqual([
        `Aardvark ${tag}`,
        `Yankee ${tag}`,
        `Zulu ${tag}`,
      ]);
      expect((await customerOptions(db, { search: `ZULU.${tag}@` })).map((r) => r.id)).toEqual([b.id]);
      expect((await customerOptions(db, { search: "555-7302" })).map((r) => r.id)).toEqual([a.id]);
      expect(await customerOptions(db, { search: `${tag}%` })).toEqual([]);
    });
  });
});

describe("jobOptions", () => {
  it("lists the newest jobs without cancelled ones, with the chosen one, and searches title and customer", async () => {
    await inSnapshot(async (db) => {
      const [c] = await db
        .insert(customers)
        .values({ name: `Jobowner ${tag}` })
        .returning();
      const [open, cancelled] = await db
        .insert(jobs)
        .values([
          { customerId: c.id, title: `Pantry ${tag}`, status: "approved" },
          { customerId: c.id, title: `Bar ${tag}`, status: "cancelled" },
        ])
        .returning();
      const recent = await jobOptions(db);
      expect(recent.map((j) => j.id)).toContain(open.id);
      expect(recent.map((j) => j.id)).not.toContain(cancelled.id);
      expect(await jobOptions(db, { search: `jobowner ${tag}` })).toEqual([
        { id: open.id, title: `Pantry ${tag}`, customerId: c.id, customerName: `Jobowner ${tag}` },
      ]);
      // A cancelled job already chosen stays offered.
      expect((await jobOptions(db, { search: `Pantry ${tag}`, includeId: cancelled.id })).map((j) => j.id)).toEqual([
        cancelled.id,
        open.id,
      ]);
    });
  });
});

describe("readPickers", () => {
  it("Find: lists the matches, preselects a single one and turns the submit into a conform update intent", async () => {
    const db = await getDb();
    const [one] = await db
      .insert(customers)
      .values({ name: `Solo ${tag}`, email: `solo.${tag}@example.com` })
      .returning();
    const data = form({
      customerId: "",
      title: "Kept",
      findCustomer: ` solo.${tag} `,
      findCustomerListed: "",
      intent: "find-customer",
    });
    const lookups = await readPickers(db, data, CUSTOMER_PICKER);
    expect(lookups.customerId).toEqual({
      search: `solo.${tag}`,
      rows: [{ id: one.id, name: `Solo ${tag}`, email: `solo.${tag}@example.com`, phone: null }],
      matched: 1,
    });
    expect(data.get("customerId")).toBe(String(one.id));
    expect(JSON.parse(String(data.get("__intent__")))).toEqual({
      type: "update",
      payload: { name: "customerId", value: String(one.id) },
    });
  });

  it("keeps the chosen record and the listed search when the form is shown again, and finds on Enter in the box", async () => {
    const db = await getDb();
    const [chosen] = await db
      .insert(customers)
      .values({ name: `Kept ${tag}` })
      .returning();
    const [m1, m2] = await db
      .insert(customers)
      .values([{ name: `Many ${tag} 1` }, { name: `Many ${tag} 2` }])
      .returning();

    // A save (no find): the chosen customer, which is not a match, comes first; nothing is turned into an intent.
    const save = form({
      customerId: String(chosen.id),
      findCustomer: `Many ${tag}`,
      findCustomerListed: `Many ${tag}`,
    });
    expect(await readPickers(db, save, CUSTOMER_PICKER)).toEqual({
      customerId: {
        search: `Many ${tag}`,
        rows: [
          expect.objectContaining({ id: chosen.id }),
          expect.objectContaining({ id: m1.id }),
          expect.objectContaining({ id: m2.id }),
        ],
        matched: 2,
      },
    });
    expect(save.has("__intent__")).toBe(false);

    // Enter in the box with a new search: a find, several matches, the choice stays.
    const enter = form({ customerId: String(chosen.id), findCustomer: `Many ${tag}`, findCustomerListed: "" });
    const found = await readPickers(db, enter, CUSTOMER_PICKER);
    expect(found.customerId?.matched).toBe(2);
    expect(enter.get("customerId")).toBe(String(chosen.id));
    expect(enter.has("__intent__")).toBe(true);

    // Another intent (conform's "Add row") is never a find; an unknown id lists nothing.
    const addRow = form({
      customerId: "999999999",
      findCustomer: "new text",
      findCustomerListed: "",
      __intent__: '{"type":"insert","payload":{"name":"items"}}',
    });
    expect(await readPickers(db, addRow, CUSTOMER_PICKER)).toEqual({
      customerId: { search: "", rows: [], matched: 0 },
    });
    expect(addRow.get("__intent__")).toBe('{"type":"insert","payload":{"name":"items"}}');
  });

  it("handles the task and event dialogs' two pickers, with 'none' as no choice", async () => {
    const db = await getDb();
    const [c] = await db
      .insert(customers)
      .values({ name: `Twin ${tag}` })
      .returning();
    const [j] = await db
      .insert(jobs)
      .values({ customerId: c.id, title: `Twin job ${tag}` })
      .returning();
    const data = form({
      customerId: "none",
      jobId: "none",
      findCustomer: "",
      findCustomerListed: "",
      findJob: `twin job ${tag}`,
      findJobListed: "",
      intent: "find-job",
    });
    const lookups = await readPickers(db, data, CUSTOMER_AND_JOB_PICKERS);
    expect(lookups.customerId).toEqual({ search: "", rows: [], matched: 0 });
    expect(lookups.jobId).toMatchObject({
      search: `twin job ${tag}`,
      matched: 1,
      rows: [{ id: j.id, customerName: `Twin ${tag}` }],
    });
    expect(data.get("jobId")).toBe(String(j.id));
    expect(data.get("customerId")).toBe("none");
  });
});
