// The stock ledger (issue 13; decisions §7; docs/decisions/inventory.md). Every movement of stock is
// an immutable inventory_transactions row; the item's currentStock and averageCost change in the
// same database transaction, under a row lock on the item (SELECT … FOR UPDATE), so two people
// issuing the last unit at once cannot drive stock below zero.
//
// Quantities and costs are numeric(12,4): computed here as BigInts of 1/10000 units (exact, half
// away from zero on the 4th decimal), never floats. Sign convention (db/schema.ts): a transaction's
// quantity and totalCost are the signed change of stock; currentStock = Σ quantity.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client.server";
import { rows } from "../../db/client.server";
import { inventoryItems, inventoryTransactions, jobMaterialUsages, jobs } from "../../db/schema";
import type { IssueInput, ReturnInput, TransactionInput } from "../schemas/inventory";
import { divRound, formatScaled, parseScaled } from "../utils/money";
import { conflict, invalid, notFound } from "../utils/refusal.server";

export const SCALE4 = 10_000n;
/** "12.5" → 125000n (1/10000 units). */
export const q4 = (value: string | number | null | undefined) => parseScaled(value ?? "0", 4) ?? 0n;
/** 125000n → "12.5000", as numeric(12,4) prints it. */
export const s4 = (value: bigint) => formatScaled(value, 4);
/** round4(a × b) of two 4-decimal amounts. */
export const mul4 = (a: bigint, b: bigint) => divRound(a * b, SCALE4);

/** A quantity as people read it: "3.0000" → "3", "2.5000" → "2.5". */
export function displayQuantity(value: string | bigint) {
  const text = typeof value === "bigint" ? s4(value) : value;
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/**
 * The moving weighted average after adding `quantity` at `unitCost` to `stock` held at `average`:
 * round4((stock × average + quantity × unitCost) / (stock + quantity)). With nothing (or less than
 * nothing) on hand before, the new cost is the receipt's.
 */
export function movingAverage(stock: bigint, average: bigint, quantity: bigint, unitCost: bigint) {
  if (stock <= 0n) return unitCost;
  const total = stock + quantity;
  if (total <= 0n) return unitCost;
  return divRound(stock * average + quantity * unitCost, total);
}

type LockedItem = typeof inventoryItems.$inferSelect;

async function lockItems(tx: Tx, ids: number[]): Promise<Map<number, LockedItem>> {
  // Always in id order, so two transactions locking the same items cannot deadlock.
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const found = sorted.length
    ? await tx
        .select()
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, sorted))
        .orderBy(asc(inventoryItems.id))
        .for("update")
    : [];
  return new Map(found.map((row) => [row.id, row]));
}

async function lockItem(tx: Tx, id: number) {
  const item = (await lockItems(tx, [id])).get(id);
  if (!item) throw notFound("Item not found", "itemId");
  return item;
}

function refuseShortage(item: LockedItem, onHand: bigint, field = "quantity"): never {
  throw conflict(`Only ${displayQuantity(onHand)} ${item.unit} on hand for ${item.sku}`, field);
}

/** Writes one ledger row and moves the item's stock (and, when given, its average and last cost). */
async function post(
  tx: Tx,
  item: LockedItem,
  entry: {
    type: "receive" | "issue" | "adjust" | "return";
    quantity: bigint;
    unitCost: bigint;
    jobId?: number | null;
    supplierId?: number | null;
    reference?: string | null;
    notes?: string | null;
    purchaseOrderLineId?: number | null;
    userId?: number | null;
    averageCost?: bigint;
    lastCost?: bigint;
    /** Defaults to round4(quantity × unitCost). */
    totalCost?: bigint;
  },
) {
  const [transaction] = await tx
    .insert(inventoryTransactions)
    .values({
      itemId: item.id,
      type: entry.type,
      quantity: s4(entry.quantity),
      unitCost: s4(entry.unitCost),
      totalCost: s4(entry.totalCost ?? mul4(entry.quantity, entry.unitCost)),
      jobId: entry.jobId ?? null,
      supplierId: entry.supplierId ?? null,
      reference: entry.reference ?? null,
      notes: entry.notes ?? null,
      purchaseOrderLineId: entry.purchaseOrderLineId ?? null,
      createdByUserId: entry.userId ?? null,
    })
    .returning();
  const stock = q4(item.currentStock) + entry.quantity;
  const [updated] = await tx
    .update(inventoryItems)
    .set({
      currentStock: s4(stock),
      ...(entry.averageCost !== undefined ? { averageCost: s4(entry.averageCost) } : {}),
      ...(entry.lastCost !== undefined ? { lastCost: s4(entry.lastCost) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(inventoryItems.id, item.id))
    .returning();
  return { transaction, item: updated };
}

type ReceiptInput = {
  itemId: number;
  quantity: string;
  unitCost: string;
  supplierId?: number | null;
  reference?: string | null;
  notes?: string | null;
  purchaseOrderLineId?: number | null;
  /** What the receipt cost in all, when it is not round4(quantity × unitCost) (a purchase order's line). */
  totalCost?: string;
};

/** A receipt: stock up, the average moved to include the new cost, last cost set. */
export async function receiveStock(db: Executor, input: ReceiptInput, userId?: number | null) {
  return inTransaction(db, (tx) => postReceipt(tx, input, userId));
}

/**
 * A receipt inside the caller's transaction (purchase orders receive several lines at once): the
 * item is locked here, until the caller's transaction ends.
 */
export async function postReceipt(tx: Tx, input: ReceiptInput, userId?: number | null) {
  const quantity = q4(input.quantity);
  const unitCost = q4(input.unitCost);
  if (quantity <= 0n) throw invalid("Quantity must be greater than zero", "quantity");
  if (unitCost < 0n) throw invalid("Unit cost must not be negative", "unitCost");
  const item = await lockItem(tx, input.itemId);
  const average = movingAverage(q4(item.currentStock), q4(item.averageCost), quantity, unitCost);
  return post(tx, item, {
    type: "receive",
    ...input,
    quantity,
    unitCost,
    totalCost: input.totalCost === undefined ? undefined : q4(input.totalCost),
    userId,
    averageCost: average,
    lastCost: unitCost,
  });
}

/**
 * An adjustment (count correction, damage, shrinkage) with a reason: a signed quantity valued at the
 * current average, which it leaves unchanged. A tracked item never goes below zero.
 */
export async function adjustStock(
  db: Executor,
  input: { itemId: number; quantity: string; notes: string; reference?: string | null },
  userId?: number | null,
) {
  const quantity = q4(input.quantity);
  if (quantity === 0n) throw invalid("Quantity must not be zero", "quantity");
  if (!input.notes?.trim()) throw invalid("A reason is required for an adjustment", "notes");
  return inTransaction(db, async (tx) => {
    const item = await lockItem(tx, input.itemId);
    const onHand = q4(item.currentStock);
    if (item.trackStock && onHand + quantity < 0n) refuseShortage(item, onHand);
    return post(tx, item, {
      type: "adjust",
      quantity,
      unitCost: q4(item.averageCost),
      notes: input.notes,
      reference: input.reference,
      userId,
    });
  });
}

/** `POST /api/inventory/transactions` and the Receive/Adjust forms. */
export function postTransaction(db: Executor, input: TransactionInput, userId?: number | null) {
  if (input.type === "receive") return receiveStock(db, input, userId);
  return adjustStock(db, input, userId);
}

/** The cost an issue is valued at: the moving average, or the last cost while no average exists yet. */
function issueCost(item: LockedItem) {
  const average = q4(item.averageCost);
  return average > 0n ? average : q4(item.lastCost);
}

/**
 * Issues materials to a job, all or nothing: every line is checked (item exists and is active, enough
 * on hand for a tracked item) before anything is written. The same item twice adds up (spec §5).
 * Each line becomes an `issue` transaction (negative) and a usage row costed at the current average.
 */
export async function issueMaterials(db: Executor, jobId: number, input: IssueInput, userId?: number | null) {
  return inTransaction(db, async (tx) => {
    const [job] = await tx.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    if (!job) throw notFound("Job not found");
    if (job.status === "cancelled") throw invalid("This job is cancelled; materials cannot be issued to it", "items");
    const merged = new Map<number, { quantity: bigint; notes: string[] }>();
    for (const line of input.items) {
      const quantity = q4(line.quantity);
      if (quantity <= 0n) throw invalid("Please select an item and enter a valid quantity.", "items");
      const entry = merged.get(line.itemId) ?? { quantity: 0n, notes: [] };
      entry.quantity += quantity;
      if (line.notes) entry.notes.push(line.notes);
      merged.set(line.itemId, entry);
    }
    const items = await lockItems(tx, [...merged.keys()]);
    for (const [itemId, line] of merged) {
      const item = items.get(itemId);
      if (!item) throw notFound("Item not found", "items");
      if (!item.active) throw invalid(`${item.sku} is inactive and cannot be issued`, "items");
      const onHand = q4(item.currentStock);
      if (item.trackStock && line.quantity > onHand) refuseShortage(item, onHand, "items");
    }
    const usages = [];
    for (const [itemId, line] of merged) {
      const item = items.get(itemId)!;
      const unitCost = issueCost(item);
      const notes = line.notes.join("; ") || null;
      const { transaction } = await post(tx, item, {
        type: "issue",
        quantity: -line.quantity,
        unitCost,
        jobId,
        notes,
        userId,
      });
      const [usage] = await tx
        .insert(jobMaterialUsages)
        .values({
          jobId,
          itemId,
          quantity: s4(line.quantity),
          unitCostSnapshot: s4(unitCost),
          totalCostSnapshot: s4(mul4(line.quantity, unitCost)),
          transactionId: transaction.id,
          notes,
        })
        .returning();
      usages.push(usage);
    }
    return usages;
  });
}

/**
 * Returns part or all of an issue to stock, at the cost it was issued at: a `return` transaction
 * (positive) and a usage row with the negative quantity and cost, linked to the issue's usage row.
 * The receipt-like return moves the average with that cost.
 */
export async function returnMaterial(
  db: Executor,
  jobId: number,
  usageId: number,
  input: ReturnInput,
  userId?: number | null,
) {
  return inTransaction(db, async (tx) => {
    const [usage] = await tx
      .select()
      .from(jobMaterialUsages)
      .where(and(eq(jobMaterialUsages.id, usageId), eq(jobMaterialUsages.jobId, jobId)));
    if (!usage) throw notFound("Usage not found");
    if (usage.returnOfUsageId || q4(usage.quantity) <= 0n)
      throw invalid("A return cannot be returned again", "quantity");
    const item = await lockItem(tx, usage.itemId);
    // Under the item lock, so two returns of the same usage cannot both pass.
    const [{ returned, returnedCost }] = await tx
      .select({
        returned: sql<string>`coalesce(-sum(${jobMaterialUsages.quantity}), 0)::text`,
        returnedCost: sql<string>`coalesce(-sum(${jobMaterialUsages.totalCostSnapshot}), 0)::text`,
      })
      .from(jobMaterialUsages)
      .where(eq(jobMaterialUsages.returnOfUsageId, usageId));
    const remaining = q4(usage.quantity) - q4(returned);
    const quantity = q4(input.quantity);
    if (quantity <= 0n) throw invalid("Quantity must be greater than zero", "quantity");
    if (quantity > remaining)
      throw invalid(`Only ${displayQuantity(remaining)} ${item.unit} of this issue can be returned`, "quantity");
    const unitCost = q4(usage.unitCostSnapshot);
    // Returning the rest returns exactly the rest of the cost, so an issue returned in parts nets to zero.
    const cost = quantity === remaining ? q4(usage.totalCostSnapshot) - q4(returnedCost) : mul4(quantity, unitCost);
    const average = movingAverage(q4(item.currentStock), q4(item.averageCost), quantity, unitCost);
    const notes = input.notes ?? null;
    const { transaction } = await post(tx, item, {
      type: "return",
      quantity,
      unitCost,
      totalCost: cost,
      jobId,
      notes,
      userId,
      averageCost: average,
    });
    const [row] = await tx
      .insert(jobMaterialUsages)
      .values({
        jobId,
        itemId: usage.itemId,
        quantity: s4(-quantity),
        unitCostSnapshot: s4(unitCost),
        totalCostSnapshot: s4(-cost),
        transactionId: transaction.id,
        returnOfUsageId: usage.id,
        notes,
      })
      .returning();
    return row;
  });
}

function inTransaction<T>(db: Executor, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(run) as Promise<T>;
}

export type StockDrift = { itemId: number; sku: string; currentStock: string; ledgerStock: string };

/** The daily check: items whose stock on hand differs from the sum of their ledger. */
export async function checkStockDrift(db: Executor): Promise<StockDrift[]> {
  return rows<StockDrift>(
    db,
    sql`select i.id as "itemId", i.sku, i.current_stock::text as "currentStock", coalesce(t.total, 0)::numeric(14,4)::text as "ledgerStock"
        from inventory_items i
        left join (select item_id, sum(quantity) as total from inventory_transactions group by item_id) t on t.item_id = i.id
        where i.current_stock <> coalesce(t.total, 0)
        order by i.id`,
  );
}
