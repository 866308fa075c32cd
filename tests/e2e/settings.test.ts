// Settings → Profile and Staff in Chromium, mostly with JavaScript DISABLED (decisions §3): changing
// your own password and signing in with it, and the owner adding an installer who then signs in.
// The demo users' passwords and roles are never changed (other files sign in with them at the same
// time): the password change is made by a user of this file, and every user made here is deleted.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { loginThrottle, users } from "../../db/schema";
import { hashPassword } from "~/utils/password.server";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";
import { withSettings } from "../setup/shared-settings";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// ≥ 12 characters and complex, so a stricter Security setting made meanwhile by another file still passes.
const PASSWORD = `First-${tag}-4k`;
const NEW_PASSWORD = `Second-${tag}-8m`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const db = await getDb();
  await db.delete(users).where(like(users.username, `%${tag}%`));
  await db.delete(loginThrottle).where(like(loginThrottle.key, `%${tag}%`));
  await closeDb();
});

async function createUser(prefix: string, role: "owner" | "office" | "installer") {
  const username = `${prefix}_${tag}`;
  await (
    await getDb()
  )
    .insert(users)
    .values({ username, passwordHash: await hashPassword(PASSWORD), name: `${prefix} ${tag}`, role });
  return username;
}

async function toastTitle(page: Page) {
  const title = page.locator('[data-testid="toast-title"]');
  await title.waitFor({ state: "attached" });
  return (await title.textContent())?.trim();
}

/** Clicks a submit button and waits for the page the POST leads to. */
async function submit(page: Page, button: ReturnType<Page["locator"]>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    button.click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  return response;
}

/** The /login form, filled and sent; returns the page after it. */
async function tryLogin(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await submit(page, page.locator('button[type="submit"]'));
  return page;
}

describe("Settings without JavaScript", () => {
  it("changes your own password (wrong current one refused), then signs in with the new one", async () => {
    const username = await createUser("nojspw", "office");
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, username, PASSWORD);
    await page.goto("/settings");
    expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
    expect(await page.getByTestId("profile-role").textContent()).toBe("Office Staff");

    // Show/hide without JS: the fields are masked by CSS until the box before them is ticked.
    const current = page.locator('input[name="currentPassword"]');
    const security = () => current.evaluate((el) => getComputedStyle(el).getPropertyValue("-webkit-text-security"));
    expect(await security()).toBe("disc");
    await page.getByLabel("Show passwords").check();
    expect(await security()).toBe("none");
    await page.getByLabel("Show passwords").uncheck();

    await current.fill(`Wrong-${tag}-0`);
    await page.fill('input[name="newPassword"]', NEW_PASSWORD);
    await page.fill('input[name="confirmPassword"]', NEW_PASSWORD);
    const refused = await submit(page, page.getByRole("button", { name: "Update Password" }));
    expect(refused.status()).toBe(400);
    await page.getByText("Current password is incorrect").waitFor();
    // Passwords are never sent back into the form.
    expect(await page.locator('input[name="newPassword"]').inputValue()).toBe("");
    expect(await page.content()).not.toContain(NEW_PASSWORD);

    await page.fill('input[name="currentPassword"]', PASSWORD);
    await page.fill('input[name="newPassword"]', NEW_PASSWORD);
    await page.fill('input[name="confirmPassword"]', NEW_PASSWORD);
    await submit(page, page.getByRole("button", { name: "Update Password" }));
    expect(new URL(page.url()).pathname).toBe("/settings");
    expect(await toastTitle(page)).toBe("Profile Updated");

    // Still signed in here; sign out, then only the new password works.
    await submit(page, page.getByRole("button", { name: "Sign out" }));
    expect(new URL(page.url()).pathname).toBe("/login");
    await tryLogin(page, username, PASSWORD);
    await page.getByText("Invalid username or password.").waitFor();
    await tryLogin(page, username, NEW_PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("the owner adds an installer (a taken username is refused) who then signs in", async () => {
    const username = `fitter_${tag}`;
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "owner");
    await page.goto("/settings/staff");
    await Promise.all([page.waitForURL("**/settings/staff/new"), page.getByRole("link", { name: "Add User" }).click()]);
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("heading").first().textContent()).toBe("Add User");

    const fill = async (name: string) => {
      await dialog.getByLabel("Username").fill(name);
      await dialog.getByLabel("Full Name").fill(`Fitter ${tag}`);
      await dialog.getByLabel("Role").selectOption("installer");
      await dialog.getByLabel("Initial Password").fill(PASSWORD);
    };
    await fill("OWNER");
    const taken = await submit(page, dialog.getByRole("button", { name: "Add User" }));
    expect(taken.status()).toBe(409);
    await page.getByText('The username "OWNER" is already taken; choose another.').waitFor();
    expect(await page.content()).not.toContain(PASSWORD);

    await fill(username);
    await submit(page, page.getByRole("dialog").getByRole("button", { name: "Add User" }));
    expect(new URL(page.url()).pathname).toBe("/settings/staff");
    expect(await toastTitle(page)).toBe("User Added");
    const row = page.locator(`[data-testid="staff-row"][data-username="${username}"]`);
    expect(await row.textContent()).toContain("Installer");
    expect(await row.textContent()).toContain("Never");
    await context.close();

    const theirs = await newContext(browser, { javaScriptEnabled: false });
    const home = await signInAs(theirs, username, PASSWORD);
    expect(new URL(home.url()).pathname).toBe("/");
    expect(await home.getByTestId("sidebar-role").textContent()).toBe("Installer");
    const settings = await home.goto("/settings");
    expect(settings?.status()).toBe(403);
    await theirs.close();
  });
});

describe("Settings with JavaScript", () => {
  it("Show password switches the field's type, and the Add User dialog checks the password as you type", async () => {
    // The message follows Settings → Security (8 by default): hold it while the page is read.
    // Signed in first: signing in takes the settings lock shared too, on another connection, and
    // would queue behind a file waiting to change them while this one held it.
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await withSettings("rely", async () => {
      await page.goto("/settings/staff/new");
      await waitForHydration(page);
      const dialog = page.getByRole("dialog");
      const password = dialog.getByLabel("Initial Password");
      expect(await password.getAttribute("type")).toBe("password");
      await dialog.getByRole("button", { name: "Show password" }).click();
      expect(await password.getAttribute("type")).toBe("text");
      await dialog.getByRole("button", { name: "Hide password" }).click();
      expect(await password.getAttribute("type")).toBe("password");

      await password.fill("short");
      await password.blur();
      await dialog.getByText("Password must be at least 8 characters").waitFor();
      // Cancel closes the dialog without saving.
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await page.waitForURL((url) => url.pathname === "/settings/staff");
    });
    await context.close();
  });
});
