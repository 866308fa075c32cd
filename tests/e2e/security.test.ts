// Settings → Security that does what it says (docs/decisions/security.md), in Chromium with
// JavaScript OFF: two-factor sign-in (enrol from the page's key, sign in with password + code or a
// recovery code, wrong codes refused), the owner requiring it for everyone and resetting a user,
// login alerts e-mailed through the real queue and a local SMTP server, and the forced password
// change after N days. Security settings and the e-mail configuration are shared by the whole run:
// the stretches that change them hold their locks (tests/setup/shared-settings.ts), and sign in
// here without the helpers that wait for the settings lock.
import type { AddressInfo } from "node:net";
import * as OTPAuth from "otpauth";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { emailConfig, settings, users } from "../../db/schema";
import { EMAIL_QUEUE } from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { SETTINGS_DEFAULTS } from "~/models/settings.server";
import { hashPassword } from "~/utils/password.server";
import { encryptSecret } from "~/utils/secret-box.server";
import { launchBrowser, signInAs, waitForHydration } from "../setup/browser";
import { baseUrl, signIn } from "../setup/http";
import { holdShared, withSettings } from "../setup/shared-settings";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = `Sec-${tag}-Pw9!`;
const created: number[] = [];
let browser: Browser;
let owner: string;
const contexts: BrowserContext[] = [];

async function createUser(prefix: string, opts: { email?: string; role?: "office" | "installer" } = {}) {
  const db = await getDb();
  const username = `${prefix}_${tag}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(PASSWORD),
      name: `${prefix} ${tag}`,
      role: opts.role ?? "office",
      email: opts.email ?? null,
    })
    .returning({ id: users.id });
  created.push(row.id);
  return { id: row.id, username, name: `${prefix} ${tag}` };
}

/** A browser with JavaScript off; `address` is the client address the server sees (one proxy hop). */
async function noJsContext(address?: string) {
  const context = await browser.newContext({
    baseURL: inject("baseUrl"),
    javaScriptEnabled: false,
    extraHTTPHeaders: address ? { "X-Forwarded-For": address } : undefined,
  });
  contexts.push(context);
  return context;
}

async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation(), page.click(selector)]);
}

/** The password step, without the settings lock (the caller may hold it exclusively). */
async function passwordStep(context: BrowserContext, username: string, password = PASSWORD) {
  const page = await context.newPage();
  await page.goto("/login");
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await submit(page, 'button[type="submit"]');
  return page;
}

async function signOut(page: Page) {
  await page.goto("/two-factor");
  await submit(page, 'form[action="/logout"] button');
  expect(new URL(page.url()).pathname).toBe("/login");
}

const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** The key the page shows as text (for apps that cannot scan), read as a person would type it. */
async function shownSecret(page: Page) {
  const text = (await page.locator('[data-testid="totp-secret"]').textContent()) ?? "";
  return text.replace(/\s+/g, "");
}

async function recoveryCodes(page: Page) {
  return (await page.locator('[data-testid="recovery-codes"] li').allTextContents()).map((t) => t.trim());
}

async function toastTitle(page: Page) {
  return (await page.locator('[data-testid="toast-title"]').textContent())?.trim();
}

/** Posts Settings → Security as the owner with `changes` over the stored values. */
async function saveSecurity(changes: Partial<typeof SETTINGS_DEFAULTS.security>, expectStatus = 302) {
  const db = await getDb();
  const [row] = await db.select().from(settings).where(eq(settings.key, "security"));
  const next = { ...SETTINGS_DEFAULTS.security, ...((row?.value as object) ?? {}), ...changes };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(next)) {
    if (value === false) continue;
    form.set(key, value === true ? "on" : String(value));
  }
  const res = await fetch(`${baseUrl()}/settings/security`, {
    method: "POST",
    body: form,
    headers: { Cookie: owner, Origin: baseUrl() },
    redirect: "manual",
  });
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(expectStatus);
  return text;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signIn("owner");
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  const db = await getDb();
  if (created.length) await db.delete(users).where(inArray(users.id, created));
  await closeDb();
});

describe("two-factor sign-in (JavaScript off)", () => {
  const state = { secret: "", codes: [] as string[], user: { id: 0, username: "", name: "" } };

  it("enrols from the page: QR code and key, confirmed with a code, ten recovery codes shown once", async () => {
    state.user = await createUser("tfa");
    const context = await noJsContext();
    const page = await passwordStep(context, state.user.username);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goto("/two-factor");
    expect(await page.locator('[data-testid="two-factor-status"]').textContent()).toBe("Off");
    await submit(page, 'button[name="intent"][value="start"]');
    expect(await page.locator(".totp-qr svg").count()).toBe(1);
    state.secret = await shownSecret(page);
    expect(state.secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code is refused with a clear message and nothing changes.
    await page.fill('input[name="code"]', codeAt(state.secret, Date.now() - 10 * 60_000));
    await submit(page, 'button[name="intent"][value="confirm"]');
    expect(await page.locator("#code-error").textContent()).toContain("That code is not right");

    await page.fill('input[name="code"]', codeAt(state.secret, Date.now()));
    await submit(page, 'button[name="intent"][value="confirm"]');
    state.codes = await recoveryCodes(page);
    expect(state.codes).toHaveLength(10);
    expect(state.codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Shown once: the page now shows the status, not the codes.
    await page.goto("/two-factor");
    expect(await page.locator('[data-testid="two-factor-status"]').textContent()).toBe("On");
    expect(await page.locator('[data-testid="recovery-codes"]').count()).toBe(0);
    expect(await page.textContent("body")).toContain("Recovery codes left: 10 of 10");
    await signOut(page);
  });

  it("signs in with password then code; a wrong code is refused and signs nobody in", async () => {
    const context = await noJsContext();
    const page = await passwordStep(context, state.user.username);
    expect(new URL(page.url()).pathname).toBe("/login/two-factor");
    // Not signed in yet: the app sends this browser to sign in.
    const other = await context.newPage();
    await other.goto("/customers");
    expect(new URL(other.url()).pathname).toBe("/login");
    await other.close();

    await page.fill('input[name="code"]', codeAt(state.secret, Date.now() - 10 * 60_000));
    await submit(page, 'button[name="intent"][value="verify"]');
    expect(new URL(page.url()).pathname).toBe("/login/two-factor");
    expect(await page.locator("#code-error").textContent()).toContain("That code is not right");

    // The next step's code (the enrolment used this one; a code is never accepted twice).
    await page.fill('input[name="code"]', codeAt(state.secret, Date.now() + 30_000));
    await submit(page, 'button[name="intent"][value="verify"]');
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.locator('[data-testid="sidebar-user"]').textContent()).toBe(state.user.name);
    await signOut(page);
  });

  it("signs in with a recovery code instead, once", async () => {
    const context = await noJsContext();
    let page = await passwordStep(context, state.user.username);
    await page.fill('input[name="code"]', state.codes[3]);
    await submit(page, 'button[name="intent"][value="verify"]');
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goto("/two-factor");
    expect(await page.textContent("body")).toContain("Recovery codes left: 9 of 10");
    await signOut(page);

    page = await passwordStep(context, state.user.username);
    await page.fill('input[name="code"]', state.codes[3]);
    await submit(page, 'button[name="intent"][value="verify"]');
    expect(new URL(page.url()).pathname).toBe("/login/two-factor");
    expect(await page.locator("#code-error").textContent()).toContain("unused recovery code");
  });

  it("the owner resets a user's two-factor sign-in (Settings → Staff → user); they sign in with the password alone", async () => {
    const ownerContext = await noJsContext();
    const page = await signInAs(ownerContext, "owner");
    await page.goto(`/settings/staff/${state.user.id}`);
    expect(await page.locator('[data-testid="staff-two-factor"]').textContent()).toBe("On");
    await submit(page, 'button[name="intent"][value="reset-two-factor"]');
    expect(await toastTitle(page)).toBe("Two-Factor Sign-In Reset");
    await page.goto(`/settings/staff/${state.user.id}`);
    expect(await page.locator('[data-testid="staff-two-factor"]').textContent()).toBe("Off");

    const userPage = await passwordStep(await noJsContext(), state.user.username);
    expect(new URL(userPage.url()).pathname).toBe("/");
  });

  it("the owner requires it for everyone: a user without it is sent to set it up right after the password", async () => {
    const user = await createUser("required", { role: "installer" });
    const context = await noJsContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.fill('input[name="username"]', user.username);
    await page.fill('input[name="password"]', PASSWORD);
    // Required for everyone only for the password step: every other file's sign-in waits meanwhile
    // (or would be sent to set it up), so the stretch is kept as short as it can be. The waiting
    // sign-in it leads to goes on after the setting is back.
    await withSettings("change", async () => {
      await saveSecurity({ twoFactor: true });
      try {
        await submit(page, 'button[type="submit"]');
      } finally {
        await saveSecurity({ twoFactor: false });
      }
    });
    expect(new URL(page.url()).pathname).toBe("/login/two-factor");
    expect(await page.locator("h1").textContent()).toBe("Set up two-factor sign-in");
    // Nobody is signed in until it is set up.
    const other = await context.newPage();
    await other.goto("/schedule");
    expect(new URL(other.url()).pathname).toBe("/login");
    await other.close();

    const secret = await shownSecret(page);
    await page.fill('input[name="code"]', codeAt(secret, Date.now() - 10 * 60_000));
    await submit(page, 'button[name="intent"][value="enrol"]');
    expect(await page.locator("#code-error").textContent()).toContain("That code is not right");
    await page.fill('input[name="code"]', codeAt(secret, Date.now()));
    await submit(page, 'button[name="intent"][value="enrol"]');
    expect(await recoveryCodes(page)).toHaveLength(10);
    await submit(page, "text=I have saved them — continue");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.locator('[data-testid="sidebar-user"]').textContent()).toBe(user.name);
    await page.goto("/two-factor");
    expect(await page.locator('[data-testid="two-factor-status"]').textContent()).toBe("On");
  });
});

describe("two-factor sign-in with JavaScript on", () => {
  async function passwordStepJs(context: BrowserContext, username: string) {
    const page = await context.newPage();
    await page.goto("/login");
    await waitForHydration(page);
    await page.fill('input[name="username"]', username);
    await page.fill('input[name="password"]', PASSWORD);
    await Promise.all([page.waitForURL((url) => url.pathname !== "/login"), page.click('button[type="submit"]')]);
    return page;
  }

  it("sets up on /two-factor (codes stay on screen), then signs in with password and code", async () => {
    const user = await createUser("tfajs");
    const context = await browser.newContext({ baseURL: inject("baseUrl"), javaScriptEnabled: true });
    contexts.push(context);
    const page = await passwordStepJs(context, user.username);
    await page.goto("/two-factor");
    await waitForHydration(page);
    await page.click('button[name="intent"][value="start"]');
    await page.locator('[data-testid="totp-secret"]').waitFor();
    const secret = await shownSecret(page);
    await page.fill('input[name="code"]', codeAt(secret, Date.now()));
    await page.click('button[name="intent"][value="confirm"]');
    await page.locator('[data-testid="recovery-codes"]').waitFor();
    expect(await recoveryCodes(page)).toHaveLength(10);

    const second = await browser.newContext({ baseURL: inject("baseUrl"), javaScriptEnabled: true });
    contexts.push(second);
    const signIn2 = await passwordStepJs(second, user.username);
    expect(new URL(signIn2.url()).pathname).toBe("/login/two-factor");
    await waitForHydration(signIn2);
    await signIn2.fill('input[name="code"]', "123");
    await signIn2.click('button[name="intent"][value="verify"]');
    await signIn2.locator("#code-error").waitFor();
    expect(await signIn2.locator("#code-error").textContent()).toContain("That code is not right");
    await signIn2.fill('input[name="code"]', codeAt(secret, Date.now() + 30_000));
    await Promise.all([
      signIn2.waitForURL((url) => url.pathname === "/"),
      signIn2.click('button[name="intent"][value="verify"]'),
    ]);
    await signIn2.locator('[data-testid="sidebar-user"]').waitFor();
    expect(await signIn2.locator('[data-testid="sidebar-user"]').textContent()).toBe(user.name);
  });
});

describe("forced password change (JavaScript off)", () => {
  it("validates the number of days", async () => {
    await withSettings("change", async () => {
      const text = await saveSecurity({ passwordMaxAgeDays: 0 }, 400);
      expect(text).toContain("Password change interval must be between 1 and 3650");
    });
  });

  it("after N days the next sign-in must choose a new password; every other page leads there until done", async () => {
    const stale = await createUser("stale");
    const fresh = await createUser("fresh");
    const db = await getDb();
    await db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(users.id, stale.id));
    await withSettings("change", async () => {
      await saveSecurity({ forcePasswordChange: true, passwordMaxAgeDays: 30 });
      try {
        // A password younger than 30 days: nothing asked.
        const freshPage = await passwordStep(await noJsContext(), fresh.username);
        expect(new URL(freshPage.url()).pathname).toBe("/");

        const page = await passwordStep(await noJsContext(), stale.username);
        expect(new URL(page.url()).pathname).toBe("/change-password");
        expect(await page.locator("h1").textContent()).toBe("Choose a new password");
        for (const path of ["/", "/customers", "/settings", "/two-factor"]) {
          await page.goto(path);
          expect(new URL(page.url()).pathname, path).toBe("/change-password");
        }
        // The same password again is refused.
        await page.fill('input[name="currentPassword"]', PASSWORD);
        await page.fill('input[name="newPassword"]', PASSWORD);
        await page.fill('input[name="confirmPassword"]', PASSWORD);
        await submit(page, 'button[type="submit"]:has-text("Set New Password")');
        expect(await page.textContent("body")).toContain("Choose a password different from the current one");
        // The project's password rules apply.
        await page.fill('input[name="currentPassword"]', PASSWORD);
        await page.fill('input[name="newPassword"]', "short");
        await page.fill('input[name="confirmPassword"]', "short");
        await submit(page, 'button[type="submit"]:has-text("Set New Password")');
        expect(await page.textContent("body")).toContain("Password must be at least");

        const next = `New-${tag}-Pw7!`;
        await page.fill('input[name="currentPassword"]', PASSWORD);
        await page.fill('input[name="newPassword"]', next);
        await page.fill('input[name="confirmPassword"]', next);
        await submit(page, 'button[type="submit"]:has-text("Set New Password")');
        expect(new URL(page.url()).pathname).toBe("/");
        expect(await toastTitle(page)).toBe("Password Changed");
        await page.goto("/customers");
        expect(new URL(page.url()).pathname).toBe("/customers");
      } finally {
        await saveSecurity({ forcePasswordChange: false, passwordMaxAgeDays: 90 });
      }
    });
  });
});

describe("login alerts", () => {
  type Mail = { to: string[]; raw: Buffer };
  const mails: Mail[] = [];
  let smtp: SMTPServer;
  let worker: RunningWorker | undefined;
  let releaseEmail: (() => Promise<void>) | undefined;
  const SENDER = `alerts-${tag}@example.test`;
  const APP_PASSWORD = `app-pass-${tag}`;

  beforeAll(async () => {
    // The one e-mail configuration is this block's meanwhile (as in tests/e2e/email-send.test.ts).
    releaseEmail = await holdShared("email", "change");
    smtp = new SMTPServer({
      secure: false,
      hideSTARTTLS: true,
      allowInsecureAuth: true,
      authMethods: ["PLAIN", "LOGIN"],
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === SENDER && auth.password === APP_PASSWORD) return cb(null, { user: auth.username });
        return cb(new Error("Invalid username or password"));
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_HOST = "127.0.0.1";
    process.env.SMTP_PORT = String((smtp.server.address() as AddressInfo).port);
    process.env.SMTP_SECURE = "false";
    const db = await getDb();
    await db.delete(emailConfig);
    await db.insert(emailConfig).values({
      provider: "gmail",
      senderEmail: SENDER,
      senderName: "Alerts",
      isActive: true,
      appPasswordEncrypted: encryptSecret(APP_PASSWORD),
    });
    worker = await startWorker({
      prefix: inject("queuePrefix"),
      registry: { [EMAIL_QUEUE]: processors[EMAIL_QUEUE] },
      concurrency: 1,
      schedulers: false,
    });
  });

  afterAll(async () => {
    await worker?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await (await getDb()).delete(emailConfig);
    await releaseEmail?.();
  });

  /** Waits until `n` mails reached `to` and the e-mail queue has nothing left to do. */
  async function settledMailsTo(to: string, n: number) {
    const connection = new Redis(inject("redisUrl"), { maxRetriesPerRequest: null });
    const queue = new Queue(EMAIL_QUEUE, { connection, prefix: inject("queuePrefix") });
    try {
      for (;;) {
        const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized");
        const busy = Object.values(counts).some((c) => c > 0);
        if (!busy && mails.filter((m) => m.to.includes(to)).length >= n) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await queue.close();
      connection.disconnect();
    }
    return Promise.all(mails.filter((m) => m.to.includes(to)).map((m) => simpleParser(m.raw)));
  }

  it("e-mails the user for a browser their account has not used, not for a known one, nothing when off", async () => {
    const email = `watched-${tag}@example.test`;
    const user = await createUser("alerted", { email });
    const net = `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    await withSettings("change", async () => {
      await saveSecurity({ loginAlerts: true });
      try {
        // The first browser ever: nothing to compare with, no alert.
        const first = await noJsContext(`${net}.1`);
        let page = await passwordStep(first, user.username);
        expect(new URL(page.url()).pathname).toBe("/");
        // A second browser: alert.
        page = await passwordStep(await noJsContext(`${net}.2`), user.username);
        expect(new URL(page.url()).pathname).toBe("/");
        // The first browser again (its device cookie is remembered): no alert.
        await signOut(await first.newPage());
        page = await passwordStep(first, user.username);
        expect(new URL(page.url()).pathname).toBe("/");
        // Off: a new browser sends nothing.
        await saveSecurity({ loginAlerts: false });
        page = await passwordStep(await noJsContext(`${net}.3`), user.username);
        expect(new URL(page.url()).pathname).toBe("/");
        // On again: the next new browser is reported.
        await saveSecurity({ loginAlerts: true });
        page = await passwordStep(await noJsContext(`${net}.4`), user.username);
        expect(new URL(page.url()).pathname).toBe("/");

        const received = await settledMailsTo(email, 2);
        expect(received).toHaveLength(2);
        expect(received.map((m) => m.subject)).toEqual([
          "New sign-in to your Cabinetry Jobs account",
          "New sign-in to your Cabinetry Jobs account",
        ]);
        const bodies = received.map((m) => m.text ?? "");
        expect(bodies.some((b) => b.includes(`${net}.2`))).toBe(true);
        expect(bodies.some((b) => b.includes(`${net}.4`))).toBe(true);
        expect(bodies.join("\n")).toContain(user.username);
        expect(bodies.join("\n")).toContain("Chrome on Linux");
      } finally {
        await saveSecurity({ loginAlerts: false });
      }
    });
  });
});
