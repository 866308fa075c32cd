// The Jobs list's total (issue 16): without a search its count skips the join to customers. It must
// still equal the joined count, with a status filter too, and a search still finds by customer name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { customers, jobs } from "../../db/schema";
import { listJobs } from "~/models/job.server";

const tag = `lc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let customerId = 0;
const jobIds: number[] = [];

beforeAll(async () => {
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Counted ${tag}` })
    .returning({ id: customers.id });
  customerId = c.id;
  const made = await db
    .insert(jobs)
    .values([
      { customerId, title: "Kitchen", status: "approved" },
      { customerId, title: "Vanity", status: "quoted" },
    ])
    .returning({ id: jobs.id });
  jobIds.push(...made.map((j) => j.id));
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(jobs).where(inArray(jobs.id, jobIds));
  await db.delete(customers).where(eq(customers.id, customerId));
});

describe("the Jobs list's total", () => {
  it("equals the count joined to customers, with and without a status filter", async () => {
    const db = await getDb();
    // One snapshot for both reads, so other files' inserts cannot slip in between.
    await db.transaction(
      async (tx) => {
        for (const status of [undefined, "approved"]) {
          const { total } = await listJobs(tx, { status, limit: 1, offset: 0 });
          const [{ n }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(jobs)
            .innerJoin(customers, eq(customers.id, jobs.customerId))
            .where(status ? eq(jobs.status, status) : undefined);
          expect(total).toBe(n);
        }
      },
      { isolationLevel: "repeatable read" },
    );
  });

  it("a search by the customer's name still finds the customer's jobs", async () => {
    const { rows, total } = await listJobs(await getDb(), { search: tag, limit: 50, offset: 0 });
    expect(total).toBe(2);
    expect(rows.map((r) => r.title).sort()).toEqual(["Kitchen", "Vanity"]);
  });
});
