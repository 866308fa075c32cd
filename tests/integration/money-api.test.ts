// The /api contract of the money flow (spec §7, decisions §4) and the token-checked portal and
// PDFs, against the running production server.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { eq } from "drizzle-orm";
import { customers, invoices } from "../../db/schema";
import { createPortalToken } from "~/models/portal.server";
import { api, baseUrl, signIn } from "../setup/http";

let owner = "";
let installer = "";
let customerA = 0;
let customerB = 0;
const tag = `ma${Date.now().toString(36)}`;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The text of a pdfkit page: its TJ strings are hex; decode them all. */
function pdfText(bytes: Buffer) {
  const raw = bytes.toString("latin1");
  return [...raw.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => Buffer.from(m[1], "hex").toString("latin1")).join("") + raw;
}

beforeAll(async () => {
  [owner, installer] = await Promise.all([signIn("owner"), signIn("installer")]);
  const db = await getDb();
  const [a, b] = await db
    .insert(customers)
    .values([{ name: `Api A ${tag}`, phone: "802-555-0101" }, { name: `Api B ${tag}` }])
    .returning();
  customerA = a.id;
  customerB = b.id;
});

describe("permissions", () => {
  const endpoints: Array<[string, string]> = [
    ["GET", "/api/quotes"],
    ["POST", "/api/quotes"],
    ["GET", "/api/quotes/1"],
    ["GET", "/api/quotes/1/items"],
    ["POST", "/api/quotes/1/approve"],
    ["POST", "/api/quotes/1/reject"],
    ["POST", "/api/quote-items"],
    ["PUT", "/api/quote-items/1"],
    ["GET", "/api/invoices"],
    ["POST", "/api/invoices"],
    ["GET", "/api/invoices/1"],
    ["POST", "/api/invoice-items"],
    ["DELETE", "/api/invoice-items/1"],
    ["GET", "/api/payments"],
    ["POST", "/api/payments"],
    ["GET", "/api/invoices/1/payments"],
  ];
  it("answers 401 without a session and 403 to an installer", async () => {
    for (const [method, path] of endpoints) {
      const json = method === "GET" || method === "DELETE" ? undefined : {};
      const anon = await api(path, { method, json });
      expect([path, anon.status, typeof anon.body.error]).toEqual([path, 401, "string"]);
      const inst = await api(path, { method, json, cookie: installer });
      expect([path, inst.status]).toEqual([path, 403]);
    }
  });

  it("keeps installers out of the money screens, and redirects visitors to sign in", async () => {
    for (const path of [
      "/quotes",
      "/quotes/new",
      "/quotes/1",
      "/invoices",
      "/invoices/new",
      "/invoices/1",
      "/invoices/1/pay",
      "/invoices/1/pdf",
    ]) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: installer }, redirect: "manual" });
      expect([path, res.status]).toEqual([path, 403]);
      const anon = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      expect([path, anon.status, anon.headers.get("location")?.startsWith("/login")]).toEqual([path, 302, true]);
    }
  });
});

describe("quotes API", () => {
  it("creates without items, then item by item; the server owns the totals", async () => {
    const created = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerA, title: "Pantry", total: "999.99", subtotal: 5 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Pantry", status: "draft", total: "0.00", taxRate: "0.0875" });
    expect(created.body.quoteNumber).toMatch(/^Q-\d{4}-\d{4,}$/);
    const id = created.body.id;
    const item1 = await api("/api/quote-items", {
      method: "POST",
      cookie: owner,
      json: { quoteId: id, description: "Shelves", quantity: 3, unitPrice: "33.333", sortOrder: 1 },
    });
    expect(item1.status).toBe(201);
    expect(item1.body).toMatchObject({ quantity: "3.00", unitPrice: "33.33", lineTotal: "99.99" });
    const item2 = await api("/api/quote-items", {
      method: "POST",
      cookie: owner,
      json: { quoteId: id, description: "Paint", quantity: "1", unitPrice: 0.01, sortOrder: 2 },
    });
    expect(item2.status).toBe(201);
    let quote = await api(`/api/quotes/${id}`, { cookie: owner });
    expect([quote.body.subtotal, quote.body.taxAmount, quote.body.total]).toEqual(["100.00", "8.75", "108.75"]);
    const put = await api(`/api/quote-items/${item2.body.id}`, {
      method: "PUT",
      cookie: owner,
      json: { description: "Paint", quantity: "2", unitPrice: "0.01" },
    });
    expect(put.status).toBe(200);
    expect((await api(`/api/quotes/${id}`, { cookie: owner })).body.subtotal).toBe("100.01");
    expect((await api(`/api/quote-items/${item2.body.id}`, { method: "DELETE", cookie: owner })).status).toBe(204);
    quote = await api(`/api/quotes/${id}`, { cookie: owner });
    expect(quote.body.total).toBe("108.74");
    const items = await api(`/api/quotes/${id}/items`, { cookie: owner });
    expect(items.status).toBe(200);
    expect(items.body.map((i: { description: string }) => i.description)).toEqual(["Shelves"]);
    expect(items.headers.get("x-total-count")).toBe("1");
  });

  it("creates with items atomically, lists with search and X-Total-Count, updates and deletes", async () => {
    const created = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerA,
        title: `Vanity ${tag}`,
        taxRate: 0.05,
        validUntil: future(10),
        items: [
          { description: "Top", quantity: 1, unitPrice: 200 },
          { description: "", quantity: 9, unitPrice: 9 },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect([created.body.subtotal, created.body.taxAmount, created.body.total]).toEqual(["200.00", "10.00", "210.00"]);
    const list = await api(`/api/quotes?search=${encodeURIComponent(`vanity ${tag}`)}`, { cookie: owner });
    expect(list.status).toBe(200);
    expect(list.body.map((q: { id: number }) => q.id)).toEqual([created.body.id]);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect((await api(`/api/quotes?customerId=${customerA}&limit=1`, { cookie: owner })).body).toHaveLength(1);
    const updated = await api(`/api/quotes/${created.body.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId: customerA, title: "Vanity 2", taxRate: "0.1" },
    });
    expect(updated.status).toBe(200);
    expect([updated.body.title, updated.body.total]).toEqual(["Vanity 2", "220.00"]);
    expect((await api(`/api/quotes/${created.body.id}`, { method: "DELETE", cookie: owner })).status).toBe(204);
    expect((await api(`/api/quotes/${created.body.id}`, { cookie: owner })).status).toBe(404);
  });

  it("stores an 8.875% rate exactly and taxes with it (New York City)", async () => {
    const created = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerA,
        title: `NYC ${tag}`,
        taxRate: "0.08875",
        validUntil: future(10),
        items: [{ description: "Cabinets", quantity: "1", unitPrice: "1000.00" }],
      },
    });
    expect(created.status).toBe(201);
    expect([created.body.taxRate, created.body.taxAmount, created.body.total]).toEqual(["0.08875", "88.75", "1088.75"]);
    expect((await api(`/api/quotes/${created.body.id}`, { cookie: owner })).body.taxRate).toBe("0.08875");
    // A seventh decimal is rounded to the column's six, like every other amount.
    const rounded = await api(`/api/quotes/${created.body.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId: customerA, title: `NYC ${tag}`, taxRate: "0.0887505" },
    });
    expect(rounded.body.taxRate).toBe("0.088751");
    expect((await api(`/api/quotes/${created.body.id}`, { method: "DELETE", cookie: owner })).status).toBe(204);
  });

  it("answers 400 for bad input, 404 for missing, 409 for a duplicate number", async () => {
    const noTitle = await api("/api/quotes", { method: "POST", cookie: owner, json: { customerId: customerA } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.fieldErrors.title).toEqual(["Title is required"]);
    const badQty = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerA, title: "x", items: [{ description: "a", quantity: "abc" }] },
    });
    expect(badQty.status).toBe(400);
    expect(badQty.body.error).toBe("Quantity must be a number");
    const past = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerA, title: "x", validUntil: "2001-01-01" },
    });
    expect(past.body.error).toBe("Valid until cannot be in the past");
    const noCustomer = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId: 2_000_000_000, title: "x" },
    });
    expect(noCustomer.status).toBe(400);
    expect((await api("/api/quotes", { method: "POST", cookie: owner, json: [] })).status).toBe(400);
    expect(
      (
        await api("/api/quote-items", {
          method: "POST",
          cookie: owner,
          json: { quoteId: 2_000_000_000, description: "a" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api("/api/quote-items", { method: "POST", cookie: owner, json: { quoteId: 1, description: " " } })).status,
    ).toBe(400);
    expect((await api("/api/quotes/abc", { cookie: owner })).status).toBe(404);
    expect((await api("/api/quotes/2000000000/items", { cookie: owner })).status).toBe(404);
    expect((await api("/api/quotes?status=bogus", { cookie: owner })).status).toBe(400);
    const number = `Q-T-${tag}`;
    expect(
      (
        await api("/api/quotes", {
          method: "POST",
          cookie: owner,
          json: { customerId: customerA, title: "a", quoteNumber: number },
        })
      ).status,
    ).toBe(201);
    const dup = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerA, title: "b", quoteNumber: number },
    });
    expect(dup.status).toBe(409);
  });

  it("approves and rejects (staff), then refuses to delete a quote that has invoices", async () => {
    const q = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerA,
        title: "Approve me",
        status: "sent",
        items: [{ description: "Work", quantity: 1, unitPrice: 100 }],
      },
    });
    const approved = await api(`/api/quotes/${q.body.id}/approve`, { method: "POST", cookie: owner });
    expect([approved.status, approved.body.status]).toEqual([200, "approved"]);
    expect((await api(`/api/quotes/${q.body.id}/approve`, { method: "POST", cookie: owner })).status).toBe(409);
    expect((await api(`/api/quotes/2000000000/reject`, { method: "POST", cookie: owner })).status).toBe(404);
    const inv = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerA, quoteId: q.body.id, copyItems: true, title: "Approve me", dueDate: future(30) },
    });
    expect(inv.status).toBe(201);
    expect([inv.body.total, inv.body.balance, inv.body.quoteId]).toEqual(["108.75", "108.75", q.body.id]);
    expect((await api(`/api/quotes/${q.body.id}`, { method: "DELETE", cookie: owner })).status).toBe(409);

    // And rejects: a sent quote becomes rejected, once.
    const r = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerA,
        title: "Reject me",
        status: "sent",
        items: [{ description: "Work", unitPrice: 5 }],
      },
    });
    const rejected = await api(`/api/quotes/${r.body.id}/reject`, { method: "POST", cookie: owner });
    expect([rejected.status, rejected.body.status]).toEqual([200, "rejected"]);
    expect((await api(`/api/quotes/${r.body.id}/reject`, { method: "POST", cookie: owner })).status).toBe(409);
    expect((await api(`/api/quotes/${r.body.id}`, { cookie: owner })).body.status).toBe("rejected");
  });
});

describe("invoices and payments API", () => {
  it("creates with items, pays partly and fully, refuses overpayment with the spec's text", async () => {
    const inv = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerB,
        title: "Install",
        dueDate: future(30),
        taxRate: "0",
        paymentTerms: "Net 15",
        items: [{ description: "Labour", quantity: "10", unitPrice: "123.45" }],
      },
    });
    expect(inv.status).toBe(201);
    expect(inv.body).toMatchObject({
      total: "1234.50",
      paidTotal: "0.00",
      balance: "1234.50",
      status: "draft",
      paymentTerms: "Net 15",
    });
    expect(inv.body.invoiceNumber).toMatch(/^INV-\d{4}-\d{4,}$/);
    const id = inv.body.id;
    const over = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: id, amount: "1234.51", method: "cash" },
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe("Payment amount cannot exceed remaining balance of $1,234.50");
    const zero = await api("/api/payments", { method: "POST", cookie: owner, json: { invoiceId: id, amount: 0 } });
    expect([zero.status, zero.body.error]).toEqual([400, "Payment amount must be greater than zero"]);
    const futureDate = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: id, amount: 1, receivedAt: future(3) },
    });
    expect(futureDate.body.error).toBe("Payment date cannot be in the future");
    const old = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: id, amount: 1, receivedAt: "1899-12-31" },
    });
    expect(old.body.error).toBe("Payment date cannot be before 1900");
    expect(
      (
        await api("/api/payments", {
          method: "POST",
          cookie: owner,
          json: { invoiceId: id, amount: 1, method: "barter" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api("/api/payments", { method: "POST", cookie: owner, json: { invoiceId: 2_000_000_000, amount: 1 } }))
        .status,
    ).toBe(404);
    const partial = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: id, amount: 1000, method: "check", reference: "#1001" },
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ amount: "1000.00", method: "check", reference: "#1001", status: "completed" });
    expect(partial.body.invoice).toMatchObject({ status: "partial", paidTotal: "1000.00", balance: "234.50" });
    const rest = await api("/api/payments", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: id, amount: "234.50" },
    });
    expect(rest.body.invoice).toMatchObject({ status: "paid", balance: "0.00" });
    const history = await api(`/api/invoices/${id}/payments`, { cookie: owner });
    expect(history.body.map((p: { amount: string }) => p.amount).sort()).toEqual(["1000.00", "234.50"]);
    expect(history.headers.get("x-total-count")).toBe("2");
    const read = await api(`/api/invoices/${id}`, { cookie: owner });
    expect(read.body).toMatchObject({ amountPaid: "1234.50", balance: "0.00", overdue: false });
    expect(read.body.items).toHaveLength(1);
    expect((await api(`/api/invoices/${id}`, { method: "DELETE", cookie: owner })).status).toBe(409);
  });

  it("invoice items recompute total and balance; bad input is 400; missing is 404", async () => {
    const inv = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerB, title: "Items", dueDate: future(5), taxRate: "0.0875" },
    });
    const item = await api("/api/invoice-items", {
      method: "POST",
      cookie: owner,
      json: { invoiceId: inv.body.id, description: "Hardware", quantity: "2", unitPrice: "19.99" },
    });
    expect([item.status, item.body.lineTotal]).toEqual([201, "39.98"]);
    const read = await api(`/api/invoices/${inv.body.id}`, { cookie: owner });
    expect([read.body.subtotal, read.body.taxAmount, read.body.total, read.body.balance]).toEqual([
      "39.98",
      "3.50",
      "43.48",
      "43.48",
    ]);
    expect(
      (
        await api("/api/invoices", {
          method: "POST",
          cookie: owner,
          json: { customerId: customerB, title: "No due date" },
        })
      ).body.error,
    ).toBe("Due date is required");
    expect(
      (
        await api("/api/invoices", {
          method: "POST",
          cookie: owner,
          json: { customerId: customerB, title: "x", dueDate: "2020-01-01" },
        })
      ).body.error,
    ).toBe("Due date cannot be in the past");
    expect((await api("/api/invoices/2000000000", { cookie: owner })).status).toBe(404);
    expect((await api(`/api/invoice-items/${item.body.id}`, { method: "DELETE", cookie: owner })).status).toBe(204);
    expect((await api(`/api/invoice-items/${item.body.id}`, { method: "DELETE", cookie: owner })).status).toBe(404);
    // One of this file's invoices falls due in the past (the API refuses such a date, so the row is moved);
    // the overdue filter lists it, flagged, and not a current one of the same customer.
    const late = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerB,
        title: "Late",
        dueDate: future(5),
        status: "sent",
        items: [{ description: "x", unitPrice: 1 }],
      },
    });
    const current = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerB,
        title: "Current",
        dueDate: future(5),
        status: "sent",
        items: [{ description: "x", unitPrice: 1 }],
      },
    });
    await (await getDb()).update(invoices).set({ dueDate: "2020-01-01" }).where(eq(invoices.id, late.body.id));
    const overdue = await api(`/api/invoices?status=overdue&customerId=${customerB}`, { cookie: owner });
    expect(overdue.status).toBe(200);
    expect(overdue.body.map((i: { id: number }) => i.id)).toContain(late.body.id);
    expect(overdue.body.map((i: { id: number }) => i.id)).not.toContain(current.body.id);
    expect(overdue.body.length).toBeGreaterThan(0);
    for (const i of overdue.body) expect(i.overdue).toBe(true);
  });
});

describe("PDFs and the portal", () => {
  it("serves quote and invoice PDFs to staff", async () => {
    const q = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerA,
        title: "PDF me",
        items: [{ description: "Crown molding", quantity: 2, unitPrice: 45 }],
      },
    });
    const res = await fetch(`${baseUrl()}/quotes/${q.body.id}/pdf`, { headers: { Cookie: owner } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain(q.body.quoteNumber);
    expect(text).toContain("Crown molding");
    expect(text).toContain("$97.88");
    const inv = await api("/api/invoices", {
      method: "POST",
      cookie: owner,
      json: {
        customerId: customerA,
        title: "PDF inv",
        dueDate: future(3),
        items: [{ description: "x", quantity: 1, unitPrice: 5 }],
      },
    });
    const ires = await fetch(`${baseUrl()}/invoices/${inv.body.id}/pdf`, { headers: { Cookie: owner } });
    expect(ires.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(Buffer.from(await ires.arrayBuffer()))).toContain(inv.body.invoiceNumber);
    expect((await fetch(`${baseUrl()}/quotes/${q.body.id}/pdf`, { headers: { Cookie: installer } })).status).toBe(403);
  });

  it("a customer's token shows only that customer's quotes; every refusal is the same page", async () => {
    const qa = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerA, title: `Secret A ${tag}`, status: "sent" },
    });
    const qb = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: { customerId: customerB, title: `Secret B ${tag}`, status: "sent" },
    });
    const db = await getDb();
    const tokenA = await createPortalToken(db, customerA);
    const page = (path: string) =>
      fetch(`${baseUrl()}${path}`).then(async (r) => ({ status: r.status, text: await r.text() }));
    const own = await page(`/client/quotes/${customerA}?token=${tokenA}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(`Secret A ${tag}`);
    expect(own.text).not.toContain(`Secret B ${tag}`);
    const refusals = [
      await page(`/client/quotes/${customerB}?token=${tokenA}`),
      await page(`/client/quotes/${customerB}`),
      await page(`/client/quotes/${customerA}?token=nope`),
      await page(`/client/quotes/${customerA}?token=${tokenA}x`),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(403);
      expect(r.text).toContain("please use the link from the e-mail");
      expect(r.text).not.toContain("Secret");
      expect(r.text).not.toContain(`Api A ${tag}`);
      expect(r.text).not.toContain(`Api B ${tag}`);
    }
    // Another customer's quote id with A's token: not shown, and cannot be approved.
    const foreign = await page(`/client/quotes/${customerA}?token=${tokenA}&quote=${qb.body.id}`);
    expect(foreign.text).not.toContain(`Secret B ${tag}`);
    const post = await fetch(`${baseUrl()}/client/quotes/${customerA}`, {
      method: "POST",
      body: new URLSearchParams({ token: tokenA, quoteId: String(qb.body.id), intent: "approve" }),
      redirect: "manual",
    });
    expect(post.status).toBe(302);
    expect((await api(`/api/quotes/${qb.body.id}`, { cookie: owner })).body.status).toBe("sent");
    // The PDF needs the token of the quote's own customer.
    expect(
      (await fetch(`${baseUrl()}/client/quotes/${customerA}/pdf?quote=${qa.body.id}&token=${tokenA}`)).headers.get(
        "content-type",
      ),
    ).toBe("application/pdf");
    expect(
      (await fetch(`${baseUrl()}/client/quotes/${customerA}/pdf?quote=${qb.body.id}&token=${tokenA}`)).status,
    ).toBe(403);
    // Request Changes keeps the customer's message on the quote for staff, then the quote is rejected.
    const changes = await fetch(`${baseUrl()}/client/quotes/${customerA}`, {
      method: "POST",
      body: new URLSearchParams({
        token: tokenA,
        quoteId: String(qa.body.id),
        intent: "request-changes",
        message: "Please use maple doors.",
      }),
      redirect: "manual",
    });
    expect(changes.status).toBe(302);
    expect(changes.headers.get("location")).toContain(`quote=${qa.body.id}`);
    const after = await api(`/api/quotes/${qa.body.id}`, { cookie: owner });
    expect([after.body.status, after.body.changeRequest]).toEqual(["rejected", "Please use maple doors."]);
    const staffPage = await fetch(`${baseUrl()}/quotes/${qa.body.id}`, { headers: { Cookie: owner } }).then((r) =>
      r.text(),
    );
    expect(staffPage).toContain("Please use maple doors.");
    // A wrong token cannot act: it lands on the "use the e-mailed link" page and changes nothing.
    const forged = await fetch(`${baseUrl()}/client/quotes/${customerB}`, {
      method: "POST",
      body: new URLSearchParams({ token: tokenA, quoteId: String(qb.body.id), intent: "approve" }),
      redirect: "manual",
    });
    expect([forged.status, forged.headers.get("location")]).toEqual([302, `/client/quotes/${customerB}`]);
    expect((await api(`/api/quotes/${qb.body.id}`, { cookie: owner })).body.status).toBe("sent");
    // Regenerating revokes the old link.
    await createPortalToken(db, customerA);
    expect((await page(`/client/quotes/${customerA}?token=${tokenA}`)).status).toBe(403);
  });
});
