// Add Resource without JavaScript (issue 10 item 8): blank Skills mean none, and an error on one
// skill (an array entry, `skills[0]`) is shown on the form instead of a silent 400.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs } from "../setup/browser";

const tag = `rs${Date.now().toString(36)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("Add Resource without JavaScript", () => {
  it("adds a resource with Skills left blank", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/schedule/resources/new");
    await page.locator('#resource-form input[name="name"]').fill(`${tag} Blank skills`);
    await page.locator('#resource-form input[name="skills"]').fill("");
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Add Resource" }).click(),
    ]);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/schedule/resources");
    await page.getByText("Resource Created").waitFor();
    expect(
      await page
        .getByTestId("resource-row")
        .filter({ hasText: `${tag} Blank skills` })
        .count(),
    ).toBe(1);
    await context.close();
  });

  it("shows the error of one skill on the Skills field", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/schedule/resources/new");
    await page.locator('#resource-form input[name="name"]').fill(`${tag} Long skill`);
    await page.locator('#resource-form input[name="skills"]').fill(`scribing, ${"x".repeat(101)}`);
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Add Resource" }).click(),
    ]);
    expect(response?.status()).toBe(400);
    const skills = page.locator('#resource-form input[name="skills"]');
    expect(await skills.getAttribute("aria-invalid")).toBe("true");
    const errorId = await skills.getAttribute("aria-describedby");
    expect(await page.locator(`#${errorId}`).textContent()).toContain("A skill must be at most 100 characters");
    await context.close();
  });
});
