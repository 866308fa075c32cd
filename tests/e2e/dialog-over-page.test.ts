// Issue 11, no dead ends: a dialog opened from a record's page sits over that page (not over the
// record's list) and returns there; opened from a list row it sits over the list. JS on and off.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, listRows, newContext, signInAs, waitForHydration } from "../setup/browser";
import { createScreenFixture, type ScreenFixture } from "../setup/screens";

let browser: Browser;
let fixture: ScreenFixture;

beforeAll(async () => {
  [browser, fixture] = await Promise.all([launchBrowser(), createScreenFixture()]);
});

afterAll(async () => {
  await browser?.close();
});

/** The page's own heading (the dialog's title is an h2). */
const pageHeading = (page: Page) => page.locator("h1").first().textContent();

describe.each([{ js: true }, { js: false }])("dialogs over the page that opened them (JS $js)", ({ js }) => {
  let page: Page;

  beforeAll(async () => {
    page = await signInAs(await newContext(browser, { javaScriptEnabled: js }), "owner");
  });

  afterAll(async () => {
    await page?.context().close();
  });

  async function open(path: string) {
    await page.goto(path);
    if (js) await waitForHydration(page);
  }

  it("Record Payment from an invoice's page: the invoice underneath, Cancel goes back to it", async () => {
    await open(`/invoices/${fixture.invoiceId}`);
    const invoiceTitle = await pageHeading(page);
    await page.getByRole("link", { name: "Record Payment" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount", { exact: true }).waitFor();
    expect(await pageHeading(page)).toBe(invoiceTitle);
    expect(await page.locator('[data-testid="invoice-balance"]').count()).toBe(1);
    expect(await listRows(page, "Invoices").count()).toBe(0);
    await dialog
      .getByRole("link", { name: "Cancel" })
      .or(dialog.getByRole("button", { name: "Cancel" }))
      .click();
    await page.waitForURL((url) => url.pathname === `/invoices/${fixture.invoiceId}` && !url.search);
  });

  it("Send Email from a quote's page: the quote underneath", async () => {
    await open(`/quotes/${fixture.quoteId}`);
    const quoteTitle = await pageHeading(page);
    await page.getByRole("link", { name: "Send Email" }).click();
    await page.getByRole("dialog").waitFor();
    await page.waitForURL((url) => url.pathname === `/quotes/${fixture.quoteId}/send`);
    expect(await pageHeading(page)).toBe(quoteTitle);
    expect(await listRows(page, "Quotes").count()).toBe(0);
  });

  it("Edit from a job's page: the job underneath, Cancel goes back to it", async () => {
    await open(`/jobs/${fixture.jobId}`);
    const jobTitle = await pageHeading(page);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title", { exact: true }).waitFor();
    expect(await pageHeading(page)).toBe(jobTitle);
    await dialog
      .getByRole("link", { name: "Cancel" })
      .or(dialog.getByRole("button", { name: "Cancel" }))
      .click();
    await page.waitForURL((url) => url.pathname === `/jobs/${fixture.jobId}` && !url.search);
  });

  it("Edit from a customer's page: the customer underneath; saving returns to the page", async () => {
    await open(`/customers/${fixture.customerId}`);
    const name = await pageHeading(page);
    // The header's overflow menu (a <details> without JS).
    await page.locator("summary", { hasText: "More" }).first().click();
    await page.getByRole("link", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).waitFor();
    expect(await pageHeading(page)).toBe(name);
    expect(await page.locator('[data-testid="portal-link-card"]').count()).toBe(1);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL((url) => url.pathname === `/customers/${fixture.customerId}`);
    await page.locator('[data-testid="toast-title"]', { hasText: "Customer updated" }).waitFor();
  });

  it("Record payment from the invoice list: the list underneath", async () => {
    await open(`/invoices/${fixture.invoiceId}/pay`);
    await page.getByRole("dialog").getByLabel("Amount", { exact: true }).waitFor();
    expect(await pageHeading(page)).toBe("Invoices");
    expect(await listRows(page, "Invoices").count()).toBeGreaterThan(0);
  });
});
