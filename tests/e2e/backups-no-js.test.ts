// Settings → System → Backups in Chromium with JavaScript DISABLED (issue 15;
// docs/decisions/backups.md): the owner presses "Back up now", the page says a backup is running,
// the worker makes it, the page lists it with its size and time, and its link downloads the dump
// (pg_dump's custom format). The office user does not see the section.
//
// The worker here runs the backups queue only, started after the press, so the "running" state is
// seen for certain; this file's backups are deleted afterwards.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { backups } from "../../db/schema";
import { objectStore } from "~/integrations/storage.server";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { processors } from "../../jobs/processors/index";
import { BACKUPS_QUEUE } from "../../jobs/queues";
import { launchBrowser, newContext, signInAs } from "../setup/browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let worker: RunningWorker | undefined;
let startedBefore = new Set<number>();

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { javaScriptEnabled: false });
  page = await signInAs(context, "owner");
  const db = await getDb();
  startedBefore = new Set((await db.select({ id: backups.id }).from(backups)).map((r) => r.id));
});

afterAll(async () => {
  await worker?.close();
  await browser?.close();
  const db = await getDb();
  const mine = (await db.select().from(backups)).filter((b) => !startedBefore.has(b.id));
  for (const b of mine) for (const key of [b.dumpKey, b.manifestKey]) if (key) await objectStore().delete(key);
  if (mine.length)
    await db.delete(backups).where(
      inArray(
        backups.id,
        mine.map((b) => b.id),
      ),
    );
  await closeDb();
});

/** Waits (no fixed time) until this file's backup is no longer queued or running. */
async function untilFinished(id: number) {
  const db = await getDb();
  for (let i = 0; i < 600; i++) {
    const [row] = await db
      .select()
      .from(backups)
      .where(inArray(backups.id, [id]));
    if (row && row.status !== "queued" && row.status !== "running") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`backup ${id} did not finish`);
}

describe("Backups without JavaScript", () => {
  it("owner presses Back up now, sees it running, then listed, and downloads it", async () => {
    await page.goto("/settings/system");
    const section = page.locator("#backups");
    await section.waitFor();
    expect(await page.content()).not.toContain("Automatic backups");

    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
      section.getByRole("button", { name: "Back up now" }).click(),
    ]);
    await page.waitForLoadState("domcontentloaded");
    expect(new URL(page.url()).pathname).toBe("/settings/system");
    const title = page.locator('[data-testid="toast-title"]');
    await title.waitFor({ state: "attached" });
    expect((await title.textContent())?.trim()).toBe("Backup started");
    // No worker yet: the page says the backup is running and lists it as waiting.
    await expect(section.getByRole("status").textContent()).resolves.toContain("A backup is running");
    expect(await section.getByRole("button", { name: "Backup running..." }).isDisabled()).toBe(true);

    const db = await getDb();
    const [mine] = (await db.select().from(backups)).filter((b) => !startedBefore.has(b.id));
    expect(mine).toMatchObject({ trigger: "manual", status: "queued" });

    worker = await startWorker({
      prefix: process.env.QUEUE_PREFIX,
      concurrency: 1,
      registry: { [BACKUPS_QUEUE]: processors[BACKUPS_QUEUE] },
      schedulers: false,
    });
    const done = await untilFinished(mine.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe("done");

    await page.reload();
    const row = section.locator("tbody tr").first();
    await expect(row.textContent()).resolves.toContain("Ready");
    await expect(row.textContent()).resolves.toMatch(/\d+(\.\d)? (KB|MB)/);
    expect(await section.getByRole("button", { name: "Back up now" }).isDisabled()).toBe(false);

    const [download] = await Promise.all([page.waitForEvent("download"), row.getByText("Download").click()]);
    expect(download.suggestedFilename()).toMatch(/^cabinetry-backup-\d{8}-\d{4}\.dump$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("PGDMP");
    expect(bytes.length).toBe(done.size);
  });

  it("office does not see the section and cannot open it", async () => {
    const office = await newContext(browser, { javaScriptEnabled: false });
    try {
      const officePage = await signInAs(office, "office");
      await officePage.goto("/settings/system");
      expect(await officePage.locator("#backups").count()).toBe(0);
      const res = await officePage.goto("/settings/system/backups");
      expect(res?.status()).toBe(403);
    } finally {
      await office.close();
    }
  });
});
