// Debian's Chromium driven by playwright-core; never a downloaded browser.
import { existsSync } from "node:fs";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { inject } from "vitest";
import { DEMO_PASSWORD } from "./http";
import { withSettings } from "./shared-settings";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Debian's `chromium-headless-shell` (the same Chromium release as the `chromium` package, built as
 * the headless shell Playwright itself runs headless tests in; tests/setup/prepare.sh installs it):
 * the browser files take ~20 % less time than in the full browser's headless mode, whose CPU is most
 * of the browser files' (docs/decisions/tests-in-parallel.md). The full browser where the shell is
 * missing (a run that skipped prepare.sh), or when `TEST_CHROMIUM=/usr/bin/chromium` asks for it.
 */
export const CHROMIUM_PATH =
  process.env.TEST_CHROMIUM ||
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A context on the test server, JavaScript on or off said each time; other options (a viewport, touch) as Playwright takes them. */
export async function newContext(
  browser: Browser,
  opts: { javaScriptEnabled: boolean } & Omit<BrowserContextOptions, "baseURL" | "javaScriptEnabled">,
) {
  return browser.newContext({ ...opts, baseURL: inject("baseUrl") });
}

/**
 * A screenshot for people to look at (test-results/, kept by the run, never committed). Nothing
 * asserts on it, so CI (`CI` set, as .ci/run does) skips them: ~20 % of the accessibility walk's
 * time on the 2-core machine. `SCREENSHOTS=1` takes them in CI too, `SCREENSHOTS=0` skips them
 * anywhere.
 */
export async function keepScreenshot(page: Page, options: NonNullable<Parameters<Page["screenshot"]>[0]>) {
  const wanted = process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== "0" : !process.env.CI;
  if (wanted) await page.screenshot(options);
}

/** Waits until React has hydrated (the root sets data-hydrated), so clicks reach handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 });
}

/**
 * Signs a user without two-factor sign-in in. It relies on the Security settings (no two-factor
 * required for everyone), so the sign-in holds their lock shared (tests/setup/shared-settings.ts).
 */
export async function signInAs(context: BrowserContext, username: string, password = DEMO_PASSWORD) {
  const page = await context.newPage();
  await page.goto("/login");
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await withSettings("rely", () =>
    Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/login")), page.click('button[type="submit"]')]),
  );
  return page;
}

/**
 * A list row's action (app/components/data-table.tsx): opens the row's "⋯" menu (in place with JS,
 * a link that brings the list back with it open without) and returns the item named `name`, ready
 * to click.
 */
export async function rowAction(row: Locator, name: string) {
  await row.locator("a[aria-expanded]").click();
  const item = row.locator(".action-menu-panel").getByRole("link", { name, exact: true });
  await item.waitFor();
  return item;
}

/**
 * A list's rows (app/components/data-table.tsx): the body rows of the table named `label` ("Jobs",
 * "Inventory items"). Rows carry no test id (docs/decisions/list-rows-once.md).
 */
export function listRows(page: Page, label: string) {
  return page.locator(`table[aria-label="${label}"] > tbody > tr`);
}

/** A list row's cell in the column headed `heading` ("Avg Cost"): cells carry no test id or class. */
export async function cellUnder(row: Locator, heading: string) {
  const headings = await row.locator("xpath=ancestor::table[1]/thead/tr/th").allTextContents();
  const index = headings.findIndex((text) => text.trim() === heading);
  if (index < 0) throw new Error(`no column "${heading}" in ${JSON.stringify(headings)}`);
  return row.locator(`xpath=td[${index + 1}]`);
}
