// Customers in Chromium with JavaScript ENABLED: the dialog routes open over the list, the search
// filters as you type, and the shell's keyboard shortcut, theme mirror and mobile sheet work.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ilike } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { customers } from "../../db/schema";
import { launchBrowser, newContext, rowAction, signInAs, waitForHydration } from "../setup/browser";

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

/** Fails the test on any uncaught error or CSP violation in the page. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Hydration|hydrat/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

describe("customers with JavaScript", () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext(browser, { javaScriptEnabled: true });
    page = await signInAs(context, "owner");
    errors = watchErrors(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  const name = `JS Customer ${tag}`;
  const city = `Jsville${tag}`;

  it("Add Customer opens a dialog over the list; submitting lands on the new customer with the toast", async () => {
    await page.goto("/customers");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add Customer" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.waitForURL("**/customers/new");
    expect(await dialog.getByRole("heading", { name: "Add New Customer" }).count()).toBe(1);
    // The list stays behind the dialog.
    // (Radix hides it from assistive tech while the dialog is open, so look it up by tag, not role.)
    expect(await page.locator("h2", { hasText: "All Customers" }).count()).toBe(1);
    expect(await page.locator("h1", { hasText: "Customers" }).isVisible()).toBe(true);

    // Client-side validation shows the message without a round trip.
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await dialog.getByText("Name is required").waitFor();
    expect(new URL(page.url()).pathname).toBe("/customers/new");

    await dialog.locator('input[name="name"]').fill(name);
    await dialog.locator('input[name="phone"]').fill("555-0177");
    await dialog.locator('input[name="email"]').fill(`js.${tag}@example.com`);
    await dialog.locator('input[name="city"]').fill(city);
    await dialog.getByRole("button", { name: /^(Add Customer|Adding\.\.\.)$/ }).click();

    await dialog.waitFor({ state: "detached" });
    await page.waitForURL(/\/customers\/\d+$/);
    const toastTitle = page.locator('[data-testid="toast-title"]');
    await toastTitle.waitFor();
    expect(await toastTitle.textContent()).toBe("Customer added");
    expect(await page.locator('[data-testid="toast-description"]').textContent()).toBe(
      `${name} has been successfully added to your customer database.`,
    );
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.getByText("555-0177").count()).toBeGreaterThan(0);
  });

  it("Escape on the edit dialog closes it and returns to /customers", async () => {
    await page.goto("/customers");
    await waitForHydration(page);
    await (await rowAction(page.locator(CUSTOMER_ROWS).filter({ hasText: name }), "Edit")).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.waitForURL(/\/customers\/\d+\/edit$/);
    expect(await dialog.locator('input[name="name"]').inputValue()).toBe(name);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForURL((url) => url.pathname === "/customers");
    // Nothing was saved, so no toast.
    expect(await page.locator('[data-testid="toast-title"]').count()).toBe(0);
  });

  it("typing in the search box filters the list without pressing Enter", async () => {
    await page.goto("/customers");
    await waitForHydration(page);
    const box = page.getByRole("searchbox", { name: "Search customers", exact: true });
    await box.pressSequentially(city.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get("search") === city.toLowerCase());
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="customer-count"]')?.textContent?.trim() === expected,
      "1",
    );
    const rows = page.locator(CUSTOMER_ROWS);
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(name);
    // The box kept focus and what was typed.
    expect(await box.inputValue()).toBe(city.toLowerCase());

    await box.fill(`qqzx-none-${tag}`);
    await page.getByText("No customers found matching your search.").waitFor();
    expect(await rows.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("search")).toBe(`qqzx-none-${tag}`);
  });

  it("delete from the row confirms in a dialog and removes it", async () => {
    await page.goto(`/customers?search=${encodeURIComponent(city)}`);
    await waitForHydration(page);
    // Row links navigate in the page (no reload: the marker survives) and keep the scroll position.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await (await rowAction(page.locator(CUSTOMER_ROWS).filter({ hasText: name }), "Delete")).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Are you sure you want to delete ${name}?`).waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    // The toast lives 5 s, so wait for it (rather than read it later).
    await page.locator('[data-testid="toast-title"]', { hasText: "Customer deleted" }).waitFor();
    await page.getByText("No customers found matching your search.").waitFor();
    expect(new URL(page.url()).searchParams.get("search")).toBe(city);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  it("sidebar links navigate without reloading and mark the current section", async () => {
    await page.goto("/customers");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    const nav = page.getByRole("navigation", { name: "Main navigation" }).or(page.locator("aside nav"));
    await nav.first().getByRole("link", { name: "Jobs" }).click();
    // Each wait has its own limit, so a slow run names the step that stalled (one CI run timed out here at 60 s).
    await page.waitForURL((url) => url.pathname === "/jobs", { timeout: 20_000 });
    await expect.poll(() => page.locator('aside a[aria-current="page"]').textContent()).toContain("Jobs");
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    // A modified click is left to the browser (a new tab), not hijacked.
    const [popup] = await Promise.all([
      context.waitForEvent("page", { timeout: 20_000 }),
      page
        .locator("aside")
        .getByRole("link", { name: "Customers" })
        .click({ modifiers: ["Control"] }),
    ]);
    await popup.close();
    expect(new URL(page.url()).pathname).toBe("/jobs");
  });

  it("ctrl+b toggles the sidebar and writes the sidebar_state cookie", async () => {
    await page.goto("/jobs");
    await waitForHydration(page);
    const shell = page.locator(".shell");
    expect(await shell.getAttribute("data-sidebar")).toBe("expanded");
    const cookie = async () => (await context.cookies()).find((c) => c.name === "sidebar_state")?.value;

    await page.keyboard.press("Control+b");
    await page.waitForSelector('.shell[data-sidebar="collapsed"]');
    expect(await cookie()).toBe("false");
    // The server renders the same state on the next load.
    await page.reload();
    await waitForHydration(page);
    expect(await shell.getAttribute("data-sidebar")).toBe("collapsed");

    await page.keyboard.press("Control+b");
    await page.waitForSelector('.shell[data-sidebar="expanded"]');
    expect(await cookie()).toBe("true");
    // No navigation happened.
    expect(new URL(page.url()).pathname).toBe("/jobs");
  });

  it("the theme toggle switches the theme and mirrors it to localStorage 'theme'", async () => {
    await page.goto("/customers");
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await page.waitForSelector("html.dark");
    await page.waitForFunction(() => localStorage.getItem("theme") === "dark");
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");

    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.waitForSelector("html.light");
    await page.waitForFunction(() => localStorage.getItem("theme") === "light");
  });

  it("raised no page errors, CSP violations or hydration mismatches", () => {
    expect(errors).toEqual([]);
  });
});

describe("on a phone-sized screen", () => {
  it("hides the sidebar until the menu button is clicked, and closes it after navigating", async () => {
    const context = await browser.newContext({
      baseURL: inject("baseUrl"),
      javaScriptEnabled: true,
      viewport: { width: 375, height: 700 },
    });
    try {
      const page = await signInAs(context, "owner");
      await page.goto("/customers");
      await waitForHydration(page);
      const sidebarRight = () =>
        page.evaluate(() => document.querySelector("aside.sidebar")!.getBoundingClientRect().right);
      expect(await sidebarRight()).toBeLessThanOrEqual(0);
      // The desktop collapse button is not offered.
      expect(await page.getByRole("button", { name: "Toggle sidebar" }).isVisible()).toBe(false);

      await page.getByLabel("Open menu").click();
      await page.waitForFunction(() => document.querySelector("aside.sidebar")!.getBoundingClientRect().left >= 0);
      const jobs = page
        .getByRole("complementary", { name: "Main navigation" })
        .getByRole("link", { name: "Jobs", exact: true });
      expect(await jobs.isVisible()).toBe(true);

      await jobs.click();
      await page.waitForURL("**/jobs");
      await page.waitForFunction(() => document.querySelector("aside.sidebar")!.getBoundingClientRect().right <= 0);
    } finally {
      await context.close();
    }
  });
});
