// The Inbox below 1024 px shows one pane at a time, as on a phone: the list, then the message with
// "Back to inbox" (docs/decisions/accessibility.md). From 1024 px both panes sit side by side. With
// and without JavaScript: opening is a form post and Back a plain link.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, signInAs, waitForHydration } from "../setup/browser";
import { createScreenFixture, type ScreenFixture } from "../setup/screens";
import { holdShared } from "../setup/shared-settings";

/** A mail list's rows: each opens its message (app/components/open-email-button.tsx; no test id). */
const EMAIL_ROWS = 'button[name="emailId"]';

let browser: Browser;
let fixture: ScreenFixture;
let releaseEmail: (() => Promise<void>) | undefined;

// The fixture's message must stay while this file opens it: the Inbox's own browser tests empty the
// messages while they hold the e-mail state (docs/decisions/tests-in-parallel.md), so hold it shared.
beforeAll(async () => {
  releaseEmail = await holdShared("email", "rely");
  [browser, fixture] = await Promise.all([launchBrowser(), createScreenFixture()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await releaseEmail?.();
});

const shown = (page: Page, selector: string) => page.locator(selector).isVisible();

describe.each([
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
])("Inbox at $width px", (viewport) => {
  describe.each([true, false])("JavaScript %s", (js) => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await browser.newContext({ baseURL: inject("baseUrl"), javaScriptEnabled: js, viewport });
    });
    afterAll(async () => {
      await context?.close();
    });

    it(
      viewport.width < 1024
        ? "shows the list, then only the message with a way back"
        : "shows list and message side by side",
      async () => {
        const page = await signInAs(context, "owner");
        await page.goto(`/inbox?search=${fixture.tag}`);
        if (js) await waitForHydration(page);
        const row = page.locator(EMAIL_ROWS).filter({ hasText: `Cabinet door samples ${fixture.tag}` });
        expect(await row.isVisible()).toBe(true);
        expect(await shown(page, ".inbox-pane")).toBe(viewport.width >= 1024);

        await Promise.all([
          page.waitForURL((url) => url.searchParams.get("email") === String(fixture.emailId)),
          row.click(),
        ]);
        await page.getByTestId("email-body").waitFor();
        expect(await page.getByTestId("email-body").textContent()).toContain("door samples on Thursday");
        const pane = (await page.locator(".inbox-pane").boundingBox())!;
        expect(pane.x + pane.width).toBeLessThanOrEqual(viewport.width);
        if (viewport.width >= 1024) {
          expect(await shown(page, ".inbox-list")).toBe(true);
          expect(pane.width).toBeGreaterThan(400);
          expect(await page.getByRole("link", { name: "Back to inbox" }).isVisible()).toBe(false);
          return;
        }
        // One pane: the message uses the width of the content area; the list and its search are hidden.
        expect(await shown(page, ".inbox-list")).toBe(false);
        expect(await page.getByRole("search", { name: "Search emails" }).isVisible()).toBe(false);
        const content = (await page.locator("main").boundingBox())!;
        expect(pane.width).toBeGreaterThan(content.width * 0.85);
        const back = page.getByRole("link", { name: "Back to inbox" });
        await Promise.all([page.waitForURL((url) => !url.searchParams.has("email")), back.click()]);
        await row.waitFor();
        expect(new URL(page.url()).searchParams.get("search")).toBe(fixture.tag);
        expect(await shown(page, ".inbox-pane")).toBe(false);
      },
    );
  });
});
