// The header search (issue 14 item 6): with JavaScript a type-ahead list under the box (type badges,
// subtitle, "Status: …", at most 8, arrows and Enter choose, Escape and an outside click close,
// choosing navigates and clears the box); without JavaScript the /search page.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `hs${Date.now().toString(36)}`;
let browser: Browser;
let customerId = 0;
let jobId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await signIn("owner");
  const headers = { Origin: baseUrl() };
  const customer = await api("/api/customers", {
    method: "POST",
    cookie: owner,
    headers,
    json: { name: `Wren Halloway ${tag}`, phone: "802-555-0199" },
  });
  customerId = customer.body.id;
  const job = await api("/api/jobs", {
    method: "POST",
    cookie: owner,
    headers,
    json: { customerId, title: "Library shelving", status: "approved" },
  });
  expect(job.status).toBe(201);
  jobId = job.body.id;
  const quote = await api("/api/quotes", {
    method: "POST",
    cookie: owner,
    headers,
    json: { customerId, title: "Library quote", status: "sent", items: [{ description: "Shelves", unitPrice: "10" }] },
  });
  expect(quote.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
});

const box = (page: Page) => page.getByRole("combobox", { name: "Search customers, jobs, quotes" });

describe("header search with JavaScript", () => {
  it("lists her customer, job and quote with badges; arrows and Enter open the chosen one and clear the box", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await waitForHydration(page);
    await box(page).fill(`halloway ${tag}`);
    const options = page.getByTestId("search-option");
    await options.nth(2).waitFor();
    expect(await options.count()).toBe(3);
    expect(await options.nth(0).textContent()).toContain("Customer");
    expect(await options.nth(0).textContent()).toContain("802-555-0199");
    expect(await options.nth(1).textContent()).toContain(`Job#${jobId} Library shelving`);
    expect(await options.nth(1).textContent()).toContain("Status: approved");
    expect(await options.nth(2).textContent()).toContain("Quote");
    expect(await options.nth(2).textContent()).toContain("Status: sent");
    await box(page).press("ArrowDown");
    await box(page).press("ArrowDown");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    await Promise.all([page.waitForURL((url) => url.pathname === `/jobs/${jobId}`), box(page).press("Enter")]);
    expect(await box(page).inputValue()).toBe("");
    await context.close();
  });

  it("says when nothing matches; Escape and a click outside close the list; Enter alone opens /search", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    await waitForHydration(page);
    await box(page).fill(`nothing-${tag}`);
    await page.getByTestId("search-empty").getByText(`No results found for "nothing-${tag}"`).waitFor();
    await box(page).press("Escape");
    await page.getByTestId("search-empty").waitFor({ state: "detached" });

    await box(page).fill(`Halloway ${tag}`);
    await page.getByTestId("search-option").first().waitFor();
    await page.locator("main h1").click();
    await page.getByTestId("search-option").first().waitFor({ state: "detached" });

    await box(page).click();
    await Promise.all([page.waitForURL((url) => url.pathname === "/search"), box(page).press("Enter")]);
    expect(new URL(page.url()).searchParams.get("q")).toBe(`Halloway ${tag}`);
    // The URL changes before the client navigation has rendered the results page.
    await page.getByTestId("search-result").nth(2).waitFor();
    expect(await page.getByTestId("search-result").count()).toBe(3);
    await context.close();
  });

  it("keeps every letter typed while the type-ahead takes over the box", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    await page.goto("/");
    await waitForHydration(page);
    // The type-ahead's chunk loads on the box's first focus: hold it until the first letter is in,
    // then type on while it arrives and replaces the plain box (letters were lost: "reyes" → "ryes").
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/header-search-combobox-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const box = page.getByRole("combobox", { name: "Search customers, jobs, quotes" });
    await box.click();
    await page.keyboard.type("W");
    release();
    await page.keyboard.type(`ren Halloway ${tag}`);
    expect(await box.inputValue()).toBe(`Wren Halloway ${tag}`);
    await page.getByTestId("search-option").first().waitFor();
    await context.close();
  });

  it("an installer finds the job (jobs only)", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "installer");
    await waitForHydration(page);
    await box(page).fill(`Halloway ${tag}`);
    await page.getByTestId("search-option").first().waitFor();
    expect(await page.getByTestId("search-option").allTextContents()).toEqual([
      expect.stringContaining(`#${jobId} Library shelving`),
    ]);
    await context.close();
  });
});

describe("header search without JavaScript", () => {
  it("submits to the /search page, whose results navigate", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "owner");
    await page.locator('input[name="q"]').fill(`Halloway ${tag}`);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/search"),
      page.locator('input[name="q"]').press("Enter"),
    ]);
    const results = page.getByTestId("search-result");
    expect(await results.count()).toBe(3);
    await results.filter({ hasText: "Library shelving" }).click();
    expect(new URL(page.url()).pathname).toBe(`/jobs/${jobId}`);
    // Three matches: no more to find, no links to the lists.
    await page.goto(`/search?q=${encodeURIComponent(`Halloway ${tag}`)}`);
    expect(await page.getByTestId("search-more").count()).toBe(0);
    await context.close();
  });

  it("at eight results it links to each list's search, which shows every match", async () => {
    const owner = await signIn("owner");
    const name = `Quimby ${tag}`;
    for (let i = 1; i <= 11; i++) {
      const made = await api("/api/customers", {
        method: "POST",
        cookie: owner,
        headers: { Origin: baseUrl() },
        json: { name: `${name} ${i}` },
      });
      expect(made.status).toBe(201);
    }
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "owner");
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    expect(await page.getByTestId("search-result").count()).toBe(8);
    const more = page.getByTestId("search-more");
    expect(await more.getByRole("link").allTextContents()).toEqual(["Customers", "Jobs", "Quotes", "Invoices"]);
    await more.getByRole("link", { name: "Customers" }).click();
    expect(new URL(page.url()).pathname).toBe("/customers");
    expect(new URL(page.url()).searchParams.get("search")).toBe(name);
    expect(await page.getByTestId("customer-count").textContent()).toBe("11");
    await context.close();
  });
});
