// E-mail sending against a REAL local SMTP server (smtp-server on 127.0.0.1, plain, with AUTH) and
// the real BullMQ queue: the production server enqueues on the run's queue prefix and waits; the
// worker started here (the only one on that prefix for the `email` queue) sends over SMTP. Covers
// Settings → Email (API and no-JS page), the test e-mail, sending a quote (PDF attachment, a
// portal link that opens the portal), an SMTP refusal, and that the app password leaks nowhere.
import type { AddressInfo } from "node:net";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, emailConfig, invoices, quotes } from "../../db/schema";
import { EMAIL_QUEUE } from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { launchBrowser, newContext, signInAs } from "../setup/browser";
import { api, baseUrl, signIn } from "../setup/http";
import { holdShared } from "../setup/shared-settings";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SENDER = `office-${tag}@example.test`;
const PASSWORD = `app-pass-${tag}-Zx9`;
const PASSWORD2 = `second-pass-${tag}-Qw7`;

type Captured = { from: string; to: string[]; raw: Buffer; user?: string };
const inbox: Captured[] = [];
let refuse = false;
let smtp: SMTPServer;
let worker: RunningWorker;
let releaseEmail: (() => Promise<void>) | undefined;
let browser: Browser;
const seen: string[] = [];
const created = { customers: [] as number[], quotes: [] as number[], invoices: [] as number[] };

function remember(value: unknown) {
  seen.push(typeof value === "string" ? value : JSON.stringify(value));
  return value;
}

const logged: string[] = [];
const originalLog = console.log;
const originalError = console.error;

beforeAll(async () => {
  // The one e-mail configuration is this file's until it ends (tests/setup/shared-settings.ts).
  releaseEmail = await holdShared("email", "change");
  // What the worker logs in this process (job failures, completions) is checked for secrets too.
  console.log = (...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
    originalLog(...args);
  };
  console.error = (...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
    originalError(...args);
  };
  smtp = new SMTPServer({
    secure: false,
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SENDER && (auth.password === PASSWORD || auth.password === PASSWORD2))
        return cb(null, { user: auth.username });
      return cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refuse) {
          const error = new Error("Mailbox unavailable: recipient rejected by policy") as Error & {
            responseCode: number;
          };
          error.responseCode = 550;
          return cb(error);
        }
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.SMTP_PORT = String(port);
  process.env.SMTP_SECURE = "false";
  // The processor runs here: portal links must point at the server under test.
  process.env.APP_URL = baseUrl();
  worker = await startWorker({
    prefix: inject("queuePrefix"),
    registry: { [EMAIL_QUEUE]: processors[EMAIL_QUEUE] },
    concurrency: 2,
    schedulers: false,
  });
  browser = await launchBrowser();
}, 120_000); // waits for another file holding the e-mail state

afterAll(async () => {
  console.log = originalLog;
  console.error = originalError;
  await browser?.close();
  await worker?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  const db = await getDb();
  if (created.quotes.length) {
    await db.delete(activityLog).where(inArray(activityLog.quoteId, created.quotes));
    await db.delete(quotes).where(inArray(quotes.id, created.quotes));
  }
  if (created.invoices.length) {
    await db.delete(activityLog).where(inArray(activityLog.invoiceId, created.invoices));
    await db.delete(invoices).where(inArray(invoices.id, created.invoices));
  }
  if (created.customers.length) await db.delete(customers).where(inArray(customers.id, created.customers));
  await db.delete(emailConfig);
  await closeDb();
  await releaseEmail?.();
});

async function draftQuote(label: string, email: string | null = `client-${tag}-${label}@example.test`) {
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Mail ${tag} ${label}`, email })
    .returning({ id: customers.id });
  created.customers.push(c.id);
  const [q] = await db
    .insert(quotes)
    .values({
      customerId: c.id,
      quoteNumber: `QM-${tag}-${label}`,
      title: `Kitchen ${tag} ${label}`,
      status: "draft",
      subtotal: "100.00",
      total: "100.00",
    })
    .returning({ id: quotes.id, quoteNumber: quotes.quoteNumber });
  created.quotes.push(q.id);
  return { customerId: c.id, quoteId: q.id, quoteNumber: q.quoteNumber, email };
}

async function lastMail(): Promise<ParsedMail> {
  return simpleParser(inbox[inbox.length - 1].raw);
}

async function toast(page: Page) {
  const title = page.locator('[data-testid="toast-title"]');
  await title.waitFor({ state: "attached" });
  return {
    title: (await title.textContent())?.trim(),
    description: (await page.locator('[data-testid="toast-description"]').textContent())?.trim(),
  };
}

describe("e-mail configuration and sending", () => {
  let owner: string;

  it("validates and saves the configuration without ever returning the password", async () => {
    owner = await signIn("owner");
    const installer = await signIn("installer");
    expect((await api("/api/email/config", { cookie: installer })).status).toBe(403);

    const missing = await api("/api/email/config", {
      method: "POST",
      cookie: owner,
      json: { provider: "gmail", senderName: "Office", isActive: true },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.senderEmail).toContain(
      "Sender email is required when email configuration is active",
    );
    const badProvider = await api("/api/email/config", {
      method: "POST",
      cookie: owner,
      json: { provider: "yahoo", senderName: "Office", senderEmail: SENDER, isActive: false },
    });
    expect(badProvider.status).toBe(400);

    // Not active yet: sending is refused with a clear 409, nothing is queued.
    const saved = await api("/api/email/config", {
      method: "POST",
      cookie: owner,
      json: {
        provider: "gmail",
        senderEmail: SENDER,
        senderName: "Northwind Office",
        isActive: false,
        appPassword: PASSWORD,
      },
    });
    remember(saved.body);
    // A create answers 201 with the stored record (docs/decisions/api-conventions.md), never the password.
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      provider: "gmail",
      senderEmail: SENDER,
      senderName: "Northwind Office",
      isActive: false,
      hasPassword: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(saved.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // POST again updates the one configuration: 200, same id, the stored password kept.
    const again = await api("/api/email/config", {
      method: "POST",
      cookie: owner,
      json: { provider: "gmail", senderEmail: SENDER, senderName: "Northwind Office", isActive: false },
    });
    remember(again.body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: saved.body.id, hasPassword: true, createdAt: saved.body.createdAt });
    expect((await api("/api/email/test", { method: "POST", cookie: owner })).status).toBe(409);

    const patched = await api(`/api/email/config/${saved.body.id}`, {
      method: "PATCH",
      cookie: owner,
      json: { provider: "gmail", senderEmail: SENDER, senderName: "Northwind Office", isActive: true },
    });
    remember(patched.body);
    expect(patched.status).toBe(200);
    expect(patched.body.isActive).toBe(true);
    expect(patched.body.hasPassword).toBe(true);
    expect(
      (
        await api(`/api/email/config/999999`, {
          method: "PATCH",
          cookie: owner,
          json: { provider: "gmail", senderEmail: SENDER, senderName: "X", isActive: true },
        })
      ).status,
    ).toBe(404);

    const got = await api("/api/email/config", { cookie: owner });
    remember(got.body);
    expect(got.body.hasPassword).toBe(true);
    expect(JSON.stringify(got.body)).not.toContain(PASSWORD);

    // Stored encrypted, not in clear.
    const [row] = await (await getDb()).select().from(emailConfig);
    expect(row.appPasswordEncrypted).toBeTruthy();
    expect(row.appPasswordEncrypted).not.toContain(PASSWORD);
  });

  it("sends a test e-mail through the SMTP server", async () => {
    const before = inbox.length;
    const res = await api("/api/email/test", { method: "POST", cookie: owner });
    remember(res.body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Test email sent successfully! Check your inbox.");
    expect(inbox.length).toBe(before + 1);
    expect(inbox[inbox.length - 1].to).toEqual([SENDER]);
    expect(inbox[inbox.length - 1].user).toBe(SENDER);
  });

  it("sends a quote with its PDF and a portal link that opens the portal; the draft becomes sent", async () => {
    const q = await draftQuote("api");
    const res = await api("/api/email/send/quote", {
      method: "POST",
      cookie: owner,
      json: { quoteId: q.quoteId, customMessage: "Looking forward to it." },
    });
    remember(res.body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Email sent successfully");
    const mail = await lastMail();
    expect(inbox[inbox.length - 1].to).toEqual([q.email]);
    expect(mail.subject).toContain(q.quoteNumber);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe("application/pdf");
    expect(mail.attachments[0].content.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(String(mail.html)).toContain("Looking forward to it.");
    const link = String(mail.html)
      .match(/href="([^"]*\/client\/quotes\/\d+\?token=[^"]+)"/)?.[1]
      ?.replace(/&amp;/g, "&");
    expect(link).toBeTruthy();
    expect(link!.startsWith(`${baseUrl()}/client/quotes/${q.customerId}?token=`)).toBe(true);
    const portal = await fetch(link!);
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain(q.quoteNumber);

    const db = await getDb();
    const [row] = await db.select().from(quotes).where(eq(quotes.id, q.quoteId));
    expect(row.status).toBe("sent");
    const log = await db.select().from(activityLog).where(eq(activityLog.quoteId, q.quoteId));
    expect(log.map((l) => l.type)).toContain("quote_emailed");
  });

  it("sends an invoice with its PDF and its payment link; the draft becomes sent", async () => {
    const q = await draftQuote("inv");
    const db = await getDb();
    const payUrl = `https://pay.example.test/i/${tag}`;
    const [inv] = await db
      .insert(invoices)
      .values({
        customerId: q.customerId,
        invoiceNumber: `IM-${tag}`,
        title: `Invoice ${tag}`,
        status: "draft",
        dueDate: "2030-01-31",
        subtotal: "250.00",
        total: "250.00",
        balance: "250.00",
        paymentLinkUrl: payUrl,
      })
      .returning({ id: invoices.id });
    created.invoices.push(inv.id);
    const res = await api("/api/email/send/invoice", { method: "POST", cookie: owner, json: { invoiceId: inv.id } });
    remember(res.body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Email sent successfully");
    const mail = await lastMail();
    expect(mail.subject).toContain(`IM-${tag}`);
    expect(mail.attachments[0].content.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(String(mail.html)).toContain(payUrl);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row.status).toBe("sent");
  });

  it("reports the SMTP server's refusal and leaves the quote a draft", async () => {
    const q = await draftQuote("refused");
    refuse = true;
    try {
      const res = await api("/api/email/send/quote", { method: "POST", cookie: owner, json: { quoteId: q.quoteId } });
      remember(res.body);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/^Failed to send email: /);
      expect(res.body.error).toContain("550");
      expect(res.body.error).toContain("recipient rejected by policy");
    } finally {
      refuse = false;
    }
    const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, q.quoteId));
    expect(row.status).toBe("draft");
  });

  it("refuses clearly what cannot be sent", async () => {
    const noEmail = await draftQuote("noemail", null);
    const a = await api("/api/email/send/quote", { method: "POST", cookie: owner, json: { quoteId: noEmail.quoteId } });
    expect(a.status).toBe(400);
    expect(a.body.error).toContain("No email");
    expect(
      (await api("/api/email/send/quote", { method: "POST", cookie: owner, json: { quoteId: 99999999 } })).status,
    ).toBe(404);
    expect(
      (await api("/api/email/send/quote", { method: "POST", cookie: owner, json: { quoteId: "abc" } })).status,
    ).toBe(400);
    expect((await api("/api/email/send/invoice", { method: "POST", cookie: owner, json: {} })).status).toBe(400);
  });

  it("without JavaScript: saves settings, sends a quote from its page and shows it sent", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/settings?tab=email");
    const html = await page.content();
    expect(html).not.toContain(PASSWORD);
    await page.fill('input[name="senderName"]', "Northwind Front Desk");
    await page.fill('input[name="appPassword"]', PASSWORD2);
    await page.click('button[name="intent"][value="save"]');
    await page.waitForLoadState("domcontentloaded");
    expect((await toast(page)).title).toBe("Email Settings Saved");
    expect(await page.content()).not.toContain(PASSWORD2);
    await expect(page.locator('input[name="senderName"]').inputValue()).resolves.toBe("Northwind Front Desk");

    await page.click('button[name="intent"][value="test"]');
    await page.waitForLoadState("domcontentloaded");
    const t = await toast(page);
    expect(t.title).toBe("Email Test Successful");
    expect(inbox[inbox.length - 1].user).toBe(SENDER);

    const q = await draftQuote("page");
    await page.goto(`/quotes/${q.quoteId}`);
    await page.click('a:has-text("Send Email")');
    await page.waitForURL(/\/send/);
    await expect(page.locator("#send-email-to").inputValue()).resolves.toBe(q.email);
    await page.fill('textarea[name="customMessage"]', "Sent from the page");
    await page.click('button[type="submit"]:has-text("Send Email")');
    await page.waitForURL((url) => url.pathname === `/quotes/${q.quoteId}`);
    expect((await toast(page)).title).toBe("Email sent successfully");
    // The quote's own status badge says Sent (the toast alone would match /sent/ on any page).
    expect(
      await page
        .locator("b.blue")
        .filter({ hasText: /^Sent$/ })
        .count(),
    ).toBe(1);
    const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, q.quoteId));
    expect(row.status).toBe("sent");
    expect(String((await lastMail()).html)).toContain("Sent from the page");

    // A customer without e-mail: the dialog's button says so and is disabled.
    const none = await draftQuote("pagenone", null);
    await page.goto(`/quotes/${none.quoteId}/send`);
    const button = page.locator('form:has(textarea[name="customMessage"]) button[type="submit"]');
    await expect(button.textContent()).resolves.toContain("No Email");
    await expect(button.isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it("with JavaScript: Save is disabled while the sender e-mail is missing for an active configuration", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "owner");
    await page.goto("/settings?tab=email");
    await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 });
    const save = page.locator('button[name="intent"][value="save"]');
    await expect(save.isEnabled()).resolves.toBe(true);
    await expect(page.locator('button[name="intent"][value="test"]').isEnabled()).resolves.toBe(true);
    await page.fill('input[name="senderEmail"]', "");
    await page.locator("text=Sender email is required when email configuration is active").waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await page.fill('input[name="senderEmail"]', SENDER);
    await page
      .locator("text=Sender email is required when email configuration is active")
      .waitFor({ state: "detached" });
    await expect(save.isEnabled()).resolves.toBe(true);
    await context.close();
  });

  it("never exposes the app password: responses, pages and queued job data", async () => {
    expect(logged.some((line) => line.includes("[worker] email/"))).toBe(true);
    for (const text of [...seen, ...logged]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(PASSWORD2);
    }
    const connection = new Redis(inject("redisUrl"), { maxRetriesPerRequest: null });
    const queue = new Queue(EMAIL_QUEUE, { connection, prefix: inject("queuePrefix") });
    try {
      const jobs = await queue.getJobs(["completed", "failed"]);
      expect(jobs.length).toBeGreaterThanOrEqual(4);
      for (const job of jobs) {
        const data = JSON.stringify(job.data);
        expect(data).not.toContain(PASSWORD);
        expect(data).not.toContain(PASSWORD2);
        expect(data).not.toMatch(/token|password/i);
        // Ids and what the user typed only (the Inbox's sync and reply jobs share this queue, and the
        // notifications' jobs: a kind, a record or event id and a day, docs/decisions/notifications.md;
        // a login alert's: the user, when, the browser and the address, docs/decisions/security.md;
        // a purchase order's id, docs/decisions/purchasing.md).
        const allowed = [
          "purchaseOrderId",
          "quoteId",
          "invoiceId",
          "customMessage",
          "actorId",
          "emailId",
          "body",
          "trigger",
          "maxResults",
          "kind",
          "recordId",
          "eventId",
          "day",
          "userId",
          "at",
          "browser",
          "address",
        ];
        expect(Object.keys(job.data as object).filter((k) => !allowed.includes(k))).toEqual([]);
        expect(JSON.stringify(job.returnvalue ?? null)).not.toMatch(/token=/);
      }
    } finally {
      await queue.close();
      await connection.quit();
    }
  });
});
