// The Upload Photos page (Home's quick action, the Photos screen's button) in Chromium with
// JavaScript off and on (docs/decisions/photos.md): the user chooses the job the photos belong to
// with the shared record picker (no JS: its Find box; JS: the combobox), or nothing. Without JS a
// refused upload comes back with a 4xx next to the form — each refused file by name (too large,
// not a photo, past the 20 a form takes), an unknown record on its field — keeping the chosen job,
// title and tags. Screenshots at 390, 768 and 1280 px go to tests/.tmp/photos/, axe on each.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { customers, jobs, photos } from "../../db/schema";
import { runAxe } from "../setup/axe";
import { launchBrowser, newContext, signInAs, waitForHydration, keepScreenshot } from "../setup/browser";
import { makeJpeg, PDF } from "../setup/photos";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.tmp/photos");

let browser: Browser;
let dir = "";
let customerId = 0;
let jobId = 0;
const jobTitle = `Pantry upload ${tag}`;
const files = { good: "", pdf: "", big: "" };

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Upload Page ${tag}` })
    .returning();
  customerId = c.id;
  const [j] = await db.insert(jobs).values({ customerId, title: jobTitle }).returning();
  jobId = j.id;
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "photos-page-"));
  await fs.mkdir(SHOTS, { recursive: true });
  files.good = path.join(dir, "IMG_1001.jpg");
  files.pdf = path.join(dir, "invoice.jpg");
  files.big = path.join(dir, "IMG_HUGE.jpg");
  await fs.writeFile(files.good, await makeJpeg({ width: 640, height: 480 }));
  await fs.writeFile(files.pdf, PDF);
  const jpeg = await makeJpeg();
  await fs.writeFile(files.big, Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length)]));
});

afterAll(async () => {
  await browser?.close();
  const db = await getDb();
  await db.delete(photos).where(eq(photos.customerId, customerId));
  await db.delete(photos).where(eq(photos.title, `Loose ${tag}`));
  await db.delete(jobs).where(eq(jobs.id, jobId));
  await db.delete(customers).where(eq(customers.id, customerId));
  await fs.rm(dir, { recursive: true, force: true });
  await closeDb();
});

async function toastTitle(page: Page) {
  const title = page.locator('[data-testid="toast-title"]');
  await title.first().waitFor({ state: "attached" });
  return (await title.first().textContent())?.trim();
}

/** Submits the no-JS form and returns the answer's status. */
async function submitPlain(page: Page, button = "Upload") {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/photos/upload") && r.request().method() === "POST"),
    page.getByTestId("photo-upload-form").getByRole("button", { name: button, exact: true }).click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  return response.status();
}

async function chooseJob(page: Page, js: boolean) {
  const form = page.getByTestId("photo-upload-form");
  if (js) {
    const box = form.getByRole("combobox", { name: "Job" });
    await box.fill(jobTitle);
    await page.getByRole("option", { name: new RegExp(jobTitle) }).click();
  } else {
    await form.getByRole("searchbox", { name: "Find job" }).fill(jobTitle);
    expect(await submitPlain(page, "Find job")).toBe(200);
    await expect(form.getByText(`1 job matches “${jobTitle}”.`).isVisible()).resolves.toBe(true);
  }
}

describe.each([false, true])("Upload Photos page with JavaScript %s", (js) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, { javaScriptEnabled: js });
    page = await signInAs(context, "installer");
  });

  afterAll(async () => {
    await context?.close();
  });

  it("attaches the photos to the job chosen with the picker (Home's Upload Photos)", async () => {
    await page.goto("/");
    await page.getByRole("link", { name: "Upload Photos" }).first().click();
    await page.waitForURL(/\/photos\/upload/);
    if (js) await waitForHydration(page);
    await chooseJob(page, js);
    const form = page.getByTestId("photo-upload-form");
    const title = `Shelf ${js ? "js" : "nojs"} ${tag}`;
    await form.getByLabel("Title (optional)").fill(title);
    await form.locator('input[name="tags"][value="before"]').check();
    await form.locator('input[type="file"][multiple]').setInputFiles(files.good);
    if (js) {
      await form.getByRole("button", { name: "Upload" }).click();
      await page.locator('[data-testid="upload-queue"] li[data-status="uploaded"]').waitFor();
    } else {
      expect(await submitPlain(page)).toBe(302); // to the list, with the toast
      expect(await toastTitle(page)).toBe("Upload successful");
    }
    const [row] = await (await getDb()).select().from(photos).where(eq(photos.title, title));
    expect(row).toMatchObject({ jobId, customerId, tags: ["before"], originalName: "IMG_1001.jpg" });
  });

  it.runIf(!js)("keeps a photo unattached when nothing is chosen", async () => {
    await page.goto("/photos/upload");
    const form = page.getByTestId("photo-upload-form");
    await form.getByLabel("Title (optional)").fill(`Loose ${tag}`);
    await form.locator('input[type="file"][multiple]').setInputFiles(files.good);
    expect(await submitPlain(page)).toBe(302);
    expect(await toastTitle(page)).toBe("Upload successful");
    const [row] = await (
      await getDb()
    )
      .select()
      .from(photos)
      .where(eq(photos.title, `Loose ${tag}`));
    expect(row).toMatchObject({ jobId: null, customerId: null, taskId: null, scheduleEventId: null });
  });

  it.runIf(!js)("names each refused file next to the form with a 4xx, keeping the job, title and tags", async () => {
    await page.goto("/photos/upload");
    await chooseJob(page, false);
    const form = page.getByTestId("photo-upload-form");
    const title = `Refused ${tag}`;
    await form.getByLabel("Title (optional)").fill(title);
    await form.locator('input[name="tags"][value="after"]').check();
    await form.getByLabel("Other tags (comma-separated)").fill("north wall");
    await form.locator('input[type="file"][multiple]').setInputFiles([files.good, files.pdf, files.big]);
    expect(await submitPlain(page)).toBe(400);
    expect(page.url()).toContain("/photos/upload");
    const errors = page.getByTestId("upload-errors");
    await expect(errors.textContent()).resolves.toContain("Uploaded 1 photo(s).");
    await expect(errors.locator('li[data-file="invoice.jpg"]').textContent()).resolves.toMatch(/is not a photo/);
    await expect(errors.locator('li[data-file="IMG_HUGE.jpg"]').textContent()).resolves.toMatch(/larger than 10MB/);
    expect(await errors.locator('li[data-file="IMG_1001.jpg"]').count()).toBe(0);
    // What the user chose is still there.
    await expect(form.getByLabel("Title (optional)").inputValue()).resolves.toBe(title);
    await expect(form.getByLabel("Other tags (comma-separated)").inputValue()).resolves.toBe("north wall");
    await expect(form.locator('input[name="tags"][value="after"]').isChecked()).resolves.toBe(true);
    await expect(form.getByRole("combobox", { name: "Job" }).inputValue()).resolves.toBe(String(jobId));
    const saved = await (await getDb()).select().from(photos).where(eq(photos.title, title));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ jobId, tags: ["after", "north wall"] });
    expect(await runAxe(page, { pageScriptsDisabled: true }).then(serious)).toEqual([]);
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : width < 1280 ? 1024 : 800 });
      await keepScreenshot(page, { path: path.join(SHOTS, `upload-refused-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // Only a size refusal: 413.
    await form.locator('input[type="file"][multiple]').setInputFiles(files.big);
    expect(await submitPlain(page)).toBe(413);
    await expect(page.getByTestId("upload-errors").textContent()).resolves.toContain("IMG_HUGE.jpg");
  });

  it.runIf(!js)("refuses more than 20 files by name, storing the first 20", async () => {
    await page.goto("/photos/upload");
    await chooseJob(page, false);
    const title = `Many ${tag}`;
    const form = page.getByTestId("photo-upload-form");
    await form.getByLabel("Title (optional)").fill(title);
    const small = await makeJpeg({ width: 16, height: 16 });
    const many = Array.from({ length: 21 }, (_, i) => ({
      name: `IMG_${String(i + 1).padStart(2, "0")}.jpg`,
      mimeType: "image/jpeg",
      buffer: small,
    }));
    await form.locator('input[type="file"][multiple]').setInputFiles(many);
    expect(await submitPlain(page)).toBe(400);
    const refused = page.getByTestId("upload-errors").locator("li");
    expect(await refused.count()).toBe(1);
    await expect(refused.first().getAttribute("data-file")).resolves.toBe("IMG_21.jpg");
    await expect(refused.first().textContent()).resolves.toContain("at most 20 photos");
    const saved = await (await getDb()).select({ id: photos.id }).from(photos).where(eq(photos.title, title));
    expect(saved).toHaveLength(20);
  });

  it.runIf(!js)("refuses a job that does not exist on its field, storing nothing", async () => {
    await page.goto("/photos/upload");
    const form = page.getByTestId("photo-upload-form");
    await form.getByLabel("Title (optional)").fill(`Ghost ${tag}`);
    // A job deleted since the page was shown (or a tampered form).
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('select[name="jobId"]')!;
      select.add(new Option("Deleted job", "2000000000"));
      select.value = "2000000000";
    });
    await form.locator('input[type="file"][multiple]').setInputFiles(files.good);
    expect(await submitPlain(page)).toBe(400);
    // The job picker by its field (the customer picker's options may name a job too: other files' data).
    const jobPicker = page.locator(".record-picker").filter({ has: page.locator('select[name="jobId"]') });
    await expect(jobPicker.textContent()).resolves.toContain("Job not found");
    await expect(form.getByLabel("Title (optional)").inputValue()).resolves.toBe(`Ghost ${tag}`);
    expect(
      await (
        await getDb()
      )
        .select()
        .from(photos)
        .where(eq(photos.title, `Ghost ${tag}`)),
    ).toEqual([]);
  });

  it("looks right at 390, 768 and 1280 px with no serious axe finding", async () => {
    await page.goto(`/photos/upload?jobId=${jobId}`);
    if (js) await waitForHydration(page);
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : width < 1280 ? 1024 : 800 });
      await keepScreenshot(page, { path: path.join(SHOTS, `upload-page-${js ? "js" : "nojs"}-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    }
    expect(await runAxe(page, { pageScriptsDisabled: !js }).then(serious)).toEqual([]);
  });
});

function serious(findings: Awaited<ReturnType<typeof runAxe>>) {
  return findings.filter((f) => f.impact === "serious" || f.impact === "critical");
}
