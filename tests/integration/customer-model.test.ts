// The customer model against the real PostgreSQL test database.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { activityLog, jobs } from "../../db/schema";
import { containsPattern } from "../../app/utils/search.server";
import { createCustomer, deleteCustomer, getCustomerDetail, listCustomers } from "../../app/models/customer.server";

const tag = `cm${Date.now().toString(36)}`;

describe("customer model", () => {
  it("searches name, email, phone and city, case-insensitively, with literal % and _", async () => {
    const db = await getDb();
    const a = await createCustomer(db, {
      name: `Zed ${tag} Alpha`,
      email: `alpha.${tag}@example.com`,
      phone: "802-555-0199",
      city: `Stowe${tag}`,
    });
    await createCustomer(db, { name: `Zed ${tag} 100% Maple` });
    expect((await listCustomers(db, { search: tag.toUpperCase(), limit: 50, offset: 0 })).total).toBe(2);
    expect((await listCustomers(db, { search: `ALPHA.${tag}`, limit: 50, offset: 0 })).rows.map((r) => r.id)).toEqual([
      a.id,
    ]);
    expect((await listCustomers(db, { search: `stowe${tag}`, limit: 50, offset: 0 })).rows.map((r) => r.id)).toEqual([
      a.id,
    ]);
    expect((await listCustomers(db, { search: `${tag} 100%`, limit: 50, offset: 0 })).total).toBe(1);
    // "%" alone must not match everything.
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect((await listCustomers(db, { search: `${tag}_`, limit: 50, offset: 0 })).total).toBe(0);
  });

  it("pages newest first with the full count", async () => {
    const db = await getDb();
    for (let i = 0; i < 3; i++) await createCustomer(db, { name: `Pager ${tag} ${i}` });
    const first = await listCustomers(db, { search: `Pager ${tag}`, limit: 2, offset: 0 });
    const second = await listCustomers(db, { search: `Pager ${tag}`, limit: 2, offset: 2 });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.name)).toEqual([`Pager ${tag} 2`, `Pager ${tag} 1`]);
    expect(second.rows.map((r) => r.name)).toEqual([`Pager ${tag} 0`]);
  });

  it("writes an activity entry on create and refuses to delete a customer with jobs", async () => {
    const db = await getDb();
    const c = await createCustomer(db, { name: `Has Jobs ${tag}` });
    const logged = await db.select().from(activityLog).where(eq(activityLog.customerId, c.id));
    expect(logged.map((l) => l.type)).toContain("customer_created");
    await db.insert(jobs).values({ customerId: c.id, title: "Kitchen" });
    await expect(deleteCustomer(db, c.id)).rejects.toMatchObject({
      status: 409,
      message: `Has Jobs ${tag} has 1 job and cannot be deleted.`,
    });
    expect((await getCustomerDetail(db, c.id))?.counts.jobs).toBe(1);
    await expect(deleteCustomer(db, 2_000_000_000)).rejects.toMatchObject({ status: 404 });
  });
});
