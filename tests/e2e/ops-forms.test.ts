// The operations dialogs as plain HTML forms (JavaScript off), and one with JavaScript on.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, listRows, newContext, rowAction, signInAs, waitForHydration } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `ef${Date.now().toString(36)}`;
let browser: Browser;
let customerName = "";

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await signIn("owner");
  customerName = `${tag} Customer`;
  await api("/api/customers", {
    method: "POST",
    cookie: owner,
    json: { name: customerName },
    headers: { Origin: baseUrl() },
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("jobs and tasks without JavaScript", () => {
  it("adds a job (refusing a past start date), moves it to approved, adds a prefilled task and opens the job page", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/jobs");
    await page.getByRole("link", { name: "Add Job" }).first().click();
    await page.waitForURL(/\/jobs\/new/);
    const form = page.locator("#job-form");
    // The select offers the 100 newest customers; Find names ours however many other files add.
    await page.getByRole("searchbox", { name: "Find customer" }).fill(customerName);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Find customer" }).click()]);
    expect(await form.locator('select[name="customerId"] option:checked').textContent()).toContain(customerName);
    await form.locator('input[name="title"]').fill(`${tag} Pantry`);
    await form.locator('input[name="estimatedCost"]').fill("4200.50");
    await form.locator('input[name="startDate"]').fill("2020-01-01");
    await form.getByRole("button", { name: "Create Job" }).click();
    await page.getByText("Start date cannot be in the past").waitFor();
    await form.locator('input[name="startDate"]').fill("2031-05-01");
    await Promise.all([page.waitForURL(/\/jobs\/\d+$/), form.getByRole("button", { name: "Create Job" }).click()]);
    await page.getByText("Job created").waitFor();

    await page.goto(`/jobs?search=${tag}&status=quoted`);
    const row = listRows(page, "Jobs").filter({ hasText: `${tag} Pantry` });
    expect(await row.getByText("$4,200.50").count()).toBe(1);
    // Its ⋯ is named after the job (aria-labelledby: "Actions for" and the title link).
    expect(await row.getByRole("link", { name: `Actions for ${tag} Pantry`, exact: true }).count()).toBe(1);
    // Quoted jobs offer no Schedule Install.
    const edit = await rowAction(row, "Edit");
    expect(await row.getByRole("link", { name: "Schedule install" }).count()).toBe(0);
    await edit.click();
    await page.locator('#job-form select[name="status"]').selectOption("approved");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/jobs"),
      page.getByRole("button", { name: "Save Changes" }).click(),
    ]);
    await page.getByText("Job updated").waitFor();
    expect(page.url()).toContain("status=quoted");
    await page.goto(`/jobs?search=${tag}&status=approved`);
    const approved = listRows(page, "Jobs").filter({ hasText: `${tag} Pantry` });
    expect(await (await rowAction(approved, "Schedule install")).count()).toBe(1);

    await approved.getByRole("link", { name: "Add task", exact: true }).click();
    await page.waitForURL(/\/tasks\/new/);
    const task = page.locator("#task-form");
    expect(await task.locator('select[name="jobId"] option:checked').textContent()).toContain(`${tag} Pantry`);
    expect(await task.locator('select[name="customerId"] option:checked').textContent()).toBe(customerName);
    await task.locator('input[name="title"]').fill(`${tag} Order hinges`);
    await task.locator('input[name="estimatedHours"]').fill("2");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/tasks"),
      task.getByRole("button", { name: "Create Task" }).click(),
    ]);
    await page.getByText("Task created").waitFor();

    await page.goto(`/jobs?search=${tag}`);
    await page
      .getByRole("link", { name: `${tag} Pantry` })
      .first()
      .click();
    await page.waitForURL(/\/jobs\/\d+$/);
    await page.getByRole("heading", { name: `${tag} Pantry` }).waitFor();
    expect(await page.getByText(`${tag} Order hinges`).count()).toBe(1);
    expect(await page.getByTestId("job-estimate").textContent()).toContain("$4,200.50");
    await context.close();
  });

  it("adds a resource and lets an installer read but not add jobs", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/schedule/resources/new");
    await page.locator('#resource-form input[name="name"]').fill(`${tag} Flatbed`);
    await page.locator('#resource-form select[name="type"]').selectOption("vehicle");
    await page.locator('#resource-form input[name="skills"]').fill("delivery, liftgate");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/schedule/resources"),
      page.getByRole("button", { name: "Add Resource" }).click(),
    ]);
    await page.getByText("Resource Created").waitFor();
    expect(
      await page
        .getByTestId("resource-row")
        .filter({ hasText: `${tag} Flatbed` })
        .getByText("delivery, liftgate")
        .count(),
    ).toBe(1);
    await context.close();

    const installer = await newContext(browser, { javaScriptEnabled: false });
    const ip = await signInAs(installer, "installer");
    await ip.goto("/jobs");
    expect(await ip.getByRole("link", { name: "Add Job" }).count()).toBe(0);
    const res = await ip.goto("/jobs/new");
    expect(res?.status()).toBe(403);
    await ip.goto("/");
    await ip.getByRole("heading", { name: "My Workday" }).waitFor();
    expect(await ip.getByTestId("metric-Tasks Today").textContent()).toMatch(/^[\d,]+$/);
    await installer.close();
  });
});

describe("with JavaScript", () => {
  it("adds a task in the dialog over the list", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "installer");
    await page.goto("/tasks");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add Task" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.locator('input[name="title"]').fill(`${tag} Touch up paint`);
    await dialog.locator('select[name="priority"]').selectOption("high");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/tasks"),
      dialog.getByRole("button", { name: "Create Task" }).click(),
    ]);
    await page.getByText("Task created").first().waitFor();
    await page.goto(`/tasks?search=${tag}%20Touch`);
    expect(
      await listRows(page, "Tasks")
        .filter({ hasText: `${tag} Touch up paint` })
        .getByText("High")
        .count(),
    ).toBe(1);
    await context.close();
  });

  it("applies the Jobs filters as you choose and type", async () => {
    const owner = await signIn("owner");
    const customers = (await api(`/api/customers?search=${tag}`, { cookie: owner })).body;
    await api("/api/jobs", {
      method: "POST",
      cookie: owner,
      json: { customerId: customers[0].id, title: `${tag} Filtered`, status: "approved" },
      headers: { Origin: baseUrl() },
    });
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    await page.goto("/jobs");
    await waitForHydration(page);
    await Promise.all([
      page.waitForURL(/status=approved/),
      page.getByLabel("Filter by status").selectOption("approved"),
    ]);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("search") === `${tag} Filtered`),
      page.getByRole("searchbox", { name: "Search jobs" }).fill(`${tag} Filtered`),
    ]);
    await listRows(page, "Jobs")
      .filter({ hasText: `${tag} Filtered` })
      .waitFor();
    // The URL changes a tick before React renders the filtered rows: wait for the list itself.
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Jobs"] > tbody > tr').length === 1,
      null,
      {
        timeout: 10_000,
      },
    );
    expect(await listRows(page, "Jobs").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("status")).toBe("approved");
    await context.close();
  });
});
