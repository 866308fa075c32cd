// Inventory in Chromium: Add Item and Receive Stock without JavaScript, issuing materials to a job
// without JavaScript (several rows, "Add row" as a server round trip, each row's item found through
// its Find box), the Materials dialog with JavaScript (the item picked in a combobox, issue, Usage &
// Costs, return to stock), the job page's costing to the cent.
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cellUnder,
  launchBrowser,
  listRows,
  newContext,
  rowAction,
  signInAs,
  waitForHydration,
  keepScreenshot,
} from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `ie${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
let browser: Browser;
let owner = "";
let jobId = 0;
const shots = process.env.INVENTORY_SCREENSHOTS;

const send = (path: string, json: unknown) =>
  api(path, { method: "POST", cookie: owner, json, headers: { Origin: baseUrl() } });

async function item(sku: string, unit = "sheet") {
  const res = await send("/api/inventory/items", { sku, name: `${tag} ${sku}`, unit });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { id: number; sku: string };
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  for (const [w, h] of [
    [390, 844],
    [768, 1024],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await keepScreenshot(page, { path: `${shots}/${name}-${w}.png`, fullPage: true });
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signIn("owner");
  const customer = await send("/api/customers", { name: `${tag} Customer` });
  const job = await send("/api/jobs", {
    customerId: customer.body.id,
    title: `${tag} Kitchen`,
    status: "in-progress",
    actualCost: "100.00",
  });
  jobId = job.body.id;
});

afterAll(async () => {
  await browser?.close();
});

describe("Inventory without JavaScript", () => {
  it("adds an item, receives stock into it and shows stock and average cost", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/inventory");
    await page.getByRole("link", { name: "Add Item" }).click();
    expect(new URL(page.url()).pathname).toBe("/inventory/new");
    const sku = `PLY-${tag}`;
    await page.locator('#item-form input[name="sku"]').fill(sku);
    await page.locator('#item-form input[name="name"]').fill(`${tag} Maple ply`);
    await page.locator('#item-form select[name="unit"]').selectOption("sheet");
    await page.locator('#item-form input[name="reorderPoint"]').fill("8");
    await page.locator('#item-form input[name="location"]').fill("Rack A");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create" }).click()]);
    await page.getByText("Inventory item created successfully").waitFor();

    // A duplicate SKU stays on the form with the reason.
    await page.goto("/inventory/new");
    await page.locator('#item-form input[name="sku"]').fill(sku.toLowerCase());
    await page.locator('#item-form input[name="name"]').fill("Again");
    const [dup] = await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create" }).click()]);
    expect(dup?.status()).toBe(409);
    await page.getByText(`SKU ${sku.toLowerCase()} already exists`).waitFor();

    await page.goto(`/inventory?search=${encodeURIComponent(sku)}`);
    const row = listRows(page, "Inventory items").filter({ hasText: sku });
    expect(await (await cellUnder(row, "Level")).textContent()).toBe("Out of stock");
    await (await rowAction(row, "Receive")).click();
    await page.locator('#receive-form input[name="quantity"]').fill("10");
    await page.locator('#receive-form input[name="unitCost"]').fill("42.15");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Receive Stock" }).click()]);
    await page.getByText("Stock received").waitFor();
    expect(await (await cellUnder(row, "On Hand")).textContent()).toBe("10 sheet");
    expect(await (await cellUnder(row, "Avg Cost")).textContent()).toBe("$42.1500");
    expect(await (await cellUnder(row, "Level")).textContent()).toBe("In stock");
    await shot(page, "inventory-items");
    await page.goto(`/inventory/transactions?search=${encodeURIComponent(sku)}`);
    expect(await page.getByTestId("transaction-row").count()).toBe(1);
    await shot(page, "inventory-transactions");
    await context.close();
  });

  it("issues several items to a job, adding a row through the server, and refuses more than on hand", async () => {
    const a = await item(`EDGE-${tag}`, "lf");
    const b = await item(`HINGE-${tag}`, "each");
    await send("/api/inventory/transactions", { type: "receive", itemId: a.id, quantity: "100", unitCost: "0.35" });
    await send("/api/inventory/transactions", { type: "receive", itemId: b.id, quantity: "3", unitCost: "2.5" });

    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/jobs/${jobId}/materials?from=detail&tab=issue`);
    // The item select lists the items in use (a bounded list), not every item; Find searches the rest.
    const first = page.locator('select[name="items[0].itemId"]');
    expect(await first.locator("option").count()).toBeLessThanOrEqual(101);
    await page.getByRole("searchbox", { name: "Find item 1" }).fill(a.sku.toLowerCase());
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Find item 1" }).click()]);
    // One match: chosen, and the only item listed besides "Select an item".
    expect(await first.inputValue()).toBe(String(a.id));
    expect(await first.locator("option").allTextContents()).toEqual([
      "Select an item",
      `${a.sku} · ${tag} ${a.sku} — 100 lf on hand`,
    ]);
    await page.getByRole("status").filter({ hasText: "1 item matches" }).waitFor();
    await page.locator('input[name="items[0].quantity"]').fill("12.5");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Add row" }).click()]);
    // The first row kept its values; a second row is there.
    expect(await page.locator('input[name="items[0].quantity"]').inputValue()).toBe("12.5");
    expect(await first.inputValue()).toBe(String(a.id));
    // Enter in the second row's Find box searches (it does not issue).
    const find = page.getByRole("searchbox", { name: "Find item 2" });
    await find.fill(b.sku);
    await Promise.all([page.waitForNavigation(), find.press("Enter")]);
    expect(await page.getByTestId("usage-row").count()).toBe(0);
    expect(await page.locator('select[name="items[1].itemId"]').inputValue()).toBe(String(b.id));
    expect(await first.inputValue()).toBe(String(a.id));
    await page.locator('input[name="items[1].quantity"]').fill("4");
    await shot(page, "issue-form-no-js");
    const [refused] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Issue Materials" }).click(),
    ]);
    expect(refused?.status()).toBe(409);
    await page.getByText(`Only 3 each on hand for ${b.sku}`).waitFor();
    await page.locator('input[name="items[1].quantity"]').fill("2");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Issue Materials" }).click()]);
    await page.getByText("Materials have been successfully issued to the job.").waitFor();
    expect(await page.getByTestId("usage-row").count()).toBe(2);
    // 12.5 × 0.35 + 2 × 2.5 = 4.375 + 5 = 9.375
    expect(await page.getByTestId("material-total").textContent()).toBe("Total material cost: $9.3750");
    await shot(page, "job-materials");
    await page.goto(`/jobs/${jobId}`);
    expect(await page.getByTestId("costing-materials").textContent()).toBe("$9.38");
    expect(await page.getByTestId("costing-actual").textContent()).toBe("$109.38");
    await context.close();
  });
});

describe("the Materials dialog with JavaScript", () => {
  it("issues, shows usage and costs, and returns to stock at the issued cost", async () => {
    const c = await item(`MDF-${tag}`);
    await send("/api/inventory/transactions", { type: "receive", itemId: c.id, quantity: "5", unitCost: "31.1111" });
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    await page.goto(`/jobs?search=${encodeURIComponent(tag)}`);
    await waitForHydration(page);
    const jobRow = listRows(page, "Jobs").filter({ hasText: `${tag} Kitchen` });
    await (await rowAction(jobRow, "Materials")).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "Issue Materials" }).click();
    // The item is a combobox searching the items as you type.
    const picker = dialog.getByRole("combobox", { name: "Item 1" });
    await picker.click();
    await picker.pressSequentially(c.sku);
    const option = dialog.getByRole("listbox", { name: "Item 1" }).getByRole("option", { name: new RegExp(c.sku) });
    await option.waitFor();
    expect(await option.textContent()).toContain("5 sheet on hand");
    await option.click();
    await expect.poll(() => picker.inputValue()).toBe(`${c.sku} · ${tag} ${c.sku}`);
    await shot(page, "issue-form-js");
    await dialog.locator('input[name="items[0].quantity"]').fill("2");
    await dialog.getByRole("button", { name: "Issue Materials" }).click();
    await page.getByText("Materials issued").first().waitFor();
    const row = dialog.getByTestId("usage-row").filter({ hasText: c.sku });
    await row.waitFor();
    expect(await row.getByTestId("usage-total").textContent()).toBe("$62.2222");
    await row.getByRole("textbox").fill("0.5");
    await row.getByRole("button", { name: "Return" }).click();
    await page.getByText("Returned to stock").first().waitFor();
    await dialog.getByTestId("usage-row").filter({ hasText: "returned" }).last().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/jobs/${jobId}/materials`);
    const stock = await api(`/api/inventory/items/${c.id}`, { cookie: owner });
    expect(stock.body).toMatchObject({ currentStock: "3.5000", averageCost: "31.1111" });
    await context.close();
  });
});
