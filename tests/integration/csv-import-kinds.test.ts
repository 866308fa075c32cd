// Settings → System → Import Data for jobs, quotes, invoices and inventory items
// (docs/decisions/csv-export-and-import.md) over real HTTP: a good file imports the right rows (and
// server-computed totals), one bad line imports nothing and is named, duplicates are skipped, and
// two identical imports sent at the same moment add the rows once.
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import {
  activityLog,
  customers,
  inventoryCategories,
  inventoryItems,
  invoiceItems,
  invoices,
  jobs,
  quoteItems,
  quotes,
  suppliers,
} from "../../db/schema";
import { baseUrl, signIn } from "../setup/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let owner = "";
const made = { customerId: 0, categoryId: 0, supplierId: 0 };

beforeAll(async () => {
  owner = await signIn("owner");
  const db = await getDb();
  const [customer] = await db
    .insert(customers)
    .values({ name: `Imp Customer ${tag}`, email: `imp-${tag}@example.com` })
    .returning();
  const [category] = await db
    .insert(inventoryCategories)
    .values({ name: `Hardware ${tag}` })
    .returning();
  const [supplier] = await db
    .insert(suppliers)
    .values({ name: `Supplier ${tag}` })
    .returning();
  Object.assign(made, { customerId: customer.id, categoryId: category.id, supplierId: supplier.id });
});

afterAll(async () => {
  const db = await getDb();
  const invoiceIds = (
    await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, made.customerId))
  ).map((r) => r.id);
  if (invoiceIds.length) await db.delete(invoiceItems).where(inArray(invoiceItems.invoiceId, invoiceIds));
  await db.delete(invoices).where(eq(invoices.customerId, made.customerId));
  const quoteIds = (await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.customerId, made.customerId))).map(
    (r) => r.id,
  );
  if (quoteIds.length) await db.delete(quoteItems).where(inArray(quoteItems.quoteId, quoteIds));
  await db.delete(quotes).where(eq(quotes.customerId, made.customerId));
  await db.delete(jobs).where(eq(jobs.customerId, made.customerId));
  await db.delete(activityLog).where(eq(activityLog.customerId, made.customerId));
  await db.delete(activityLog).where(like(activityLog.description, `%${tag}%`));
  await db.delete(inventoryItems).where(like(inventoryItems.sku, `%${tag}%`));
  await db.delete(inventoryCategories).where(eq(inventoryCategories.id, made.categoryId));
  await db.delete(suppliers).where(eq(suppliers.id, made.supplierId));
  await db.delete(customers).where(eq(customers.id, made.customerId));
  await closeDb();
});

/** Posts a file to the import form as a browser does. */
async function upload(kind: string, content: string) {
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", new Blob([content], { type: "text/csv" }), `${kind}-${tag}.csv`);
  const res = await fetch(`${baseUrl()}/settings/system/import`, {
    method: "POST",
    body: form,
    headers: { Cookie: owner, Origin: baseUrl() },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

async function importActivities(type: string) {
  return (await getDb())
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.type, type), like(activityLog.description, `%${tag}%`)));
}

describe("CSV import: inventory items", () => {
  it("imports items with category and supplier by name; exported headers accepted", async () => {
    const csv = [
      "sku,name,type,category,unit,reorder_point,last_cost,sell_price,location,preferred_supplier,track_stock,active,tags",
      `HNG-${tag},Hinge ${tag},hardware,hardware ${tag},pair,10,3.1250,7.50,Bin 4,Supplier ${tag},true,true,soft close; blum`,
      `PLY-${tag},Plywood ${tag},,,sheet,,62.5,,,,,,`,
    ].join("\n");
    const res = await upload("inventory-items", csv);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/settings/system");
    const rows = await (
      await getDb()
    )
      .select()
      .from(inventoryItems)
      .where(like(inventoryItems.sku, `%${tag}`));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.sku === `HNG-${tag}`)).toMatchObject({
      name: `Hinge ${tag}`,
      type: "hardware",
      categoryId: made.categoryId,
      preferredSupplierId: made.supplierId,
      unit: "pair",
      reorderPoint: "10.0000",
      lastCost: "3.1250",
      sellPrice: "7.5000",
      location: "Bin 4",
      tags: ["soft close", "blum"],
      currentStock: "0.0000",
    });
    expect(rows.find((r) => r.sku === `PLY-${tag}`)).toMatchObject({
      type: "material",
      unit: "sheet",
      categoryId: null,
    });
    const [activity] = await importActivities("inventory_items_imported");
    expect(activity?.description).toContain("Added 2 inventory items, skipped 0 duplicates.");
  });

  it("an unknown category or a bad number imports nothing and names the lines", async () => {
    const csv = [
      "SKU,Name,Category,Sell Price",
      `OK-${tag},Fine ${tag},,1.00`,
      `CAT-${tag},Cat ${tag},Nowhere ${tag},1.00`,
      `NUM-${tag},Num ${tag},,abc`,
    ].join("\n");
    const res = await upload("inventory-items", csv);
    expect(res.status).toBe(400);
    expect(res.text).toContain(`Line 3: Category: no category named “Nowhere ${tag}”`);
    expect(res.text).toContain("Line 4: Sell price: Sell price must be a number with at most 4 decimals");
    const rows = await (
      await getDb()
    )
      .select()
      .from(inventoryItems)
      .where(like(inventoryItems.sku, `%-${tag}`));
    expect(rows.filter((r) => [`OK-${tag}`, `CAT-${tag}`, `NUM-${tag}`].includes(r.sku))).toHaveLength(0);
  });

  it("skips an SKU already known (any case) or repeated in the file", async () => {
    await (await getDb()).insert(inventoryItems).values({ sku: `KNOWN-${tag}`, name: `Known ${tag}` });
    const csv = ["sku,name", `known-${tag},Again ${tag}`, `NEW-${tag},New ${tag}`, `new-${tag},Repeat ${tag}`].join(
      "\n",
    );
    const res = await upload("inventory-items", csv);
    expect(res.status).toBe(302);
    const names = (
      await (
        await getDb()
      )
        .select()
        .from(inventoryItems)
        .where(like(inventoryItems.name, `%${tag}`))
    )
      .map((r) => r.name)
      .filter((n) => /^(Known|Again|New|Repeat) /.test(n))
      .sort();
    expect(names).toEqual([`Known ${tag}`, `New ${tag}`]);
    const activities = await importActivities("inventory_items_imported");
    expect(activities.map((a) => a.description).join("\n")).toContain("Added 1 inventory item, skipped 2 duplicates.");
  });

  it("two identical imports at the same moment add each item once", async () => {
    const csv = ["sku,name", ...Array.from({ length: 50 }, (_, i) => `CC${i}-${tag},Concurrent ${i} ${tag}`)].join(
      "\n",
    );
    const [a, b] = await Promise.all([upload("inventory-items", csv), upload("inventory-items", csv)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const rows = await (
      await getDb()
    )
      .select()
      .from(inventoryItems)
      .where(like(inventoryItems.sku, `CC%-${tag}`));
    expect(rows).toHaveLength(50);
    const descriptions = (await importActivities("inventory_items_imported")).map((x) => x.description).join("\n");
    expect(descriptions).toContain("Added 50 inventory items, skipped 0 duplicates.");
    expect(descriptions).toContain("Added 0 inventory items, skipped 50 duplicates.");
  });
});

describe("CSV import: the page", () => {
  it("serves a sample CSV per kind and refuses an unknown kind", async () => {
    const sample = await fetch(`${baseUrl()}/settings/system/import/sample/jobs.csv`, { headers: { Cookie: owner } });
    expect(sample.status).toBe(200);
    expect(sample.headers.get("content-type")).toContain("text/csv");
    expect((await sample.text()).split("\r\n")[0]).toContain("customer,title,status");
    const missing = await fetch(`${baseUrl()}/settings/system/import/sample/nope.csv`, { headers: { Cookie: owner } });
    expect(missing.status).toBe(404);
    const bad = await upload("payments", "a\nb\n");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Choose what to import from the list.");
  });
});
