// Errors show where the user is (issue 9 item 2): a missing record in a dialog route answers 404
// inside the dialog, over its list, with the shell around it; a missing record on a top-level
// screen answers 404 inside the shell. With JavaScript on and off.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The signed-in shell. CSS locators, not roles: with JavaScript the open Radix dialog hides
 * everything behind it from the accessibility tree (aria-hidden), though it is still on screen.
 */
async function expectShell(page: Page) {
  expect(await page.locator('aside[aria-label="Main navigation"]').count()).toBe(1);
  expect(await page.locator('[data-testid="sidebar-user"]').count()).toBe(1);
  expect(await page.locator('aside nav a[href="/invoices"]').count()).toBe(1);
}

for (const javaScriptEnabled of [true, false]) {
  describe(`error boundaries with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(browser, { javaScriptEnabled });
      page = await signInAs(context, "owner");
    });

    afterAll(async () => {
      await context?.close();
    });

    it("a missing invoice's Pay dialog says not found inside the dialog, over the invoices list", async () => {
      const response = await page.goto("/invoices/999999/pay?status=all");
      expect(response?.status()).toBe(404);
      if (javaScriptEnabled) await waitForHydration(page);
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("Invoice not found");
      expect(await dialog.textContent()).toContain("Page not found");
      // The list is still rendered behind the dialog, inside the shell.
      expect(await page.locator("main h1", { hasText: "Invoices" }).count()).toBe(1);
      expect(await page.locator('[data-testid="stat-total"]').count()).toBe(1);
      await expectShell(page);
      // Close goes back to the list, keeping its query.
      const close = dialog.getByRole("link", { name: "Close" });
      expect(await close.getAttribute("href")).toBe("/invoices?status=all");
      await Promise.all([page.waitForURL((url) => url.pathname === "/invoices"), close.click()]);
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(await page.locator("main h1", { hasText: "Invoices" }).count()).toBe(1);
    });

    it("a malformed id in a dialog route is the same 404 inside the dialog", async () => {
      const response = await page.goto("/customers/abc/edit");
      expect(response?.status()).toBe(404);
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("Customer not found");
      expect(await page.locator("main h1", { hasText: "Customers" }).count()).toBe(1);
      await expectShell(page);
    });

    it("a missing customer's page is the 404 inside the shell", async () => {
      const response = await page.goto("/customers/999999");
      expect(response?.status()).toBe(404);
      if (javaScriptEnabled) await waitForHydration(page);
      const main = page.locator("main");
      expect(await main.textContent()).toContain("Customer not found");
      expect(await main.textContent()).toContain("Error 404");
      expect(await page.getByRole("dialog").count()).toBe(0);
      await expectShell(page);
    });
  });
}
