// A list row's ⋯ menu (app/components/data-table.tsx, docs/decisions/list-rows-once.md): without JS
// a link that brings the list back with that row's menu open; with JS the same menu opens in place
// (no request), one at a time, Escape closes it. The rows are sent once: as HTML in a document, as
// data on a client navigation (filtering as you type still redraws them).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs, waitForHydration, keepScreenshot } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

/** The Customers list's rows (they carry no test id). */
const CUSTOMER_ROWS = 'table[aria-label="Customers"] > tbody > tr';

const tag = `rm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const names = [`${tag} Alpha Cabinets`, `${tag} Beta Cabinets`, `${tag} Gamma Cabinets`];
let browser: Browser;
let owner = "";
const ids: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signIn("owner");
  for (const name of names) {
    const res = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name, phone: "704-555-0199", email: `${name.split(" ")[1].toLowerCase()}.${tag}@example.com` },
      headers: { Origin: baseUrl() },
    });
    ids.push(res.body.id);
  }
});

afterAll(async () => {
  for (const id of ids) {
    await api(`/api/customers/${id}`, { method: "DELETE", cookie: owner, headers: { Origin: baseUrl() } });
  }
  await browser?.close();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const row = (page: Page, name: string) => page.locator(CUSTOMER_ROWS).filter({ hasText: name });

describe("a list row's menu", () => {
  it("without JS: ⋯ is a link, the list comes back with that menu open, and its Edit works", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "owner");
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/customers?search=${tag}`);
    const menu = row(page, names[1]).getByRole("link", { name: `Actions for ${names[1]}` });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    // No row carries its items until asked.
    expect(await page.locator(".data-table .action-menu-panel").count()).toBe(0);
    await menu.click();
    await page.waitForURL((url) => url.searchParams.get("menu") === String(ids[1]));
    // The list's query is kept, and only this row's menu is open, under its ⋯.
    expect(new URL(page.url()).searchParams.get("search")).toBe(tag);
    expect(await page.locator(".data-table .action-menu-panel").count()).toBe(1);
    const open = row(page, names[1]).getByRole("link", { name: `Actions for ${names[1]}` });
    expect(await open.getAttribute("aria-expanded")).toBe("true");
    expect(await overflow(page)).toBe(0);
    await keepScreenshot(page, { path: "test-results/row-menu-no-js-768.png" });
    // An action from it: Edit (a dialog route over the list) renames the customer.
    await row(page, names[1]).locator(".action-menu-panel").getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(new RegExp(`/customers/${ids[1]}/edit`));
    await page.fill('input[name="name"]', `${names[1]} Renamed`);
    await page.getByRole("button", { name: /save/i }).click();
    await page.waitForURL((url) => url.pathname === "/customers");
    expect(await row(page, `${names[1]} Renamed`).count()).toBe(1);
    // Its ⋯ again closes the menu (a link back to the list without `menu`).
    await page.goto(`/customers?search=${tag}&menu=${ids[0]}`);
    await row(page, names[0])
      .getByRole("link", { name: `Actions for ${names[0]}` })
      .click();
    await page.waitForURL((url) => url.searchParams.get("menu") === null);
    expect(await page.locator(".data-table .action-menu-panel").count()).toBe(0);
    await context.close();
  });

  it("with JS: opens in place without a request, one at a time, Escape closes it; an item navigates", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await page.goto(`/customers?search=${tag}`);
    await waitForHydration(page);
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const first = row(page, names[0]).getByRole("link", { name: `Actions for ${names[0]}` });
    const third = row(page, names[2]).getByRole("link", { name: `Actions for ${names[2]}` });
    await first.click();
    await row(page, names[0]).locator(".action-menu-panel").getByRole("link", { name: "Photos" }).waitFor();
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    expect(new URL(page.url()).searchParams.get("menu")).toBeNull();
    expect(requests).toEqual([]);
    await third.click();
    await expect.poll(() => page.locator(".data-table .action-menu-panel").count()).toBe(1);
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    expect(await third.getAttribute("aria-expanded")).toBe("true");
    // Keyboard: the items follow the ⋯ in tab order; Escape closes and focus returns to the ⋯.
    await third.focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Edit");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".data-table .action-menu-panel").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Actions for ${names[2]}`,
    );
    // A click outside closes it too.
    await first.click();
    await page.locator("h1").click();
    await expect.poll(() => page.locator(".data-table .action-menu-panel").count()).toBe(0);
    // An item is a client-side navigation into its dialog.
    await first.click();
    await row(page, names[0]).locator(".action-menu-panel").getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(new RegExp(`/customers/${ids[0]}/edit`));
    expect(await page.locator("html").getAttribute("data-hydrated")).not.toBeNull();
    await page.getByRole("dialog").waitFor();
    await context.close();
  });

  it("with JS: filtering as you type redraws the rows from data, and their menus still open in place", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await page.goto(`/customers?search=${tag}`);
    await waitForHydration(page);
    expect(await page.locator(CUSTOMER_ROWS).count()).toBe(3);
    await page.getByRole("searchbox", { name: "Search customers" }).fill(`${tag} Gamma`);
    await expect.poll(() => page.locator(CUSTOMER_ROWS).count()).toBe(1);
    await page.getByRole("searchbox", { name: "Search customers" }).fill(tag);
    await expect.poll(() => page.locator(CUSTOMER_ROWS).count()).toBe(3);
    const menu = row(page, names[2]).getByRole("link", { name: `Actions for ${names[2]}` });
    await menu.click();
    await row(page, names[2]).locator(".action-menu-panel").getByRole("link", { name: "Delete" }).waitFor();
    expect(new URL(page.url()).searchParams.get("menu")).toBeNull();
    await context.close();
  });

  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1280, 800],
  ] as const) {
    it(`at ${width}×${height} an open menu is on screen, its ⋯ a 44 px target, no horizontal scroll`, async () => {
      const context = await newContext(browser, { javaScriptEnabled: true });
      const page = await signInAs(context, "owner");
      await page.setViewportSize({ width, height });
      await page.goto(`/customers?search=${tag}`);
      await waitForHydration(page);
      const menu = row(page, names[0]).getByRole("link", { name: `Actions for ${names[0]}` });
      await menu.click();
      const panel = row(page, names[0]).locator(".action-menu-panel");
      await panel.waitFor();
      expect(await overflow(page)).toBe(0);
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      if (width < 1024) {
        const tap = (await menu.boundingBox())!;
        expect(tap.width).toBeGreaterThanOrEqual(44);
        expect(tap.height).toBeGreaterThanOrEqual(44);
      }
      await keepScreenshot(page, { path: `test-results/row-menu-${width}.png` });
      await context.close();
    });
  }
});

describe("the rows travel once", () => {
  it("a document carries each row as HTML and not again in its hydration data; a data request carries them", async () => {
    const email = `alpha.${tag}@example.com`;
    const doc = await fetch(`${baseUrl()}/customers?search=${tag}`, {
      headers: { Cookie: owner, Accept: "text/html", "Sec-Fetch-Dest": "document" },
    });
    const html = await doc.text();
    expect(html.split(email).length - 1).toBe(1);
    const data = await fetch(`${baseUrl()}/customers.data?search=${tag}`, { headers: { Cookie: owner } });
    expect(await data.text()).toContain(email);
  });
});
