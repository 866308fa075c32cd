// Customers in Chromium with JavaScript DISABLED (docs/decisions/dialogs-as-routes.md: every screen
// renders on the server and every create, edit and delete works as a plain HTML form). Also the
// installer's 403, and the theme toggle and sidebar collapse as plain form posts that persist in
// cookies.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ilike } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { customers } from "../../db/schema";
import { launchBrowser, newContext, rowAction, signInAs } from "../setup/browser";

/** The Customers list's rows (they carry no test id). */
const CUSTOMER_ROWS = 'table[aria-label="Customers"] > tbody > tr';

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const db = await getDb();
  await db.delete(customers).where(ilike(customers.name, `%${tag}%`));
  await closeDb();
});

/** The flash toast's title and description (read from the DOM: without JS it fades by CSS after 5 s). */
async function toast(page: Page) {
  const title = page.locator('[data-testid="toast-title"]');
  await title.waitFor({ state: "attached" });
  return {
    title: (await title.textContent())?.trim(),
    description: (await page.locator('[data-testid="toast-description"]').textContent())?.trim(),
  };
}

async function count(page: Page) {
  return (await page.locator('[data-testid="customer-count"]').textContent())?.trim();
}

/** Clicks a submit control and returns the response of the POST it sends. */
async function submit(page: Page, click: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  return response;
}

describe("customers without JavaScript", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, { javaScriptEnabled: false });
    page = await signInAs(context, "owner");
  });

  afterAll(async () => {
    await context?.close();
  });

  const name = `NoJS Customer ${tag}`;
  const city = `Nojsville${tag}`;
  const email = `nojs.${tag}@example.com`;
  let detailPath = "";

  it("really runs without JavaScript", async () => {
    await page.goto("/customers");
    // Hydration never happens: the root's effect that sets data-hydrated does not run.
    expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
    expect(await page.locator("h1").first().textContent()).toContain("Customers");
  });

  it("Add Customer opens the form as a page; a blank name is refused with 'Name is required'", async () => {
    await page.goto("/customers");
    await Promise.all([
      page.waitForURL("**/customers/new"),
      page.getByRole("link", { name: "Add Customer" }).first().click(),
    ]);
    expect(await page.getByRole("dialog").getByRole("heading").first().textContent()).toBe("Add New Customer");

    // Truly empty: the browser's own required-field check keeps the form from being sent.
    await page.getByRole("button", { name: "Add Customer" }).click();
    expect(new URL(page.url()).pathname).toBe("/customers/new");
    expect(
      await page.locator('input[name="name"]').evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).toBe(true);

    // Blank (spaces only) passes the browser and is refused by the server.
    await page.fill('input[name="name"]', "   ");
    await page.fill('input[name="city"]', city);
    const response = await submit(page, () => page.getByRole("button", { name: "Add Customer" }).click());
    expect(response.status()).toBe(400);
    expect(new URL(page.url()).pathname).toBe("/customers/new");
    expect(await page.getByText("Name is required").count()).toBeGreaterThan(0);
    // What was typed is kept.
    expect(await page.locator('input[name="city"]').inputValue()).toBe(city);
  });

  it("a filled form creates the customer and lands on it with the 'Customer added' toast", async () => {
    await page.fill('input[name="name"]', name);
    await page.fill('input[name="phone"]', "555-0142");
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="city"]', city);
    const response = await submit(page, () => page.getByRole("button", { name: "Add Customer" }).click());
    expect(response.status()).toBe(302);
    expect(new URL(page.url()).pathname).toMatch(/^\/customers\/\d+$/);
    expect(await toast(page)).toEqual({
      title: "Customer added",
      description: `${name} has been successfully added to your customer database.`,
    });
    // The flash is shown once: a reload has no toast.
    await page.reload();
    expect(await page.locator('[data-testid="toast-title"]').count()).toBe(0);
  });

  it("search by city finds it, and a nonsense term finds nothing", async () => {
    await page.goto("/customers");
    await page.fill('input[name="search"]', city.toUpperCase());
    await Promise.all([page.waitForURL(/search=/), page.getByRole("button", { name: "Search", exact: true }).click()]);
    expect(new URL(page.url()).searchParams.get("search")).toBe(city.toUpperCase());
    expect(await count(page)).toBe("1");
    const rows = page.locator(CUSTOMER_ROWS);
    expect(await rows.count()).toBe(1);
    const row = await rows.first().textContent();
    expect(row).toContain(name);
    expect(row).toContain("555-0142");
    expect(row).toContain(email);
    expect(row).toContain(city);

    await page.fill('input[name="search"]', `zzqx-nothing-${tag}`);
    await Promise.all([page.waitForURL(/zzqx/), page.getByRole("button", { name: "Search", exact: true }).click()]);
    expect(await count(page)).toBe("0");
    expect(await page.getByText("No customers found matching your search.").count()).toBe(1);
    expect(await page.locator(CUSTOMER_ROWS).count()).toBe(0);
  });

  it("the detail page shows the name and contact details", async () => {
    await page.goto(`/customers?search=${encodeURIComponent(city)}`);
    await Promise.all([page.waitForURL(/\/customers\/\d+$/), page.getByRole("link", { name, exact: true }).click()]);
    detailPath = new URL(page.url()).pathname;
    expect(await page.locator("h1").first().textContent()).toBe(name);
    const body = await page.locator("main").textContent();
    expect(body).toContain("555-0142");
    expect(body).toContain(email);
    expect(body).toContain(city);
    expect(body).toContain("No jobs for this customer yet.");
  });

  it("edit changes the phone: 'Customer updated' and the new phone in the row", async () => {
    await page.goto(`/customers?search=${encodeURIComponent(city)}`);
    const edit = await rowAction(page.locator(CUSTOMER_ROWS).filter({ hasText: name }), "Edit");
    await Promise.all([page.waitForURL(/\/customers\/\d+\/edit/), edit.click()]);
    expect(new URL(page.url()).searchParams.get("search")).toBe(city);
    // The form is prefilled.
    expect(await page.locator('input[name="name"]').inputValue()).toBe(name);
    expect(await page.locator('input[name="phone"]').inputValue()).toBe("555-0142");
    await page.fill('input[name="phone"]', "555-0199");
    const response = await submit(page, () => page.getByRole("button", { name: "Save Changes" }).click());
    expect(response.status()).toBe(302);
    // Back on the list, with the search kept.
    expect(new URL(page.url()).pathname).toBe("/customers");
    expect(new URL(page.url()).searchParams.get("search")).toBe(city);
    expect((await toast(page)).title).toBe("Customer updated");
    const row = await page.locator(CUSTOMER_ROWS).first().textContent();
    expect(row).toContain("555-0199");
    expect(row).not.toContain("555-0142");
  });

  it("edit with a blank name is refused and changes nothing", async () => {
    await page.goto(detailPath + "/edit");
    await page.fill('input[name="name"]', "  ");
    const response = await submit(page, () => page.getByRole("button", { name: "Save Changes" }).click());
    expect(response.status()).toBe(400);
    expect(await page.getByText("Name is required").count()).toBeGreaterThan(0);
    await page.goto(detailPath);
    expect(await page.locator("h1").first().textContent()).toBe(name);
  });

  it("delete from the row asks for confirmation, then 'Customer deleted' and it is gone", async () => {
    await page.goto(`/customers?search=${encodeURIComponent(city)}`);
    const del = await rowAction(page.locator(CUSTOMER_ROWS).filter({ hasText: name }), "Delete");
    await Promise.all([page.waitForURL(/\/customers\/\d+\/delete/), del.click()]);
    expect(await page.getByText(`Are you sure you want to delete ${name}?`).count()).toBe(1);
    // Nothing is deleted until the button is pressed.
    expect(await count(page)).toBe("1");

    const response = await submit(page, () => page.getByRole("button", { name: "Delete", exact: true }).click());
    expect(response.status()).toBe(302);
    expect(new URL(page.url()).pathname).toBe("/customers");
    expect((await toast(page)).title).toBe("Customer deleted");
    expect(await count(page)).toBe("0");
    expect(await page.getByText("No customers found matching your search.").count()).toBe(1);

    const gone = await page.goto(detailPath);
    expect(gone?.status()).toBe(404);
  });
});

describe("an installer without JavaScript", () => {
  it("gets the 403 page on /customers and has no Customers link", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    try {
      const page = await signInAs(context, "installer");
      const response = await page.goto("/customers");
      expect(response?.status()).toBe(403);
      expect(await page.getByText("You do not have permission to view this page.").count()).toBe(1);
      const nav = page.getByRole("complementary", { name: "Main navigation" }).getByRole("navigation");
      expect(await nav.locator('a[href="/customers"]').count()).toBe(0);
      expect(await nav.locator("a").allTextContents()).toEqual(["Home", "Jobs", "Schedule", "Tasks", "Photos"]);
      expect(await page.locator('[data-testid="sidebar-role"]').textContent()).toBe("Installer");
    } finally {
      await context.close();
    }
  });
});

describe("shell preferences without JavaScript", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, { javaScriptEnabled: false });
    page = await signInAs(context, "owner");
  });

  afterAll(async () => {
    await context?.close();
  });

  const htmlClass = async () => {
    const classes = ((await page.locator("html").getAttribute("class")) ?? "").split(/\s+/);
    return ["light", "dark"].filter((c) => classes.includes(c)).join(" ");
  };
  const sidebar = () => page.locator(".shell").getAttribute("data-sidebar");
  const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name)?.value;

  it("the theme toggle switches html to dark, and it persists across a reload", async () => {
    await page.goto("/customers?search=abc");
    expect(await htmlClass()).toBe("light");
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/preferences") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Switch to dark theme" }).click(),
    ]);
    await page.waitForSelector("html.dark");
    // Back on the same page.
    expect(new URL(page.url()).pathname).toBe("/customers");
    expect(new URL(page.url()).searchParams.get("search")).toBe("abc");
    expect(await cookie("theme")).toBe("dark");
    await page.reload();
    expect(await htmlClass()).toBe("dark");
    await page.goto("/");
    expect(await htmlClass()).toBe("dark");

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.waitForSelector("html.light");
    expect(await cookie("theme")).toBe("light");
  });

  it("the sidebar collapse button sets data-sidebar=collapsed, kept in the sidebar_state cookie", async () => {
    await page.goto("/jobs");
    expect(await sidebar()).toBe("expanded");
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await page.waitForSelector('.shell[data-sidebar="collapsed"]');
    expect(new URL(page.url()).pathname).toBe("/jobs");
    const stored = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(stored?.value).toBe("false");
    // Kept for 7 days.
    const days = ((stored?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);

    await page.reload();
    expect(await sidebar()).toBe("collapsed");
    await page.goto("/customers");
    expect(await sidebar()).toBe("collapsed");

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await page.waitForSelector('.shell[data-sidebar="expanded"]');
    expect(await cookie("sidebar_state")).toBe("true");
  });
});
