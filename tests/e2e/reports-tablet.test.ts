// Reports, the three homes and Activity on a tablet and a phone (issue 14, docs/decisions/reports.md):
// at 768×1024 and 390×844 no element holding money is wider than its box (scrollWidth > clientWidth,
// which is what a sideways scroll or a clipped figure is) nor broken across two lines (a part-paid
// invoice of $98,765,432.10 of its own), every report table is a card per row
// naming each figure's column, the totals row stays on screen, and axe finds nothing critical or
// serious; at 1280×800 the same markup is a table with right-aligned figures. JavaScript on for every
// tab, off for AR aging with its drill-down. The figures come from the Reports fixture in 1984 (a
// year no other test file uses); the homes show the demo data their users see, and a payment entry of
// this file's own with a long customer name as the newest activity.
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { activityLog, invoices, payments } from "../../db/schema";
import { describeFindings, runAxe } from "../setup/axe";
import { launchBrowser, newContext, signInAs, waitForHydration } from "../setup/browser";
import { findBrokenFigures } from "../setup/clipping";
import { buildReportsFixture, FIXTURE_TZ, removeReportsFixture, type ReportsFixture } from "../setup/reports-fixture";
import { zonedToInstant } from "~/utils/dates";

const tag = `rpt${Date.now().toString(36)}`;
const SIZES = [
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];
const TABS = [
  "financial",
  "operations",
  "inventory",
  "customers",
  "ar-aging",
  "revenue",
  "sales-tax",
  "conversion",
  "profitability",
  "utilisation",
] as const;

let browser: Browser;
let f: ReportsFixture;

beforeAll(async () => {
  [browser, f] = await Promise.all([launchBrowser(), buildReportsFixture(1984, tag)]);
  await addLargeInvoice(f);
});

/**
 * A large shop's figures in the fixture's range: a part-paid invoice of $98,765,432.10 on the Closet
 * job (no tax: the sales tax figures stay the fixture's), so Financial's, Profitability's and the
 * headline cards' amounts run to 14 characters — where their tiles broke them across two lines. Its
 * customer is the fixture's (removed with it).
 */
async function addLargeInvoice(fixture: ReportsFixture) {
  const db = await getDb();
  const [invoice] = await db
    .insert(invoices)
    .values({
      customerId: fixture.customerB.id,
      jobId: fixture.jobIds[3],
      invoiceNumber: `INV-${tag}-large`,
      title: `Large invoice ${tag}`,
      status: "partial",
      issueDate: `${fixture.year}-03-04`,
      dueDate: `${fixture.year}-04-03`,
      subtotal: "98765432.10",
      taxRate: "0",
      taxAmount: "0.00",
      total: "98765432.10",
      paidTotal: "12345678.90",
      balance: "86419753.20",
      createdAt: zonedToInstant(`${fixture.year}-03-04`, "12:00", FIXTURE_TZ),
    })
    .returning({ id: invoices.id });
  await db.insert(payments).values({
    invoiceId: invoice.id,
    amount: "12345678.90",
    receivedAt: zonedToInstant(`${fixture.year}-03-06`, "12:00", FIXTURE_TZ),
  });
}

afterAll(async () => {
  await browser?.close();
  await removeReportsFixture(f, tag);
});

/** The tab over the fixture's two months; AR aging as of March 10 (with one customer's invoices). */
function reportUrl(tab: string, drillDown = false) {
  if (tab === "ar-aging")
    return `/reports?tab=ar-aging&asOf=${f.year}-03-10${drillDown ? `&customerId=${f.customerA.id}` : ""}`;
  return `/reports?tab=${tab}&from=${f.from}&to=${f.to}`;
}

async function open(context: BrowserContext, who: string, size: { width: number; height: number }) {
  const page = await signInAs(context, who);
  await page.setViewportSize(size);
  return page;
}

async function visit(page: Page, url: string, js: boolean) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  if (js) await waitForHydration(page);
}

/** Elements holding money that are wider than their box, and money text outside the viewport. */
function moneyOverflow(page: Page) {
  return page.evaluate(() => {
    const money = /\$\d/;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${[...el.classList].map((c) => `.${c}`).join("")}`;
    const found: string[] = [];
    for (const el of document.querySelectorAll("main, main *")) {
      if (el.clientWidth === 0 || !money.test(el.textContent ?? "")) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
    }
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!money.test(node.textContent ?? "")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && (box.left < 0 || box.right > document.documentElement.clientWidth + 1))
        found.push(`"${node.textContent}" at ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found;
  });
}

async function seriousAxe(page: Page, screen: string, js: boolean) {
  const findings = await runAxe(page, { pageScriptsDisabled: !js });
  return describeFindings(
    screen,
    findings.filter((x) => x.impact === "critical" || x.impact === "serious"),
  );
}

/**
 * Every report table on the page is a card per row: its header row hidden, each figure cell showing
 * its column's name (data-label, drawn before the figure), all on screen; the totals row on screen
 * with its label.
 */
function cardProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const table of document.querySelectorAll<HTMLTableElement>(".report-table table")) {
      const label = table.getAttribute("aria-label");
      if (table.tHead!.getBoundingClientRect().height > 1) problems.push(`${label}: header row shown`);
      const rows = [...table.tBodies[0].rows];
      if (rows.length === 0) problems.push(`${label}: no rows`);
      for (const row of rows) {
        const box = row.getBoundingClientRect();
        if (box.left < 0 || box.right > width + 1) problems.push(`${label}: a row is off screen`);
        for (const cell of row.cells) {
          const figure = cell.getAttribute("data-label");
          if (!figure || !cell.textContent) continue;
          const before = getComputedStyle(cell, "::before").content;
          if (before !== `"${figure}"`) problems.push(`${label}: ${figure} cell labelled ${before}`);
        }
      }
      const total = table.querySelector("tr.total-row");
      if (total) {
        const box = total.getBoundingClientRect();
        if (box.height === 0 || box.right > width + 1) problems.push(`${label}: totals row not on screen`);
        if (!total.querySelector("th")?.textContent) problems.push(`${label}: totals row without its label`);
      }
    }
    return problems;
  });
}

/**
 * Each chart's axis text as drawn: a chart's 640-unit viewBox scales with its box, so text of 11
 * units beside a wide table at 1280 px came out at 7 px. At least `minPx` (9 on a phone, whose
 * larger axis text is drawn at half size; 11 from 768 px), and no two visible month or status
 * labels overlapping.
 */
function chartTextProblems(page: Page, minPx: number) {
  return page.evaluate((min) => {
    const problems: string[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>(".report-chart svg")) {
      const name = svg.querySelector("title")?.textContent ?? "chart";
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const texts = [...svg.querySelectorAll("text")].filter((t) => getComputedStyle(t).display !== "none");
      for (const text of texts) {
        const px = parseFloat(getComputedStyle(text).fontSize) * scale;
        if (px < min) {
          problems.push(`${name}: "${text.textContent}" drawn at ${px.toFixed(1)} px`);
          break;
        }
      }
      const labels = texts.filter((t) => t.classList.contains("x-label")).map((t) => t.getBoundingClientRect());
      for (let i = 1; i < labels.length; i++)
        if (labels[i].left < labels[i - 1].right) problems.push(`${name}: x labels ${i} and ${i + 1} overlap`);
    }
    return problems;
  }, minPx);
}

describe.each(SIZES)("at $width px", (size) => {
  it("every Reports tab (JavaScript on): cards, no money wider than its box or broken across lines, axe clean", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true });
    const page = await open(context, "owner", size);
    const problems: string[] = [];
    for (const [tab, drillDown] of [...TABS.map((t) => [t, false] as const), ["ar-aging", true] as const]) {
      const screen = `${tab}${drillDown ? " (drill-down)" : ""} at ${size.width}`;
      await visit(page, reportUrl(tab, drillDown), true);
      problems.push(...(await moneyOverflow(page)).map((p) => `${screen}: ${p}`));
      problems.push(...(await findBrokenFigures(page, screen)));
      problems.push(...(await cardProblems(page)).map((p) => `${screen}: ${p}`));
      problems.push(...(await chartTextProblems(page, size.width < 768 ? 9 : 11)).map((p) => `${screen}: ${p}`));
      problems.push(...(await seriousAxe(page, screen, true)));
    }
    expect(problems).toEqual([]);
    // The fixture's figures are there, on cards: Feb and Mar 1984's sales tax and its total.
    await visit(page, reportUrl("sales-tax"), true);
    const total = page.locator('table[aria-label="Sales tax by month"] tr.total-row');
    expect(await total.locator("th").textContent()).toBe("Total");
    expect(await page.getByTestId("tax-total").textContent()).toBe("$262.50");
    await context.close();
  });

  it("AR aging and its drill-down without JavaScript: cards, nothing wider than its box, axe clean", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await open(context, "owner", size);
    const problems: string[] = [];
    for (const drillDown of [false, true]) {
      const screen = `ar-aging${drillDown ? " (drill-down)" : ""} at ${size.width}, no JS`;
      await visit(page, reportUrl("ar-aging", drillDown), false);
      problems.push(...(await moneyOverflow(page)).map((p) => `${screen}: ${p}`));
      problems.push(...(await cardProblems(page)).map((p) => `${screen}: ${p}`));
      problems.push(...(await seriousAxe(page, screen, false)));
    }
    expect(problems).toEqual([]);
    // The customer's card: her name links to her invoices, each bucket named beside its figure.
    const card = page.locator('table[aria-label="Aging by customer"] tbody tr', { hasText: f.customerA.name });
    expect(await card.getByRole("link", { name: `${f.customerA.name}: invoices` }).count()).toBe(1);
    const total = card.locator('td[data-label="Total"]');
    expect(await total.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Total"');
    expect(await page.locator('table[aria-label="Open invoices"] tbody tr').count()).toBe(2);
    await context.close();
  });

  it("the owner, office and installer homes and Activity: no money wider than its box, axe clean", async () => {
    // The newest activity entry (Recent Activity shows 5) a payment whose customer's name is long.
    const description = `$1,250.00 from ${tag} Harbour View Kitchens and Bathrooms of Westchester (cash)`;
    const db = await getDb();
    const [entry] = await db
      .insert(activityLog)
      .values({ type: "payment_received", title: "Payment received", description, amount: "1250.00" })
      .returning({ id: activityLog.id });
    const problems: string[] = [];
    try {
      for (const who of ["owner", "office", "installer"]) {
        const context = await newContext(browser, { javaScriptEnabled: true });
        const page = await open(context, who, size);
        for (const path of ["/", "/activity"]) {
          const screen = `${who} ${path} at ${size.width}`;
          await visit(page, path, true);
          // Owner and office see the payment's line; installers no money (nor other people's work).
          const shown = await page.getByText(description).count();
          expect(shown, screen).toBe(who === "installer" ? 0 : 1);
          problems.push(...(await moneyOverflow(page)).map((p) => `${screen}: ${p}`));
          problems.push(...(await seriousAxe(page, screen, true)));
          if (path === "/activity") {
            // Activity is a list: a card per entry below 1024 px.
            const head = await page.locator('table[aria-label="Activity"] thead').boundingBox();
            expect(head?.height ?? 0, screen).toBeLessThanOrEqual(1);
          }
        }
        await context.close();
      }
    } finally {
      await db.delete(activityLog).where(eq(activityLog.id, entry.id));
    }
    expect(problems).toEqual([]);
  });
});

describe("at 1280 px", () => {
  it("report tables are tables with right-aligned figures and the totals row last; nothing overflows; chart text readable", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await open(context, "owner", { width: 1280, height: 800 });
    const problems: string[] = [];
    for (const tab of TABS) {
      await visit(page, reportUrl(tab, tab === "ar-aging"), false);
      problems.push(...(await moneyOverflow(page)).map((p) => `${tab} at 1280: ${p}`));
      problems.push(...(await chartTextProblems(page, 11)).map((p) => `${tab} at 1280: ${p}`));
    }
    expect(problems).toEqual([]);
    await visit(page, reportUrl("revenue"), false);
    const table = page.locator('table[aria-label="Revenue by month"]');
    expect((await table.locator("thead").boundingBox())!.height).toBeGreaterThan(20);
    const cell = table.locator('tbody tr:first-child td[data-label="Invoiced"]');
    expect(await cell.evaluate((td) => getComputedStyle(td).textAlign)).toBe("right");
    expect(await cell.evaluate((td) => getComputedStyle(td).fontVariantNumeric)).toBe("tabular-nums");
    expect(await table.locator("tbody tr").last().getAttribute("class")).toBe("total-row");
    await context.close();
  });
});

describe("a figure in a card", () => {
  it("as long as a large shop's outstanding total stays on one line inside its card, at 1024, 768 and 390 px", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await open(context, "owner", { width: 1024, height: 768 });
    const problems: string[] = [];
    for (const size of [{ width: 1024, height: 768 }, ...SIZES]) {
      await page.setViewportSize(size);
      for (const url of ["/", reportUrl("financial")]) {
        await visit(page, url, false);
        // Figures as long as the large dataset's (StatValue sets --chars to the figure's length).
        const found = await page.evaluate(() => {
          const out: string[] = [];
          const figures = [...document.querySelectorAll<HTMLElement>(".stat-value")];
          for (const el of figures) {
            // Money at its largest; a pipeline stage counts jobs.
            el.textContent = el.dataset.testid === "stage-count" ? "123,456" : "$116,898,362.48";
            el.style.setProperty("--chars", String(el.textContent.length));
          }
          for (const el of figures) {
            const range = document.createRange();
            range.selectNodeContents(el);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            const card = el.closest(".stat-card")!;
            const text = range.getBoundingClientRect();
            const box = card.getBoundingClientRect();
            if (lines !== 1) out.push(`${el.dataset.testid}: ${lines} lines`);
            if (text.right > box.right + 1)
              out.push(`${el.dataset.testid}: past its card by ${text.right - box.right} px`);
            if (parseFloat(getComputedStyle(el).fontSize) < 14) out.push(`${el.dataset.testid}: under 14 px`);
          }
          return figures.length ? out : ["no figures"];
        });
        problems.push(...found.map((p) => `${url} at ${size.width}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("at 1024 px (the sidebar open)", () => {
  it("seven-column reports hold figures as long as the large dataset's without a sideways scroll", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await open(context, "owner", { width: 1024, height: 768 });
    const problems: string[] = [];
    for (const [tab, drillDown] of [
      ["ar-aging", false],
      ["ar-aging", true],
      ["profitability", false],
    ] as const) {
      const screen = `${tab}${drillDown ? " (drill-down)" : ""} at 1024`;
      await visit(page, reportUrl(tab, drillDown), false);
      // Every figure of the report's tables as long as the large dataset's totals row: tens of millions
      // in each column, over a hundred million in the last.
      const wide = await page.evaluate(() => {
        const tables = [...document.querySelectorAll(".report-table table")].filter(
          (t) => t.querySelectorAll("thead th").length >= 7,
        );
        for (const row of tables.flatMap((t) => [...t.querySelectorAll("tr")]))
          row.querySelectorAll("td, th").forEach((cell, i, cells) => {
            if (/^\$[\d,.]+$/.test(cell.textContent ?? ""))
              cell.textContent = i === cells.length - 1 ? "$116,898,362.48" : "$45,536,389.58";
          });
        return tables.length;
      });
      if (wide === 0) problems.push(`${screen}: no seven-column table`);
      problems.push(...(await moneyOverflow(page)).map((p) => `${screen}: ${p}`));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 1024) problems.push(`${screen}: the page is ${width} px wide`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
