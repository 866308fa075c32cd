// The three Home dashboards without JavaScript (issue 14 items 1–4): owner and office homes differ,
// quick actions navigate to real flows, Recent Activity's View all pages and filters, and the
// installer's Home carries no money. The figures themselves are checked exactly in
// tests/integration/home-figures.test.ts. Screenshots at 390/768/1280 go to tests/.tmp/homes/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { jobs, quotes, tasks, users } from "../../db/schema";
import { launchBrowser, newContext, signInAs, waitForHydration, keepScreenshot } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";
import { completeTask } from "~/models/task.server";
import { getSettings } from "~/models/settings.server";
import { businessToday, monthStart, quarterStart, weekStart, zonedToInstant } from "~/utils/dates";

const tag = `hm${Date.now().toString(36)}`;
const SHOTS = path.resolve("tests/.tmp/homes");
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

let browser: Browser;
let quoteId = 0;
let jobId = 0;
let customerId = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const owner = await signIn("owner");
  const headers = { Origin: baseUrl() };
  const customer = await api("/api/customers", {
    method: "POST",
    cookie: owner,
    headers,
    json: { name: `Hazel Home ${tag}`, email: `hazel-${tag}@example.com` },
  });
  expect(customer.status).toBe(201);
  customerId = customer.body.id;
  const quote = await api("/api/quotes", {
    method: "POST",
    cookie: owner,
    headers,
    json: {
      customerId: customer.body.id,
      title: `Pantry wall ${tag}`,
      status: "sent",
      items: [{ description: "Pantry cabinets", quantity: "1", unitPrice: "1234.56" }],
    },
  });
  expect(quote.status).toBe(201);
  quoteId = quote.body.id;
  // Sent in 2001: waiting longer than every other file's sent quotes but the reports fixtures' few
  // (1950, 1984–1987), so it is on the Follow Up list's first page however many others are sent.
  await (
    await getDb()
  )
    .update(quotes)
    .set({ sentAt: new Date("2001-01-02T15:00:00Z") })
    .where(eq(quotes.id, quoteId));
  const job = await api("/api/jobs", {
    method: "POST",
    cookie: owner,
    headers,
    json: { customerId: customer.body.id, title: `Mudroom bench ${tag}`, status: "approved" },
  });
  expect(job.status).toBe(201);
  jobId = job.body.id;
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Home signed in as `who`; `errors` collects the page's errors and console errors from the load on
 * (a hydration mismatch is reported as a page error in the production build).
 */
async function home(
  who: string,
  javaScriptEnabled = false,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, { javaScriptEnabled });
  const page = await signInAs(context, who);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto("/");
  if (javaScriptEnabled) await waitForHydration(page);
  return { context, page, errors };
}

async function shots(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.reload();
    // Nothing scrolls sideways at any width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
}

const headings = (page: Page) => page.locator("main h2").allTextContents();

describe("Home without JavaScript", () => {
  it("owner: six cards with their change, pipeline, quick actions, lists and the side column", async () => {
    const { context, page } = await home("owner");
    const cards = page.locator(
      '[data-testid^="metric-"]:not([data-testid="metric-value"]):not([data-testid="metric-change"])',
    );
    expect(await cards.count()).toBe(6);
    for (const title of [
      "Total Revenue",
      "Active Jobs",
      "Pending Quotes",
      "Customers",
      "Quote Win Rate",
      "Overdue Invoices",
    ])
      expect(await page.getByTestId(`metric-${title}`).count()).toBe(1);
    expect(await page.getByTestId("metric-Total Revenue").getByTestId("metric-value").textContent()).toMatch(/^\$/);
    expect(await page.getByTestId("metric-Customers").getByTestId("metric-change").textContent()).toMatch(
      /from last month/,
    );
    // More invoices falling due is bad news: red when up, green when down (the arrow says which way).
    const overdue = page.getByTestId("metric-Overdue Invoices").getByTestId("metric-change");
    const sign = (await overdue.textContent())!.trim()[0];
    const colour = await overdue.getAttribute("data-accent-color");
    if (sign === "+" || sign === "n")
      expect(colour).toBe("red"); // "+12.5% …" or "new …" (none last month)
    else if (sign === "−") expect(colour).toBe("green");
    else expect(colour).toBe("gray");
    expect(await headings(page)).toEqual([
      "Job Pipeline Snapshot",
      "Quick Actions",
      "Recent Jobs",
      "High-Value Quotes",
      "Needs Attention",
      "Inventory Alerts",
      "Recent Activity",
    ]);
    // Each card opens what it counts: the Reports over the card's own days (the same definitions:
    // payments less refunds; quotes sent this quarter now approved), the active jobs.
    const today = businessToday((await getSettings(await getDb())).system.timeZone);
    const href = (title: string) => page.getByTestId(`metric-${title}`).getAttribute("href");
    expect(await href("Total Revenue")).toBe(`/reports?from=${monthStart(today)}&to=${today}`);
    expect(await href("Quote Win Rate")).toBe(`/reports?from=${quarterStart(today)}&to=${today}`);
    expect(await href("Active Jobs")).toBe("/jobs?status=active");
    expect(await href("Overdue Invoices")).toBe("/invoices?status=overdue");
    expect(await page.getByTestId("pipeline-total").textContent()).toMatch(/^[\d,]+ Total Jobs$/);
    expect(await page.getByTestId("stage-quoted").getByTestId("stage-percent").textContent()).toMatch(
      /^\d+\.\d% of total$/,
    );
    await shots(page, "owner");
    await page.setViewportSize({ width: 1280, height: 800 });
    // Quick Actions navigate: View Reports is the owner's.
    await page.getByTestId("quick-actions").getByRole("link", { name: "New Quote" }).click();
    expect(new URL(page.url()).pathname).toBe("/quotes/new");
    await page.goto("/");
    await page.getByTestId("quick-actions").getByRole("link", { name: "View Reports" }).click();
    expect(new URL(page.url()).pathname).toBe("/reports");
    await context.close();
  });

  it("office: its own cards and lists; Follow Up Quote lists the waiting quotes and opens Send Email", async () => {
    const { context, page } = await home("office");
    expect(await page.getByTestId("metric-This Week's Revenue").getByTestId("metric-value").textContent()).toMatch(
      /^\$/,
    );
    expect(await page.getByTestId("metric-Pending Quotes").textContent()).toContain("awaiting customer response");
    expect(await page.getByTestId("metric-Quote Win Rate").count()).toBe(0);
    expect(await headings(page)).toEqual([
      "Quick Actions",
      "Pending Quotes",
      "Jobs to Coordinate",
      "Needs Attention",
      "Inventory Alerts",
      "Recent Activity",
    ]);
    await shots(page, "office");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("quick-actions").getByRole("link", { name: "Follow Up Quote" }).click();
    expect(new URL(page.url()).pathname).toBe("/follow-up");
    // Waiting longest first: the days never grow down the list.
    const days = (await page.getByTestId("days-waiting").allTextContents()).map((t) => Number.parseInt(t, 10));
    expect(days).toEqual([...days].sort((a, b) => b - a));
    // Ours has waited since 2001: on the first page; open its Send Email from there.
    const row = page.getByTestId("follow-up-row").filter({ hasText: `Pantry wall ${tag}` });
    expect(await row.count()).toBe(1);
    await row.getByRole("link", { name: "Send Email" }).click();
    expect(new URL(page.url()).pathname).toBe(`/quotes/${quoteId}/send`);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/follow-up/);
    await context.close();
  });

  it("office: an install this week missing materials and a crew offers Issue materials and Assign crew", async () => {
    const owner = await signIn("owner");
    const headers = { Origin: baseUrl() };
    const job = await api("/api/jobs", {
      method: "POST",
      cookie: owner,
      headers,
      json: { customerId, title: `Laundry wall ${tag}`, status: "approved" },
    });
    expect(job.status).toBe(201);
    // A minute into this business week: first among the week's installs (oldest first), whatever
    // other files book later in the week.
    const timeZone = "America/New_York";
    const start = zonedToInstant(weekStart(businessToday(timeZone)), "00:01", timeZone);
    const event = await api("/api/schedule/events", {
      method: "POST",
      cookie: owner,
      headers,
      json: {
        title: `Install laundry wall ${tag}`,
        type: "install",
        jobId: job.body.id,
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    });
    expect(event.status).toBe(201);
    const { context, page } = await home("office");
    const row = page.getByTestId("coordinate-item").filter({ hasText: `Laundry wall ${tag}` });
    expect(await row.textContent()).toContain("materials not issued · no crew assigned");
    expect(await row.getByRole("link", { name: "Assign crew" }).getAttribute("href")).toBe(
      `/schedule/events/${event.body.id}/edit`,
    );
    // Issue materials opens the job's Materials dialog on its Issue tab.
    await row.getByRole("link", { name: "Issue materials" }).click();
    expect(new URL(page.url()).pathname).toBe(`/jobs/${job.body.id}/materials`);
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("link", { name: "Issue Materials" }).getAttribute("aria-current")).toBe("page");
    await context.close();
  });

  it("installer: My Workday with tasks, jobs, attention and activity, and no money anywhere", async () => {
    const { context, page } = await home("installer");
    expect(await page.locator("h1").textContent()).toBe("My Workday");
    const main = (await page.locator("main").textContent()) ?? "";
    expect(main).not.toMatch(/\$\s?\d/);
    expect(await headings(page)).toEqual(
      expect.arrayContaining(["My Tasks", "My Current Jobs", "Needs Attention", "Recent Activity"]),
    );
    expect(await headings(page)).not.toContain("Inventory Alerts");
    await shots(page, "installer");
    await context.close();
  });

  it.each([false, true])(
    "installer: Complete on one of My Tasks finishes it (JavaScript %s)",
    async (javaScriptEnabled) => {
      const db = await getDb();
      const [installer] = await db.select({ id: users.id }).from(users).where(eq(users.username, "installer"));
      const owner = await signIn("owner");
      const title = `Hang pantry doors ${tag} ${javaScriptEnabled ? "js" : "plain"}`;
      // Due long ago: first in My Tasks (overdue first), whatever other files give the installer.
      const created = await api("/api/tasks", {
        method: "POST",
        cookie: owner,
        headers: { Origin: baseUrl() },
        json: { title, type: "installation", priority: "high", dueDate: "2001-02-03", assignedToUserId: installer.id },
      });
      expect(created.status).toBe(201);
      // A second task stays listed: after the action the list is drawn again (with JS from data, the
      // rows having come as HTML only), not emptied.
      const kept = `Fit pantry shelves ${tag} ${javaScriptEnabled ? "js" : "plain"}`;
      const next = await api("/api/tasks", {
        method: "POST",
        cookie: owner,
        headers: { Origin: baseUrl() },
        json: {
          title: kept,
          type: "installation",
          priority: "high",
          dueDate: "2001-02-04",
          assignedToUserId: installer.id,
        },
      });
      expect(next.status).toBe(201);
      // The Home's lists come as HTML only on a document (list-rows-once.md): hydration keeps them
      // without an error.
      const { context, page, errors } = await home("installer", javaScriptEnabled);
      const attention = page.getByTestId("attention-item");
      const jobsBefore = await page.getByTestId("current-job").count();
      expect(await attention.filter({ hasText: title }).count()).toBe(1);
      const item = page.getByTestId("my-task").filter({ hasText: title });
      expect(await item.textContent()).toContain("Overdue");
      await item.getByRole("button", { name: `Complete ${title}`, exact: true }).click();
      await page.getByText("Task completed").first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/");
      await expect.poll(() => page.getByTestId("my-task").filter({ hasText: title }).count()).toBe(0);
      expect(await page.getByTestId("my-task").filter({ hasText: kept }).count()).toBe(1);
      // With JS the lists are drawn again from data: Needs Attention without the finished task, with
      // the other; the current jobs as before.
      await expect.poll(() => attention.filter({ hasText: title }).count()).toBe(0);
      expect(await attention.filter({ hasText: kept }).count()).toBe(1);
      expect(await page.getByTestId("current-job").count()).toBe(jobsBefore);
      // Recent Activity says the type once: "Task completed", the task, then when and who (it read
      // "Task completed · Nov 30, …" under the same title).
      const entry = page.getByTestId("activity-item").filter({ hasText: title });
      await expect.poll(() => entry.count()).toBe(1);
      expect((await entry.textContent())!.match(/Task completed/g)).toHaveLength(1);
      expect(errors).toEqual([]);
      const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, created.body.id));
      expect(row.status).toBe("done");
      await context.close();
    },
  );

  it("installer quick actions: Report Issue, Request Materials and Update Progress work as plain forms", async () => {
    const { context, page } = await home("installer");
    const quick = page.getByTestId("quick-actions");
    expect(await quick.getByRole("link").allTextContents()).toEqual([
      "Upload Photos",
      "Report Issue",
      "Request Materials",
      "Update Progress",
    ]);
    await quick.getByRole("link", { name: "Report Issue" }).click();
    expect(new URL(page.url()).pathname).toBe("/report-issue");
    await page.locator('select[name="jobId"]').selectOption(String(jobId));
    await page.locator('input[name="title"]').fill(`Scratched door ${tag}`);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      page.getByRole("button", { name: "Report Issue" }).click(),
    ]);
    await page.getByText("Issue reported").first().waitFor();

    // From the job's own page (no JavaScript: its More menu is a <details>), the form opens on the job.
    await page.goto(`/jobs/${jobId}`);
    await page.getByLabel("More actions").click();
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/request-materials"),
      page.getByRole("link", { name: "Request Materials" }).click(),
    ]);
    expect(await page.locator('select[name="jobId"]').inputValue()).toBe(String(jobId));
    await page.locator('input[name="items[0].name"]').fill(`Edge banding ${tag}`);
    // A name without a quantity comes back with the error on its field.
    const [bad] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Request Materials" }).click(),
    ]);
    expect(bad?.status()).toBe(400);
    expect(await page.getByText("Enter the quantity").count()).toBe(1);
    await page.locator('input[name="items[0].quantity"]').fill("3");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      page.getByRole("button", { name: "Request Materials" }).click(),
    ]);
    await page.getByText("Materials requested").first().waitFor();

    await page.goto(`/update-progress?jobId=${jobId}`);
    await page.locator('select[name="status"]').selectOption("in-progress");
    await page.locator('textarea[name="note"]').fill(`Boxes on site ${tag}`);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      page.getByRole("button", { name: "Update Progress" }).click(),
    ]);
    await page.getByText("Progress updated").first().waitFor();

    // The office has both tasks on the job; the job is in progress with the note.
    const db = await getDb();
    const made = await db.select().from(tasks).where(eq(tasks.jobId, jobId));
    expect(made.map((t) => t.type).sort()).toEqual(["issue", "materials"]);
    expect(made.find((t) => t.type === "materials")?.description).toContain(`- 3 × Edge banding ${tag}`);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job.status).toBe("in-progress");
    expect(job.notes).toContain(`Boxes on site ${tag}`);
    await context.close();
  });

  it("the Activity page on a phone: a card says its type once, who and when on the line under it", async () => {
    const db = await getDb();
    const [owner] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, "owner"));
    const title = `Sweep the site ${tag}`;
    const [task] = await db.insert(tasks).values({ title }).returning({ id: tasks.id });
    await completeTask(db, task.id, owner.id);
    const context = await newContext(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await signInAs(context, "owner");
    await page.goto("/activity?type=task_completed");
    const card = page.getByTestId("activity-row").filter({ hasText: title });
    // "Task completed" is the card's title; its Type cell would say it again (shown in the table only).
    expect((await card.innerText()).match(/Task completed/g)).toHaveLength(1);
    const name = await card.locator("td.c-main").boundingBox();
    const who = await card.getByText(owner.name).boundingBox();
    expect(who!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await card.innerText()).match(/Task completed/g)).toHaveLength(2);
    await context.close();
  });

  it("Recent Activity's View all: a page of the log, filtered by type and user", async () => {
    const { context, page } = await home("owner");
    await page.getByTestId("recent-activity").getByRole("link", { name: "View All", exact: true }).click();
    expect(new URL(page.url()).pathname).toBe("/activity");
    await page.selectOption('select[name="type"]', "quote_created");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("type") === "quote_created"),
      page.locator("main").getByRole("button", { name: "Apply" }).click(),
    ]);
    await page.getByTestId("activity-row").first().waitFor();
    expect(new URL(page.url()).searchParams.get("type")).toBe("quote_created");
    const types = await page.locator('[data-testid="activity-row"] td:nth-child(2)').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(["Quote created"]));
    expect(
      await page
        .getByTestId("activity-row")
        .filter({ hasText: `Pantry wall ${tag}` })
        .count(),
    ).toBeLessThanOrEqual(1);
    await shots(page, "activity");
    await context.close();
  });
});
