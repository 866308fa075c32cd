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

describe("CSV import: jobs", () => {
  it("imports jobs for a customer named by name or e-mail, with exact money and past dates", async () => {
    const csv = [
      "customer_name,title,status,estimated_cost,start_date,completion_date,notes",
      `Imp Customer ${tag},Kitchen ${tag},completed,12500.50,2024-03-01,2024-04-15,Old job`,
      `IMP-${tag}@EXAMPLE.COM,Vanity ${tag},,,,,`,
    ].join("\n");
    const res = await upload("jobs", csv);
    expect(res.status).toBe(302);
    const rows = await (await getDb()).select().from(jobs).where(eq(jobs.customerId, made.customerId));
    expect(rows.find((r) => r.title === `Kitchen ${tag}`)).toMatchObject({
      status: "completed",
      estimatedCost: "12500.50",
      startDate: "2024-03-01",
      completionDate: "2024-04-15",
      notes: "Old job",
    });
    expect(rows.find((r) => r.title === `Vanity ${tag}`)).toMatchObject({ status: "quoted", estimatedCost: null });
  });

  it("an unknown customer imports nothing and names the line and the customer", async () => {
    const csv = ["customer,title", `Imp Customer ${tag},Closet ${tag}`, `Nobody ${tag},Pantry ${tag}`].join("\n");
    const res = await upload("jobs", csv);
    expect(res.status).toBe(400);
    expect(res.text).toContain(`Line 3: Customer: no customer named “Nobody ${tag}”`);
    const rows = await (
      await getDb()
    )
      .select()
      .from(jobs)
      .where(like(jobs.title, `Closet ${tag}`));
    expect(rows).toHaveLength(0);
  });

  it("skips a job the customer already has with the same title", async () => {
    const csv = ["customer,title", `Imp Customer ${tag},kitchen ${tag}`, `Imp Customer ${tag},Mudroom ${tag}`].join(
      "\n",
    );
    const res = await upload("jobs", csv);
    expect(res.status).toBe(302);
    const titles = (await (await getDb()).select().from(jobs).where(eq(jobs.customerId, made.customerId)))
      .map((r) => r.title)
      .sort();
    expect(titles).toEqual([`Kitchen ${tag}`, `Mudroom ${tag}`, `Vanity ${tag}`]);
    const activities = (await importActivities("jobs_imported")).map((a) => a.description).join("\n");
    expect(activities).toContain("Added 1 job, skipped 1 duplicate.");
  });

  it("two identical job imports at the same moment add each job once", async () => {
    const csv = [
      "customer,title",
      ...Array.from({ length: 20 }, (_, i) => `Imp Customer ${tag},Same ${i} ${tag}`),
    ].join("\n");
    const [a, b] = await Promise.all([upload("jobs", csv), upload("jobs", csv)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const rows = await (
      await getDb()
    )
      .select()
      .from(jobs)
      .where(like(jobs.title, `Same % ${tag}`));
    expect(rows).toHaveLength(20);
  });
});

describe("CSV import: quotes with items", () => {
  it("groups rows by quote number and computes totals on the server", async () => {
    const csv = [
      "quote_number,customer,title,status,valid_until,tax_rate,description,quantity,unit_price",
      `Q1-${tag},Imp Customer ${tag},Kitchen quote ${tag},draft,2025-01-31,0.0825,Base cabinet,4,450.00`,
      `Q1-${tag},,,,,,Installation,1,800.00`,
      `Q2-${tag},imp-${tag}@example.com,Bath quote ${tag},sent,,0,Vanity,1,999.99`,
    ].join("\n");
    const res = await upload("quotes", csv);
    expect(res.status).toBe(302);
    const db = await getDb();
    const [q1] = await db
      .select()
      .from(quotes)
      .where(eq(quotes.quoteNumber, `Q1-${tag}`));
    // 4 × 450.00 + 800.00 = 2600.00; 8.25% tax = 214.50.
    expect(q1).toMatchObject({
      title: `Kitchen quote ${tag}`,
      status: "draft",
      validUntil: "2025-01-31",
      subtotal: "2600.00",
      taxAmount: "214.50",
      total: "2814.50",
    });
    const items = await db.select().from(quoteItems).where(eq(quoteItems.quoteId, q1.id));
    expect(items.map((i) => [i.description, i.quantity, i.unitPrice]).sort()).toEqual([
      ["Base cabinet", "4.00", "450.00"],
      ["Installation", "1.00", "800.00"],
    ]);
    const [q2] = await db
      .select()
      .from(quotes)
      .where(eq(quotes.quoteNumber, `Q2-${tag}`));
    expect(q2).toMatchObject({ status: "sent", total: "999.99" });
    const activities = (await importActivities("quotes_imported")).map((a) => a.description).join("\n");
    expect(activities).toContain("Added 2 quotes, skipped 0 duplicates.");
  });

  it("a bad item line imports nothing and names the line; an existing number is skipped", async () => {
    const bad = [
      "quote number,customer,title,description,quantity,unit price",
      `Q3-${tag},Imp Customer ${tag},Closet ${tag},Shelf,2,10.00`,
      `Q3-${tag},,,Rod,two,5.00`,
    ].join("\n");
    const refused = await upload("quotes", bad);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/Line 3: Quantity: /);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(quotes)
        .where(eq(quotes.quoteNumber, `Q3-${tag}`)),
    ).toHaveLength(0);

    const again = [
      "quote_number,customer,title,description,quantity,unit_price",
      `Q1-${tag},Imp Customer ${tag},Changed ${tag},Other,1,1.00`,
      `Q4-${tag},Imp Customer ${tag},Pantry ${tag},Shelf,3,12.34`,
    ].join("\n");
    const res = await upload("quotes", again);
    expect(res.status).toBe(302);
    const [q1] = await db
      .select()
      .from(quotes)
      .where(eq(quotes.quoteNumber, `Q1-${tag}`));
    expect(q1.title).toBe(`Kitchen quote ${tag}`);
    const [q4] = await db
      .select()
      .from(quotes)
      .where(eq(quotes.quoteNumber, `Q4-${tag}`));
    expect(q4.subtotal).toBe("37.02");
  });

  it("two identical quote imports at the same moment create each quote once", async () => {
    const csv = [
      "quote_number,customer,title,description,quantity,unit_price",
      ...Array.from({ length: 5 }, (_, i) => `QC${i}-${tag},Imp Customer ${tag},Same quote ${i} ${tag},Shelf,1,10.00`),
    ].join("\n");
    const [a, b] = await Promise.all([upload("quotes", csv), upload("quotes", csv)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const rows = await (
      await getDb()
    )
      .select()
      .from(quotes)
      .where(like(quotes.quoteNumber, `QC%-${tag}`));
    expect(rows).toHaveLength(5);
    const activities = (await importActivities("quotes_imported")).map((x) => x.description).join("\n");
    expect(activities).toContain("Added 0 quotes, skipped 5 duplicates.");
  });
});

describe("CSV import: invoices with items", () => {
  it("groups rows by invoice number, computes totals and balance on the server", async () => {
    const csv = [
      "invoice_number,customer_name,title,status,issue_date,due_date,payment_terms,tax_rate,description,quantity,unit_price",
      `I1-${tag},Imp Customer ${tag},Kitchen invoice ${tag},sent,2024-01-15,2024-02-14,Net 30,0.1,Cabinets,2,1000.00`,
      `I1-${tag},,,,,,,,Delivery,1,150.50`,
    ].join("\n");
    const res = await upload("invoices", csv);
    expect(res.status).toBe(302);
    const db = await getDb();
    const [inv] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.invoiceNumber, `I1-${tag}`));
    expect(inv).toMatchObject({
      title: `Kitchen invoice ${tag}`,
      status: "sent",
      issueDate: "2024-01-15",
      dueDate: "2024-02-14",
      paymentTerms: "Net 30",
      subtotal: "2150.50",
      taxAmount: "215.05",
      total: "2365.55",
      balance: "2365.55",
    });
    expect(await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, inv.id))).toHaveLength(2);
  });

  it("refuses a missing due date and a paid status by line; skips an existing number", async () => {
    const bad = [
      "invoice_number,customer,title,status,due_date,description,quantity,unit_price",
      `I2-${tag},Imp Customer ${tag},A ${tag},sent,,Thing,1,1.00`,
      `I3-${tag},Imp Customer ${tag},B ${tag},paid,2024-05-01,Thing,1,1.00`,
    ].join("\n");
    const refused = await upload("invoices", bad);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Line 2: Due date: Due date is required");
    expect(refused.text).toContain("Line 3: Status: paid comes from recorded payments");
    const db = await getDb();
    expect(
      await db
        .select()
        .from(invoices)
        .where(inArray(invoices.invoiceNumber, [`I2-${tag}`, `I3-${tag}`])),
    ).toHaveLength(0);
    const again = [
      "invoice_number,customer,title,due_date,description,quantity,unit_price",
      `I1-${tag},Imp Customer ${tag},Changed ${tag},2024-05-01,Thing,1,1.00`,
    ].join("\n");
    const res = await upload("invoices", again);
    expect(res.status).toBe(302);
    const activities = (await importActivities("invoices_imported")).map((a) => a.description).join("\n");
    expect(activities).toContain("Added 0 invoices, skipped 1 duplicate.");
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
