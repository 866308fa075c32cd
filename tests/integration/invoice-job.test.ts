// An invoice tied to a job directly (issue 15 item 8): the job chosen, else its quote's; the job
// must be the customer's and agree with the quote; the job page lists the invoice and the invoice
// page names the job. Rows carry this file's unique tag.
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, invoices, jobs, quotes } from "../../db/schema";
import { getJobDetail } from "../../app/models/job.server";
import { api, signIn } from "../setup/http";

const tag = `ij${Date.now().toString(36)}`;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let owner = "";
let customerId = 0;
let jobId = 0;
let otherJobId = 0;
let strangerJobId = 0;

beforeAll(async () => {
  owner = await signIn("owner");
  const db = await getDb();
  const [c, stranger] = await db
    .insert(customers)
    .values([{ name: `Invoice job ${tag}` }, { name: `Stranger ${tag}` }])
    .returning();
  customerId = c.id;
  const made = await db
    .insert(jobs)
    .values([
      { customerId, title: `Built-ins ${tag}`, status: "in-progress" },
      { customerId, title: `Closet ${tag}`, status: "approved" },
      { customerId: stranger.id, title: `Not theirs ${tag}`, status: "approved" },
    ])
    .returning();
  [jobId, otherJobId, strangerJobId] = made.map((j) => j.id);
});

afterAll(async () => {
  const db = await getDb();
  const mine = await db
    .select({ id: customers.id })
    .from(customers)
    .where(like(customers.name, `%${tag}%`));
  const ids = mine.map((c) => c.id);
  if (!ids.length) return;
  await db.delete(invoices).where(inArray(invoices.customerId, ids));
  await db.delete(quotes).where(inArray(quotes.customerId, ids));
  await db.delete(jobs).where(inArray(jobs.customerId, ids));
  await db.delete(customers).where(inArray(customers.id, ids));
});

const createInvoice = (json: Record<string, unknown>) =>
  api("/api/invoices", {
    method: "POST",
    cookie: owner,
    json: { customerId, title: `Deposit ${tag}`, dueDate: future(30), ...json },
  });

describe("an invoice's job", () => {
  it("is the job chosen; the job's page lists the invoice", async () => {
    const res = await createInvoice({ jobId });
    expect(res.status).toBe(201);
    expect(res.body.jobId).toBe(jobId);
    const detail = await getJobDetail(await getDb(), jobId);
    expect(detail!.invoices.map((i) => i.invoiceNumber)).toContain(res.body.invoiceNumber);
    // Changed on edit, and cleared when a full update leaves it out.
    const moved = await api(`/api/invoices/${res.body.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId, jobId: otherJobId, title: `Deposit ${tag}`, dueDate: future(30) },
    });
    expect([moved.status, moved.body.jobId]).toEqual([200, otherJobId]);
    const cleared = await api(`/api/invoices/${res.body.id}`, {
      method: "PUT",
      cookie: owner,
      json: { customerId, title: `Deposit ${tag}`, dueDate: future(30) },
    });
    expect([cleared.status, cleared.body.jobId]).toEqual([200, null]);
  });

  it("must be the customer's own job", async () => {
    const res = await createInvoice({ jobId: strangerJobId });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.jobId).toEqual(["The job belongs to another customer"]);
    expect((await createInvoice({ jobId: 2147483000 })).body.fieldErrors.jobId).toEqual(["Job not found"]);
  });

  it("defaults to the quote's job and may not contradict it", async () => {
    const quote = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId,
        jobId,
        title: `Quoted ${tag}`,
        items: [{ description: "Doors", quantity: "1", unitPrice: "50" }],
      },
    });
    expect(quote.status).toBe(201);
    const clash = await createInvoice({ quoteId: quote.body.id, jobId: otherJobId });
    expect(clash.status).toBe(400);
    expect(clash.body.fieldErrors.jobId).toEqual(["The quote belongs to another job"]);
    const res = await createInvoice({ quoteId: quote.body.id, copyItems: true });
    expect(res.status).toBe(201);
    expect(res.body.jobId).toBe(jobId);
  });
});
