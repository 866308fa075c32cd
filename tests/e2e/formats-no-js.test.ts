// Settings → System's date format, clock, measurement unit and paper size change what every screen,
// PDF and e-mail shows (issue 15; docs/decisions/formats.md), in Chromium with JavaScript DISABLED.
//
// These settings are one per business, and many other test files read dates with the defaults
// (MM/DD/YYYY, 12-hour) while files run in parallel. So this file changes them on a server of its
// own (tests/setup/own-server.ts: its own database, seeded with the demo shop, and port): nobody
// else can see the change, and there is nothing to restore.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { format } from "date-fns";
import type { Browser, BrowserContext, Page } from "playwright-core";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signInAs } from "../setup/browser";
import { startOwnServer, type OwnServer } from "../setup/own-server";

let server: OwnServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let sql: postgres.Sql;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "formats-e2e-"));

type Invoice = { id: number; invoice_number: string; issue_date: string; due_date: string };
type Event = { id: number; start_at: Date; end_at: Date };
type Item = { sku: string; current_stock: string; unit: string };
let invoice: Invoice;
let event: Event;
let item: Item;

beforeAll(async () => {
  server = await startOwnServer("formats");
  sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
  [invoice] = await sql<Invoice[]>`
    select id, invoice_number, issue_date::text, due_date::text from invoices
    where due_date is not null and extract(day from due_date) > 12 order by id limit 1`;
  [event] = await sql<Event[]>`
    select id, start_at, end_at from schedule_events
    where not all_day and extract(hour from start_at at time zone 'America/New_York') >= 13 order by id limit 1`;
  [item] = await sql<Item[]>`
    select sku, current_stock::text, unit from inventory_items where unit = 'lf' and current_stock > 0 order by id limit 1`;
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
  page = await signInAs(context, "owner");
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await sql?.end();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A calendar date ('YYYY-MM-DD') with a date-fns pattern, read as written (no time zone). */
const day = (iso: string, pattern: string) => format(new Date(`${iso}T12:00:00`), pattern);
/** An instant's wall-clock time in New York with a date-fns-like hour pattern. */
function nyTime(at: Date, hour12: boolean) {
  return new Intl.DateTimeFormat("en-US", {
    hour: hour12 ? "numeric" : "2-digit",
    minute: "2-digit",
    hour12,
    hourCycle: hour12 ? undefined : "h23",
    timeZone: "America/New_York",
  }).format(at);
}

async function text(url: string) {
  await page.goto(url);
  return (await page.locator("body").innerText()).replace(/\s+/g, " ");
}

/** The PDF's words and page size, fetched with the signed-in session. */
async function pdf(url: string) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  const file = path.join(dir, `${Date.now()}.pdf`);
  fs.writeFileSync(file, await res.body());
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  const size = /<page width="([\d.]+)" height="([\d.]+)">/.exec(html)!;
  const words = [...html.matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map((m) => m[1]).join(" ");
  return { width: Number(size[1]), height: Number(size[2]), text: words };
}

async function saveSystem(values: Record<string, string>) {
  await page.goto("/settings/system");
  for (const [name, value] of Object.entries(values)) await page.selectOption(`select[name="${name}"]`, value);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    page.getByRole("button", { name: "Save System Preferences" }).click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
}

describe("formats on every screen, PDF and e-mail (JavaScript off, own server)", () => {
  it("shows US dates and the 12-hour clock by default", async () => {
    const list = await text(`/invoices?search=${invoice.invoice_number}&status=all`);
    expect(list).toContain(day(invoice.due_date, "MMM d, yyyy"));
    const detail = await text(`/schedule/events/${event.id}`);
    expect(detail).toContain(nyTime(event.start_at, true));
    const doc = await pdf(`/invoices/${invoice.id}/pdf`);
    expect(doc.text).toContain(`Due Date: ${day(invoice.due_date, "MMM d, yyyy")}`);
    expect(doc.width).toBeCloseTo(612, 0);
  });

  it("after DD/MM/YYYY and 24-hour: lists, details, the schedule and the PDF follow", async () => {
    await saveSystem({ dateFormat: "DD/MM/YYYY", timeFormat: "24" });
    const dmy = (iso: string) => day(iso, "d MMM yyyy");

    const list = await text(`/invoices?search=${invoice.invoice_number}&status=all`);
    expect(list).toContain(dmy(invoice.due_date));
    expect(list).not.toContain(day(invoice.due_date, "MMM d, yyyy"));

    const detail = await text(`/invoices/${invoice.id}`);
    expect(detail).toContain(`Issued ${dmy(invoice.issue_date)} · Due ${dmy(invoice.due_date)}`);

    const eventPage = await text(`/schedule/events/${event.id}`);
    const h24 = nyTime(event.start_at, false);
    expect(h24).toMatch(/^(1[3-9]|2\d):\d\d$/);
    expect(eventPage).toContain(`${h24} – ${nyTime(event.end_at, false)}`);
    expect(eventPage).not.toMatch(/\d (AM|PM)/);

    // The schedule list shows the same day-first dates and 24-hour times.
    const startDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(event.start_at);
    const schedule = await text(`/schedule?view=list&date=${startDay}`);
    expect(schedule).toContain(day(startDay, "EEE, d MMM"));
    expect(schedule).toContain(h24);

    // The PDF (what the e-mail attaches, and the portal's download) writes its dates the same way.
    const doc = await pdf(`/invoices/${invoice.id}/pdf`);
    expect(doc.text).toContain(`Issue Date: ${dmy(invoice.issue_date)}`);
    expect(doc.text).toContain(`Due Date: ${dmy(invoice.due_date)}`);

    // The System tab shows the choice it saved, with an example of each format.
    await page.goto("/settings/system");
    expect(await page.locator('select[name="dateFormat"]').inputValue()).toBe("DD/MM/YYYY");
    expect(await page.locator('select[name="dateFormat"] option[value="YYYY-MM-DD"]').textContent()).toBe(
      "YYYY-MM-DD (2026-11-23)",
    );
  });

  it("ISO dates, metric quantities and A4 paper", async () => {
    await saveSystem({ dateFormat: "YYYY-MM-DD", measurementUnit: "metric", paperSize: "A4" });
    expect(await text(`/invoices/${invoice.id}`)).toContain(`Due ${invoice.due_date}`);

    const inventory = await text(`/inventory?search=${item.sku}`);
    const feet = Number(item.current_stock);
    const metres = (Math.round(feet * 0.3048 * 100) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
    expect(inventory).toMatch(new RegExp(`lf \\(${metres.replace(/[.,]/g, "\\$&")} m\\)`));

    const doc = await pdf(`/invoices/${invoice.id}/pdf`);
    expect(doc.width).toBeCloseTo(595.28, 0);
    expect(doc.height).toBeCloseTo(841.89, 0);
    expect(doc.text).toContain(`Due Date: ${invoice.due_date}`);

    // Back to imperial: the quantity is shown in its stored unit only.
    await saveSystem({ measurementUnit: "imperial" });
    expect(await text(`/inventory?search=${item.sku}`)).not.toMatch(/lf \([\d.,]+ m\)/);
  });
});
