// The stock ledger against the real database: receipts, issues to a job, returns, adjustments; the
// stock and moving-average cost kept with the ledger under a row lock; refusals; the drift check.
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, rows } from "../../db/client.server";
import { customers, inventoryItems, jobs } from "../../db/schema";
import {
  adjustStock,
  checkStockDrift,
  issueMaterials,
  movingAverage,
  q4,
  receiveStock,
  returnMaterial,
} from "~/models/inventory-ledger.server";
import { createItem, jobCosting, jobMaterialCost, jobMaterials } from "~/models/inventory.server";
import { ItemSchema } from "~/schemas/inventory";
import { Refusal } from "~/utils/refusal.server";

const tag = `il${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
let jobId = 0;
let customerId = 0;
let seq = 0;

async function item(extra: Record<string, unknown> = {}) {
  const db = await getDb();
  seq += 1;
  return createItem(
    db,
    ItemSchema.parse({ sku: `SKU-${tag}-${seq}`, name: `Item ${tag} ${seq}`, unit: "sheet", ...extra }),
  );
}

async function state(itemId: number) {
  const db = await getDb();
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, itemId));
  const [{ ledger, n }] = await rows<{ ledger: string; n: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::numeric(14,4)::text as ledger, count(*)::int as n from inventory_transactions where item_id = ${itemId}`,
  );
  return { stock: row.currentStock, average: row.averageCost, lastCost: row.lastCost, ledger, n: Number(n) };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Ledger Customer ${tag}` })
    .returning();
  customerId = c.id;
  const [j] = await db
    .insert(jobs)
    .values({ customerId, title: `Ledger Job ${tag}`, status: "in-progress" })
    .returning();
  jobId = j.id;
});

afterAll(async () => {
  const db = await getDb();
  await db.execute(sql`delete from job_material_usages where job_id = ${jobId}`);
  await db.execute(
    sql`delete from inventory_transactions where item_id in (select id from inventory_items where sku like ${`SKU-${tag}-%`})`,
  );
  await db.execute(sql`delete from inventory_items where sku like ${`SKU-${tag}-%`}`);
  await db.execute(sql`delete from jobs where id = ${jobId}`);
  await db.execute(sql`delete from customers where id = ${customerId}`);
});

describe("receive → issue → return", () => {
  it("keeps stock, the moving average and the job's cost exact to the fourth decimal", async () => {
    const db = await getDb();
    const ply = await item();
    await receiveStock(db, { itemId: ply.id, quantity: "10", unitCost: "42.1500" });
    await receiveStock(db, { itemId: ply.id, quantity: "3", unitCost: "45.0333" });
    // (10 × 42.15 + 3 × 45.0333) / 13 = 556.5999 / 13 = 42.81537… → 42.8154
    expect(await state(ply.id)).toMatchObject({
      stock: "13.0000",
      average: "42.8154",
      lastCost: "45.0333",
      ledger: "13.0000",
    });

    const [usage] = await issueMaterials(db, jobId, { items: [{ itemId: ply.id, quantity: "2.5", notes: "Uppers" }] });
    expect(usage).toMatchObject({ quantity: "2.5000", unitCostSnapshot: "42.8154", totalCostSnapshot: "107.0385" });
    expect(await state(ply.id)).toMatchObject({ stock: "10.5000", average: "42.8154", ledger: "10.5000" });

    // Returned at the cost it was issued at.
    await receiveStock(db, { itemId: ply.id, quantity: "1", unitCost: "50" });
    const before = await state(ply.id);
    const back = await returnMaterial(db, jobId, usage.id, { quantity: "1" });
    expect(back).toMatchObject({ quantity: "-1.0000", unitCostSnapshot: "42.8154", totalCostSnapshot: "-42.8154" });
    const after = await state(ply.id);
    expect(after.stock).toBe("12.5000");
    expect(after.average).toBe(
      (() => {
        const v = movingAverage(q4(before.stock), q4(before.average), q4("1"), q4("42.8154"));
        return `${v / 10000n}.${(v % 10000n).toString().padStart(4, "0")}`;
      })(),
    );
    expect(await jobMaterialCost(db, jobId)).toEqual({ totalCost: "64.2231" });
    const costing = await jobCosting(db, jobId);
    expect(costing?.materialsCost).toBe("64.22");

    // The rest of the issue comes back to exactly zero cost; nothing more can be returned.
    await returnMaterial(db, jobId, usage.id, { quantity: "1.5" });
    expect(await jobMaterialCost(db, jobId)).toEqual({ totalCost: "0.0000" });
    const more = await refusal(returnMaterial(db, jobId, usage.id, { quantity: "0.0001" }));
    expect(more.message).toBe("Only 0 sheet of this issue can be returned");
    const list = await jobMaterials(db, jobId);
    expect(list.find((u) => u.id === usage.id)?.returnable).toBe("0.0000");
    expect((await state(ply.id)).ledger).toBe((await state(ply.id)).stock);
  });

  it("refuses to issue more than on hand, naming the stock and SKU, and writes nothing", async () => {
    const db = await getDb();
    const maple = await item();
    const other = await item();
    await receiveStock(db, { itemId: maple.id, quantity: "3", unitCost: "61.25" });
    await receiveStock(db, { itemId: other.id, quantity: "5", unitCost: "2" });
    const error = await refusal(
      issueMaterials(db, jobId, {
        items: [
          { itemId: other.id, quantity: "1" },
          { itemId: maple.id, quantity: "2" },
          { itemId: maple.id, quantity: "2" }, // the same item again adds up: 4 > 3
        ],
      }),
    );
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe(`Only 3 sheet on hand for ${maple.sku}`);
    // All or nothing: the first line was not issued either.
    expect(await state(other.id)).toMatchObject({ stock: "5.0000", n: 1 });
    expect(await state(maple.id)).toMatchObject({ stock: "3.0000", n: 1 });
  });

  it("lets items that do not track stock go below zero; refuses unknown and inactive items", async () => {
    const db = await getDb();
    const glue = await item({ trackStock: "false", unit: "gallon", lastCost: "18.5" });
    const [usage] = await issueMaterials(db, jobId, { items: [{ itemId: glue.id, quantity: "2" }] });
    expect(usage.unitCostSnapshot).toBe("18.5000");
    expect(await state(glue.id)).toMatchObject({ stock: "-2.0000", ledger: "-2.0000" });
    const missing = await refusal(issueMaterials(db, jobId, { items: [{ itemId: 2_147_483_000, quantity: "1" }] }));
    expect(missing.message).toBe("Item not found");
    const old = await item({ active: "false" });
    const inactive = await refusal(issueMaterials(db, jobId, { items: [{ itemId: old.id, quantity: "1" }] }));
    expect(inactive.message).toContain("inactive");
  });

  it("adjusts with a reason at the average, never below zero for a tracked item", async () => {
    const db = await getDb();
    const hinge = await item({ unit: "each" });
    await receiveStock(db, { itemId: hinge.id, quantity: "100", unitCost: "1.2345" });
    await adjustStock(db, { itemId: hinge.id, quantity: "-3", notes: "Damaged in shop" });
    expect(await state(hinge.id)).toMatchObject({ stock: "97.0000", average: "1.2345" });
    const error = await refusal(adjustStock(db, { itemId: hinge.id, quantity: "-98", notes: "Count" }));
    expect(error.message).toBe(`Only 97 each on hand for ${hinge.sku}`);
    const noReason = await refusal(adjustStock(db, { itemId: hinge.id, quantity: "1", notes: " " }));
    expect(noReason.fieldErrors).toHaveProperty("notes");
  });
});

describe("concurrency", () => {
  it("two or more people issuing the last unit at once: exactly one succeeds, stock never below zero", async () => {
    const db = await getDb();
    const last = await item();
    await receiveStock(db, { itemId: last.id, quantity: "1", unitCost: "10" });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => issueMaterials(db, jobId, { items: [{ itemId: last.id, quantity: "1" }] })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as Error).message).toBe(`Only 0 sheet on hand for ${last.sku}`);
    expect(await state(last.id)).toMatchObject({ stock: "0.0000", ledger: "0.0000", n: 2 });
  });

  it("concurrent receipts and issues leave stock = Σ ledger", async () => {
    const db = await getDb();
    const busy = await item();
    await receiveStock(db, { itemId: busy.id, quantity: "5", unitCost: "3" });
    await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, i) =>
        receiveStock(db, { itemId: busy.id, quantity: "1", unitCost: String(3 + i) }),
      ),
      ...Array.from({ length: 8 }, () => issueMaterials(db, jobId, { items: [{ itemId: busy.id, quantity: "1.5" }] })),
    ]);
    const s = await state(busy.id);
    expect(s.stock).toBe(s.ledger);
    expect(q4(s.stock)).toBeGreaterThanOrEqual(0n);
  });
});

describe("properties (fast-check)", () => {
  const amount = (max: number) =>
    fc
      .integer({ min: 1, max: max * 10_000 })
      .map((n) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, "0")}`);
  const op = fc.oneof(
    fc.record({ kind: fc.constant("receive" as const), quantity: amount(50), cost: amount(500) }),
    fc.record({ kind: fc.constant("issue" as const), quantity: amount(30) }),
    fc.record({ kind: fc.constant("return" as const), quantity: amount(10) }),
    fc.record({ kind: fc.constant("adjust" as const), quantity: amount(20), negative: fc.boolean() }),
  );

  it("any sequence keeps stock = Σ ledger, never below zero, and the average exact to 4 decimals", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const it = await item();
        let expected = 0n;
        const usages: { id: number; left: bigint }[] = [];
        for (const o of ops) {
          const before = await state(it.id);
          const stock = q4(before.stock);
          const average = q4(before.average);
          try {
            if (o.kind === "receive") {
              await receiveStock(db, { itemId: it.id, quantity: o.quantity, unitCost: o.cost });
              expected += q4(o.quantity);
              const after = await state(it.id);
              // Exact to the 4th decimal: |avg × (S + q) − (S × avg₀ + q × c)| ≤ (S + q) / 2 (in 1/10000 units).
              const total = stock + q4(o.quantity);
              const exact = stock > 0n ? stock * average + q4(o.quantity) * q4(o.cost) : total * q4(o.cost);
              const diff = q4(after.average) * total - exact;
              expect(2n * (diff < 0n ? -diff : diff)).toBeLessThanOrEqual(total);
            } else if (o.kind === "issue") {
              const [usage] = await issueMaterials(db, jobId, { items: [{ itemId: it.id, quantity: o.quantity }] });
              expected -= q4(o.quantity);
              usages.push({ id: usage.id, left: q4(o.quantity) });
              // Costed at the average, or at the last cost while the average is zero (stock that
              // came by adjustment, or a receipt too small to move the average off 0.0000: seed
              // 327856767 found +0.0002 adjusted, 0.0001 received at 0.0001, then an issue).
              expect(usage.unitCostSnapshot).toBe(average > 0n ? before.average : (before.lastCost ?? "0.0000"));
            } else if (o.kind === "return") {
              const open = usages.find((u) => u.left > 0n);
              if (!open) continue;
              const quantity = q4(o.quantity) > open.left ? open.left : q4(o.quantity);
              const text = `${quantity / 10000n}.${(quantity % 10000n).toString().padStart(4, "0")}`;
              await returnMaterial(db, jobId, open.id, { quantity: text });
              open.left -= quantity;
              expected += quantity;
            } else {
              const quantity = o.negative ? `-${o.quantity}` : o.quantity;
              await adjustStock(db, { itemId: it.id, quantity, notes: "Cycle count" });
              expected += q4(quantity);
              expect((await state(it.id)).average).toBe(before.average);
            }
          } catch (error) {
            // Only the shortage refusal is expected, and only when the stock really was short.
            if (!(error instanceof Refusal) || !error.message.startsWith("Only ")) throw error;
            const wanted = o.kind === "adjust" && o.negative ? q4(o.quantity) : q4(o.quantity);
            expect(wanted).toBeGreaterThan(stock);
          }
          const after = await state(it.id);
          expect(q4(after.stock)).toBe(expected);
          expect(after.ledger).toBe(after.stock);
          expect(q4(after.stock)).toBeGreaterThanOrEqual(0n);
        }
      }),
      {
        numRuns: 15,
        // Always also run the case a random run once found (an issue at a zero average).
        examples: [
          [
            [
              { kind: "adjust", quantity: "0.0002", negative: false },
              { kind: "receive", quantity: "0.0001", cost: "0.0001" },
              { kind: "issue", quantity: "0.0001" },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});

describe("the daily drift check", () => {
  it("reports an item whose stock differs from its ledger", async () => {
    const db = await getDb();
    const drifting = await item();
    await receiveStock(db, { itemId: drifting.id, quantity: "4", unitCost: "1" });
    expect((await checkStockDrift(db)).find((d) => d.itemId === drifting.id)).toBeUndefined();
    await db.update(inventoryItems).set({ currentStock: "5" }).where(eq(inventoryItems.id, drifting.id));
    expect((await checkStockDrift(db)).find((d) => d.itemId === drifting.id)).toEqual({
      itemId: drifting.id,
      sku: drifting.sku,
      currentStock: "5.0000",
      ledgerStock: "4.0000",
    });
    await db.update(inventoryItems).set({ currentStock: "4" }).where(eq(inventoryItems.id, drifting.id));
  });
});
