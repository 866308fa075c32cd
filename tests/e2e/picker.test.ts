// The customer picker in a real browser: without JavaScript the native select lists a bounded
// set and "Find" re-renders the form with the matches (keeping what was typed); with JavaScript
// a combobox searches /api as you type and is driven by the keyboard.
import { eq, inArray, like } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, jobPhases, jobs, quoteItems, quotes, tasks } from "../../db/schema";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";

const tag = `pk${Date.now().toString(36)}`;
let browser: Browser;
const target = { a: 0, b: 0, job: 0 };

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await getDb();
  // Two customers long on the books: the pickers' short list (the 100 newest) leaves them out,
  // all the more once a hundred newer ones exist.
  const old = new Date("2001-02-03T12:00:00Z");
  const [a, b] = await db
    .insert(customers)
    .values([
      { name: `Zz Picker ${tag} Alder`, email: `alder.${tag}@example.com`, phone: "802-555-0141", createdAt: old },
      { name: `Zz Picker ${tag} Birch`, email: `birch.${tag}@example.com`, phone: "802-555-0142", createdAt: old },
    ])
    .returning();
  target.a = a.id;
  target.b = b.id;
  await db
    .insert(customers)
    .values(Array.from({ length: 100 }, (_, i) => ({ name: `Filler ${tag} ${String(i).padStart(3, "0")}` })));
  // An old job of Birch's, behind a hundred newer ones: outside the job picker's short list.
  const [oldJob] = await db
    .insert(jobs)
    .values({ customerId: b.id, title: `Walnut island ${tag}`, status: "approved", createdAt: old })
    .returning();
  target.job = oldJob.id;
  await db
    .insert(jobs)
    .values(Array.from({ length: 100 }, (_, i) => ({ customerId: a.id, title: `Filler job ${tag} ${i}` })));
});

afterAll(async () => {
  await browser?.close();
  await (await getDb()).delete(jobs).where(like(jobs.title, `Filler job ${tag} %`));
  await (await getDb()).delete(customers).where(like(customers.name, `Filler ${tag} %`));
});

/** Clicks or presses and waits for the resulting document (no JS: a full page load). */
async function andWait(page: Page, action: () => Promise<unknown>) {
  await Promise.all([page.waitForLoadState("load"), page.waitForNavigation(), action()]);
}

describe("customer picker without JavaScript", () => {
  it("finds a customer outside the short list in the New Quote dialog, keeping the typed line item, and creates the quote", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/quotes/new");
    const select = page.locator('#quote-form select[name="customerId"]');
    const offered = await select.locator("option").count();
    expect(offered).toBeLessThanOrEqual(101);
    expect(await select.locator(`option[value="${target.b}"]`).count()).toBe(0);

    await page.fill('#quote-form input[name="title"]', `Picker quote ${tag}`);
    await page.fill('input[name="items[0].description"]', "Birch vanity");
    await page.fill('input[name="items[0].quantity"]', "2");
    await page.fill('input[name="items[0].unitPrice"]', "415.50");
    const find = page.getByRole("searchbox", { name: "Find customer" });

    // Enter in the box runs the search (it does not save the quote): both customers are listed.
    await find.fill(`picker ${tag}`);
    await andWait(page, () => find.press("Enter"));
    expect(new URL(page.url()).pathname).toBe("/quotes/new");
    expect(await page.locator('[data-testid="toast-title"]').count()).toBe(0);
    expect(await select.locator("option").allTextContents()).toEqual([
      "Select a customer",
      `Zz Picker ${tag} Alder — 802-555-0141 · alder.${tag}@example.com`,
      `Zz Picker ${tag} Birch — 802-555-0142 · birch.${tag}@example.com`,
    ]);
    expect(await select.inputValue()).toBe("");
    expect(await page.getByRole("status").filter({ hasText: "2 customers match" }).count()).toBe(1);

    // The Find button with an exact match preselects it; nothing typed is lost, nothing is flagged.
    await find.fill(`birch.${tag}`);
    await andWait(page, () => page.getByRole("button", { name: "Find customer" }).click());
    expect(await select.inputValue()).toBe(String(target.b));
    expect(await page.inputValue('#quote-form input[name="title"]')).toBe(`Picker quote ${tag}`);
    expect(await page.inputValue('input[name="items[0].description"]')).toBe("Birch vanity");
    expect(await page.inputValue('input[name="items[0].quantity"]')).toBe("2");
    expect(await page.inputValue('input[name="items[0].unitPrice"]')).toBe("415.50");
    expect(await page.textContent('[data-testid="total"]')).toBe("$903.71");
    expect(await page.locator(".field-error").count()).toBe(0);

    // "Add row" (conform's no-JS intent) keeps the found customer in the select.
    await andWait(page, () => page.click('button:has-text("Add row")'));
    expect(await select.inputValue()).toBe(String(target.b));

    await andWait(page, () => page.click('button:has-text("Create Quote")'));
    expect(new URL(page.url()).pathname).toMatch(/^\/quotes\/\d+$/);
    expect(await page.locator('[data-testid="toast-title"]').first().textContent()).toBe("Quote created");
    const db = await getDb();
    const [saved] = await db
      .select()
      .from(quotes)
      .where(like(quotes.title, `Picker quote ${tag}`));
    expect(saved.customerId).toBe(target.b);
    const items = await db
      .select()
      .from(quoteItems)
      .where(inArray(quoteItems.quoteId, [saved.id]));
    expect(items.map((i) => [i.description, i.quantity, i.unitPrice])).toEqual([["Birch vanity", "2.00", "415.50"]]);
    await context.close();
  });
});

describe("job picker without JavaScript", () => {
  it("finds an old job in the New Quote dialog and links the quote to it", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/quotes/new?customerId=${target.b}`);
    const select = page.locator('#quote-form select[name="jobId"]');
    expect(await select.locator(`option[value="${target.job}"]`).count()).toBe(0);
    await page.fill('#quote-form input[name="title"]', `Job picker quote ${tag}`);
    await page.fill('input[name="items[0].description"]', "Island");
    await page.fill('input[name="items[0].unitPrice"]', "1200.00");
    await page.getByRole("searchbox", { name: "Find job" }).fill(`walnut island ${tag}`);
    await andWait(page, () => page.getByRole("button", { name: "Find job" }).click());
    expect(await select.inputValue()).toBe(String(target.job));
    expect(await page.locator('#quote-form select[name="customerId"]').inputValue()).toBe(String(target.b));
    await andWait(page, () => page.click('button:has-text("Create Quote")'));
    expect(new URL(page.url()).pathname).toMatch(/^\/quotes\/\d+$/);
    const [saved] = await (
      await getDb()
    )
      .select()
      .from(quotes)
      .where(like(quotes.title, `Job picker quote ${tag}`));
    expect([saved.customerId, saved.jobId]).toEqual([target.b, target.job]);
    await context.close();
  });
});

describe("customer picker with JavaScript", () => {
  it("searches as you type, picks with the keyboard and creates a job for the customer", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    await page.goto("/jobs");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add Job" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.locator('input[name="title"]').fill(`Picker job ${tag}`);

    const combobox = dialog.getByRole("combobox", { name: "Customer" });
    await combobox.click();
    await combobox.pressSequentially(`${tag} ald`);
    // The match comes from /api/customers (it is not in the short list), with its phone and e-mail.
    const listbox = dialog.getByRole("listbox", { name: "Customer" });
    const option = listbox.getByRole("option", { name: new RegExp(`Zz Picker ${tag} Alder`) });
    await option.waitFor();
    expect(await option.textContent()).toContain(`802-555-0141 · alder.${tag}@example.com`);
    expect(await listbox.getByRole("option").count()).toBe(1);
    await combobox.press("ArrowDown");
    expect(await option.getAttribute("aria-selected")).toBe("true");
    await combobox.press("Enter");
    expect(await combobox.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => combobox.inputValue()).toBe(`Zz Picker ${tag} Alder`);
    await expect.poll(() => dialog.locator('input[name="customerId"]').inputValue()).toBe(String(target.a));

    await Promise.all([page.waitForURL(/\/jobs\/\d+$/), dialog.getByRole("button", { name: "Create Job" }).click()]);
    await page.getByText("Job created").first().waitFor();
    const [job] = await (
      await getDb()
    )
      .select()
      .from(jobs)
      .where(like(jobs.title, `Picker job ${tag}`));
    expect(job.customerId).toBe(target.a);
    await context.close();
  });
});

describe("the installer's job picker with JavaScript", () => {
  it("Update Progress loads the chosen job's form as it is chosen: no Choose Job press, focus stays in the picker", async () => {
    const db = await getDb();
    const [job] = await db
      .insert(jobs)
      .values({ customerId: target.a, title: `Pantry wall ${tag}`, status: "approved" })
      .returning({ id: jobs.id });
    await db.insert(jobPhases).values({ jobId: job.id, name: `Carcasses ${tag}` });
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "installer");
    await page.goto("/update-progress");
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: "Choose Job" }).count()).toBe(0);
    const combobox = page.getByRole("combobox", { name: "Job", exact: true });
    await combobox.click();
    await combobox.pressSequentially(`pantry wall ${tag}`);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "1 job found" }).count()).toBe(1);
    // An arrow key passing over the job does not load it; Enter does.
    await combobox.press("ArrowDown");
    expect(await page.locator('select[name="status"]').count()).toBe(0);
    await combobox.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("jobId") === String(job.id));
    const status = page.locator('select[name="status"]');
    await status.waitFor();
    expect(await status.inputValue()).toBe("approved");
    expect(await page.locator('select[name="phaseId"] option').allTextContents()).toContain(
      `Carcasses ${tag} (planned)`,
    );
    expect(await combobox.evaluate((el) => el === document.activeElement)).toBe(true);
    await status.selectOption("in-progress");
    await page.locator('textarea[name="note"]').fill(`Started ${tag}`);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      page.getByRole("button", { name: "Update Progress" }).click(),
    ]);
    const [after] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
    expect(after.status).toBe("in-progress");
    await context.close();
  });

  it("Report Issue searches the open jobs as you type (a finished one is not offered) and reports on the one chosen", async () => {
    const db = await getDb();
    await db.insert(jobs).values({ customerId: target.b, title: `Walnut island ${tag} (old)`, status: "completed" });
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "installer");
    await page.goto("/report-issue");
    await waitForHydration(page);
    const combobox = page.getByRole("combobox", { name: "Job", exact: true });
    await combobox.click();
    await combobox.pressSequentially(`walnut island ${tag}`);
    const listbox = page.getByRole("listbox", { name: "Job" });
    await expect.poll(() => page.getByRole("status").filter({ hasText: "1 job found" }).count()).toBe(1);
    expect(await listbox.getByRole("option").allTextContents()).toEqual([`Walnut island ${tag}Zz Picker ${tag} Birch`]);
    await combobox.press("ArrowDown");
    await combobox.press("Enter");
    await expect.poll(() => page.locator('input[name="jobId"]').inputValue()).toBe(String(target.job));
    await page.locator('input[name="title"]').fill(`Split end panel ${tag}`);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      page.getByRole("button", { name: "Report Issue" }).click(),
    ]);
    const [task] = await db
      .select()
      .from(tasks)
      .where(like(tasks.title, `Split end panel ${tag}`));
    expect(task).toMatchObject({ jobId: target.job, type: "issue" });
    await context.close();
  });
});
