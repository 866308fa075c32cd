// Universal search (issue 14 item 6): a customer's name finds her jobs, quotes and invoices; only
// the types the role may open are searched, so the cap of 8 applies after the role filter; names
// are deduplicated case-insensitively. Rows carry this file's unique tag.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, invoices, jobs, quotes } from "../../db/schema";
import { pickRoundRobin, universalSearch } from "../../app/models/search.server";
import { inArray, like } from "drizzle-orm";

const tag = `us${Date.now().toString(36)}`;
let zeldaId = 0;
let jobId = 0;

beforeAll(async () => {
  const db = await getDb();
  const [zelda] = await db
    .insert(customers)
    .values({ name: `Zelda Quist ${tag}`, email: `z-${tag}@example.com` })
    .returning();
  zeldaId = zelda.id;
  const [job] = await db
    .insert(jobs)
    .values({ customerId: zelda.id, title: "Mudroom lockers", status: "approved" })
    .returning();
  jobId = job.id;
  await db
    .insert(quotes)
    .values({ customerId: zelda.id, quoteNumber: `Q-${tag}`, title: "Mudroom quote", status: "sent" });
  await db.insert(invoices).values({
    customerId: zelda.id,
    invoiceNumber: `INV-${tag}`,
    title: "Mudroom deposit",
    status: "sent",
    dueDate: "2031-01-01",
  });
  // Nine customers and one job share another term: an installer still finds the job.
  const crowd = await db
    .insert(customers)
    .values(Array.from({ length: 9 }, (_, i) => ({ name: `Crowd ${i} ${tag}x` })))
    .returning();
  await db.insert(jobs).values({ customerId: crowd[0].id, title: `Crowd job ${tag}x`, status: "in-progress" });
  // Two customers whose names differ only in case: one result.
  await db.insert(customers).values([{ name: `Twin ${tag}t` }, { name: `TWIN ${tag}T` }]);
});

afterAll(async () => {
  const db = await getDb();
  const mine = (
    await db
      .select({ id: customers.id })
      .from(customers)
      .where(like(customers.name, `%${tag}%`))
  ).map((c) => c.id);
  if (!mine.length) return;
  await db.delete(invoices).where(inArray(invoices.customerId, mine));
  await db.delete(quotes).where(inArray(quotes.customerId, mine));
  await db.delete(jobs).where(inArray(jobs.customerId, mine));
  await db.delete(customers).where(inArray(customers.id, mine));
});

describe("universal search", () => {
  it("finds the customer and her job, quote and invoice by her name, with subtitles and statuses", async () => {
    const results = await universalSearch(await getDb(), `zelda quist ${tag}`, "owner");
    expect(results.map((r) => [r.type, r.title, r.subtitle, r.status ?? null, r.href])).toEqual([
      ["Customer", `Zelda Quist ${tag}`, `z-${tag}@example.com`, null, `/customers/${zeldaId}`],
      ["Job", `#${jobId} Mudroom lockers`, `Zelda Quist ${tag}`, "approved", `/jobs/${jobId}`],
      ["Quote", `Q-${tag} · Mudroom quote`, `Zelda Quist ${tag}`, "sent", expect.stringMatching(/^\/quotes\/\d+$/)],
      [
        "Invoice",
        `INV-${tag} · Mudroom deposit`,
        `Zelda Quist ${tag}`,
        "sent",
        expect.stringMatching(/^\/invoices\/\d+$/),
      ],
    ]);
  });

  it("searches only what the role may open: the office all four types, the installer jobs only", async () => {
    const office = await universalSearch(await getDb(), `Zelda Quist ${tag}`, "office");
    expect(office.map((r) => r.type)).toEqual(["Customer", "Job", "Quote", "Invoice"]);
    const installer = await universalSearch(await getDb(), `Zelda Quist ${tag}`, "installer");
    expect(installer.map((r) => r.type)).toEqual(["Job"]);
  });

  it("caps at 8 after the role filter: nine matching customers do not hide the job", async () => {
    const owner = await universalSearch(await getDb(), `${tag}x`, "owner");
    expect(owner).toHaveLength(8);
    expect(owner.filter((r) => r.type === "Job").map((r) => r.title)).toEqual([
      expect.stringContaining(`Crowd job ${tag}x`),
    ]);
    const installer = await universalSearch(await getDb(), `${tag}x`, "installer");
    expect(installer.map((r) => r.type)).toEqual(["Job"]);
  });

  it("deduplicates customers by lower-cased name; empty and blank searches find nothing", async () => {
    const twins = await universalSearch(await getDb(), `twin ${tag}t`, "owner");
    expect(twins.filter((r) => r.type === "Customer")).toHaveLength(1);
    expect(await universalSearch(await getDb(), "   ", "owner")).toEqual([]);
    expect(await universalSearch(await getDb(), `%_${tag}`, "owner")).toEqual([]);
  });

  it("finds a job by its number", async () => {
    const results = await universalSearch(await getDb(), `#${jobId}`, "installer");
    expect(results.map((r) => r.href)).toContain(`/jobs/${jobId}`);
  });

  it("takes one of each type in turn before a second of any", () => {
    const groups = [["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"], ["j1"], [], ["i1", "i2"]];
    expect(pickRoundRobin(groups, 8)).toEqual(["c1", "c2", "c3", "c4", "c5", "j1", "i1", "i2"]);
    expect(pickRoundRobin([["a"], ["b"]], 8)).toEqual(["a", "b"]);
  });
});
