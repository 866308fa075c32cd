// Purchasing in Chromium (issue 13 item 6; docs/decisions/purchasing.md): without JavaScript a new
// purchase order ("Add line" as a server round trip), placing it, receiving part then the rest (a box
// of 100 hinges = 100 each), over-receiving refused with the reason, and the Reorder tab's "Create
// draft PO"; with JavaScript once: the New PO dialog, placing and receiving all, the e-mail dialog
// of a supplier without an address. PURCHASING_SCREENSHOTS=dir saves 390/768/1280 px screenshots.
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs, waitForHydration, keepScreenshot } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `pe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
let browser: Browser;
let owner = "";
const shots = process.env.PURCHASING_SCREENSHOTS;

const send = (path: string, json: unknown) =>
  api(path, { method: "POST", cookie: owner, json, headers: { Origin: baseUrl() } });

async function created(path: string, json: unknown) {
  const res = await send(path, json);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function onHand(itemId: number) {
  return (await api(`/api/inventory/items/${itemId}`, { cookie: owner })).body.currentStock as string;
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
  await page.setViewportSize({ width: 1280, height: 800 });
}

const submit = (page: Page, name: string) =>
  Promise.all([page.waitForNavigation(), page.getByRole("button", { name, exact: true }).click()]);

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signIn("owner");
});

afterAll(async () => {
  await browser?.close();
});

describe("Purchasing without JavaScript", () => {
  it("creates a PO (Add line round trip), places it, receives part then the rest; over-receiving is refused", async () => {
    const supplier = await created("/api/suppliers", { name: `${tag} Hardware Co` });
    const hinge = await created("/api/inventory/items", {
      sku: `HNG-${tag}`,
      name: `${tag} Soft-close hinge`,
      unit: "each",
      purchaseUnit: "box",
      unitMultiplier: "100",
    });
    const ply = await created("/api/inventory/items", {
      sku: `PLY-${tag}`,
      name: `${tag} Birch ply`,
      unit: "sheet",
      lastCost: "48.25",
    });
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/inventory/purchase-orders");
    await page.getByRole("link", { name: "New Purchase Order" }).click();
    expect(new URL(page.url()).pathname).toBe("/inventory/purchase-orders/new");
    const form = page.locator("#purchase-order-form");
    await form.locator('select[name="supplierId"]').selectOption(String(supplier.id));
    await form.locator('select[name="lines[0].itemId"]').selectOption(String(hinge.id));
    await form.locator('input[name="lines[0].quantity"]').fill("2");
    await form.locator('input[name="lines[0].unitCost"]').fill("12.99");
    await submit(page, "Add line");
    // The server drew the form again with the first line kept and a second one.
    expect(await form.locator('input[name="lines[0].quantity"]').inputValue()).toBe("2");
    await form.locator('select[name="lines[1].itemId"]').selectOption(String(ply.id));
    await form.locator('input[name="lines[1].quantity"]').fill("3");
    await shot(page, "po-new");
    await submit(page, "Create Purchase Order");
    expect(page.url()).toMatch(/\/inventory\/purchase-orders\/\d+$/);
    await page.getByText("Purchase order created").waitFor();
    expect(await page.getByTestId("po-status").first().textContent()).toBe("Draft");
    // 2 × 12.99 + 3 × 48.25 (the last cost, left blank) = 25.98 + 144.75
    expect(await page.getByTestId("po-total").textContent()).toBe("$170.73");

    await submit(page, "Place order");
    await page.getByText("Order placed").waitFor();
    expect(await page.getByTestId("po-status").first().textContent()).toBe("Ordered");

    // One box of hinges arrives.
    const hingeInput = page.getByLabel(`Quantity of HNG-${tag} received (box)`);
    await hingeInput.fill("1");
    await submit(page, "Receive entered quantities");
    await page.getByText("Partially received", { exact: true }).first().waitFor();
    expect(await page.getByTestId("po-status").first().textContent()).toBe("Partially received");
    expect(await onHand(hinge.id)).toBe("100.0000");
    expect(await page.getByTestId("po-receipt-row").count()).toBe(1);

    // More than remains: refused with the reason, nothing received.
    await page.getByLabel(`Quantity of HNG-${tag} received (box)`).fill("5");
    await submit(page, "Receive entered quantities");
    await page.getByText(`Only 1 box of HNG-${tag} remain to be received`).waitFor();
    expect(await onHand(hinge.id)).toBe("100.0000");
    await shot(page, "po-partial");

    await submit(page, "Receive all remaining");
    await page.getByText("Purchase order received").waitFor();
    expect(await page.getByTestId("po-status").first().textContent()).toBe("Received");
    expect(await onHand(hinge.id)).toBe("200.0000");
    expect(await onHand(ply.id)).toBe("3.0000");
    expect(await page.getByTestId("po-receipt-row").count()).toBe(3);

    // The list filters by status and supplier; the PO number links to the page.
    await page.goto(`/inventory/purchase-orders?status=received&supplierId=${supplier.id}`);
    const rows = page.getByTestId("po-row");
    expect(await rows.count()).toBe(1);
    await shot(page, "po-list");
    await context.close();
  });

  it("Reorder: Create draft PO for a supplier lands on the draft, and the suggestion is gone", async () => {
    const supplier = await created("/api/suppliers", { name: `${tag} Sheet Goods` });
    const mdf = await created("/api/inventory/items", {
      sku: `MDF-${tag}`,
      name: `${tag} MDF 3/4`,
      unit: "sheet",
      reorderPoint: "10",
      reorderQty: "40",
      lastCost: "31.5",
      preferredSupplierId: supplier.id,
    });
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/inventory/reorder");
    const group = page.getByTestId("reorder-group").filter({ hasText: supplier.name });
    const row = group.getByTestId("suggestion-row").filter({ hasText: mdf.sku });
    expect(await row.getByTestId("suggested").textContent()).toBe("40 sheet");
    await shot(page, "reorder");
    await Promise.all([page.waitForNavigation(), group.getByRole("button", { name: "Create draft PO" }).click()]);
    expect(page.url()).toMatch(/\/inventory\/purchase-orders\/\d+$/);
    await page.getByText("Draft purchase order created").waitFor();
    expect(await page.getByTestId("po-status").first().textContent()).toBe("Draft");
    expect(await page.getByTestId("po-line-row").filter({ hasText: mdf.sku }).count()).toBe(1);
    expect(await page.getByTestId("po-total").textContent()).toBe("$1,260.00");
    await shot(page, "po-draft");
    await page.goto("/inventory/reorder");
    expect(await page.getByTestId("reorder-group").filter({ hasText: supplier.name }).count()).toBe(0);
    await context.close();
  });
});

describe("Purchasing with JavaScript", () => {
  it("creates a PO in the dialog, places it and receives all; e-mail is refused for a supplier without an address", async () => {
    const supplier = await created("/api/suppliers", { name: `${tag} Finishes` });
    const lacquer = await created("/api/inventory/items", {
      sku: `LAC-${tag}`,
      name: `${tag} Lacquer`,
      unit: "gallon",
    });
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await page.goto("/inventory/purchase-orders");
    await waitForHydration(page);
    await page.getByRole("link", { name: "New Purchase Order" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.locator('select[name="supplierId"]').selectOption(String(supplier.id));
    await dialog.locator('select[name="lines[0].itemId"]').selectOption(String(lacquer.id));
    await dialog.locator('input[name="lines[0].quantity"]').fill("4");
    await dialog.locator('input[name="lines[0].unitCost"]').fill("61.5");
    await dialog.getByRole("button", { name: "Add line" }).click();
    await dialog.locator('select[name="lines[1].itemId"]').waitFor();
    await dialog.getByRole("button", { name: "Remove line 2" }).click();
    await Promise.all([
      page.waitForURL(/\/inventory\/purchase-orders\/\d+$/),
      dialog.getByRole("button", { name: "Create Purchase Order" }).click(),
    ]);
    await page.getByText("Purchase order created").first().waitFor();
    expect(await page.getByTestId("po-total").textContent()).toBe("$246.00");

    // E-mail to supplier: the supplier has no address, so the dialog says so and cannot send.
    await page.getByRole("link", { name: "E-mail to supplier" }).click();
    const mail = page.getByRole("dialog");
    await mail.waitFor();
    const button = mail.locator("form button[type=submit]");
    expect(await button.textContent()).toContain("No Email");
    expect(await button.isDisabled()).toBe(true);
    await mail.getByRole("link", { name: "Cancel" }).click();
    await mail.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("Order placed").first().waitFor();
    await page.getByRole("button", { name: "Receive all remaining" }).click();
    await page.getByText("Purchase order received").first().waitFor();
    expect(await page.getByTestId("po-status").first().textContent()).toBe("Received");
    expect(await onHand(lacquer.id)).toBe("4.0000");
    await context.close();
  });
});
