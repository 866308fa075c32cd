// Job phases on the job page without JavaScript (issue 15 item 7): add in a dialog over the page
// (a bad date pair refused on its field), start and complete with the progress line following,
// reorder, delete after confirming; an installer may start and complete but not add or edit.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, signInAs } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `jp${Date.now().toString(36)}`;
let browser: Browser;
let jobId = 0;

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
    json: { customerId: customer.body.id, title: `${tag} Mudroom lockers`, status: "approved" },
    headers,
  });
  jobId = job.body.id;
});

afterAll(async () => {
  await browser?.close();
});

const rows = (page: import("playwright-core").Page) => page.getByTestId("phase-row");

describe("job phases without JavaScript", () => {
  it("adds, starts, completes, reorders and deletes phases, the progress line following", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/jobs/${jobId}`);
    await page.getByText("No phases planned.").waitFor();

    for (const [name, start, end] of [
      ["Measure", "2027-04-01", "2027-03-30"],
      ["Measure", "2027-04-01", "2027-04-01"],
      ["Install", "2027-04-10", "2027-04-12"],
    ]) {
      await page.getByRole("link", { name: "Add Phase" }).first().click();
      await page.waitForURL(`**/jobs/${jobId}/phases/new`);
      const dialog = page.getByRole("dialog");
      await dialog.locator('input[name="name"]').fill(name);
      await dialog.locator('input[name="plannedStart"]').fill(start);
      await dialog.locator('input[name="plannedEnd"]').fill(end);
      await dialog.getByRole("button", { name: "Add Phase" }).click();
      if (end < start) {
        await dialog.getByText("Planned end must be on or after its start").waitFor();
        await page.goto(`/jobs/${jobId}`);
        continue;
      }
      await page.getByText(`${name} has been added.`).waitFor();
    }
    expect(await rows(page).count()).toBe(2);
    expect(await rows(page).nth(0).textContent()).toMatch(/Planned.*2027 – .*2027/);
    expect(await page.getByTestId("job-phase-progress").textContent()).toContain("Phase 1 of 2: Measure");

    await rows(page)
      .nth(0)
      .getByRole("button", { name: /^Start Measure/ })
      .click();
    await page.getByText("Measure started.").waitFor();
    await rows(page)
      .nth(0)
      .getByRole("button", { name: /^Complete Measure/ })
      .click();
    await page.getByText("Measure completed.").waitFor();
    expect(await rows(page).nth(0).textContent()).toContain("Done");
    expect(await page.getByTestId("job-phase-progress").textContent()).toContain("Phase 2 of 2: Install");

    // Move Install above Measure from its row menu (a <details> form, no JS).
    await rows(page).nth(1).locator("a[aria-expanded]").click();
    await rows(page).nth(1).getByRole("button", { name: "Move up" }).click();
    await page.getByText("Install moved up.").waitFor();
    expect(await rows(page).nth(0).textContent()).toContain("Install");

    await rows(page).nth(0).locator("a[aria-expanded]").click();
    await rows(page).nth(0).getByRole("link", { name: "Delete" }).click();
    await page.getByText("Are you sure you want to delete Install?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Install has been deleted.").waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(await page.getByTestId("job-phase-progress").textContent()).toContain("All phases done (1 of 1)");
    await context.close();
  });

  it("an installer starts a phase but cannot add or edit one", async () => {
    const owner = await signIn("owner");
    await api(`/api/jobs/${jobId}/phases`, {
      method: "POST",
      cookie: owner,
      json: { name: "Touch-up" },
      headers: { Origin: baseUrl() },
    });
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "installer");
    await page.goto(`/jobs/${jobId}`);
    const row = rows(page).filter({ hasText: "Touch-up" });
    await row.waitFor();
    expect(await page.getByRole("link", { name: "Add Phase" }).count()).toBe(0);
    expect(await row.locator("a[aria-expanded]").count()).toBe(0);
    await row.getByRole("button", { name: /^Start Touch-up/ }).click();
    await page.getByText("Touch-up started.").waitFor();
    expect(await rows(page).filter({ hasText: "Touch-up" }).textContent()).toContain("In Progress");
    const direct = await page.goto(`/jobs/${jobId}/phases/new`);
    expect(direct?.status()).toBe(403);
    await context.close();
  });
});
