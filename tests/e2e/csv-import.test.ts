// Settings → System Export/Import in Chromium with JavaScript DISABLED
// (docs/decisions/csv-export-and-import.md; the style guide: test the no-JS path): a customers CSV
// uploaded through the file input, the toast, the customers; a bad file answered on the import page
// with its line; an export link downloads a CSV.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, jobs } from "../../db/schema";
import { launchBrowser, newContext, signInAs } from "../setup/browser";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { javaScriptEnabled: false });
  page = await signInAs(context, "office");
});

afterAll(async () => {
  await browser?.close();
  const db = await getDb();
  await db.delete(jobs).where(like(jobs.title, `%${tag}%`));
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
  await db.delete(activityLog).where(like(activityLog.description, `%${tag}%`));
  await closeDb();
});

async function uploadCsv(name: string, csv: string, kind?: string) {
  await page.goto("/settings/system");
  if (kind) await page.selectOption("#import-kind", { label: kind });
  await page.setInputFiles("#import-file", { name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    page.getByRole("button", { name: "Import", exact: true }).click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
}

describe("Settings → System without JavaScript", () => {
  it("imports a customers CSV and shows the toast", async () => {
    await uploadCsv(
      `customers-${tag}.csv`,
      `Name,Email,City\nAda ${tag},ada-${tag}@example.com,"Portland, OR"\nBen ${tag},,Salem\n`,
    );
    expect(new URL(page.url()).pathname).toBe("/settings/system");
    const title = page.locator('[data-testid="toast-title"]');
    await title.waitFor({ state: "attached" });
    expect((await title.textContent())?.trim()).toBe("Import complete");
    expect(await page.content()).toContain("Added 2 customers, skipped 0 duplicates.");
    const rows = await (
      await getDb()
    )
      .select()
      .from(customers)
      .where(like(customers.name, `%${tag}%`));
    expect(rows.map((r) => [r.name, r.email, r.city]).sort()).toEqual([
      [`Ada ${tag}`, `ada-${tag}@example.com`, "Portland, OR"],
      [`Ben ${tag}`, null, "Salem"],
    ]);
  });

  it("shows a bad row's line on the import page and imports nothing", async () => {
    await uploadCsv(`bad-${tag}.csv`, `name,email\nCal ${tag},cal-${tag}@example.com\nDee ${tag},dee-at-example\n`);
    expect(new URL(page.url()).pathname).toBe("/settings/system/import");
    await expect(page.locator("#import-errors").textContent()).resolves.toContain(
      "Line 3: Email: Enter a valid email address",
    );
    const rows = await (
      await getDb()
    )
      .select()
      .from(customers)
      .where(like(customers.name, `Cal ${tag}%`));
    expect(rows).toHaveLength(0);
  });

  it("imports a jobs CSV chosen under What to import", async () => {
    await (await getDb()).insert(customers).values({ name: `Jobs Owner ${tag}`, email: `jobs-${tag}@example.com` });
    await uploadCsv(
      `jobs-${tag}.csv`,
      `customer,title,status,estimated_cost\njobs-${tag}@example.com,Built-ins ${tag},approved,4200.00\n`,
      "Jobs",
    );
    expect(new URL(page.url()).pathname).toBe("/settings/system");
    expect(await page.content()).toContain("Added 1 job, skipped 0 duplicates.");
    const rows = await (
      await getDb()
    )
      .select()
      .from(jobs)
      .where(like(jobs.title, `%${tag}%`));
    expect(rows.map((r) => [r.title, r.status, r.estimatedCost])).toEqual([
      [`Built-ins ${tag}`, "approved", "4200.00"],
    ]);
  });

  it("keeps the chosen kind when a jobs file is refused", async () => {
    await uploadCsv(`jobs-bad-${tag}.csv`, `customer,title\nNobody ${tag},Shelves ${tag}\n`, "Jobs");
    expect(new URL(page.url()).pathname).toBe("/settings/system/import");
    await expect(page.locator("#import-errors").textContent()).resolves.toContain(
      `Line 2: Customer: no customer named “Nobody ${tag}”`,
    );
    expect(await page.locator("#import-kind").inputValue()).toBe("jobs");
  });

  it("downloads a sample CSV from the page", async () => {
    await page.goto("/settings/system");
    await page.locator("summary", { hasText: "Inventory items" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download a sample inventory items CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("inventory-items-sample.csv");
  });

  it("downloads an export from its link", async () => {
    await page.goto("/settings/system");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Customers (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await download.createReadStream();
    let text = "";
    for await (const chunk of stream) text += chunk.toString();
    expect(text.startsWith("id,name,email,")).toBe(true);
  });
});
