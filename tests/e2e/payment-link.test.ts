// The Payment Link popover on an invoice page, in Chromium: without JavaScript it is a <details>
// and a plain form POST (the Stripe fake answers the API); with JavaScript Copy Link reads 'Copied'.
// An Authorize.Net link opens our hand-off page, whose form POSTs the token to the (fake) hosted
// form: by its button without JavaScript, by itself with JavaScript (allowed by the page's CSP).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { customers, invoices } from "../../db/schema";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";
import { baseUrl } from "../setup/http";

const tag = `pl${Date.now().toString(36)}`;
let browser: Browser;
let customerId = 0;
const ids: number[] = [];

async function newInvoice(n: number) {
  const db = await getDb();
  const [row] = await db
    .insert(invoices)
    .values({
      customerId,
      invoiceNumber: `PL-${tag}-${n}`,
      title: `Link test ${n}`,
      status: "sent",
      dueDate: "2030-01-01",
      subtotal: "210.00",
      taxRate: "0",
      total: "210.00",
      balance: "210.00",
    })
    .returning();
  ids.push(row.id);
  return row;
}

/** Generates an Authorize.Net link through the popover (no JS) and returns it. */
async function authorizeNetLink(inv: { id: number; invoiceNumber: string }) {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await signInAs(context, "owner");
  await page.goto(`/invoices/${inv.id}`);
  await page.click(`summary[aria-label="Payment Link for ${inv.invoiceNumber}"]`);
  await page.selectOption(`#payment-provider-${inv.id}`, "authorizenet");
  await page.click('button:has-text("Generate Link")');
  expect((await toast(page)).title).toBe("Payment Link Generated");
  const url = await page.locator('[data-testid="payment-link-url"]').inputValue();
  await context.close();
  return url;
}

async function toast(page: Page) {
  const title = page.locator('[data-testid="toast-title"]').first();
  await title.waitFor({ state: "attached" });
  return {
    title: (await title.textContent())?.trim(),
    description: (await page.locator('[data-testid="toast-description"]').first().textContent())?.trim(),
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Payment link ${tag}` })
    .returning();
  customerId = c.id;
});

afterAll(async () => {
  await browser?.close();
  const db = await getDb();
  if (ids.length) await db.delete(invoices).where(inArray(invoices.id, ids));
  await db.delete(customers).where(eq(customers.id, customerId));
  await closeDb();
});

describe("Payment Link without JavaScript", () => {
  it("asks for a provider, then generates a Stripe link and shows it", async () => {
    const inv = await newInvoice(1);
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "owner");
    await page.goto(`/invoices/${inv.id}`);
    await page.click(`summary[aria-label="Payment Link for ${inv.invoiceNumber}"]`);
    await page.click('button:has-text("Generate Link")');
    expect(await toast(page)).toEqual({
      title: "Select a Provider",
      description: "Please select a payment provider to generate a link.",
    });

    await page.selectOption(`#payment-provider-${inv.id}`, "stripe");
    await page.click('button:has-text("Generate Link")');
    expect((await toast(page)).title).toBe("Payment Link Generated");
    const url = await page.locator('[data-testid="payment-link-url"]').inputValue();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(await page.locator('[data-testid="copy-link"]').isVisible()).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect([row.paymentLinkUrl, row.paymentLinkProvider]).toEqual([url, "stripe"]);
    await context.close();
  });
});

describe("Payment Link with JavaScript", () => {
  it("Copy Link reads 'Copied' and toasts 'Link Copied'", async () => {
    const inv = await newInvoice(2);
    const context = await newContext(browser, { javaScriptEnabled: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    const page = await signInAs(context, "owner");
    await page.goto(`/invoices/${inv.id}`);
    await waitForHydration(page);
    await page.click(`summary[aria-label="Payment Link for ${inv.invoiceNumber}"]`);
    await page.selectOption(`#payment-provider-${inv.id}`, "stripe");
    await page.click('button:has-text("Generate Link")');
    await page.locator('[data-testid="payment-link-url"]').waitFor();
    const url = await page.locator('[data-testid="payment-link-url"]').inputValue();
    await page.click('[data-testid="copy-link"]');
    await page.locator('[data-testid="copy-link"]:has-text("Copied")').waitFor();
    expect(await page.locator('[data-testid="toast-title"]', { hasText: "Link Copied" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.locator('[data-testid="copy-link"]:has-text("Copy Link")').waitFor({ timeout: 5_000 });
    await context.close();
  });
});

describe("Authorize.Net payment link (Accept Hosted)", () => {
  const formUrl = () => `${inject("fakeProvidersUrl")}/payment/payment`;

  it("without JavaScript: the customer presses Continue and the token is POSTed to the hosted form", async () => {
    const inv = await newInvoice(3);
    const url = await authorizeNetLink(inv);
    expect(url).toMatch(new RegExp(`^${baseUrl()}/pay/authorizenet/[A-Za-z0-9_-]{43}$`));
    // The customer: no session, no JavaScript.
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.url() === formUrl()) posts.push(`${r.method()} ${r.postData()}`);
    });
    await page.goto(url);
    expect(await page.locator('[data-testid="anet-amount"]').textContent()).toBe("$210.00");
    await Promise.all([page.waitForURL(formUrl()), page.click('button:has-text("Continue to secure payment")')]);
    expect(await page.locator('[data-testid="anet-form-amount"]').textContent()).toBe("210.00");
    // The transaction's invoice number is our payment reference (20 characters at most), not a cut invoice number.
    expect(await page.locator('[data-testid="anet-form-invoice"]').textContent()).toMatch(/^CJ[A-Z2-7]{18}$/);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^POST token=FAKETOKEN[0-9a-f]+$/);
    await context.close();
  });

  it("with JavaScript: the page submits itself to the hosted form", async () => {
    const inv = await newInvoice(4);
    const url = await authorizeNetLink(inv);
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    // "commit": the page may submit itself before its load event.
    await Promise.all([page.waitForURL(formUrl()), page.goto(url, { waitUntil: "commit" })]);
    expect(await page.locator('[data-testid="anet-form-amount"]').textContent()).toBe("210.00");
    expect(blocked).toEqual([]);
    await context.close();
  });
});
