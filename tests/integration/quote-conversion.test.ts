// One quote, one invoice (issue 10 item 3): simultaneous "Convert to invoice" and
// `POST /api/invoices {quoteId}` make exactly one invoice; the rest are 409 naming it. An invoice
// created with a quoteId gets the quote's items only when asked (copyItems) or when items are sent.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, invoices } from "../../db/schema";
import { api, baseUrl, signIn } from "../setup/http";

let owner = "";
let customerId = 0;
const tag = `qc${Date.now().toString(36)}`;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  owner = await signIn("owner");
  const [c] = await (
    await getDb()
  )
    .insert(customers)
    .values({ name: `Conversion ${tag}` })
    .returning();
  customerId = c.id;
});

async function approvedQuote(title: string) {
  const q = await api("/api/quotes", {
    method: "POST",
    cookie: owner,
    json: {
      customerId,
      title: `${title} ${tag}`,
      status: "sent",
      taxRate: "0.05",
      items: [
        { description: "Cabinets", quantity: "2", unitPrice: "100" },
        { description: "Hinges", quantity: "10", unitPrice: "1.50" },
      ],
    },
  });
  expect(q.status).toBe(201);
  expect((await api(`/api/quotes/${q.body.id}/approve`, { method: "POST", cookie: owner })).status).toBe(200);
  return q.body as { id: number; quoteNumber: string };
}

const invoicesOf = async (quoteId: number) =>
  (await getDb()).select().from(invoices).where(eq(invoices.quoteId, quoteId));

const convertOnPage = (quoteId: number) =>
  fetch(`${baseUrl()}/quotes/${quoteId}`, {
    method: "POST",
    headers: { Cookie: owner, Origin: baseUrl() },
    body: new URLSearchParams({ intent: "convert" }),
    redirect: "manual",
  });

describe("converting one quote twice", () => {
  it("20 simultaneous API creates make one invoice; the others are 409 naming it", async () => {
    const quote = await approvedQuote("API race");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("/api/invoices", {
          method: "POST",
          cookie: owner,
          json: { customerId, quoteId: quote.id, copyItems: true, title: "Race", dueDate: future(30) },
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const number = created[0].body.invoiceNumber;
    for (const r of results.filter((x) => x.status !== 201)) {
      expect([r.status, r.body.error]).toEqual([409, `Quote ${quote.quoteNumber} is already invoiced as ${number}`]);
      expect(r.body.fieldErrors.quoteId).toHaveLength(1);
    }
    const rows = await invoicesOf(quote.id);
    expect(rows.map((r) => r.invoiceNumber)).toEqual([number]);
    expect(rows[0].total).toBe("225.75");
  });

  it("20 simultaneous page conversions make one invoice; the page then links it instead of the button", async () => {
    const quote = await approvedQuote("Page race");
    const before = await (await fetch(`${baseUrl()}/quotes/${quote.id}`, { headers: { Cookie: owner } })).text();
    expect(before).toContain("Convert to invoice");
    const results = await Promise.all(Array.from({ length: 20 }, () => convertOnPage(quote.id)));
    expect(results.every((r) => r.status === 302)).toBe(true);
    const rows = await invoicesOf(quote.id);
    expect(rows).toHaveLength(1);
    const landed = results.map((r) => r.headers.get("location"));
    expect(landed.filter((l) => l === `/invoices/${rows[0].id}`)).toHaveLength(1);
    expect(landed.filter((l) => l === `/quotes/${quote.id}`)).toHaveLength(19);
    const page = await (await fetch(`${baseUrl()}/quotes/${quote.id}`, { headers: { Cookie: owner } })).text();
    expect(page).not.toContain("Convert to invoice");
    expect(page).toContain(`href="/invoices/${rows[0].id}"`);
    expect(page).toMatch(new RegExp(`Invoiced as <a[^>]*>${rows[0].invoiceNumber}</a>`));
    // The API refuses it too, and the Add Invoice dialog no longer offers the quote.
    const again = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: { customerId, quoteId: quote.id, title: "Again", dueDate: future(30) },
    });
    expect([again.status, again.body.error]).toEqual([
      409,
      `Quote ${quote.quoteNumber} is already invoiced as ${rows[0].invoiceNumber}`,
    ]);
    const dialog = await (await fetch(`${baseUrl()}/invoices/new`, { headers: { Cookie: owner } })).text();
    expect(dialog).not.toContain(`${quote.quoteNumber} —`);
  });

  it("a cancelled invoice frees the quote again", async () => {
    const quote = await approvedQuote("Cancelled");
    const first = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: { customerId, quoteId: quote.id, copyItems: true, title: "First", dueDate: future(30) },
    });
    expect(first.status).toBe(201);
    const cancelled = await api(`/api/invoices/${first.body.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId, quoteId: quote.id, title: "First", dueDate: future(30), status: "cancelled" },
    });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);
    const second = await convertOnPage(quote.id);
    expect(second.headers.get("location")).toMatch(/^\/invoices\/\d+$/);
    // Reviving the cancelled one now would bill the quote twice.
    const revived = await api(`/api/invoices/${first.body.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId, quoteId: quote.id, title: "First", dueDate: future(30), status: "draft" },
    });
    expect(revived.status).toBe(409);
  });
});

describe("POST /api/invoices with a quoteId", () => {
  it("adds no items on its own: create, then post the items, gives each line once", async () => {
    const quote = await approvedQuote("Contract");
    const inv = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: { customerId, quoteId: quote.id, title: "Contract", dueDate: future(30) },
    });
    expect(inv.status).toBe(201);
    expect([inv.body.subtotal, inv.body.taxRate, inv.body.total]).toEqual(["0.00", "0.0500", "0.00"]);
    for (const item of [
      { description: "Cabinets", quantity: "2", unitPrice: "100" },
      { description: "Hinges", quantity: "10", unitPrice: "1.50" },
    ]) {
      const res = await api("/api/invoice-items", {
        method: "POST",
        cookie: owner,
        json: { invoiceId: inv.body.id, ...item },
      });
      expect(res.status).toBe(201);
    }
    const read = await api(`/api/invoices/${inv.body.id}`, { cookie: owner });
    expect(read.body.items.map((i: { description: string }) => i.description)).toEqual(["Cabinets", "Hinges"]);
    expect(read.body.total).toBe("225.75");
  });

  it("uses sent items as they are, and refuses copyItems together with items or without a quote", async () => {
    const quote = await approvedQuote("Own items");
    const own = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: {
        customerId,
        quoteId: quote.id,
        title: "Own",
        dueDate: future(30),
        taxRate: "0",
        items: [{ description: "Deposit", quantity: "1", unitPrice: "50" }],
      },
    });
    expect(own.status).toBe(201);
    expect(own.body.total).toBe("50.00");
    const both = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: {
        customerId,
        quoteId: quote.id,
        copyItems: true,
        title: "Both",
        dueDate: future(30),
        items: [{ description: "x", quantity: "1", unitPrice: "1" }],
      },
    });
    expect([both.status, both.body.fieldErrors?.copyItems]).toEqual([
      400,
      ["Send either items or copyItems, not both"],
    ]);
    const noQuote = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: { customerId, copyItems: true, title: "No quote", dueDate: future(30) },
    });
    expect([noQuote.status, noQuote.body.fieldErrors?.copyItems]).toEqual([400, ["copyItems needs a quoteId"]]);
  });
});
