// Money input the server must refuse with a 400 rather than misread or crash on (issue 10 items 6
// and 7): a comma used as a decimal mark, an invalid tax rate sent with items, and amounts whose
// line total, subtotal, tax or total no longer fit numeric(10,2). Each test makes its own rows.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers } from "../../db/schema";
import { api, baseUrl, signIn } from "../setup/http";

let owner = "";
let customerId = 0;
const tag = `mi${Date.now().toString(36)}`;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  owner = await signIn("owner");
  const [c] = await (
    await getDb()
  )
    .insert(customers)
    .values({ name: `Money Input ${tag}` })
    .returning();
  customerId = c.id;
});

async function newQuote(items: unknown[] = [], taxRate: unknown = "0") {
  const res = await api("/api/quotes", {
    method: "POST",
    cookie: owner,
    json: { customerId, title: `Quote ${tag}`, taxRate, items },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; total: string };
}

async function newInvoice(items: unknown[] = [], taxRate: unknown = "0") {
  const res = await api("/api/invoices", {
    method: "POST",
    cookie: owner,
    json: { customerId, title: `Invoice ${tag}`, dueDate: future(30), taxRate, items },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; total: string };
}

describe("a comma is only a thousands separator", () => {
  it("refuses '1,5' and '1.000,50' with 'Use a dot for decimals' and keeps 1,234.56", async () => {
    const quote = await newQuote();
    for (const [field, value] of [
      ["quantity", "1,5"],
      ["unitPrice", "1.000,50"],
      ["unitPrice", "12,34"],
      ["unitPrice", "1,23,456.00"],
    ]) {
      const res = await api("/api/quote-items", {
        method: "POST",
        cookie: owner,
        json: { quoteId: quote.id, description: "Comma", quantity: "1", unitPrice: "1", [field]: value },
      });
      expect([value, res.status, res.body.fieldErrors?.[field]]).toEqual([value, 400, ["Use a dot for decimals"]]);
    }
    const ok = await api("/api/quote-items", {
      method: "POST",
      cookie: owner,
      json: { quoteId: quote.id, description: "Grouped", quantity: "1", unitPrice: "1,234.56" },
    });
    expect([ok.status, ok.body.unitPrice, ok.body.lineTotal]).toEqual([201, "1234.56", "1234.56"]);
    const read = await api(`/api/quotes/${quote.id}`, { cookie: owner });
    expect(read.body.items).toHaveLength(1);
  });

  it("applies to items arrays, invoices and payments alike", async () => {
    const bad = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: {
        customerId,
        title: `Comma ${tag}`,
        dueDate: future(30),
        items: [{ description: "Door", quantity: "1", unitPrice: "1,5" }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors["items.0.unitPrice"]).toEqual(["Use a dot for decimals"]);
    const invoice = await newInvoice([{ description: "Door", quantity: "1", unitPrice: "100" }]);
    const payment = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: invoice.id, amount: "1,5" },
    });
    expect([payment.status, payment.body.fieldErrors?.amount]).toEqual([400, ["Use a dot for decimals"]]);
    expect((await api(`/api/invoices/${invoice.id}`, { cookie: owner })).body.paidTotal).toBe("0.00");
  });

  it("the Record Payment form says so too, and records nothing", async () => {
    const invoice = await newInvoice([{ description: "Door", quantity: "1", unitPrice: "100" }]);
    const res = await fetch(`${baseUrl()}/invoices/${invoice.id}/pay`, {
      method: "POST",
      headers: { Cookie: owner, Origin: baseUrl() },
      body: new URLSearchParams({ invoiceId: String(invoice.id), amount: "1,5", method: "cash" }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Use a dot for decimals");
    expect((await api(`/api/invoices/${invoice.id}`, { cookie: owner })).body.paidTotal).toBe("0.00");
  });
});

describe("an invalid tax rate sent with items", () => {
  const items = [{ description: "Cabinet", quantity: "1", unitPrice: "100" }];
  const badRates: unknown[] = ["abc", 1.5, -1, "1e3", "1,5", { rate: 1 }];

  it("is a 400 on the tax rate for quotes and invoices, POST and PUT", async () => {
    const quote = await newQuote(items);
    const invoice = await newInvoice(items);
    for (const taxRate of badRates) {
      const attempts = [
        api("/api/quotes", { method: "POST", cookie: owner, json: { customerId, title: "Q", taxRate, items } }),
        api(`/api/quotes/${quote.id}`, {
          method: "PUT",
          cookie: owner,
          json: { customerId, title: "Q", taxRate, items },
        }),
        api("/api/invoices", {
          method: "POST",
          cookie: owner,
          json: { customerId, title: "I", dueDate: future(30), taxRate, items },
        }),
        api(`/api/invoices/${invoice.id}`, {
          method: "PUT",
          cookie: owner,
          json: { customerId, title: "I", dueDate: future(30), taxRate, items },
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect([taxRate, res.status, typeof res.body.error]).toEqual([taxRate, 400, "string"]);
        expect(res.body.fieldErrors.taxRate).toHaveLength(1);
      }
    }
    // A bad quantity in the items with a valid rate is the same: a 400 on that field.
    const badQty = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId, title: "Q", taxRate: "0.05", items: [{ description: "x", quantity: "abc" }] },
    });
    expect([badQty.status, badQty.body.fieldErrors["items.0.quantity"]]).toEqual([400, ["Quantity must be a number"]]);
    expect((await api(`/api/quotes/${quote.id}`, { cookie: owner })).body.title).toBe(`Quote ${tag}`);
  });
});

describe("amounts too large for numeric(10,2)", () => {
  const huge = { quantity: "99999.99", unitPrice: "9999999.99" };

  it("a line through /api/quote-items and /api/invoice-items, POST and PUT, is a 400", async () => {
    const quote = await newQuote([{ description: "Small", quantity: "1", unitPrice: "10" }]);
    const invoice = await newInvoice([{ description: "Small", quantity: "1", unitPrice: "10" }]);
    const qAdd = await api("/api/quote-items", {
      method: "POST",
      cookie: owner,
      json: { quoteId: quote.id, description: "Huge", ...huge },
    });
    expect(qAdd.status).toBe(400);
    expect(qAdd.body.error).toMatch(/^Amount too large/);
    const iAdd = await api("/api/invoice-items", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: invoice.id, description: "Huge", ...huge },
    });
    expect([iAdd.status, iAdd.body.error]).toEqual([400, expect.stringMatching(/^Amount too large/)]);
    const qRead = await api(`/api/quotes/${quote.id}`, { cookie: owner });
    const iRead = await api(`/api/invoices/${invoice.id}`, { cookie: owner });
    expect([qRead.body.items.length, qRead.body.total]).toEqual([1, "10.00"]);
    expect([iRead.body.items.length, iRead.body.total]).toEqual([1, "10.00"]);
    const qPut = await api(`/api/quote-items/${qRead.body.items[0].id}`, {
      method: "PUT",
      cookie: owner,
      json: { description: "Huge", ...huge },
    });
    const iPut = await api(`/api/invoice-items/${iRead.body.items[0].id}`, {
      method: "PUT",
      cookie: owner,
      json: { description: "Huge", ...huge },
    });
    expect([qPut.status, iPut.status]).toEqual([400, 400]);
    expect(qPut.body.error).toMatch(/^Amount too large/);
    expect((await api(`/api/quote-items/${qRead.body.items[0].id}`, { cookie: owner })).body.quantity).toBe("1.00");
    expect((await api(`/api/invoices/${invoice.id}`, { cookie: owner })).body.total).toBe("10.00");
  });

  it("whole documents: a subtotal or a total past the limit is a 400, also when only the rate changes", async () => {
    const half = { description: "Half", quantity: "6", unitPrice: "9000000.00" };
    const sum = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId, title: "Too much", taxRate: "0", items: [half, half] },
    });
    expect([sum.status, sum.body.fieldErrors?.items?.[0]]).toEqual([400, expect.stringMatching(/^Amount too large/)]);
    const invoiceSum = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: { customerId, title: "Too much", dueDate: future(30), taxRate: "0", items: [half, half] },
    });
    expect(invoiceSum.status).toBe(400);
    // Fits at 0% tax; a rate change alone (no items sent) would take the total past the limit.
    const big = { description: "Big", quantity: "10", unitPrice: "9000000.00" };
    const quote = await newQuote([big], "0");
    const invoice = await newInvoice([big], "0");
    const quotePut = await api(`/api/quotes/${quote.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId, title: "Rate", taxRate: "0.5" },
    });
    expect([quotePut.status, quotePut.body.error]).toEqual([
      400,
      expect.stringMatching(/^Amount too large: the total/),
    ]);
    const invoicePut = await api(`/api/invoices/${invoice.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId, title: "Rate", dueDate: future(30), taxRate: "0.5" },
    });
    expect(invoicePut.status).toBe(400);
    expect((await api(`/api/quotes/${quote.id}`, { cookie: owner })).body.total).toBe("90000000.00");
    expect((await api(`/api/invoices/${invoice.id}`, { cookie: owner })).body.total).toBe("90000000.00");
  });
});
