// Photos in Chromium with JavaScript off and on (docs/decisions/photos.md): a real JPEG through
// setInputFiles into a job's photos dialog → the worker's thumbnail → the gallery → the viewer →
// edit → delete. Without JS the form is a plain multipart post; with JS the queue uploads to the
// signed URL with a progress bar, registers, and clears 2 s after success. Screenshots at 390, 768
// and 1280 px go to tests/.tmp/photos/ (not committed).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { customers, jobs, photos } from "../../db/schema";
import { processors } from "../../jobs/processors/index";
import { PHOTOS_QUEUE } from "../../jobs/queues";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { launchBrowser, newContext, signInAs, waitForHydration, keepScreenshot } from "../setup/browser";
import { makeJpeg } from "../setup/photos";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.tmp/photos");

let browser: Browser;
let worker: RunningWorker;
let jobId = 0;
let customerId = 0;
let imageFile = "";

beforeAll(async () => {
  browser = await launchBrowser();
  worker = await startWorker({
    prefix: inject("queuePrefix"),
    concurrency: 2,
    registry: { [PHOTOS_QUEUE]: processors[PHOTOS_QUEUE] },
    schedulers: false,
  });
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Photo E2E ${tag}` })
    .returning();
  customerId = c.id;
  const [j] = await db
    .insert(jobs)
    .values({ customerId, title: `Kitchen E2E ${tag}` })
    .returning();
  jobId = j.id;
  await fs.mkdir(SHOTS, { recursive: true });
  imageFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "photos-e2e-")), "IMG_4032.jpg");
  await fs.writeFile(imageFile, await makeJpeg({ width: 1200, height: 900, gps: true }));
});

afterAll(async () => {
  await browser?.close();
  await worker?.close();
  const db = await getDb();
  await db.delete(photos).where(eq(photos.customerId, customerId));
  await db.delete(jobs).where(eq(jobs.id, jobId));
  await db.delete(customers).where(eq(customers.id, customerId));
  await closeDb();
});

async function toastTitle(page: Page) {
  const title = page.locator('[data-testid="toast-title"]');
  await title.first().waitFor({ state: "attached" });
  return (await title.first().textContent())?.trim();
}

/** Reloads the Photos list filtered to `title` until the card shows a real thumbnail. */
async function waitForThumbnail(page: Page, title: string) {
  const until = Date.now() + 45_000;
  for (;;) {
    await page.goto(`/photos?search=${encodeURIComponent(title)}`);
    const img = page.locator('[data-testid="photo-card"] img.photo-thumb');
    if ((await img.count()) > 0) return img.first();
    if (Date.now() > until) throw new Error("no thumbnail within 45 s");
    await page.waitForTimeout(750);
  }
}

describe.each([false, true])("photos with JavaScript %s", (js) => {
  let context: BrowserContext;
  let page: Page;
  const title = `Wall ${js ? "js" : "nojs"} ${tag}`;

  beforeAll(async () => {
    context = await newContext(browser, { javaScriptEnabled: js });
    page = await signInAs(context, "installer");
  });

  afterAll(async () => {
    await context?.close();
  });

  it("uploads from the job's photos dialog", async () => {
    await page.goto(`/jobs/${jobId}/photos?tab=upload`);
    if (js) await waitForHydration(page);
    const form = page.getByTestId("photo-upload-form");
    await expect(form.getByText("Take photo")).toBeTruthy();
    expect(await form.locator('input[capture="environment"][accept="image/*"]').count()).toBe(1);
    await form.locator('input[type="file"][multiple]').setInputFiles(imageFile);
    await form.getByLabel("Title (optional)").fill(title);
    await form.locator('input[name="tags"][value="before"]').check();
    if (js) {
      await form.getByRole("button", { name: "Upload" }).click();
      await page.locator('[data-testid="upload-queue"] li[data-status="uploaded"]').waitFor();
      await expect(page.getByText("Successfully uploaded 1 photo(s)").isVisible()).resolves.toBe(true);
      // The queue clears 2 s after success.
      await page.locator('[data-testid="upload-queue"]').waitFor({ state: "detached", timeout: 6000 });
    } else {
      await Promise.all([page.waitForURL(/tab=gallery/), form.getByRole("button", { name: "Upload" }).click()]);
      expect(await toastTitle(page)).toBe("Upload successful");
    }
    const [row] = await (await getDb()).select().from(photos).where(eq(photos.title, title));
    expect(row).toMatchObject({ jobId, customerId, tags: ["before"], originalName: "IMG_4032.jpg" });
  });

  it("shows the thumbnail in the grid and the gallery, then the viewer", async () => {
    const img = await waitForThumbnail(page, title);
    const src = await img.getAttribute("src");
    const res = await page.request.get(src!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
    expect((await res.body()).includes(Buffer.from("Serial-SN12345"))).toBe(false);
    await expect(page.locator('[data-testid="photo-card"]').first().textContent()).resolves.toContain("Job");

    await page.goto(`/jobs/${jobId}/photos`);
    await expect(page.getByText(title).first().isVisible()).resolves.toBe(true);

    await page.goto(`/photos?search=${encodeURIComponent(title)}`);
    if (js) await waitForHydration(page);
    await page.getByRole("link", { name: `Open ${title}` }).click();
    await page.waitForURL(/\/photos\/\d+/);
    await page.locator("img.photo-viewer-image").waitFor();
  });

  it("edits the photo", async () => {
    if (js) await waitForHydration(page);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/\/edit/);
    if (js) await waitForHydration(page);
    await page.getByLabel("Title").fill(`${title} edited`);
    await page.getByLabel("Tags (comma-separated)").fill("after, north wall");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await toastTitle(page)).toBe("Photo updated");
    const [row] = await (
      await getDb()
    )
      .select()
      .from(photos)
      .where(eq(photos.title, `${title} edited`));
    expect(row.tags).toEqual(["after", "north wall"]);
  });

  it("deletes it after confirmation (the office)", async () => {
    const officeContext = await newContext(browser, { javaScriptEnabled: js });
    const office = await signInAs(officeContext, "office");
    const [row] = await (
      await getDb()
    )
      .select()
      .from(photos)
      .where(eq(photos.title, `${title} edited`));
    await office.goto(`/photos/${row.id}/delete`);
    if (js) await waitForHydration(office);
    await expect(office.getByText("This action cannot be undone.").isVisible()).resolves.toBe(true);
    await office.getByRole("button", { name: "Delete" }).click();
    expect(await toastTitle(office)).toBe("Photo deleted");
    expect(await (await getDb()).select().from(photos).where(eq(photos.id, row.id))).toEqual([]);
    await officeContext.close();
  });
});

describe("screenshots", () => {
  it.each([390, 768, 1280])("at %i px", async (width) => {
    const context = await browser.newContext({
      baseURL: inject("baseUrl"),
      viewport: { width, height: width < 768 ? 844 : width < 1280 ? 1024 : 800 },
    });
    const page = await signInAs(context, "owner");
    await page.goto("/photos");
    await keepScreenshot(page, { path: path.join(SHOTS, `photos-${width}.png`), fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.goto(`/jobs/${jobId}/photos?tab=upload`);
    await keepScreenshot(page, { path: path.join(SHOTS, `job-photos-upload-${width}.png`) });
    await context.close();
  });
});
