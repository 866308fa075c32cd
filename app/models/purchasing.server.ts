// Purchase orders and reorder suggestions (issue 13 item 6, beyond the spec;
// docs/decisions/purchasing.md). A PO to one supplier: draft → ordered → partial → received, or
// cancelled. Lines are in the item's purchase unit (a box) at the cost of one purchase unit, with
// the item's multiplier kept when the line was written; receiving posts receipts to the stock ledger
// (app/models/inventory-ledger.server.ts) in stock units (100 each), in the same transaction that
// moves the line's received quantity, under a lock on the PO row — so two people receiving the
// same PO at once cannot receive more than was ordered.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client.server";
import { rows } from "../../db/client.server";
import {
  inventoryItems,
  inventoryTransactions,
  jobs,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  users,
} from "../../db/schema";
import type { PoStatus, PurchaseOrderInput, ReceiveInput } from "../schemas/purchasing";
import { PO_STATUS_LABELS } from "../schemas/purchasing";
import { businessToday, formatDate } from "../utils/dates";
import { centsToString, divRound } from "../utils/money";
import { conflict, invalid, notFound, requireFound } from "../utils/refusal.server";
import { renderDocumentPdf } from "../utils/pdf.server";
import { containsPattern } from "../utils/search.server";
import { logActivity } from "./activity.server";
import { displayQuantity, mul4, postReceipt, q4, s4, SCALE4 } from "./inventory-ledger.server";
import { nextNumber } from "./numbering.server";
import { getSettings, type Settings } from "./settings.server";

type Order = typeof purchaseOrders.$inferSelect;

/** round2(quantity × unit cost) of a line, in cents, half away from zero (4-decimal × 4-decimal). */
export function lineTotalCents(quantity: string, unitCost: string) {
  return divRound(q4(quantity) * q4(unitCost), 1_000_000n);
}

/** One stock unit's cost from a purchase unit's: round4(cost / multiplier) — a box of 100 at 12.50 = 0.1250 each. */
export function stockUnitCost(purchaseCost: bigint, multiplier: bigint) {
  return multiplier > 0n ? divRound(purchaseCost * SCALE4, multiplier) : purchaseCost;
}

// ---------------------------------------------------------------- list

export type PoFilters = {
  search?: string;
  status?: PoStatus | "";
  supplierId?: number | null;
  limit: number;
  offset: number;
};

export async function listPurchaseOrders(db: Executor, opts: PoFilters) {
  const conditions: (SQL | undefined)[] = [];
  const term = opts.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(purchaseOrders.poNumber, pattern), ilike(suppliers.name, pattern)));
  }
  if (opts.status) conditions.push(eq(purchaseOrders.status, opts.status));
  if (opts.supplierId) conditions.push(eq(purchaseOrders.supplierId, opts.supplierId));
  const where = and(...conditions);
  const lines = db
    .select({
      lineCount: sql<number>`count(*)::int`.as("line_count"),
      total:
        sql<string>`coalesce(sum(round(${purchaseOrderLines.quantity} * ${purchaseOrderLines.unitCost}, 2)), 0)::numeric(14,2)::text`.as(
          "lines_total",
        ),
    })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrders.id))
    .as("lines");
  const [list, [{ total }]] = await Promise.all([
    db
      .select({
        id: purchaseOrders.id,
        poNumber: purchaseOrders.poNumber,
        supplierId: purchaseOrders.supplierId,
        supplierName: suppliers.name,
        status: purchaseOrders.status,
        orderedAt: purchaseOrders.orderedAt,
        expectedDate: purchaseOrders.expectedDate,
        notes: purchaseOrders.notes,
        createdAt: purchaseOrders.createdAt,
        updatedAt: purchaseOrders.updatedAt,
        lineCount: lines.lineCount,
        total: lines.total,
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      // Each order's line count and total in one look at its lines (not two subqueries a row).
      .crossJoinLateral(lines)
      .where(where)
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: count() })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .where(where),
  ]);
  return { rows: list.map((r) => ({ ...r, lineCount: Number(r.lineCount) })), total: Number(total) };
}

// ---------------------------------------------------------------- one order

export async function getPurchaseOrder(db: Executor, id: number) {
  const [order] = await db
    .select({
      id: purchaseOrders.id,
      poNumber: purchaseOrders.poNumber,
      supplierId: purchaseOrders.supplierId,
      status: purchaseOrders.status,
      orderedAt: purchaseOrders.orderedAt,
      expectedDate: purchaseOrders.expectedDate,
      notes: purchaseOrders.notes,
      createdByUserId: purchaseOrders.createdByUserId,
      createdByName: users.name,
      createdAt: purchaseOrders.createdAt,
      updatedAt: purchaseOrders.updatedAt,
    })
    .from(purchaseOrders)
    .leftJoin(users, eq(users.id, purchaseOrders.createdByUserId))
    .where(eq(purchaseOrders.id, id));
  if (!order) return null;
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, order.supplierId));
  const lineRows = await db
    .select({
      id: purchaseOrderLines.id,
      itemId: purchaseOrderLines.itemId,
      sku: inventoryItems.sku,
      itemName: inventoryItems.name,
      unit: inventoryItems.unit,
      purchaseUnit: inventoryItems.purchaseUnit,
      jobId: purchaseOrderLines.jobId,
      jobTitle: jobs.title,
      quantity: purchaseOrderLines.quantity,
      unitMultiplier: purchaseOrderLines.unitMultiplier,
      unitCost: purchaseOrderLines.unitCost,
      receivedQuantity: purchaseOrderLines.receivedQuantity,
      notes: purchaseOrderLines.notes,
    })
    .from(purchaseOrderLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, purchaseOrderLines.itemId))
    .leftJoin(jobs, eq(jobs.id, purchaseOrderLines.jobId))
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.id));
  let totalCents = 0n;
  const lines = lineRows.map((l) => {
    const cents = lineTotalCents(l.quantity, l.unitCost);
    totalCents += cents;
    const remaining = q4(l.quantity) - q4(l.receivedQuantity);
    return {
      ...l,
      purchaseUnit: l.purchaseUnit ?? l.unit,
      remaining: s4(remaining > 0n ? remaining : 0n),
      stockQuantity: s4(mul4(q4(l.quantity), q4(l.unitMultiplier))),
      stockUnitCost: s4(stockUnitCost(q4(l.unitCost), q4(l.unitMultiplier))),
      lineTotal: centsToString(cents),
    };
  });
  return { ...order, supplier, lines, total: centsToString(totalCents) };
}
export type PurchaseOrderDetail = NonNullable<Awaited<ReturnType<typeof getPurchaseOrder>>>;

async function lockOrder(tx: Tx, id: number): Promise<Order> {
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for("update");
  if (!order) throw notFound("Purchase order not found");
  return order;
}

/** The supplier, items and jobs a PO names exist; items are active. Returns the items' multipliers. */
async function checkOrderLinks(tx: Executor, input: PurchaseOrderInput) {
  const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, input.supplierId));
  if (!supplier) throw notFound("Supplier not found", "supplierId");
  const itemIds = [...new Set(input.lines.map((l) => l.itemId))];
  const found = await tx
    .select({
      id: inventoryItems.id,
      sku: inventoryItems.sku,
      active: inventoryItems.active,
      unitMultiplier: inventoryItems.unitMultiplier,
      lastCost: inventoryItems.lastCost,
      averageCost: inventoryItems.averageCost,
    })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, itemIds));
  const items = new Map(found.map((i) => [i.id, i]));
  for (const id of itemIds) {
    const item = items.get(id);
    if (!item) throw notFound("Item not found", "lines");
    if (!item.active) throw invalid(`${item.sku} is inactive and cannot be ordered`, "lines");
  }
  const jobIds = [...new Set(input.lines.map((l) => l.jobId).filter((j): j is number => Boolean(j)))];
  if (jobIds.length) {
    const foundJobs = await tx.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, jobIds));
    if (foundJobs.length !== jobIds.length) throw notFound("Job not found", "lines");
  }
  return { supplier, items };
}

type LinkedItem = { unitMultiplier: string; lastCost: string | null; averageCost: string };

/** A purchase unit's cost from the item: its last cost (else its average) × its multiplier. */
export function defaultPurchaseCost(item: LinkedItem) {
  const stockCost = q4(item.lastCost) > 0n ? q4(item.lastCost) : q4(item.averageCost);
  return s4(mul4(stockCost, q4(item.unitMultiplier)));
}

function lineValues(orderId: number, input: PurchaseOrderInput, items: Map<number, LinkedItem>) {
  return input.lines.map((l) => {
    const item = items.get(l.itemId)!;
    return {
      purchaseOrderId: orderId,
      itemId: l.itemId,
      jobId: l.jobId ?? null,
      quantity: l.quantity,
      unitMultiplier: item.unitMultiplier,
      unitCost: l.unitCost ?? defaultPurchaseCost(item),
      notes: l.notes ?? null,
    };
  });
}

const orderTotal = (values: { quantity: string; unitCost: string }[]) =>
  centsToString(values.reduce((sum, l) => sum + lineTotalCents(l.quantity, l.unitCost), 0n));

async function createInTx(tx: Tx, input: PurchaseOrderInput, userId: number | null | undefined, how = "created") {
  const { supplier, items } = await checkOrderLinks(tx, input);
  const { timeZone } = (await getSettings(tx)).system;
  const poNumber = await nextNumber(tx, "PO", businessToday(timeZone));
  const [order] = await tx
    .insert(purchaseOrders)
    .values({
      poNumber,
      supplierId: input.supplierId,
      status: "draft",
      expectedDate: input.expectedDate ?? null,
      notes: input.notes ?? null,
      createdByUserId: userId ?? null,
    })
    .returning();
  const values = lineValues(order.id, input, items);
  await tx.insert(purchaseOrderLines).values(values);
  await logActivity(tx, {
    type: "purchase_order_created",
    title: `Purchase order ${poNumber} ${how}`,
    description: `${supplier.name}: ${input.lines.length} line${input.lines.length === 1 ? "" : "s"}`,
    userId: userId ?? null,
    amount: orderTotal(values),
  });
  return order;
}

/** A new draft PO with its lines; its number is the next PO-YYYY-NNNN. */
export async function createPurchaseOrder(db: Executor, input: PurchaseOrderInput, userId?: number | null) {
  return db.transaction((tx) => createInTx(tx, input, userId)) as Promise<Order>;
}

function refuseNotDraft(order: Order, what: string): never {
  throw conflict(
    `${order.poNumber} is ${PO_STATUS_LABELS[order.status as PoStatus].toLowerCase()}: only a draft purchase order can be ${what}`,
  );
}

/** Replaces a draft's supplier, dates, notes and lines (the items' multipliers are read again). */
export async function updatePurchaseOrder(db: Executor, id: number, input: PurchaseOrderInput, userId?: number | null) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== "draft") refuseNotDraft(order, "edited");
    const { items } = await checkOrderLinks(tx, input);
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id));
    const values = lineValues(id, input, items);
    await tx.insert(purchaseOrderLines).values(values);
    const [updated] = await tx
      .update(purchaseOrders)
      .set({
        supplierId: input.supplierId,
        expectedDate: input.expectedDate ?? null,
        notes: input.notes ?? null,
        updatedAt: new Date(),
      })
      .where(eq(purchaseOrders.id, id))
      .returning();
    await logActivity(tx, {
      type: "purchase_order_updated",
      title: `Purchase order ${order.poNumber} updated`,
      userId: userId ?? null,
      amount: orderTotal(values),
    });
    return updated;
  });
}

export async function deletePurchaseOrder(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== "draft") refuseNotDraft(order, "deleted");
    await tx.delete(purchaseOrders).where(eq(purchaseOrders.id, id));
    return { poNumber: order.poNumber };
  });
}

/** Place (draft → ordered) or cancel (draft or ordered, before anything was received). */
export async function setPurchaseOrderStatus(
  db: Executor,
  id: number,
  status: "ordered" | "cancelled",
  userId?: number | null,
) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (status === "ordered") {
      if (order.status !== "draft") refuseNotDraft(order, "placed");
    } else {
      if (order.status === "cancelled") throw conflict(`${order.poNumber} is already cancelled`);
      const [{ received }] = await tx
        .select({ received: sql<number>`count(*) filter (where ${purchaseOrderLines.receivedQuantity} > 0)::int` })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchaseOrderId, id));
      if (order.status === "partial" || order.status === "received" || Number(received) > 0)
        throw conflict(`${order.poNumber} has receipts and cannot be cancelled`);
    }
    return applyStatus(tx, order, status, userId);
  });
}

async function applyStatus(tx: Tx, order: Order, status: "ordered" | "cancelled", userId?: number | null) {
  const [updated] = await tx
    .update(purchaseOrders)
    .set({
      status,
      ...(status === "ordered" ? { orderedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(purchaseOrders.id, order.id))
    .returning();
  await logActivity(tx, {
    type: status === "ordered" ? "purchase_order_placed" : "purchase_order_cancelled",
    title: `Purchase order ${order.poNumber} ${status === "ordered" ? "placed" : "cancelled"}`,
    userId: userId ?? null,
  });
  return updated;
}

/** E-mailing a draft to the supplier places it (as sending a draft quote marks it sent). */
export async function markPurchaseOrderSent(tx: Tx, id: number, to: string, userId?: number | null) {
  const order = await lockOrder(tx, id);
  if (order.status === "draft") await applyStatus(tx, order, "ordered", userId);
  await logActivity(tx, {
    type: "purchase_order_emailed",
    title: `Purchase order ${order.poNumber} e-mailed`,
    description: `Sent to ${to}`,
    userId: userId ?? null,
  });
}

// ---------------------------------------------------------------- receiving

/**
 * Receives all or part of a PO's lines in one transaction: each quantity (purchase units) becomes a
 * receipt of quantity × multiplier stock units at round4(cost / multiplier), whose total is the
 * line's own round4(quantity × cost). More than what remains of a line is refused; the PO row is
 * locked first, so concurrent receipts of the same PO queue up and the second sees the first's.
 */
export async function receivePurchaseOrder(db: Executor, id: number, input: ReceiveInput, userId?: number | null) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status === "draft") throw conflict(`${order.poNumber} is a draft: place the order before receiving it`);
    if (order.status === "cancelled") throw conflict(`${order.poNumber} is cancelled and cannot be received`);
    if (order.status === "received") throw conflict(`${order.poNumber} is already fully received`);
    const lines = await tx
      .select({
        id: purchaseOrderLines.id,
        itemId: purchaseOrderLines.itemId,
        sku: inventoryItems.sku,
        unit: inventoryItems.unit,
        purchaseUnit: inventoryItems.purchaseUnit,
        quantity: purchaseOrderLines.quantity,
        receivedQuantity: purchaseOrderLines.receivedQuantity,
        unitMultiplier: purchaseOrderLines.unitMultiplier,
        unitCost: purchaseOrderLines.unitCost,
      })
      .from(purchaseOrderLines)
      .innerJoin(inventoryItems, eq(inventoryItems.id, purchaseOrderLines.itemId))
      .where(eq(purchaseOrderLines.purchaseOrderId, id))
      .orderBy(asc(purchaseOrderLines.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted = new Map<number, bigint>();
    if (input.all) {
      for (const l of lines) {
        const rest = q4(l.quantity) - q4(l.receivedQuantity);
        if (rest > 0n) wanted.set(l.id, rest);
      }
    } else {
      for (const entry of input.lines ?? []) {
        const line = byId.get(entry.lineId);
        if (!line) throw notFound(`Line ${entry.lineId} is not on ${order.poNumber}`, "lines");
        const quantity = q4(entry.quantity ?? "0");
        if (quantity > 0n) wanted.set(line.id, (wanted.get(line.id) ?? 0n) + quantity);
      }
    }
    if (wanted.size === 0) throw invalid("Enter a quantity received for at least one line", "lines");
    // Every line is checked before anything is written.
    for (const [lineId, quantity] of wanted) {
      const line = byId.get(lineId)!;
      const rest = q4(line.quantity) - q4(line.receivedQuantity);
      if (quantity > rest) {
        const unit = line.purchaseUnit ?? line.unit;
        throw conflict(
          rest > 0n
            ? `Only ${displayQuantity(rest)} ${unit} of ${line.sku} remain to be received on ${order.poNumber} (ordered ${displayQuantity(line.quantity)}, received ${displayQuantity(line.receivedQuantity)})`
            : `${line.sku} is already fully received on ${order.poNumber}`,
          "lines",
        );
      }
    }
    const receipts = [];
    // In item order, like every other posting, so locks on several items cannot deadlock.
    const ordered = [...wanted].sort(([a], [b]) => byId.get(a)!.itemId - byId.get(b)!.itemId || a - b);
    for (const [lineId, quantity] of ordered) {
      const line = byId.get(lineId)!;
      const multiplier = q4(line.unitMultiplier);
      const cost = q4(line.unitCost);
      const { transaction } = await postReceipt(
        tx,
        {
          itemId: line.itemId,
          quantity: s4(mul4(quantity, multiplier)),
          unitCost: s4(stockUnitCost(cost, multiplier)),
          totalCost: s4(mul4(quantity, cost)),
          supplierId: order.supplierId,
          reference: order.poNumber,
          notes: input.notes ?? null,
          purchaseOrderLineId: line.id,
        },
        userId,
      );
      await tx
        .update(purchaseOrderLines)
        .set({ receivedQuantity: s4(q4(line.receivedQuantity) + quantity), updatedAt: new Date() })
        .where(eq(purchaseOrderLines.id, lineId));
      receipts.push(transaction);
    }
    const [{ open }] = await tx
      .select({
        open: sql<number>`count(*) filter (where ${purchaseOrderLines.receivedQuantity} < ${purchaseOrderLines.quantity})::int`,
      })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id));
    const status = Number(open) === 0 ? "received" : "partial";
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ status, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id))
      .returning();
    await logActivity(tx, {
      type: "purchase_order_received",
      title: `Purchase order ${order.poNumber} ${status === "received" ? "received" : "partially received"}`,
      description: [...wanted]
        .map(([lineId, q]) => {
          const l = byId.get(lineId)!;
          return `${displayQuantity(q)} ${l.purchaseUnit ?? l.unit} ${l.sku}`;
        })
        .join(", "),
      userId: userId ?? null,
      amount: centsToString(
        [...wanted].reduce((sum, [lineId, q]) => sum + divRound(q * q4(byId.get(lineId)!.unitCost), 1_000_000n), 0n),
      ),
    });
    return { order: updated, receipts };
  });
}

/** The receipts a PO's lines brought in (its detail page). */
export async function purchaseOrderReceipts(db: Executor, id: number) {
  return db
    .select({
      id: inventoryTransactions.id,
      lineId: inventoryTransactions.purchaseOrderLineId,
      sku: inventoryItems.sku,
      unit: inventoryItems.unit,
      quantity: inventoryTransactions.quantity,
      unitCost: inventoryTransactions.unitCost,
      totalCost: inventoryTransactions.totalCost,
      notes: inventoryTransactions.notes,
      createdByName: users.name,
      createdAt: inventoryTransactions.createdAt,
    })
    .from(inventoryTransactions)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, inventoryTransactions.purchaseOrderLineId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryTransactions.itemId))
    .leftJoin(users, eq(users.id, inventoryTransactions.createdByUserId))
    .where(eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(inventoryTransactions.createdAt), asc(inventoryTransactions.id));
}

// ---------------------------------------------------------------- form choices

/** The New PO form's choices: active suppliers, active items (by name, at most 2,000), open jobs. */
export async function purchaseOrderFormOptions(db: Executor) {
  const [supplierRows, itemRows, jobRows] = await Promise.all([
    db
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(eq(suppliers.active, true))
      .orderBy(asc(suppliers.name))
      .limit(1000),
    db
      .select({
        id: inventoryItems.id,
        sku: inventoryItems.sku,
        name: inventoryItems.name,
        unit: inventoryItems.unit,
        purchaseUnit: inventoryItems.purchaseUnit,
        unitMultiplier: inventoryItems.unitMultiplier,
        lastCost: inventoryItems.lastCost,
        preferredSupplierId: inventoryItems.preferredSupplierId,
      })
      .from(inventoryItems)
      .where(eq(inventoryItems.active, true))
      .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
      .limit(2000),
    db
      .select({ id: jobs.id, title: jobs.title })
      .from(jobs)
      .where(inArray(jobs.status, ["approved", "in-progress"]))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(300),
  ]);
  return { suppliers: supplierRows, items: itemRows, jobs: jobRows };
}

// ---------------------------------------------------------------- reorder suggestions

export type ReorderSuggestion = {
  itemId: number;
  sku: string;
  name: string;
  unit: string;
  purchaseUnit: string;
  unitMultiplier: string;
  onHand: string;
  /** Still needed by open jobs: approved quotes' inventory lines less what was issued, per job. */
  needed: string;
  /** On placed orders (ordered, partially received), not yet received — stock units. */
  onOrder: string;
  /** On draft orders — stock units. */
  inDraft: string;
  target: string;
  /** Stock units that bring the projected stock back to the target. */
  suggested: string;
  /** The same in purchase units, whole ones when the purchase unit holds several stock units. */
  orderQuantity: string;
  /** The cost of one purchase unit: the last cost (or the average) × multiplier. */
  unitCost: string;
  supplierId: number | null;
  supplierName: string | null;
};

/**
 * Per active tracked item with a target (its reorder quantity, else its reorder point):
 * suggested = max(0, target − (on hand − still needed by open jobs + on order + in draft)).
 * Orders already placed or drafted count, so a suggestion is 0 once its PO exists: never twice.
 */
export async function reorderSuggestions(db: Executor, opts: { supplierId?: number; includeCovered?: boolean } = {}) {
  const list = await rows<{
    itemId: number;
    sku: string;
    name: string;
    unit: string;
    purchaseUnit: string | null;
    unitMultiplier: string;
    onHand: string;
    needed: string;
    onOrder: string;
    inDraft: string;
    target: string;
    lastCost: string | null;
    averageCost: string;
    supplierId: number | null;
    supplierName: string | null;
  }>(
    db,
    sql`with quoted as (
          select qi.inventory_item_id as item_id, q.job_id, sum(qi.quantity) as quantity
          from jobs j
          join quotes q on q.job_id = j.id and q.status = 'approved'
          join quote_items qi on qi.quote_id = q.id and qi.inventory_item_id is not null
          where j.status in ('approved', 'in-progress')
          group by qi.inventory_item_id, q.job_id
        ), need as (
          select n.item_id, sum(greatest(n.quantity - coalesce((
              select sum(u.quantity) from job_material_usages u where u.job_id = n.job_id and u.item_id = n.item_id
            ), 0), 0)) as needed
          from quoted n group by n.item_id
        ), ordered as (
          select l.item_id,
            coalesce(sum(greatest(l.quantity - l.received_quantity, 0) * l.unit_multiplier) filter (where o.status in ('ordered', 'partial')), 0) as on_order,
            coalesce(sum(l.quantity * l.unit_multiplier) filter (where o.status = 'draft'), 0) as in_draft
          from purchase_order_lines l join purchase_orders o on o.id = l.purchase_order_id
          where o.status in ('draft', 'ordered', 'partial')
          group by l.item_id
        ), positions as (
          select i.*, coalesce(need.needed, 0) as needed, coalesce(ordered.on_order, 0) as on_order,
            coalesce(ordered.in_draft, 0) as in_draft,
            case when coalesce(i.reorder_qty, 0) > 0 then i.reorder_qty else i.reorder_point end as target
          from inventory_items i
          left join need on need.item_id = i.id
          left join ordered on ordered.item_id = i.id
          where i.active and i.track_stock and (coalesce(i.reorder_qty, 0) > 0 or i.reorder_point > 0)
            ${opts.supplierId ? sql`and i.preferred_supplier_id = ${opts.supplierId}` : sql``}
        )
        select p.id as "itemId", p.sku, p.name, p.unit, p.purchase_unit as "purchaseUnit",
          p.unit_multiplier::text as "unitMultiplier", p.current_stock::text as "onHand",
          p.needed::numeric(14,4)::text as needed, p.on_order::numeric(14,4)::text as "onOrder",
          p.in_draft::numeric(14,4)::text as "inDraft", p.target::numeric(14,4)::text as target,
          p.last_cost::text as "lastCost", p.average_cost::text as "averageCost",
          p.preferred_supplier_id as "supplierId", s.name as "supplierName"
        from positions p left join suppliers s on s.id = p.preferred_supplier_id
        ${opts.includeCovered ? sql`` : sql`where p.target - (p.current_stock - p.needed + p.on_order + p.in_draft) > 0`}
        order by s.name nulls last, p.preferred_supplier_id, p.name, p.id`,
  );
  return list.map((r): ReorderSuggestion => {
    const projected = q4(r.onHand) - q4(r.needed) + q4(r.onOrder) + q4(r.inDraft);
    const suggested = q4(r.target) > projected ? q4(r.target) - projected : 0n;
    const multiplier = q4(r.unitMultiplier) > 0n ? q4(r.unitMultiplier) : SCALE4;
    // Whole purchase units when one holds several stock units (a box of 100), else the exact quantity.
    const orderQuantity = multiplier === SCALE4 ? suggested : ((suggested + multiplier - 1n) / multiplier) * SCALE4;
    const stockCost = q4(r.lastCost) > 0n ? q4(r.lastCost) : q4(r.averageCost);
    return {
      itemId: Number(r.itemId),
      sku: r.sku,
      name: r.name,
      unit: r.unit,
      purchaseUnit: r.purchaseUnit ?? r.unit,
      unitMultiplier: r.unitMultiplier,
      onHand: r.onHand,
      needed: r.needed,
      onOrder: r.onOrder,
      inDraft: r.inDraft,
      target: r.target,
      suggested: s4(suggested),
      orderQuantity: s4(orderQuantity),
      unitCost: s4(mul4(stockCost, multiplier)),
      supplierId: r.supplierId === null ? null : Number(r.supplierId),
      supplierName: r.supplierName,
    };
  });
}

/** Suggestions grouped by preferred supplier (items without one last, in a group of their own). */
export function groupSuggestions(list: ReorderSuggestion[]) {
  const groups = new Map<
    string,
    { supplierId: number | null; supplierName: string | null; items: ReorderSuggestion[] }
  >();
  for (const s of list) {
    const key = String(s.supplierId ?? "none");
    const group = groups.get(key) ?? { supplierId: s.supplierId, supplierName: s.supplierName, items: [] };
    group.items.push(s);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * "Create draft PO" for one supplier: its current suggestions become a draft's lines. A
 * transaction-level advisory lock per supplier makes two presses at once queue up; the second then
 * sees the first's draft counted and finds nothing left to order.
 */
export async function createDraftFromSuggestions(db: Executor, supplierId: number, userId?: number | null) {
  return db.transaction(async (tx) => {
    const supplier = requireFound(
      (await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)))[0] ?? null,
      "Supplier",
    );
    await tx.execute(sql`select pg_advisory_xact_lock(13013, ${supplierId})`);
    const list = (await reorderSuggestions(tx, { supplierId })).filter((s) => q4(s.orderQuantity) > 0n);
    if (list.length === 0) throw conflict(`Nothing to reorder from ${supplier.name}: every item is covered`);
    return createInTx(
      tx,
      {
        supplierId,
        lines: list.map((s) => ({ itemId: s.itemId, quantity: s.orderQuantity, unitCost: s.unitCost })),
      },
      userId,
      "created from reorder suggestions",
    );
  }) as Promise<Order>;
}

// ---------------------------------------------------------------- the PDF

/** "$0.1299": a purchase unit's cost with its 4 decimals, thousands grouped. */
function costText(value: string) {
  const [whole, fraction = ""] = value.replace(/^-/, "").split(".");
  return `${value.startsWith("-") ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${(fraction + "0000").slice(0, 4)}`;
}

/** The PO as the supplier reads it (app/utils/pdf.server.ts draws it, as it does quotes). */
export async function renderPurchaseOrderPdf(detail: PurchaseOrderDetail, settings: Settings) {
  const s = detail.supplier;
  const pdf = await renderDocumentPdf(
    {
      kind: "Purchase Order",
      partyLabel: "Supplier",
      priceLabel: "Unit Cost",
      number: detail.poNumber,
      title: `Purchase order to ${s.name}`,
      description: detail.notes,
      dates: [
        ["Date", formatDate(detail.orderedAt ?? detail.createdAt, settings.system)],
        ...(detail.expectedDate
          ? ([["Expected", formatDate(detail.expectedDate, settings.system)]] as Array<[string, string]>)
          : []),
        ["Terms", s.paymentTerms],
      ],
      customer: {
        name: s.contactName ? `${s.name} (attn. ${s.contactName})` : s.name,
        email: s.email,
        phone: s.phone,
        address: s.address,
        city: s.city,
        state: s.state,
        zipCode: s.zipCode,
      },
      items: detail.lines.map((l) => ({
        description:
          `${l.sku} · ${l.itemName}` +
          (q4(l.unitMultiplier) !== SCALE4
            ? ` (${l.purchaseUnit} of ${displayQuantity(l.unitMultiplier)} ${l.unit})`
            : "") +
          (l.notes ? `\n${l.notes}` : ""),
        quantity: `${displayQuantity(l.quantity)} ${l.purchaseUnit}`,
        unitPrice: l.unitCost,
        unitPriceText: costText(l.unitCost),
        lineTotal: l.lineTotal,
      })),
      totals: { subtotal: detail.total, total: detail.total },
    },
    settings,
  );
  return { pdf, filename: `${detail.poNumber}.pdf` };
}

export async function purchaseOrderPdf(db: Executor, id: number) {
  const detail = await getPurchaseOrder(db, id);
  if (!detail) return null;
  return renderPurchaseOrderPdf(detail, await getSettings(db));
}

/** Who "E-mail to supplier" goes to; the dialog and the dispatch refuse when the supplier has none. */
export async function purchaseOrderRecipient(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: purchaseOrders.id,
      poNumber: purchaseOrders.poNumber,
      status: purchaseOrders.status,
      supplierName: suppliers.name,
      email: suppliers.email,
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, id));
  return row ?? null;
}
