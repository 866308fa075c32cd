// Create Invoice from a job's page without JavaScript (issue 15 item 8): the job and its customer
// are chosen in the form, and the invoice page links back to the job, which lists the invoice.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `ie${Date.now().toString(36)}`;
let browser: Browser;
let jobId = 0;
const jobTitle = `${tag} Pantry wall`;

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await signIn("owner");
  const headers = { Origin: baseUrl() };
  const customer = await api("/api/customers", {
    method: "POST",
    cookie: owner,
    json: { name: `${tag} Customer` },
    headers,
  });
  const job = await api("/api/jobs", {
    method: "POST",
    cookie: owner,
    json: { customerId: customer.body.id, title: jobTitle, status: "approved" },
    headers,
  });
  jobId = job.body.id;
});

afterAll(async () => {
  await browser?.close();
});

describe("an invoice from the job page", () => {
  it("opens Add Invoice with the job chosen and links both ways", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/jobs/${jobId}`);
    await page.getByTestId("action-menu").locator("summary").click();
    await page.getByRole("link", { name: "Create Invoice" }).click();
    await page.waitForURL(/\/invoices\/new\?jobId=/);
    const form = page.locator("#invoice-form");
    expect(await form.locator('select[name="jobId"]').inputValue()).toBe(String(jobId));
    expect(await form.locator('select[name="customerId"] option:checked').textContent()).toContain(`${tag} Customer`);
    expect(await form.locator('input[name="title"]').inputValue()).toBe(jobTitle);
    await form.locator('input[name="items[0].description"]').fill("Deposit");
    await form.locator('input[name="items[0].unitPrice"]').fill("1500");
    await form.getByRole("button", { name: "Create Invoice" }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    const invoicePath = new URL(page.url()).pathname;
    const link = page.getByTestId("invoice-job").getByRole("link", { name: jobTitle });
    await link.click();
    await page.waitForURL(`**/jobs/${jobId}`);
    expect(await page.locator(`main a[href="${invoicePath}"]`).count()).toBe(1);
    await context.close();
  });
});
