// Browser tests of the operations area: JavaScript off for the forms, on for the live conflict check.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, listRows, newContext, rowAction, signInAs, waitForHydration } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `e2e${Date.now().toString(36)}`;
const DAY = "2031-03-11"; // a Tuesday, clear of the demo data
let browser: Browser;
let crewName = "";
let jobTitle = "";
let taskTitle = "";

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await signIn("owner");
  const post = (path: string, json: unknown) =>
    api(path, { method: "POST", cookie: owner, json, headers: { Origin: baseUrl() } });
  crewName = `${tag} Crew`;
  const crew = (await post("/api/resources", { name: crewName, type: "crew" })).body;
  // The crew is busy 09:00–12:00 New York time on DAY (EDT, UTC-4).
  await post("/api/schedule/events", {
    title: `${tag} existing`,
    type: "install",
    resourceIds: [crew.id],
    startAt: `${DAY}T13:00:00Z`,
    endAt: `${DAY}T16:00:00Z`,
  });
  const customer = (
    await post("/api/customers", { name: `${tag} Customer`, address: "12 Oak Lane", city: "Charlotte", state: "NC" })
  ).body;
  jobTitle = `${tag} Kitchen`;
  await post("/api/jobs", { customerId: customer.id, title: jobTitle, status: "approved" });
  taskTitle = `${tag} Hang crown`;
  await post("/api/tasks", { title: taskTitle, status: "open", customerId: customer.id });
  await post("/api/tasks", { title: `${tag} Fit toe kick`, status: "open", customerId: customer.id });
});

afterAll(async () => {
  await browser?.close();
});

describe("without JavaScript", () => {
  it("schedules an install from the Jobs list, stops on a conflict, creates anyway and shows it in the week", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/jobs?search=${tag}`);
    await (await rowAction(listRows(page, "Jobs").filter({ hasText: jobTitle }), "Schedule install")).click();
    await page.waitForURL(/\/schedule\/events\/new/);
    await expect.poll(() => page.inputValue('#event-form input[name="title"]')).toBe(`Install: ${jobTitle}`);
    expect(await page.inputValue('#event-form select[name="type"]')).toBe("install");
    expect(await page.inputValue('#event-form input[name="location"]')).toBe("12 Oak Lane, Charlotte, NC");
    expect(await page.inputValue('#event-form input[name="startTime"]')).toBe("09:00");
    await page.fill('#event-form input[name="date"]', DAY);
    await page.getByLabel(crewName).check();
    await page.getByRole("button", { name: "Create Event" }).click();
    const conflicts = page.getByTestId("conflicts");
    await conflicts.waitFor();
    expect(await conflicts.textContent()).toContain(`${crewName} is booked for “${tag} existing”`);
    // The form kept what was entered; the next submit forces it.
    expect(await page.inputValue('#event-form input[name="date"]')).toBe(DAY);
    expect(await page.getByLabel(crewName).isChecked()).toBe(true);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/schedule"),
      page.getByRole("button", { name: "Create Anyway" }).click(),
    ]);
    expect(page.url()).toContain(`date=${DAY}`);
    expect(page.url()).toContain("view=week");
    await page.getByText("Event Created").waitFor();
    const day = page.locator(`[data-day="${DAY}"]`);
    expect(await day.getByText(`Install: ${jobTitle}`).count()).toBe(1);
    expect(await day.getByText(`${tag} existing`).count()).toBe(1);
    await context.close();
  });

  it("shows an event over several days on each of its days, also when it began the week before", async () => {
    const owner = await signIn("owner");
    const post = (json: unknown) =>
      api("/api/schedule/events", { method: "POST", cookie: owner, json, headers: { Origin: baseUrl() } });
    // New York is on EDT (UTC-4) in this week of March 2031 (Mon 17 – Sun 23).
    await post({
      title: `${tag} three days`,
      type: "install",
      startAt: "2031-03-18T12:00:00Z",
      endAt: "2031-03-20T20:00:00Z",
    });
    await post({
      title: `${tag} to midnight`,
      type: "delivery",
      startAt: "2031-03-20T13:00:00Z",
      endAt: "2031-03-21T04:00:00Z",
    });
    await post({
      title: `${tag} from Saturday`,
      type: "service",
      startAt: "2031-03-15T14:00:00Z",
      endAt: "2031-03-18T22:00:00Z",
    });
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/schedule?view=week&date=2031-03-19");
    const chip = async (day: string, title: string) => {
      // A chip: its time, title and resources, one line each.
      const found = page.locator(`[data-day="${day}"] a`).filter({ hasText: title });
      return (await found.count()) ? ((await found.locator("span").first().textContent()) ?? "").trim() : null;
    };
    expect(await chip("2031-03-17", `${tag} three days`)).toBeNull();
    expect(await chip("2031-03-18", `${tag} three days`)).toBe("8:00 AM → · Day 1 of 3");
    expect(await chip("2031-03-19", `${tag} three days`)).toBe("All day · Day 2 of 3");
    expect(await chip("2031-03-20", `${tag} three days`)).toBe("→ 4:00 PM · Day 3 of 3");
    expect(await chip("2031-03-21", `${tag} three days`)).toBeNull();
    // Ending at midnight ends the day before.
    expect(await chip("2031-03-20", `${tag} to midnight`)).toBe("9:00 AM – 12:00 AM");
    expect(await chip("2031-03-21", `${tag} to midnight`)).toBeNull();
    expect(await chip("2031-03-17", `${tag} from Saturday`)).toBe("All day · Day 3 of 4");
    expect(await chip("2031-03-18", `${tag} from Saturday`)).toBe("→ 6:00 PM · Day 4 of 4");
    // The month shows it on each day too, and the list names the span.
    await page.goto("/schedule?view=month&date=2031-03-19");
    for (const day of ["2031-03-18", "2031-03-19", "2031-03-20"]) {
      expect(await page.locator(`[data-day="${day}"]`).getByText(`${tag} three days`).count()).toBe(1);
    }
    await page.goto("/schedule?view=list&date=2031-03-17");
    const row = listRows(page, "Events").filter({ hasText: `${tag} three days` });
    expect(await row.textContent()).toContain("Tue, Mar 18 – Thu, Mar 20");
    await context.close();
  });

  it("completes a task from the Tasks list", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "installer");
    await page.goto(`/tasks?search=${encodeURIComponent(taskTitle)}`);
    const row = listRows(page, "Tasks").filter({ hasText: taskTitle });
    expect(await row.getByText("Open", { exact: true }).count()).toBe(1);
    await row.getByRole("button", { name: `Complete ${taskTitle}` }).click();
    await page.getByText("Task completed").waitFor();
    expect(await row.getByText("Done", { exact: true }).count()).toBe(1);
    expect(await row.getByRole("button", { name: `Complete ${taskTitle}` }).count()).toBe(0);
    await context.close();
  });

  it("completes a task from the Tasks list with JavaScript, without reloading the page", async () => {
    const title = `${tag} Fit toe kick`;
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    await page.goto(`/tasks?search=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    // A mark on this document: a full page load would lose it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const row = listRows(page, "Tasks").filter({ hasText: title });
    expect(await row.getByRole("link", { name: `Actions for ${title}`, exact: true }).count()).toBe(1);
    await row.getByRole("button", { name: `Complete ${title}`, exact: true }).click();
    await page.getByText("Task completed").waitFor();
    await row.getByText("Done", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: `Complete ${title}` }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(new URL(page.url()).searchParams.get("search")).toBe(title);
    await context.close();
  });

  it("refuses an event whose end is before its start, with the message on the end time", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/schedule/events/new?eventDate=${DAY}`);
    await page.fill('#event-form input[name="title"]', `${tag} backwards`);
    await page.fill('#event-form input[name="startTime"]', "11:00");
    await page.fill('#event-form input[name="endTime"]', "10:00");
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.getByText("End time must be after start time").waitFor();
    expect(await page.getAttribute('#event-form input[name="endTime"]', "aria-invalid")).toBe("true");
    await context.close();
  });
});

describe("with JavaScript", () => {
  it("shows the conflict 500 ms after a busy resource is picked, before submitting", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    await page.goto(`/schedule/events/new?eventDate=${DAY}`);
    await waitForHydration(page);
    await page.fill('#event-form input[name="title"]', `${tag} live check`);
    expect(await page.getByTestId("conflicts").count()).toBe(0);
    await page.getByLabel(crewName).check();
    const conflicts = page.getByTestId("conflicts");
    await conflicts.waitFor({ timeout: 5000 });
    expect(await conflicts.textContent()).toContain(crewName);
    // Choosing a job sets its customer.
    const job = page.getByRole("combobox", { name: "Job" });
    await job.fill(jobTitle);
    await page.getByRole("option", { name: new RegExp(`${jobTitle}.*${tag} Customer`) }).click();
    // The customer picker follows on its next render: wait for it rather than read at once.
    await expect.poll(() => page.locator('#event-form input[name="jobId"]').inputValue()).not.toBe("none");
    await expect.poll(() => page.getByRole("combobox", { name: "Customer" }).inputValue()).toBe(`${tag} Customer`);
    await expect.poll(() => page.locator('#event-form input[name="customerId"]').inputValue()).not.toBe("none");
    // Moving the times clear of the booking clears the warning.
    await page.fill('#event-form input[name="startTime"]', "12:00");
    await page.fill('#event-form input[name="endTime"]', "13:00");
    await conflicts.waitFor({ state: "detached", timeout: 5000 });
    // Back onto the booking: the submit is stopped once, then Create Anyway saves it.
    await page.fill('#event-form input[name="startTime"]', "10:00");
    await page.fill('#event-form input[name="endTime"]', "11:00");
    await conflicts.waitFor({ timeout: 5000 });
    await page.getByRole("button", { name: "Create Event" }).click();
    const anyway = page.getByRole("button", { name: "Create Anyway" });
    await anyway.waitFor();
    await Promise.all([page.waitForURL((url) => url.pathname === "/schedule"), anyway.click()]);
    await page.getByText("Event Created").first().waitFor();
    expect(await page.locator(`[data-day="${DAY}"]`).getByText(`${tag} live check`).count()).toBe(1);
    await context.close();
  });
});

describe("editing an event without JavaScript", () => {
  it("stops an update that creates a conflict once, then Update Anyway saves it", async () => {
    const owner = await signIn("owner");
    const post = (path: string, json: unknown) =>
      api(path, { method: "POST", cookie: owner, json, headers: { Origin: baseUrl() } });
    const crew = (await api("/api/resources", { cookie: owner })).body.find(
      (r: { name: string }) => r.name === crewName,
    );
    const other = (await post("/api/resources", { name: `${tag} Helper` })).body;
    const event = (
      await post("/api/schedule/events", {
        title: `${tag} to move`,
        resourceIds: [other.id],
        startAt: `${DAY}T18:00:00Z`,
        endAt: `${DAY}T19:00:00Z`,
      })
    ).body;
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/schedule/events/${event.id}/edit?view=week&date=${DAY}`);
    // Stored 14:00–15:00 New York time; the form shows the business time zone.
    expect(await page.inputValue('#event-form input[name="startTime"]')).toBe("14:00");
    // Editing alone (no overlap with itself) is not a conflict.
    await page.fill('#event-form input[name="startTime"]', "11:00");
    await page.getByLabel(crewName).check();
    await page.getByRole("button", { name: "Update Event" }).click();
    await page.getByTestId("conflicts").waitFor();
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/schedule"),
      page.getByRole("button", { name: "Update Anyway" }).click(),
    ]);
    await page.getByText("Event Updated").waitFor();
    const saved = (await api(`/api/schedule/events/${event.id}`, { cookie: owner })).body;
    expect(saved.startAt).toBe(`${DAY}T15:00:00.000Z`);
    expect(saved.resourceIds).toEqual([crew.id, other.id].sort((a: number, b: number) => a - b));
    await context.close();
  });
});
