// Settings → System Export/Import (docs/decisions/csv-export-and-import.md) over real HTTP against
// the production server: the five CSV downloads (headers, exact money strings, formula-injection
// escaping, permission) and the customers import (aliases, quoted fields, all-or-nothing
// validation, duplicates, limits).
//
// Other files use the same database at the same time: every record made here carries this run's
// tag and is deleted afterwards; assertions look only at this file's rows.
import { parse } from "csv-parse/sync";
import { and, eq, ilike, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, inventoryItems, invoices, jobs, quotes } from "../../db/schema";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EVIL_NAME = `=HYPERLINK("http://x.test","${tag}")`;

let owner = "";
let installer = "";
const made = { customerId: 0, jobId: 0, quoteId: 0, invoiceId: 0, itemId: 0 };

beforeAll(async () => {
  [owner, installer] = await Promise.all([signIn("owner"), signIn("installer")]);
  const db = await getDb();
  const [customer] = await db
    .insert(customers)
    .values({ name: EVIL_NAME, email: `evil-${tag}@example.com`, city: "+Springfield", notes: `@note ${tag}` })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({
      customerId: customer.id,
      title: `-Kitchen ${tag}`,
      status: "approved",
      estimatedCost: "1234.50",
      startDate: "2026-03-04",
    })
    .returning();
  const [quote] = await db
    .insert(quotes)
    .values({
      customerId: customer.id,
      jobId: job.id,
      quoteNumber: `Q-${tag}`,
      title: `Quote ${tag}`,
      status: "sent",
      subtotal: "1135.17",
      taxAmount: "99.33",
      total: "1234.50",
    })
    .returning();
  const [invoice] = await db
    .insert(invoices)
    .values({
      customerId: customer.id,
      jobId: job.id,
      quoteId: quote.id,
      invoiceNumber: `INV-${tag}`,
      title: `Invoice ${tag}`,
      status: "sent",
      issueDate: "2026-03-01",
      dueDate: "2026-03-31",
      total: "1234.50",
      paidTotal: "200.00",
      balance: "1034.50",
    })
    .returning();
  const [item] = await db
    .insert(inventoryItems)
    .values({ sku: `SKU-${tag}`, name: `\tHinge ${tag}`, currentStock: "-2.0000", averageCost: "3.1250" })
    .returning();
  Object.assign(made, {
    customerId: customer.id,
    jobId: job.id,
    quoteId: quote.id,
    invoiceId: invoice.id,
    itemId: item.id,
  });
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(invoices).where(eq(invoices.id, made.invoiceId));
  await db.delete(quotes).where(eq(quotes.id, made.quoteId));
  await db.delete(jobs).where(eq(jobs.id, made.jobId));
  await db.delete(inventoryItems).where(eq(inventoryItems.id, made.itemId));
  await db
    .delete(activityLog)
    .where(and(eq(activityLog.type, "customers_imported"), like(activityLog.description, `%${tag}%`)));
  await db.delete(customers).where(ilike(customers.email, `%${tag}%`));
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
  await closeDb();
});

/** Downloads one export; the rows as objects keyed by the header row. */
async function download(file: string, cookie = owner) {
  const res = await fetch(`${baseUrl()}/settings/system/export/${file}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  const text = await res.text();
  return { res, text, rows: res.ok ? (parse(text, { columns: true }) as Record<string, string>[]) : [] };
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

describe("CSV export", () => {
  it("customers: a streamed attachment with a header row; formulas escaped", async () => {
    const { res, text, rows } = await download("customers.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // The demo data keeps the default business time zone.
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="customers-${today()}.csv"`);
    expect(text.split("\n")[0]).toBe("id,name,email,phone,address,city,state,zip_code,notes,created_at,updated_at");
    const row = rows.find((r) => r.id === String(made.customerId));
    expect(row).toMatchObject({
      name: `'${EVIL_NAME}`,
      email: `evil-${tag}@example.com`,
      city: "'+Springfield",
      notes: `'@note ${tag}`,
    });
    expect(row?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("jobs: customer name, status, exact money, ISO dates", async () => {
    const { res, rows } = await download("jobs.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="jobs-${today()}.csv"`);
    expect(rows.find((r) => r.id === String(made.jobId))).toMatchObject({
      title: `'-Kitchen ${tag}`,
      customer_id: String(made.customerId),
      customer_name: `'${EVIL_NAME}`,
      status: "approved",
      estimated_cost: "1234.50",
      actual_cost: "",
      start_date: "2026-03-04",
    });
  });

  it("quotes: job title and totals as exact decimals", async () => {
    const { res, rows } = await download("quotes.csv");
    expect(res.status).toBe(200);
    expect(rows.find((r) => r.id === String(made.quoteId))).toMatchObject({
      quote_number: `Q-${tag}`,
      job_title: `'-Kitchen ${tag}`,
      status: "sent",
      subtotal: "1135.17",
      tax_rate: "0.0875",
      tax_amount: "99.33",
      total: "1234.50",
    });
  });

  it("invoices: paid total and balance", async () => {
    const { res, rows } = await download("invoices.csv");
    expect(res.status).toBe(200);
    expect(rows.find((r) => r.id === String(made.invoiceId))).toMatchObject({
      invoice_number: `INV-${tag}`,
      quote_number: `Q-${tag}`,
      issue_date: "2026-03-01",
      due_date: "2026-03-31",
      total: "1234.50",
      paid_total: "200.00",
      balance: "1034.50",
    });
  });

  it("inventory items: a tab-led name escaped, a negative stock left a number", async () => {
    const { res, rows } = await download("inventory-items.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="inventory-items-${today()}.csv"`);
    expect(rows.find((r) => r.id === String(made.itemId))).toMatchObject({
      sku: `SKU-${tag}`,
      name: `'\tHinge ${tag}`,
      current_stock: "-2.0000",
      average_cost: "3.1250",
    });
  });

  it("an unknown table is a 404; an installer is refused; no session goes to login", async () => {
    expect((await download("users.csv")).res.status).toBe(404);
    expect((await download("customers", owner)).res.status).toBe(404);
    expect((await download("customers.csv", installer)).res.status).toBe(403);
    expect((await download("jobs.csv", installer)).res.status).toBe(403);
    const anonymous = await api("/settings/system/export/customers.csv");
    expect(anonymous.status).toBe(302);
  });
});

/** Posts a file to the import form as a browser does. */
async function upload(
  content: string | Uint8Array<ArrayBuffer>,
  opts: { name?: string; type?: string; cookie?: string } = {},
) {
  const form = new FormData();
  form.append("file", new Blob([content], { type: opts.type ?? "text/csv" }), opts.name ?? `customers-${tag}.csv`);
  const res = await fetch(`${baseUrl()}/settings/system/import`, {
    method: "POST",
    body: form,
    headers: { Cookie: opts.cookie ?? owner, Origin: baseUrl() },
    redirect: "manual",
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    text: await res.text(),
    cookie: res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0],
  };
}

async function customersTagged(marker: string) {
  return (await getDb())
    .select()
    .from(customers)
    .where(like(customers.name, `%${marker}%`));
}

/** The flash toast the redirect stored, as the next page shows it. */
async function toastAfter(cookie: string) {
  const page = await api("/settings/system", { cookie, headers: { Accept: "text/html" } });
  return String(page.body);
}

describe("CSV import (customers)", () => {
  it("imports with header aliases and a quoted field holding a comma and a line break", async () => {
    const m = `alias${tag}`;
    const csv = [
      "Customer Name,E-mail,Phone Number,Street,City,State,Zip Code,Notes",
      `Ann ${m},ann-${m}@example.com,555-0101,"12 Oak St, Apt 4",Austin,TX,78701,"Prefers mornings,\nside door"`,
      `Bob ${m},,,,,,,`,
    ].join("\r\n");
    const res = await upload(csv);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/settings/system");
    const html = await toastAfter(res.cookie!);
    expect(html).toContain("Import complete");
    expect(html).toContain("Added 2 customers, skipped 0 duplicates.");
    const rows = await customersTagged(m);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.name === `Ann ${m}`)).toMatchObject({
      email: `ann-${m}@example.com`,
      phone: "555-0101",
      address: "12 Oak St, Apt 4",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      notes: "Prefers mornings,\nside door",
    });
    expect(rows.find((r) => r.name === `Bob ${m}`)).toMatchObject({ email: null, phone: null });
    const [activity] = await (
      await getDb()
    )
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.type, "customers_imported"), like(activityLog.description, `%${tag}%`)));
    expect(activity?.description).toContain("Added 2 customers");
  });

  it("one invalid row imports nothing and names its line", async () => {
    const m = `bad${tag}`;
    const csv =
      `name,email\nGood ${m},good-${m}@example.com\n` +
      `"Multi ${m}\nline",multi-${m}@example.com\nBad ${m},not-an-email\n`;
    const res = await upload(csv);
    expect(res.status).toBe(400);
    // The quoted name spans lines 3 and 4, so the bad row is on line 5.
    expect(res.text).toContain("Line 5: Email: Enter a valid email address");
    expect(await customersTagged(m)).toHaveLength(0);
  });

  it("lists the first 20 errors, then how many more", async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `,missing-name-${i}-${tag}@example.com`);
    const res = await upload(`name,email\n${rows.join("\n")}\n`);
    expect(res.status).toBe(400);
    expect(res.text).toContain("Line 2: Name: Name is required");
    expect(res.text).toContain("Line 21: Name");
    expect(res.text).not.toContain("Line 22:");
    expect(res.text).toContain("and 5 more");
  });

  it("skips rows whose e-mail a customer already has (any case) or an earlier row repeats", async () => {
    const m = `dup${tag}`;
    await (await getDb()).insert(customers).values({ name: `Existing ${m}`, email: `known-${m}@example.com` });
    const csv = [
      "NAME,EMAIL",
      `Again ${m},KNOWN-${m}@Example.com`,
      `First ${m},new-${m}@example.com`,
      `Repeat ${m},New-${m}@example.com`,
      `No email ${m},`,
    ].join("\n");
    const res = await upload(csv);
    expect(res.status).toBe(302);
    expect(await toastAfter(res.cookie!)).toContain("Added 2 customers, skipped 2 duplicates.");
    const names = (await customersTagged(m)).map((r) => r.name).sort();
    expect(names).toEqual([`Existing ${m}`, `First ${m}`, `No email ${m}`]);
  });

  it("refuses an empty file, a header without rows, a missing Name column and a non-CSV file", async () => {
    const empty = await upload("");
    expect(empty.status).toBe(400);
    expect(empty.text).toMatch(/empty|Choose a CSV file/);
    const headerOnly = await upload("name,email\n");
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.text).toContain("no customers");
    const noName = await upload("email\nx@example.com\n");
    expect(noName.status).toBe(400);
    expect(noName.text).toContain("needs a &quot;Name&quot; column");
    const image = await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), {
      name: "photo.png",
      type: "image/png",
    });
    expect(image.status).toBe(400);
    expect(image.text).toContain("is not a CSV file");
  });

  it("refuses a file over 5 MB and over 10,000 rows", async () => {
    const big = `name\n${"x".repeat(5 * 1024 * 1024 + 10)}\n`;
    const tooLarge = await upload(big);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toContain("larger than 5 MB");
    const many = `name\n${Array.from({ length: 10_001 }, (_, i) => `Row ${i} many${tag}`).join("\n")}\n`;
    const tooMany = await upload(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain("at most 10,000");
    expect(await customersTagged(`many${tag}`)).toHaveLength(0);
  });

  it("an installer may not import", async () => {
    const res = await upload(`name\nNope ${tag}\n`, { cookie: installer });
    expect(res.status).toBe(403);
    expect(
      await (
        await getDb()
      )
        .select()
        .from(customers)
        .where(inArray(customers.name, [`Nope ${tag}`])),
    ).toHaveLength(0);
  });
});
