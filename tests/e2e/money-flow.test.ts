// The money flow in a real browser: with JavaScript disabled end to end (quote → portal approval
// → invoice → partial and final payment), and with JavaScript the dialog's live totals.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers } from "../../db/schema";
import { launchBrowser, listRows, newContext, signInAs, waitForHydration } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

let browser: Browser;
const tag = `e2e${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newCustomer(name: string) {
  const db = await getDb();
  const [row] = await db
    .insert(customers)
    .values({ name, phone: "802-555-0188", email: `${name.replace(/\W/g, "").toLowerCase()}@example.com` })
    .returning();
  return row;
}

const toastTitle = (page: Page) => page.locator('[data-testid="toast-title"]').first().textContent();

/** Clicks a submit control and waits for the resulting document (no JS: a full page load). */
async function submitAndWait(page: Page, selector: string) {
  await Promise.all([page.waitForLoadState("load"), page.waitForNavigation(), page.click(selector)]);
}

describe("money flow without JavaScript", () => {
  it("quote with three lines → portal approval → invoice → partial and final payment → paid", async () => {
    const customer = await newCustomer(`NoJS Customer ${tag}`);
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");

    // Add Quote: "Add row" is a submit that re-renders the form server-side, keeping the values.
    await page.goto("/quotes/new");
    await page.selectOption('select[name="customerId"]', String(customer.id));
    await page.fill('input[name="title"]', `Kitchen remodel ${tag}`);
    await page.selectOption('#quote-form select[name="status"]', "sent");
    await page.fill('input[name="items[0].description"]', "Base cabinets");
    await page.fill('input[name="items[0].quantity"]', "3");
    await page.fill('input[name="items[0].unitPrice"]', "33.333");
    await submitAndWait(page, 'button:has-text("Add row")');
    expect(await page.inputValue('input[name="items[0].description"]')).toBe("Base cabinets");
    expect(await page.inputValue('input[name="title"]')).toBe(`Kitchen remodel ${tag}`);
    await page.fill('input[name="items[1].description"]', "Countertop");
    await page.fill('input[name="items[1].quantity"]', "1");
    await page.fill('input[name="items[1].unitPrice"]', "1250");
    await submitAndWait(page, 'button:has-text("Add row")');
    await page.fill('input[name="items[2].description"]', "Hinges");
    await page.fill('input[name="items[2].quantity"]', "0.5");
    await page.fill('input[name="items[2].unitPrice"]', "0.01");
    await submitAndWait(page, 'button:has-text("Add row")');
    // A fourth, blank row is not saved; the server-rendered totals already show the math.
    expect(await page.locator('[data-testid="line-item"]').count()).toBe(4);
    expect(await page.textContent('[data-testid="total"]')).toBe("$1,468.13");
    await submitAndWait(page, 'button:has-text("Create Quote")');
    // A create lands on what it created.
    expect(new URL(page.url()).pathname).toMatch(/^\/quotes\/\d+$/);
    expect(await toastTitle(page)).toBe("Quote created");
    expect(await page.textContent("h1")).toContain(`Kitchen remodel ${tag}`);
    expect(await page.textContent('[data-testid="doc-total"]')).toBe("$1,468.13");
    const quoteUrl = page.url();
    const quoteNumber = (await page.textContent("h1"))!.split(" · ")[0];

    // Portal link from the customer page, then the customer approves on the portal.
    await page.goto(`/customers/${customer.id}`);
    await submitAndWait(page, 'button:has-text("Generate portal link")');
    const link = await page.inputValue('[data-testid="portal-link"]');
    expect(link).toContain(`/client/quotes/${customer.id}?token=`);
    const portal = await context.newPage();
    await portal.goto(link);
    expect(await portal.textContent("h1")).toBe("Your Quotes");
    await submitAndWait(portal, `[data-testid="portal-quote-card"]:has-text("Kitchen remodel ${tag}")`);
    // Approve asks first: a server-rendered confirmation whose form does the POST.
    await submitAndWait(portal, 'a:has-text("Approve Quote")');
    expect(await portal.textContent('[data-testid="portal-confirm"]')).toContain(
      `Approve quote ${quoteNumber} for $1,468.13?`,
    );
    await submitAndWait(portal, 'button:has-text("Yes, approve")');
    expect(await toastTitle(portal)).toBe("Quote Approved");
    expect(await portal.locator('[data-testid="portal-quote-detail"]').textContent()).toContain("Approved");
    expect(await portal.locator(':text("Approve Quote"), :text("Yes, approve")').count()).toBe(0);

    // Staff see the approval and convert the quote.
    await page.goto(quoteUrl);
    expect(await page.textContent('[data-testid="quote-history"]')).toContain("approved by the customer");
    await submitAndWait(page, 'button:has-text("Convert to invoice")');
    expect(new URL(page.url()).pathname).toMatch(/^\/invoices\/\d+$/);
    expect(await page.textContent('[data-testid="invoice-balance"]')).toBe("$1,468.13");

    // A partial payment, then Fill Balance (a submit intent without JS) for the rest.
    await submitAndWait(page, 'a:has-text("Record Payment")');
    expect(await page.textContent('[data-testid="remaining"]')).toBe("$1,468.13");
    await page.fill('input[name="amount"]', "2000");
    await submitAndWait(page, 'button[type="submit"]:has-text("Record Payment")');
    expect(await page.textContent(".field-error")).toBe("Payment amount cannot exceed remaining balance of $1,468.13");
    await page.fill('input[name="amount"]', "500");
    await page.selectOption('select[name="method"]', "check");
    await page.fill('input[name="reference"]', "Check 1001");
    await submitAndWait(page, 'button[type="submit"]:has-text("Record Payment")');
    expect(await toastTitle(page)).toBe("Payment recorded");
    expect(await page.textContent('[data-testid="invoice-status"]')).toBe("Partial Payment");
    expect(await page.textContent('[data-testid="invoice-balance"]')).toBe("$968.13");

    await submitAndWait(page, 'a:has-text("Record Payment")');
    await submitAndWait(page, 'button:has-text("Fill Balance")');
    expect(await page.inputValue('input[name="amount"]')).toBe("968.13");
    await submitAndWait(page, 'button[type="submit"]:has-text("Record Payment")');
    expect(await page.textContent('[data-testid="invoice-status"]')).toBe("Paid");
    expect(await page.textContent('[data-testid="invoice-balance"]')).toBe("$0.00");
    expect(await page.locator('table[aria-label="Payments"] tbody tr').count()).toBe(2);
    await context.close();
  });

  it("filters the lists with GET forms and shows the empty states", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "owner");
    await page.goto(`/quotes?search=${tag}-nothing`);
    expect(await page.textContent('[data-testid="empty-state"]')).toContain("No matching quotes");
    await page.goto("/invoices?status=overdue");
    const overdue = await page.textContent('[data-testid="stat-overdue"]');
    expect(Number(overdue)).toBeGreaterThan(0);
    expect(await listRows(page, "Invoices").count()).toBe(Number(overdue));
    await context.close();
  });
});

/** The Add Invoice dialog's option for a quote: its value and text. */
async function offeredQuote(page: Page, value: string) {
  const option = page.locator(`#invoice-form select[name="quoteId"] option[value="${value}"]`);
  const label = (await option.textContent())!;
  return { value, label };
}

describe("Add Invoice from a quote", () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`copies the quote into the form (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async () => {
      // Its own sent quote with a line, so other files' quotes (newer, perhaps without lines) do not matter.
      const customer = await newCustomer(`Load Quote ${tag} ${javaScriptEnabled ? "js" : "nojs"}`);
      const created = await api("/api/quotes", {
        method: "POST",
        cookie: await signIn("office"),
        headers: { Origin: baseUrl() },
        json: {
          customerId: customer.id,
          title: `Pantry ${tag}`,
          status: "sent",
          items: [{ description: "Pantry cabinet", quantity: "1", unitPrice: "1200.00" }],
        },
      });
      expect(created.status).toBe(201);
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await signInAs(context, "office");
      await page.goto("/invoices/new");
      if (javaScriptEnabled) await waitForHydration(page);
      const { value, label } = await offeredQuote(page, String(created.body.id));
      expect(await page.inputValue('#invoice-form input[name="title"]')).toBe("");
      await page.selectOption('#invoice-form select[name="quoteId"]', value);
      if (!javaScriptEnabled) await submitAndWait(page, 'button:has-text("Load quote")');
      // The option reads "Q-… — Customer: Title ($total)"; the form now holds that title.
      const title = label
        .split(": ")
        .slice(1)
        .join(": ")
        .replace(/ \(\$[\d,.]+\)$/, "");
      await expect.poll(() => page.inputValue('#invoice-form input[name="title"]'), { timeout: 15_000 }).toBe(title);
      expect(await page.inputValue('#invoice-form select[name="quoteId"]')).toBe(value);
      // Without JS the customer select, with JS the combobox's hidden field.
      expect(await page.inputValue('#invoice-form [name="customerId"]')).not.toBe("");
      expect(await page.locator('[data-testid="line-item"]').count()).toBeGreaterThan(0);
      expect(await page.inputValue('#invoice-form input[name="items[0].description"]')).not.toBe("");
      await context.close();
    });
  }
});

describe("quote dialog with JavaScript", () => {
  it("updates line and grand totals live as you type, adds rows in the browser and creates the quote", async () => {
    const customer = await newCustomer(`JS Customer ${tag}`);
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await page.goto("/quotes");
    await waitForHydration(page);
    await page.click('a:has-text("Add Quote")');
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByRole("combobox", { name: "Customer" }).fill(`JS Customer ${tag}`);
    await dialog.getByRole("option", { name: new RegExp(`^JS Customer ${tag}`) }).click();
    expect(await dialog.locator('input[name="customerId"]').inputValue()).toBe(String(customer.id));
    await dialog.locator('input[name="title"]').fill(`Live totals ${tag}`);
    await dialog.locator('input[name="items[0].description"]').fill("Drawer fronts");
    await dialog.locator('input[name="items[0].quantity"]').fill("4");
    await dialog.locator('input[name="items[0].unitPrice"]').fill("25.125");
    await expect.poll(() => dialog.locator('[data-testid="line-total"]').first().textContent()).toBe("$100.52");
    await expect.poll(() => dialog.locator('[data-testid="total"]').textContent()).toBe("$109.32");
    await dialog.locator('button:has-text("Add row")').click();
    await expect.poll(() => dialog.locator('[data-testid="line-item"]').count()).toBe(2);
    await dialog.locator('input[name="items[1].description"]').fill("Pulls");
    await dialog.locator('input[name="items[1].unitPrice"]').fill("9.99");
    await expect.poll(() => dialog.locator('[data-testid="subtotal"]').textContent()).toBe("$110.51");
    await dialog.locator('input[name="taxRate"]').fill("10");
    await expect.poll(() => dialog.locator('[data-testid="total"]').textContent()).toBe("$121.56");
    await dialog.locator('button:has-text("Remove")').first().click();
    await expect.poll(() => dialog.locator('[data-testid="line-item"]').count()).toBe(1);
    await expect.poll(() => dialog.locator('[data-testid="total"]').textContent()).toBe("$10.99");
    await dialog.locator('button:has-text("Create Quote")').click();
    await expect.poll(() => page.locator('[data-testid="toast-title"]').textContent()).toBe("Quote created");
    await page.waitForURL(/\/quotes\/\d+$/);
    expect(await page.textContent("h1")).toContain(`Live totals ${tag}`);
    await context.close();
  });
});
