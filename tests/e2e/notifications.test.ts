// Notifications' screens in Chromium with JavaScript DISABLED (issue 15; docs/decisions/notifications.md):
// Settings → System → Notifications (the e-mail switch saves; the SMS switch is disabled with the
// reason, because the server under test has no Twilio settings — the SMS sending itself is tested
// against the Twilio fake in tests/integration/notifications.test.ts), the Profile opt-in and the
// customer form's appointment reminders, each validated on the server. Screenshots at 390, 768 and
// 1280 px go to tests/.tmp/notifications/ (not committed).
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { eq, ilike } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { customers, users } from "../../db/schema";
import { readSettings, saveSettings } from "~/models/settings.server";
import { launchBrowser, newContext, signInAs, keepScreenshot } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";
import { holdShared } from "../setup/shared-settings";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** Another file may hold the shared locks for its whole run (tests/setup/shared-settings.ts): wait for it. */
const LOCK_WAIT_MS = 300_000;
const shots = path.resolve("tests/.tmp/notifications");
const PASSWORD = `Notify-${tag}-9!`;
const REASON = "SMS needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM set on the server";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let releaseSettings: (() => Promise<void>) | undefined;
let savedSystem: { emailNotifications: boolean; smsNotifications: boolean } | undefined;
let userId = 0;
let userCookie = "";

async function toast(p: Page) {
  const title = p.locator('[data-testid="toast-title"]');
  await title.waitFor({ state: "attached" });
  return (await title.textContent())?.trim();
}

async function submit(p: Page, click: () => Promise<void>) {
  const [response] = await Promise.all([
    p.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    click(),
  ]);
  await p.waitForLoadState("domcontentloaded");
  return response;
}

async function shot(p: Page, name: string, fullPage = true) {
  fs.mkdirSync(shots, { recursive: true });
  for (const [w, h] of [
    [390, 844],
    [768, 1024],
    [1280, 800],
  ]) {
    await p.setViewportSize({ width: w, height: h });
    // Loaded at that width, as a phone or tablet would (the shell's layout is CSS, chosen on load).
    await p.goto(p.url());
    // No horizontal scroll at any width.
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keepScreenshot(p, { path: `${shots}/${name}-${w}.png`, fullPage });
  }
  await p.setViewportSize({ width: 1280, height: 800 });
}

beforeAll(async () => {
  // Signed in first: a sign-in holds the settings lock shared (tests/setup/http.ts), so it cannot
  // happen while this file holds it for changing.
  const owner = await signIn("owner");
  const created = await api("/api/users", {
    method: "POST",
    cookie: owner,
    json: { username: `notify_${tag}`, name: `Notify Office ${tag}`, password: PASSWORD, role: "office" },
  });
  expect(created.status).toBe(201);
  userId = created.body.id;
  userCookie = await signIn(`notify_${tag}`, PASSWORD);
  browser = await launchBrowser();
  context = await newContext(browser, { javaScriptEnabled: false });
  page = await signInAs(context, `notify_${tag}`, PASSWORD);
  // The System switches are this file's until it ends.
  releaseSettings = await holdShared("settings", "change");
  const { system } = await readSettings(await getDb());
  savedSystem = { emailNotifications: system.emailNotifications, smsNotifications: system.smsNotifications };
}, LOCK_WAIT_MS);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  const db = await getDb();
  // The opted-in user goes before the switch may come back on.
  if (userId) await db.delete(users).where(eq(users.id, userId));
  if (savedSystem) await saveSettings(db, "system", savedSystem);
  await db.delete(customers).where(ilike(customers.name, `%${tag}%`));
  await closeDb();
  await releaseSettings?.();
});

describe("Settings → System → Notifications without JavaScript", () => {
  it("shows the e-mail switch and the SMS switch disabled with the reason", async () => {
    await saveSettings(await getDb(), "system", { emailNotifications: true, smsNotifications: false });
    await page.goto("/settings/system");
    expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
    const section = page.getByRole("form", { name: "Notifications" });
    expect(await section.getByRole("checkbox", { name: "Email notifications" }).isChecked()).toBe(true);
    const sms = section.getByRole("checkbox", { name: "SMS notifications" });
    expect(await sms.isDisabled()).toBe(true);
    expect(await sms.isChecked()).toBe(false);
    expect(await page.getByTestId("sms-unavailable").textContent()).toContain(REASON);
    // The reason is the switch's description for screen readers too.
    expect(await sms.getAttribute("aria-describedby")).toBe("sms-notifications-hint");
    // Backups are built too (docs/decisions/backups.md): the System tab no longer says either is missing.
    expect(await page.getByText("Automatic backups are not available yet.").count()).toBe(0);
    expect(await page.getByText(/notifications are not available/).count()).toBe(0);
    await shot(page, "system");
  });

  it("switching e-mail notifications off and on saves, with a toast", async () => {
    const section = page.getByRole("form", { name: "Notifications" });
    await section.getByRole("checkbox", { name: "Email notifications" }).uncheck();
    const off = await submit(page, () => section.getByRole("button", { name: "Save Notifications" }).click());
    expect(off.status()).toBe(302);
    expect(new URL(page.url()).pathname).toBe("/settings/system");
    expect(await toast(page)).toBe("Notification Settings Updated");
    expect((await readSettings(await getDb())).system.emailNotifications).toBe(false);
    const again = page.getByRole("form", { name: "Notifications" });
    expect(await again.getByRole("checkbox", { name: "Email notifications" }).isChecked()).toBe(false);

    await again.getByRole("checkbox", { name: "Email notifications" }).check();
    const on = await submit(page, () => again.getByRole("button", { name: "Save Notifications" }).click());
    expect(on.status()).toBe(302);
    expect((await readSettings(await getDb())).system.emailNotifications).toBe(true);
  });

  it("a crafted post switching SMS on is refused (400) with the reason, and nothing is saved", async () => {
    const cookie = userCookie;
    const res = await fetch(`${baseUrl()}/settings/system/notifications`, {
      method: "POST",
      body: new URLSearchParams({ emailNotifications: "on", smsNotifications: "on" }),
      headers: { Cookie: cookie, Origin: baseUrl() },
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(REASON);
    expect((await readSettings(await getDb())).system.smsNotifications).toBe(false);
  });
});

describe("opting in without JavaScript", () => {
  // This file's user opts in below: with the switch off meanwhile, a notice another file causes is
  // not sent to it (over that file's SMTP server).
  beforeAll(async () => {
    await saveSettings(await getDb(), "system", { emailNotifications: false });
  });

  it("Profile: opting in needs an e-mail address; with one it is saved", async () => {
    await page.goto("/settings");
    const optIn = page.getByRole("checkbox", { name: "Email me notifications" });
    expect(await optIn.isChecked()).toBe(false);
    await page.fill('input[name="email"]', "");
    await optIn.check();
    const refused = await submit(page, () => page.getByRole("button", { name: "Save Profile" }).click());
    expect(refused.status()).toBe(400);
    expect(await page.getByText("Enter your email address to get notifications by email").count()).toBe(1);

    await page.fill('input[name="email"]', `notify-${tag}@example.test`);
    await page.getByRole("checkbox", { name: "Email me notifications" }).check();
    const saved = await submit(page, () => page.getByRole("button", { name: "Save Profile" }).click());
    expect(saved.status()).toBe(302);
    expect(await toast(page)).toBe("Profile Updated");
    expect(await page.getByRole("checkbox", { name: "Email me notifications" }).isChecked()).toBe(true);
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, userId));
    expect(row.notifyEmail).toBe(true);
    await shot(page, "profile");
  });

  it("customer form: SMS reminders need a mobile number; with one the choice is saved", async () => {
    await page.goto("/customers/new");
    await shot(page, "customer-form", false);
    await page.fill('input[name="name"]', `Reminder Customer ${tag}`);
    await page.selectOption('select[name="appointmentReminders"]', "sms");
    const refused = await submit(page, () => page.getByRole("button", { name: "Add Customer" }).click());
    expect(refused.status()).toBe(400);
    expect(await page.getByText("Enter a mobile number to send reminders by text message").count()).toBe(1);

    await page.fill('input[name="phone"]', "(802) 555-0166");
    const saved = await submit(page, () => page.getByRole("button", { name: "Add Customer" }).click());
    expect(saved.status()).toBe(302);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(customers)
      .where(eq(customers.name, `Reminder Customer ${tag}`));
    expect(row.appointmentReminders).toBe("sms");
    expect(row.phone).toBe("(802) 555-0166");
  });
});
