// "Add from inventory" on the quote form (issue 15 item 6): the chosen item becomes a line with its
// name and unit and its sell price, the form keeping everything typed; the line keeps its item
// and cost when the quote is saved and edited again. Without JavaScript and with it.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";
import { getDb } from "../../db/client.server";
import { inventoryItems } from "../../db/schema";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `li${Date.now().toString(36)}`;
let browser: Browser;
let customerId = 0;
let itemId = 0;
const itemName = `${tag} Walnut pull`;

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
  customerId = customer.body.id;
  // An item with stock received at a cost: its average cost is what the ledger made it.
  const [item] = await (
    await getDb()
  )
    .insert(inventoryItems)
    .values({ sku: `PULL-${tag}`, name: itemName, unit: "each", sellPrice: "12.5000", averageCost: "4.2500" })
    .returning();
  itemId = item.id;
});

afterAll(async () => {
  await browser?.close();
});

async function addFromInventory(page: Page) {
  await page.locator('select[name="inventoryPick"]').selectOption(String(itemId));
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Add item" }).click(),
  ]);
  await page.locator('input[name="items[1].description"]').waitFor();
}

describe("add a quote line from inventory", () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`adds the item's line and keeps its cost through save and edit (JS ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await newContext(browser, { javaScriptEnabled });
      const page = await signInAs(context, "office");
      await page.goto(`/quotes/new?customerId=${customerId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.fill('#quote-form input[name="title"]', `${tag} Vanity ${javaScriptEnabled}`);
      await page.fill('input[name="items[0].description"]', "Install labour");
      await page.fill('input[name="items[0].unitPrice"]', "90");

      // Pressed with no item chosen: says so, adds nothing, keeps the form.
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Add item" }).click(),
      ]);
      await page.getByText("Choose an inventory item to add").waitFor();
      expect(await page.locator('[data-testid="line-item"]').count()).toBe(1);

      await addFromInventory(page);
      expect(await page.inputValue('input[name="items[0].description"]')).toBe("Install labour");
      expect(await page.inputValue('#quote-form input[name="title"]')).toBe(`${tag} Vanity ${javaScriptEnabled}`);
      expect(await page.inputValue('input[name="items[1].description"]')).toBe(`${itemName} (each)`);
      expect(await page.inputValue('input[name="items[1].unitPrice"]')).toBe("12.50");
      expect(await page.getByTestId("line-cost").textContent()).toContain("cost $4.25 each");
      await page.fill('input[name="items[1].quantity"]', "8");

      await page.getByRole("button", { name: "Create Quote" }).click();
      await page.waitForURL(/\/quotes\/\d+$/);
      const quoteId = Number(new URL(page.url()).pathname.split("/").pop());
      const owner = await signIn("owner");
      const stored = await api(`/api/quotes/${quoteId}`, { cookie: owner });
      expect(
        stored.body.items.map((i: Record<string, unknown>) => [
          i.description,
          i.quantity,
          i.inventoryItemId,
          i.unitCost,
        ]),
      ).toEqual([
        ["Install labour", "1.00", null, null],
        [`${itemName} (each)`, "8.00", itemId, "4.2500"],
      ]);

      // Saved again from the edit form, the line keeps its item and cost.
      await page.goto(`/quotes/${quoteId}/edit`);
      expect(await page.getByTestId("line-cost").textContent()).toContain("cost $4.25 each");
      await page.getByRole("button", { name: "Save Quote" }).click();
      await page.waitForURL((url) => !url.pathname.endsWith("/edit"));
      const again = await api(`/api/quotes/${quoteId}`, { cookie: owner });
      expect(again.body.items[1]).toMatchObject({ inventoryItemId: itemId, unitCost: "4.2500" });
      await context.close();
    });
  }
});
