// Reports in Chromium (issue 14 item 5): with JavaScript OFF a custom range typed into the GET form
// changes the headline cards and the tab's figures, the tabs and the aging drill-down are links, and
// Export CSV downloads the report; with JavaScript ON the same form and tabs navigate on the client.
// The fixture (tests/setup/reports-fixture.ts) lives in 1985, a year no other test file uses.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";
import { buildReportsFixture, removeReportsFixture, type ReportsFixture } from "../setup/reports-fixture";

const tag = `rpe${Date.now().toString(36)}`;
let browser: Browser;
let f: ReportsFixture;

beforeAll(async () => {
  [browser, f] = await Promise.all([launchBrowser(), buildReportsFixture(1985, tag)]);
});

afterAll(async () => {
  await browser?.close();
  await removeReportsFixture(f, tag);
});

const text = async (page: import("playwright-core").Page, testId: string) =>
  (await page.locator(`[data-testid="${testId}"]`).textContent())?.trim();

describe("Reports without JavaScript", () => {
  it("a custom range changes every figure; tabs and drill-down are links; Export CSV downloads", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "owner");
    await page.goto("/reports");
    expect(await text(page, "range-label")).toBe("Showing Last 30 days");

    await page.getByRole("link", { name: "Sales Tax" }).click();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("sales-tax");

    await page.fill('input[name="from"]', "1985-02-01");
    await page.fill('input[name="to"]', "1985-03-31");
    await page.getByRole("button", { name: "Apply range" }).click();
    await page.waitForURL(/from=1985-02-01/);
    const url = new URL(page.url());
    expect([url.searchParams.get("tab"), url.searchParams.get("to")]).toEqual(["sales-tax", "1985-03-31"]);
    expect(await text(page, "range-label")).toBe("Showing Feb 1, 1985 – Mar 31, 1985");
    expect(await text(page, "card-revenue")).toBe("$1,050.00");
    expect(await text(page, "card-outstanding")).toBe("$2,612.50");
    expect(await text(page, "card-conversion")).toBe("40.0%");
    expect(await text(page, "card-active-jobs")).toBe("3");
    expect(await text(page, "tax-total")).toBe("$262.50");
    // The chart has an accessible name and its figures in the description.
    const chart = page.getByRole("img", { name: /Sales tax per month/ });
    expect(await chart.count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("report-sales-tax-1985-02-01-to-1985-03-31.csv");
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString("utf8");
    expect(csv).toContain("1985-02,2,3000.00,0.00,262.50");
    expect(csv).toContain("Total,3,3000.00,400.00,262.50");

    // The range travels with the tab links.
    await page.getByRole("link", { name: "Revenue by Month" }).click();
    expect(await text(page, "revenue-total-invoiced")).toBe("$3,662.50");
    expect(await text(page, "revenue-total-received")).toBe("$1,050.00");

    // AR aging as of a typed date, then one customer's invoices.
    await page.getByRole("link", { name: "AR Aging" }).click();
    await page.fill('input[name="asOf"]', "1985-03-10");
    await page.getByRole("button", { name: "Show aging" }).click();
    await page.waitForURL(/asOf=1985-03-10/);
    await page.getByRole("link", { name: `${f.customerA.name}: invoices` }).click();
    await page.waitForURL(/customerId=/);
    expect(await text(page, "aging-total")).toBe("$787.50");
    expect(await text(page, "aging-total-d1_30")).toBe("$387.50");
    const rows = page.locator('table[aria-label="Open invoices"] tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain(`INV-${tag}-1`);
    await context.close();
  });
});

describe("Reports with JavaScript", () => {
  it("the range form and the tabs navigate after hydration", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await page.goto("/reports?tab=conversion");
    await waitForHydration(page);
    await page.fill('input[name="from"]', "1985-02-01");
    await page.fill('input[name="to"]', "1985-03-31");
    await page.getByRole("button", { name: "Apply range" }).click();
    await page.waitForURL(/to=1985-03-31/);
    await page.locator('[data-testid="card-conversion"]', { hasText: "40.0%" }).waitFor();
    const table = page.locator('table[aria-label="Quote conversion by month"]');
    expect(await table.locator("tbody tr").count()).toBe(3); // Feb, Mar, total
    await page.getByRole("link", { name: "Financial" }).click();
    await page.getByText("Quote status breakdown").waitFor();
    expect(new URL(page.url()).searchParams.get("from")).toBe("1985-02-01");
    await context.close();
  });
});
