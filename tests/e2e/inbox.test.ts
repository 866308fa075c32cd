// The Inbox against a REAL IMAP server (the run's Dovecot, tests/setup/dovecot.ts) and a real SMTP
// server (smtp-server, for replies), through the real BullMQ queue: the production server enqueues
// the sync/reply job and waits; the worker started here (schedulers off, so nothing syncs behind
// the test's back) talks IMAP and SMTP. Messages reach the mailbox by IMAP APPEND.
import type { AddressInfo } from "node:net";
import { ImapFlow } from "imapflow";
import { simpleParser, type ParsedMail } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { SMTPServer } from "smtp-server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, emailConfig, emailSyncState, emails, jobs, quotes } from "../../db/schema";
import { EMAIL_QUEUE } from "../../jobs/queues";
import { processors } from "../../jobs/processors/index";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";
import { api, signIn } from "../setup/http";
import { holdShared } from "../setup/shared-settings";

/** A mail list's rows: each opens its message (app/components/open-email-button.tsx; no test id). */
const EMAIL_ROWS = 'button[name="emailId"]';

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const MAILBOX = `inbox-${tag}@example.test`;
const BIG_MAILBOX = `big-${tag}@example.test`;
const CLIENT = `client-${tag}@example.test`;
const STRANGER = `someone-${tag}@elsewhere.test`;
const QUOTE_NUMBER = `Q-2099-${String(Date.now()).slice(-6)}`;

type Captured = { to: string[]; raw: Buffer };
const sent: Captured[] = [];
let smtp: SMTPServer;
let worker: RunningWorker;
let browser: Browser;
let owner: string;
let configId: number;
let releaseEmail: (() => Promise<void>) | undefined;
const fixture = { customerId: 0, jobA: 0, jobB: 0, quoteId: 0 };

async function mailbox(user: string) {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: inject("imapPort"),
    secure: false,
    auth: { user, pass: inject("imapPassword") },
    logger: false,
  });
  await client.connect();
  return client;
}

/** Builds a real RFC 5322 message (nodemailer's stream transport) and APPENDs it to the user's INBOX. */
async function deliver(user: string, messages: SendMailOptions[]) {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const client = await mailbox(user);
  try {
    for (const message of messages) {
      const info = await composer.sendMail({ to: user, ...message });
      await client.append("INBOX", info.message as Buffer);
    }
  } finally {
    await client.logout();
  }
}

async function sync(json?: unknown) {
  return api("/api/emails/sync", { method: "POST", cookie: owner, json });
}

async function configure(senderEmail: string, overrides: Record<string, unknown> = {}) {
  const res = await api(`/api/email/config/${configId}`, {
    method: "PATCH",
    cookie: owner,
    json: { provider: "gmail", senderEmail, senderName: "Northwind Office", isActive: true, ...overrides },
  });
  expect(res.status).toBe(200);
}

/** Runs a click that loads a new document (no JS: links and forms navigate) and waits for it. */
async function nav(page: Page, act: () => Promise<unknown>) {
  await Promise.all([page.waitForNavigation(), act()]);
}

async function toast(page: Page) {
  const title = page.locator('[data-testid="toast-title"]');
  await title.waitFor({ state: "attached" });
  const description = page.locator('[data-testid="toast-description"]');
  return {
    title: (await title.textContent())?.trim(),
    description: (await description.count()) ? (await description.textContent())?.trim() : undefined,
  };
}

beforeAll(async () => {
  // The one e-mail configuration and the Inbox are this file's until it ends
  // (tests/setup/shared-settings.ts) — taken before its worker starts, or the worker could take
  // another file's e-mail jobs on the shared queue and send them to this file's SMTP server.
  releaseEmail = await holdShared("email", "change");
  smtp = new SMTPServer({
    secure: false,
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, cb) {
      return auth.password === inject("imapPassword")
        ? cb(null, { user: auth.username })
        : cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        sent.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.SMTP_PORT = String((smtp.server.address() as AddressInfo).port);
  process.env.SMTP_SECURE = "false";
  worker = await startWorker({
    prefix: inject("queuePrefix"),
    registry: { [EMAIL_QUEUE]: processors[EMAIL_QUEUE] },
    concurrency: 2,
    schedulers: false,
  });
  browser = await launchBrowser();
  const db = await getDb();
  // Nothing synced yet in this run; the inbox starts empty.
  await db.delete(emails);
  await db.delete(emailSyncState);
  const [c] = await db
    .insert(customers)
    .values({ name: `Inbox Client ${tag}`, email: CLIENT.toUpperCase() })
    .returning({ id: customers.id });
  fixture.customerId = c.id;
  const [a] = await db
    .insert(jobs)
    .values({ customerId: c.id, title: `Walnut kitchen ${tag}` })
    .returning({ id: jobs.id });
  const [b] = await db
    .insert(jobs)
    .values({ customerId: c.id, title: `Mudroom lockers ${tag}` })
    .returning({ id: jobs.id });
  fixture.jobA = a.id;
  fixture.jobB = b.id;
  const [q] = await db
    .insert(quotes)
    .values({
      customerId: c.id,
      jobId: a.id,
      quoteNumber: QUOTE_NUMBER,
      title: "Kitchen",
      status: "sent",
      subtotal: "10.00",
      total: "10.00",
    })
    .returning({ id: quotes.id });
  fixture.quoteId = q.id;

  owner = await signIn("owner");
  await db.delete(emailConfig);
  const saved = await api("/api/email/config", {
    method: "POST",
    cookie: owner,
    json: {
      provider: "gmail",
      senderEmail: MAILBOX,
      senderName: "Northwind Office",
      isActive: true,
      appPassword: inject("imapPassword"),
    },
  });
  // No configuration was left: this POST creates it (201, docs/decisions/api-conventions.md).
  expect(saved.status).toBe(201);
  configId = saved.body.id;
}, 120_000); // waits for another file holding the e-mail state

afterAll(async () => {
  await browser?.close();
  await worker?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  const db = await getDb();
  await db.delete(emails);
  await db.delete(emailSyncState);
  await db.delete(emailConfig);
  if (fixture.customerId) {
    await db.delete(activityLog).where(eq(activityLog.customerId, fixture.customerId));
    await db.delete(quotes).where(eq(quotes.id, fixture.quoteId));
    await db.delete(jobs).where(inArray(jobs.id, [fixture.jobA, fixture.jobB]));
    await db.delete(customers).where(eq(customers.id, fixture.customerId));
  }
  await closeDb();
  await releaseEmail?.();
});

const HOSTILE_HTML = `
  <html><head><style>body { display: none }</style></head><body>
  <p onclick="window.__pwned = 1">Hello! <b>Measurements</b> attached.</p>
  <script>window.__pwned = 1; alert('xss')</script>
  <img src="x" onerror="window.__pwned = 1; alert('img')">
  <img src="http://127.0.0.1:9/tracker-${tag}.gif" alt="Company logo">
  <a href="javascript:window.__pwned=1">click me</a>
  <a href="https://example.com/plans">See the plans</a>
  <iframe src="https://example.com"></iframe>
  <form action="https://evil.test"><input name="password"></form>
  </body></html>`;

describe("Inbox", () => {
  it("starts empty, with the spec's empty states (no JS)", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/inbox");
    await page.getByText("No emails yet").first().waitFor();
    await page.getByText("Click Sync to fetch emails").first().waitFor();
    await page.getByText("No email selected").first().waitFor();
    expect(await page.getByTestId("unread-count").textContent()).toBe("0 unread");
    await context.close();
  });

  it("syncs new mail over IMAP, linked to the customer by address and to jobs by the subject, once", async () => {
    await deliver(MAILBOX, [
      {
        from: { name: "Dana Client", address: CLIENT },
        subject: `Re: Quote ${QUOTE_NUMBER}`,
        text: "We approve the walnut finish.\nCan you start in May?",
        messageId: `<a-${tag}@client.test>`,
      },
      {
        from: { name: "Sam Stranger", address: STRANGER },
        subject: `Question about Job #${fixture.jobB}`,
        html: HOSTILE_HTML,
        messageId: `<b-${tag}@elsewhere.test>`,
      },
      { from: STRANGER, subject: "", text: "", messageId: `<c-${tag}@elsewhere.test>` },
    ]);

    const first = await sync({ maxResults: 50 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ syncedCount: 3, totalFetched: 3 });
    // Nothing new: nothing fetched, nothing stored twice.
    expect((await sync()).body).toEqual({ syncedCount: 0, totalFetched: 0 });

    const list = await api("/api/emails", { cookie: owner });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("3");
    expect(list.headers.get("x-unread-count")).toBe("3");
    const byId = new Map<string, any>(list.body.map((e: any) => [e.messageId, e]));
    const a = byId.get(`<a-${tag}@client.test>`);
    expect(a).toMatchObject({
      fromEmail: CLIENT,
      fromName: "Dana Client",
      toEmail: MAILBOX,
      customerId: fixture.customerId,
      jobId: fixture.jobA,
      isRead: false,
      snippet: "We approve the walnut finish. Can you start in May?",
    });
    expect(a.customerName).toBe(`Inbox Client ${tag}`);
    const b = byId.get(`<b-${tag}@elsewhere.test>`);
    // An unknown sender: the job named in the subject links it, and the job's customer with it.
    expect(b).toMatchObject({
      fromEmail: STRANGER,
      jobId: fixture.jobB,
      customerId: fixture.customerId,
      jobTitle: `Mudroom lockers ${tag}`,
    });
    expect(b.bodyHtml).toContain("<b>Measurements</b>");
    for (const bad of [
      "<script",
      "onerror",
      "onclick",
      "javascript:",
      "tracker-",
      "<iframe",
      "<form",
      "<style",
      "display: none",
    ])
      expect(b.bodyHtml).not.toContain(bad);
    const c = byId.get(`<c-${tag}@elsewhere.test>`);
    expect(c).toMatchObject({ customerId: null, jobId: null });

    const [state] = await (
      await getDb()
    )
      .select()
      .from(emailSyncState)
      .where(eq(emailSyncState.mailbox, `gmail:${MAILBOX}:INBOX`));
    expect(state.lastUid).toBe(3);
  });

  it("lists the linked mail on the customer's and the job's pages (staff only)", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto(`/customers/${fixture.customerId}`);
    const card = page.getByTestId("linked-emails");
    expect(await card.textContent()).toContain(`Re: Quote ${QUOTE_NUMBER}`);
    expect(await card.textContent()).toContain(`Question about Job #${fixture.jobB}`);
    // Opening posts (it marks the message read) and lands on the Inbox's reading pane.
    await nav(page, () => card.getByRole("button", { name: new RegExp(`Re: Quote ${QUOTE_NUMBER}`) }).click());
    expect(new URL(page.url()).pathname).toBe("/inbox");
    expect((await page.locator("#email-subject").textContent())?.trim()).toBe(`Re: Quote ${QUOTE_NUMBER}`);
    await page.goto(`/jobs/${fixture.jobB}`);
    const jobCard = page.getByTestId("linked-emails");
    expect(await jobCard.textContent()).toContain(`Question about Job #${fixture.jobB}`);
    expect(await jobCard.textContent()).not.toContain(`Re: Quote ${QUOTE_NUMBER}`);
    await context.close();
    // Installers read jobs but not the Inbox.
    const installer = await newContext(browser, { javaScriptEnabled: false });
    const installerPage = await signInAs(installer, "installer");
    await installerPage.goto(`/jobs/${fixture.jobB}`);
    expect(await installerPage.getByRole("heading", { level: 1 }).textContent()).toContain("Mudroom lockers");
    expect(await installerPage.getByTestId("linked-emails").count()).toBe(0);
    await installer.close();
    // Opening it from the customer page marked it read: put it back for the next tests.
    const [a] = await (
      await getDb()
    )
      .select({ id: emails.id })
      .from(emails)
      .where(eq(emails.messageId, `<a-${tag}@client.test>`));
    await (await getDb()).update(emails).set({ isRead: false }).where(eq(emails.id, a.id));
  });

  it("stores a message once by Message-ID, and starts over safely when UIDVALIDITY changes", async () => {
    await deliver(MAILBOX, [
      { from: CLIENT, subject: "The same message again", text: "dup", messageId: `<a-${tag}@client.test>` },
    ]);
    expect((await sync()).body).toEqual({ syncedCount: 0, totalFetched: 1 });

    // The server renumbered the mailbox: every UID we knew is void. The next run looks at the
    // newest messages again and stores none twice.
    const db = await getDb();
    await db
      .update(emailSyncState)
      .set({ uidValidity: "1" })
      .where(eq(emailSyncState.mailbox, `gmail:${MAILBOX}:INBOX`));
    expect((await sync()).body).toEqual({ syncedCount: 0, totalFetched: 4 });
    const [state] = await db
      .select()
      .from(emailSyncState)
      .where(eq(emailSyncState.mailbox, `gmail:${MAILBOX}:INBOX`));
    expect(state.uidValidity).not.toBe("1");
    expect(state.lastUid).toBe(4);
    expect((await api("/api/emails", { cookie: owner })).body).toHaveLength(3);
  });

  it("answers the API contract: permissions, validation, read, delete", async () => {
    expect((await api("/api/emails")).status).toBe(401);
    const installer = await signIn("installer");
    expect((await api("/api/emails", { cookie: installer })).status).toBe(403);
    expect((await api("/api/emails/sync", { method: "POST", cookie: installer })).status).toBe(403);
    const tooMany = await sync({ maxResults: 500 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("maxResults must be between 1 and 50");
    expect((await api("/api/emails/abc/read", { method: "PATCH", cookie: owner })).status).toBe(404);
    expect((await api("/api/emails/999999999", { method: "DELETE", cookie: owner })).status).toBe(404);

    const list = (await api("/api/emails", { cookie: owner })).body as any[];
    const c = list.find((e) => e.messageId === `<c-${tag}@elsewhere.test>`);
    const read = await api(`/api/emails/${c.id}/read`, { method: "PATCH", cookie: owner });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: c.id, isRead: true });
    expect((await api(`/api/emails/${c.id}`, { cookie: owner })).body.isRead).toBe(true);
    expect((await api(`/api/emails?unread=true`, { cookie: owner })).headers.get("x-total-count")).toBe("2");
    // A link to a message that is gone: the inbox with "Email not found", as a 404.
    const gone = await api("/inbox?email=999999999", { cookie: owner, headers: { Accept: "text/html" } });
    expect(gone.status).toBe(404);
    expect(gone.body).toContain("Email not found");
    const emptyReply = await api(`/api/emails/${c.id}/reply`, { method: "POST", cookie: owner, json: { body: "   " } });
    expect(emptyReply.status).toBe(400);
    expect(emptyReply.body.error).toBe("Write a reply before sending");
  });

  it("reads, replies (threaded, over SMTP), marks unread and deletes on the screen without JavaScript", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await signInAs(context, "office");
    await page.goto("/inbox");
    expect(await page.getByTestId("unread-count").textContent()).toBe("2 unread");
    // The sidebar's Inbox item carries the same count, on every page.
    expect(await page.getByTestId("nav-count-inbox").textContent()).toBe("2");
    const rows = page.locator(EMAIL_ROWS);
    await expect.poll(() => rows.count()).toBe(3);
    const hostile = rows.filter({ hasText: `Question about Job #${fixture.jobB}` });
    expect(await hostile.first().textContent()).toContain("Sam Stranger");
    expect(await hostile.first().textContent()).toContain(`Inbox Client ${tag}`);
    expect(await hostile.first().textContent()).toContain(`Mudroom lockers ${tag}`);
    await expect.poll(() => rows.filter({ hasText: "(No subject)" }).count()).toBe(1);

    // Open the hostile HTML message: sanitised, remote image hidden, and now read.
    await nav(page, () => hostile.click());
    expect((await page.locator("#email-subject").first().textContent())?.trim()).toBe(
      `Question about Job #${fixture.jobB}`,
    );
    expect(await page.getByTestId("unread-count").textContent()).toBe("1 unread");
    expect(await page.getByTestId("nav-count-inbox").textContent()).toBe("1");
    // Elsewhere the sidebar agrees at once (the remembered count was forgotten when it was read).
    await page.goto("/customers");
    expect(await page.getByTestId("nav-count-inbox").textContent()).toBe("1");
    // On a tablet's icon rail the count sits above the envelope, clear of it (it covered its top).
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 768, height: 1024 });
    const envelope = await page.locator('.sidebar-nav a[href="/inbox"] svg').boundingBox();
    const count = await page.getByTestId("nav-count-inbox").boundingBox();
    expect(count!.y + count!.height).toBeLessThanOrEqual(envelope!.y);
    await page.setViewportSize(viewport);
    await page.goBack();
    const body = page.getByTestId("email-body");
    expect(await body.first().textContent()).toContain("Measurements");
    expect(await body.locator("script, iframe, form, style, [onclick], [onerror]").count()).toBe(0);
    expect(await body.locator("img[src^='http']").count()).toBe(0);
    expect(await body.first().textContent()).toContain("[Company logo]");
    await page.getByText("1 remote image is hidden to protect your privacy.").first().waitFor();
    expect(await body.locator('a[href="https://example.com/plans"]').getAttribute("rel")).toBe(
      "noopener noreferrer nofollow",
    );

    // Reply: an empty reply is refused; a real one goes out over SMTP, threaded.
    await nav(page, () => page.getByRole("link", { name: "Reply" }).click());
    // `required` would stop the browser first; without it the server's own check answers.
    await page.locator("#reply-body").evaluate((el) => el.removeAttribute("required"));
    await page.fill("#reply-body", "   ");
    await nav(page, () => page.getByRole("button", { name: "Send Reply" }).click());
    await page.getByRole("alert").filter({ hasText: "Write a reply before sending" }).first().waitFor();
    const before = sent.length;
    await page.fill("#reply-body", `Thanks Sam, the lockers ship Friday. ${tag}`);
    await nav(page, () => page.getByRole("button", { name: "Send Reply" }).click());
    expect(await toast(page)).toEqual({ title: "Reply sent", description: `Sent to ${STRANGER}.` });
    expect(sent.length).toBe(before + 1);
    expect(sent[sent.length - 1].to).toEqual([STRANGER]);
    const reply: ParsedMail = await simpleParser(sent[sent.length - 1].raw);
    expect(reply.subject).toBe(`Re: Question about Job #${fixture.jobB}`);
    expect(reply.inReplyTo).toBe(`<b-${tag}@elsewhere.test>`);
    expect([reply.references].flat()).toContain(`<b-${tag}@elsewhere.test>`);
    expect(reply.text).toContain(`Thanks Sam, the lockers ship Friday. ${tag}`);
    expect(reply.text).toContain("> ");
    const [logged] = await (
      await getDb()
    )
      .select()
      .from(activityLog)
      .where(eq(activityLog.type, "email_replied"))
      .orderBy(activityLog.id);
    expect(logged.customerId).toBe(fixture.customerId);

    // The empty message shows the spec's placeholders.
    await nav(page, () => page.locator(EMAIL_ROWS).filter({ hasText: "(No subject)" }).click());
    expect((await page.locator("#email-subject").first().textContent())?.trim()).toBe("(No subject)");
    expect((await page.getByTestId("email-body").first().textContent())?.trim()).toBe("(No content)");

    // Mark unread goes back to the list with the badge up again.
    await nav(page, () => page.getByRole("button", { name: "Mark unread" }).click());
    expect(await toast(page)).toMatchObject({ title: "Marked as unread" });
    expect(await page.getByTestId("unread-count").textContent()).toBe("2 unread");

    // Delete.
    await nav(page, () => page.locator(EMAIL_ROWS).filter({ hasText: "(No subject)" }).click());
    await nav(page, () => page.getByRole("button", { name: "Delete" }).click());
    expect(await toast(page)).toMatchObject({ title: "Email deleted" });
    await expect.poll(() => page.locator(EMAIL_ROWS).count()).toBe(2);
    await page.getByText("No email selected").first().waitFor();

    // Sync from the page.
    await deliver(MAILBOX, [
      { from: CLIENT, subject: `Photos for ${QUOTE_NUMBER}`, text: "Here you go", messageId: `<d-${tag}@client.test>` },
    ]);
    await nav(page, () => page.getByRole("button", { name: "Sync" }).click());
    expect(await toast(page)).toEqual({ title: "Emails synced", description: "Synced 1 new emails out of 1 fetched." });
    await expect.poll(() => page.locator(EMAIL_ROWS).count()).toBe(3);
    await context.close();
  });

  it("runs no script from a message with JavaScript on, and shows remote images only when asked", async () => {
    const context: BrowserContext = await newContext(browser, { javaScriptEnabled: true });
    const page = await signInAs(context, "office");
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto("/inbox");
    await waitForHydration(page);
    await page
      .locator(EMAIL_ROWS)
      .filter({ hasText: `Question about Job #${fixture.jobB}` })
      .click();
    expect(await page.getByTestId("email-body").first().textContent()).toContain("Measurements");
    await page.getByTestId("email-body").getByText("Hello!").click();
    await page.getByTestId("email-body").getByText("click me").click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);

    await page.getByRole("link", { name: "Show images" }).click();
    await page.waitForURL(/images=1/);
    await expect
      .poll(() => page.getByTestId("email-body").locator(`img[src="http://127.0.0.1:9/tracker-${tag}.gif"]`).count())
      .toBe(1);
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get("content-security-policy"));
    expect(csp).toContain("img-src 'self' data: blob: https: http:");

    // Sync with JS: the button says so while it waits.
    await page.goto("/inbox");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Sync" });
    await button.click();
    expect(await toast(page)).toEqual({ title: "Emails synced", description: "Synced 0 new emails out of 0 fetched." });
    await context.close();
  });

  it("refuses to sync while e-mail is off, and reports a refused login", async () => {
    await configure(MAILBOX, { isActive: false });
    const off = await sync();
    expect(off.status).toBe(409);
    expect(off.body.error).toMatch(/Email not configured/);
    await configure(MAILBOX, { appPassword: "wrong-password" });
    const refused = await sync();
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatch(/refused the login/);
    expect(JSON.stringify(refused.body)).not.toContain(inject("imapPassword"));
    await configure(MAILBOX, { appPassword: inject("imapPassword") });
  });

  it("stores each message once when two syncs run at the same time", async () => {
    const db = await getDb();
    const before = (await db.select({ id: emails.id }).from(emails)).length;
    await deliver(
      MAILBOX,
      Array.from({ length: 5 }, (_, i) => ({ from: CLIENT, subject: `Race ${tag} ${i}`, text: "race" })),
    );
    const [one, two] = await Promise.all([sync(), sync()]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(one.body.syncedCount + two.body.syncedCount).toBe(5);
    expect((await db.select({ id: emails.id }).from(emails)).length).toBe(before + 5);
    expect((await sync()).body).toEqual({ syncedCount: 0, totalFetched: 0 });
  });

  it("stores an oversized message from its envelope, with a note instead of the body", async () => {
    process.env.INBOX_MAX_MESSAGE_BYTES = "50000";
    try {
      await deliver(MAILBOX, [
        {
          from: { name: "Dana Client", address: CLIENT },
          subject: `Site photos ${tag}`,
          text: "photos attached",
          messageId: `<big-${tag}@client.test>`,
          attachments: [{ filename: "kitchen.jpg", content: Buffer.alloc(120_000, 7), contentType: "image/jpeg" }],
        },
      ]);
      expect((await sync()).body).toEqual({ syncedCount: 1, totalFetched: 1 });
    } finally {
      delete process.env.INBOX_MAX_MESSAGE_BYTES;
    }
    const [row] = await (
      await getDb()
    )
      .select()
      .from(emails)
      .where(eq(emails.messageId, `<big-${tag}@client.test>`));
    expect(row).toMatchObject({
      subject: `Site photos ${tag}`,
      fromEmail: CLIENT,
      fromName: "Dana Client",
      customerId: fixture.customerId,
      hasAttachments: true,
      bodyHtml: null,
    });
    expect(row.bodyText).toMatch(/^This message is 0\.\d MB, too large to show here\. Open it in your mail app\.$/);
  });

  it("imports the newest 50 of a new mailbox, then catches up a burst 50 at a time, oldest first", async () => {
    const batch = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        from: CLIENT,
        subject: `Burst ${tag} #${String(from + i).padStart(3, "0")}`,
        text: `n ${from + i}`,
      }));
    await deliver(BIG_MAILBOX, batch(1, 60));
    await configure(BIG_MAILBOX);
    expect((await sync()).body).toEqual({ syncedCount: 50, totalFetched: 50 });
    const db = await getDb();
    const subjects = async () =>
      (await db.select({ subject: emails.subject }).from(emails).where(eq(emails.provider, "gmail"))).map(
        (r) => r.subject ?? "",
      );
    const firstRun = (await subjects()).filter((s) => s.startsWith(`Burst ${tag}`));
    // The 10 oldest are not imported (first sync takes the newest 50).
    expect(firstRun).toHaveLength(50);
    expect(firstRun).not.toContain(`Burst ${tag} #010`);
    expect(firstRun).toContain(`Burst ${tag} #011`);

    await deliver(BIG_MAILBOX, batch(61, 55));
    expect((await sync()).body).toEqual({ syncedCount: 50, totalFetched: 50 });
    const second = (await subjects()).filter((s) => s.startsWith(`Burst ${tag}`));
    expect(second).toContain(`Burst ${tag} #110`);
    expect(second).not.toContain(`Burst ${tag} #111`);
    expect((await sync()).body).toEqual({ syncedCount: 5, totalFetched: 5 });
    expect((await sync()).body).toEqual({ syncedCount: 0, totalFetched: 0 });
    expect((await sync({ maxResults: 2 })).body).toEqual({ syncedCount: 0, totalFetched: 0 });
  });
});
