// The one place that reads and writes inventory items, categories and suppliers, and that reads the
// ledger (lists, summary cards, low stock, a job's materials and costing). Writes to stock go
// through app/models/inventory-ledger.server.ts only.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { reusableStatement, rows, type Executor } from "../../db/client.server";
import {
  inventoryCategories,
  inventoryItems,
  inventoryTransactions,
  invoices,
  jobMaterialUsages,
  jobs,
  purchaseOrderLines,
  quoteItems,
  quotes,
  suppliers,
  users,
} from "../../db/schema";
import type { CategoryInput, ItemInput, SupplierInput } from "../schemas/inventory";
import { addDays, zonedToInstant } from "../utils/dates";
import { centsToString, divRound, parseScaled } from "../utils/money";
import { conflict, isUniqueViolation, notFound, requireFound } from "../utils/refusal.server";
import { containsPattern } from "../utils/search.server";
import { can, seesMoney, type Role } from "../utils/permissions";
import { getSettings } from "./settings.server";
import { PICKER_LIMIT, type ItemPickerRow } from "../utils/picker";

export type Item = typeof inventoryItems.$inferSelect;
export type StockLevel = "out" | "critical" | "low" | "good" | "untracked";

// ---------------------------------------------------------------- low stock

/**
 * The level an item is at: low at or below its reorder point (or Settings → System's low-stock
 * threshold when it has none), critical at or below half of that, out at zero or less.
 */
export function stockLevel(
  item: Pick<Item, "trackStock" | "currentStock" | "reorderPoint">,
  threshold: number,
): StockLevel {
  if (!item.trackStock) return "untracked";
  const stock = parseScaled(item.currentStock, 4) ?? 0n;
  const point = parseScaled(item.reorderPoint, 4) ?? 0n;
  const limit = point > 0n ? point : BigInt(threshold) * 10_000n;
  if (stock <= 0n) return "out";
  if (stock * 2n <= limit) return "critical";
  if (stock <= limit) return "low";
  return "good";
}

/** SQL: the reorder point, or the system threshold when the item has none. */
const limitSql = (threshold: number) =>
  sql`(case when ${inventoryItems.reorderPoint} > 0 then ${inventoryItems.reorderPoint} else ${String(threshold)}::numeric end)`;
const lowSql = (threshold: number) =>
  and(
    eq(inventoryItems.trackStock, true),
    eq(inventoryItems.active, true),
    sql`${inventoryItems.currentStock} <= ${limitSql(threshold)}`,
  );

async function lowStockThreshold(db: Executor) {
  return (await getSettings(db)).system.lowStockThreshold;
}

export type LowStockItem = {
  id: number;
  sku: string;
  name: string;
  type: string;
  unit: string;
  currentStock: string;
  reorderPoint: string;
  trackStock: boolean;
  level: StockLevel;
};

/**
 * Low-stock items (spec §7 `/api/inventory/items/low-stock`, the dashboards' Inventory alerts card),
 * most urgent first: out, then critical, then low; `limit` rows and the full count.
 */
export async function lowStockItems(db: Executor, opts: { limit?: number } = {}) {
  const threshold = await lowStockThreshold(db);
  const where = lowSql(threshold);
  const [list, [{ total }]] = await Promise.all([
    db
      .select({
        id: inventoryItems.id,
        sku: inventoryItems.sku,
        name: inventoryItems.name,
        type: inventoryItems.type,
        unit: inventoryItems.unit,
        currentStock: inventoryItems.currentStock,
        reorderPoint: inventoryItems.reorderPoint,
        trackStock: inventoryItems.trackStock,
      })
      .from(inventoryItems)
      .where(where)
      .orderBy(
        sql`${inventoryItems.currentStock} / nullif(${limitSql(threshold)}, 0) nulls first`,
        asc(inventoryItems.name),
      )
      .limit(opts.limit ?? 1000),
    db.select({ total: count() }).from(inventoryItems).where(where),
  ]);
  const items: LowStockItem[] = list.map((row) => ({ ...row, level: stockLevel(row, threshold) }));
  return { items, total: Number(total) };
}

/** What the Inventory alerts card on the owner and office homes shows: the first 3 and how many more. */
export async function inventoryAlerts(db: Executor) {
  const { items, total } = await lowStockItems(db, { limit: 3 });
  return { items, more: Math.max(0, total - items.length), total };
}

// ---------------------------------------------------------------- items

const itemColumns = {
  id: inventoryItems.id,
  sku: inventoryItems.sku,
  name: inventoryItems.name,
  description: inventoryItems.description,
  type: inventoryItems.type,
  categoryId: inventoryItems.categoryId,
  categoryName: inventoryCategories.name,
  unit: inventoryItems.unit,
  purchaseUnit: inventoryItems.purchaseUnit,
  unitMultiplier: inventoryItems.unitMultiplier,
  trackStock: inventoryItems.trackStock,
  location: inventoryItems.location,
  reorderPoint: inventoryItems.reorderPoint,
  reorderQty: inventoryItems.reorderQty,
  safetyStock: inventoryItems.safetyStock,
  preferredSupplierId: inventoryItems.preferredSupplierId,
  supplierName: suppliers.name,
  lastCost: inventoryItems.lastCost,
  averageCost: inventoryItems.averageCost,
  sellPrice: inventoryItems.sellPrice,
  currentStock: inventoryItems.currentStock,
  tags: inventoryItems.tags,
  active: inventoryItems.active,
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
};
export type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]["_"]["data"] } & {
  categoryName: string | null;
  supplierName: string | null;
};

export type ItemFilters = {
  search?: string;
  categoryId?: number | null;
  type?: string;
  lowStock?: boolean;
  active?: "active" | "inactive" | "all";
  /** Stock-tracked items only (with `active: "active"`, what may be issued to a job). */
  tracked?: boolean;
  limit: number;
  offset: number;
};

export async function listItems(db: Executor, opts: ItemFilters) {
  const threshold = await lowStockThreshold(db);
  const conditions: (SQL | undefined)[] = [];
  const term = opts.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(inventoryItems.name, pattern), ilike(inventoryItems.sku, pattern)));
  }
  if (opts.categoryId) conditions.push(eq(inventoryItems.categoryId, opts.categoryId));
  if (opts.type && opts.type !== "all") conditions.push(eq(inventoryItems.type, opts.type));
  if (opts.lowStock) conditions.push(lowSql(threshold));
  if (opts.active === "active") conditions.push(eq(inventoryItems.active, true));
  if (opts.active === "inactive") conditions.push(eq(inventoryItems.active, false));
  if (opts.tracked) conditions.push(eq(inventoryItems.trackStock, true));
  const where = and(...conditions);
  const [list, [{ total }]] = await Promise.all([
    db
      .select(itemColumns)
      .from(inventoryItems)
      .leftJoin(inventoryCategories, eq(inventoryCategories.id, inventoryItems.categoryId))
      .leftJoin(suppliers, eq(suppliers.id, inventoryItems.preferredSupplierId))
      .where(where)
      .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(inventoryItems).where(where),
  ]);
  return { rows: list.map((row) => ({ ...row, level: stockLevel(row, threshold) })), total: Number(total), threshold };
}

/** An item's SKU and name (the Transactions tab's item filter chip). */
export async function itemLabel(db: Executor, id: number) {
  const [row] = await db
    .select({ sku: inventoryItems.sku, name: inventoryItems.name })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, id));
  return row ? `${row.sku} · ${row.name}` : null;
}

export async function getItem(db: Executor, id: number) {
  const [row] = await db
    .select(itemColumns)
    .from(inventoryItems)
    .leftJoin(inventoryCategories, eq(inventoryCategories.id, inventoryItems.categoryId))
    .leftJoin(suppliers, eq(suppliers.id, inventoryItems.preferredSupplierId))
    .where(eq(inventoryItems.id, id));
  if (!row) return null;
  return { ...row, level: stockLevel(row, await lowStockThreshold(db)) };
}

/** An item's columns from its form input (also the CSV import's batch insert). */
export function itemValues(input: ItemInput) {
  return {
    sku: input.sku,
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    categoryId: input.categoryId ?? null,
    unit: input.unit,
    purchaseUnit: input.purchaseUnit ?? null,
    unitMultiplier: input.unitMultiplier ?? "1",
    trackStock: input.trackStock,
    location: input.location ?? null,
    reorderPoint: input.reorderPoint ?? "0",
    reorderQty: input.reorderQty ?? null,
    safetyStock: input.safetyStock ?? "0",
    preferredSupplierId: input.preferredSupplierId ?? null,
    lastCost: input.lastCost ?? null,
    sellPrice: input.sellPrice ?? null,
    tags: input.tags,
    active: input.active,
  };
}

async function checkItemLinks(db: Executor, input: ItemInput) {
  if (input.categoryId) {
    const [c] = await db
      .select({ id: inventoryCategories.id })
      .from(inventoryCategories)
      .where(eq(inventoryCategories.id, input.categoryId));
    if (!c) throw notFound("Category not found", "categoryId");
  }
  if (input.preferredSupplierId) {
    const [s] = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, input.preferredSupplierId));
    if (!s) throw notFound("Supplier not found", "preferredSupplierId");
  }
}

const skuTaken = (sku: string) => conflict(`SKU ${sku} already exists`, "sku");

/** New items start with no stock: stock only ever comes from the ledger (a receipt). */
export async function createItem(db: Executor, input: ItemInput) {
  await checkItemLinks(db, input);
  try {
    const [row] = await db.insert(inventoryItems).values(itemValues(input)).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken(input.sku);
    throw error;
  }
}

export async function updateItem(db: Executor, id: number, input: ItemInput) {
  await checkItemLinks(db, input);
  try {
    const [row] = await db
      .update(inventoryItems)
      .set({ ...itemValues(input), updatedAt: new Date() })
      .where(eq(inventoryItems.id, id))
      .returning();
    return requireFound(row, "Item");
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken(input.sku);
    throw error;
  }
}

const issuable = and(eq(inventoryItems.active, true), eq(inventoryItems.trackStock, true));
const itemOptionColumns = {
  id: inventoryItems.id,
  sku: inventoryItems.sku,
  name: inventoryItems.name,
  unit: inventoryItems.unit,
  currentStock: inventoryItems.currentStock,
};

/**
 * The Issue Materials picker's rows (docs/decisions/inventory.md): items that may be issued (active,
 * tracked; spec §5). Without a search, the `limit` items that moved in stock most recently (the
 * stock the shop works with now; then by name to fill up), in name order; a search matches SKU or
 * name; `includeId` adds the chosen one.
 */
export async function itemOptions(
  db: Executor,
  opts: { search?: string; includeId?: number | null; limit?: number } = {},
): Promise<ItemPickerRow[]> {
  const limit = opts.limit ?? PICKER_LIMIT;
  const term = opts.search?.trim();
  let list: ItemPickerRow[] = [];
  if (limit > 0 && term) {
    const pattern = containsPattern(term);
    list = await db
      .select(itemOptionColumns)
      .from(inventoryItems)
      .where(and(issuable, or(ilike(inventoryItems.sku, pattern), ilike(inventoryItems.name, pattern))))
      .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
      .limit(limit);
  } else if (limit > 0) {
    // The items of the latest ledger rows, newest first, each looked up by key (not a join over
    // every item): ~0.3 ms on the large dataset. Fewer than `limit` (a young ledger): fill by name.
    list = await rows<ItemPickerRow>(
      db,
      sql`select i.id, i.sku, i.name, i.unit, i.current_stock as "currentStock"
        from unnest(array(
          select item_id from (
            select item_id, created_at from inventory_transactions order by created_at desc, id desc limit ${limit * 3}
          ) latest group by item_id order by max(created_at) desc limit ${Math.ceil(limit * 1.5)}
        )) with ordinality as recent(item_id, rank)
        join inventory_items i on i.id = recent.item_id
        where i.active and i.track_stock
        order by recent.rank
        limit ${limit}`,
    );
    if (list.length < limit) {
      const listed = list.map((r) => r.id);
      list.push(
        ...(await db
          .select(itemOptionColumns)
          .from(inventoryItems)
          .where(listed.length ? and(issuable, notInArray(inventoryItems.id, listed)) : issuable)
          .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
          .limit(limit - list.length)),
      );
    }
    list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }
  if (opts.includeId && !list.some((r) => r.id === opts.includeId))
    list.unshift(
      ...(await db
        .select(itemOptionColumns)
        .from(inventoryItems)
        .where(and(issuable, eq(inventoryItems.id, opts.includeId)))),
    );
  return list;
}

// ---------------------------------------------------------------- summary cards

/** The Inventory screen's cards, counted in the database. Stock value = Σ round2(stock × average) of positive stock. */
export async function inventorySummary(db: Executor) {
  const threshold = await lowStockThreshold(db);
  const [row] = await rows<{ items: number; value: string; low: number; out: number }>(
    db,
    sql`select count(*)::int as items,
          coalesce(sum(round(greatest(current_stock, 0) * average_cost, 2)), 0)::numeric(14,2)::text as value,
          count(*) filter (where track_stock and current_stock <= (case when reorder_point > 0 then reorder_point else ${String(threshold)}::numeric end))::int as low,
          count(*) filter (where track_stock and current_stock <= 0)::int as out
        from inventory_items where active`,
  );
  return {
    items: Number(row.items),
    stockValue: row.value,
    lowStock: Number(row.low),
    outOfStock: Number(row.out),
    threshold,
  };
}

/** `GET /api/inventory` (the list reports use): every active item with its stock and value. */
export async function inventoryForReports(db: Executor, opts: { limit: number; offset: number }) {
  return listItems(db, { active: "active", ...opts });
}

// ---------------------------------------------------------------- categories

export async function listCategories(db: Executor, opts: { search?: string; limit?: number; offset?: number } = {}) {
  const term = opts.search?.trim();
  const where = term ? ilike(inventoryCategories.name, containsPattern(term)) : undefined;
  const [list, [{ total }]] = await Promise.all([
    db
      .select({
        id: inventoryCategories.id,
        name: inventoryCategories.name,
        description: inventoryCategories.description,
        parentId: inventoryCategories.parentId,
        sortOrder: inventoryCategories.sortOrder,
        active: inventoryCategories.active,
        createdAt: inventoryCategories.createdAt,
        updatedAt: inventoryCategories.updatedAt,
        itemCount: sql<number>`(select count(*)::int from inventory_items i where i.category_id = ${inventoryCategories.id})`,
      })
      .from(inventoryCategories)
      .where(where)
      .orderBy(asc(inventoryCategories.sortOrder), asc(inventoryCategories.name))
      .limit(opts.limit ?? 1000)
      .offset(opts.offset ?? 0),
    db.select({ total: count() }).from(inventoryCategories).where(where),
  ]);
  return { rows: list.map((r) => ({ ...r, itemCount: Number(r.itemCount) })), total: Number(total) };
}

/** A filter's choices: every category's id and name, in the categories' order (no counts). */
export async function categoryChoices(db: Executor) {
  return db
    .select({ id: inventoryCategories.id, name: inventoryCategories.name })
    .from(inventoryCategories)
    .orderBy(asc(inventoryCategories.sortOrder), asc(inventoryCategories.name))
    .limit(1000);
}

export async function getCategory(db: Executor, id: number) {
  const [row] = await db.select().from(inventoryCategories).where(eq(inventoryCategories.id, id));
  return row ?? null;
}

const categoryTaken = (name: string) => conflict(`A category named ${name} already exists`, "name");

export async function createCategory(db: Executor, input: CategoryInput) {
  if (input.parentId && !(await getCategory(db, input.parentId)))
    throw notFound("Parent category not found", "parentId");
  try {
    const [row] = await db
      .insert(inventoryCategories)
      .values({ ...input, description: input.description ?? null, parentId: input.parentId ?? null })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw categoryTaken(input.name);
    throw error;
  }
}

export async function updateCategory(db: Executor, id: number, input: CategoryInput) {
  if (input.parentId === id) throw conflict("A category cannot be its own parent", "parentId");
  if (input.parentId && !(await getCategory(db, input.parentId)))
    throw notFound("Parent category not found", "parentId");
  try {
    const [row] = await db
      .update(inventoryCategories)
      .set({
        ...input,
        description: input.description ?? null,
        parentId: input.parentId ?? null,
        updatedAt: new Date(),
      })
      .where(eq(inventoryCategories.id, id))
      .returning();
    return requireFound(row, "Category");
  } catch (error) {
    if (isUniqueViolation(error)) throw categoryTaken(input.name);
    throw error;
  }
}

/** Refused while items or sub-categories use it (deactivate it instead). */
export async function deleteCategory(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(inventoryCategories).where(eq(inventoryCategories.id, id)).for("update");
    if (!row) throw notFound("Category not found");
    const [{ n }] = await tx.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.categoryId, id));
    const [{ c }] = await tx
      .select({ c: count() })
      .from(inventoryCategories)
      .where(eq(inventoryCategories.parentId, id));
    if (Number(n) > 0 || Number(c) > 0) {
      const what = [
        Number(n) ? `${n} item${Number(n) === 1 ? "" : "s"}` : "",
        Number(c) ? `${c} sub-categor${Number(c) === 1 ? "y" : "ies"}` : "",
      ]
        .filter(Boolean)
        .join(" and ");
      throw conflict(`${row.name} is used by ${what} and cannot be deleted. Mark it inactive instead.`);
    }
    await tx.delete(inventoryCategories).where(eq(inventoryCategories.id, id));
    return { name: row.name };
  });
}

// ---------------------------------------------------------------- suppliers

export async function listSuppliers(
  db: Executor,
  opts: { search?: string; active?: "active" | "inactive" | "all"; limit?: number; offset?: number } = {},
) {
  const conditions: (SQL | undefined)[] = [];
  const term = opts.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      or(ilike(suppliers.name, pattern), ilike(suppliers.contactName, pattern), ilike(suppliers.email, pattern)),
    );
  }
  if (opts.active === "active") conditions.push(eq(suppliers.active, true));
  if (opts.active === "inactive") conditions.push(eq(suppliers.active, false));
  const where = and(...conditions);
  const [list, [{ total }]] = await Promise.all([
    db
      .select()
      .from(suppliers)
      .where(where)
      .orderBy(asc(suppliers.name), asc(suppliers.id))
      .limit(opts.limit ?? 1000)
      .offset(opts.offset ?? 0),
    db.select({ total: count() }).from(suppliers).where(where),
  ]);
  return { rows: list, total: Number(total) };
}

/** A filter's choices: every supplier's id and name, by name (no counts, no contact details). */
export async function supplierChoices(db: Executor) {
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .orderBy(asc(suppliers.name), asc(suppliers.id))
    .limit(1000);
}

export async function getSupplier(db: Executor, id: number) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id));
  return row ?? null;
}

function supplierValues(input: SupplierInput) {
  const blankToNull = <T>(v: T | undefined) => v ?? null;
  return {
    name: input.name,
    contactName: blankToNull(input.contactName),
    email: blankToNull(input.email),
    phone: blankToNull(input.phone),
    website: blankToNull(input.website),
    address: blankToNull(input.address),
    city: blankToNull(input.city),
    state: blankToNull(input.state),
    zipCode: blankToNull(input.zipCode),
    leadTimeDays: input.leadTimeDays,
    paymentTerms: input.paymentTerms,
    notes: blankToNull(input.notes),
    active: input.active,
  };
}

export async function createSupplier(db: Executor, input: SupplierInput) {
  const [row] = await db.insert(suppliers).values(supplierValues(input)).returning();
  return row;
}

export async function updateSupplier(db: Executor, id: number, input: SupplierInput) {
  const [row] = await db
    .update(suppliers)
    .set({ ...supplierValues(input), updatedAt: new Date() })
    .where(eq(suppliers.id, id))
    .returning();
  return requireFound(row, "Supplier");
}

/** Refused while items name it as preferred supplier, receipts or purchase orders reference it. */
export async function deleteSupplier(db: Executor, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for("update");
    if (!row) throw notFound("Supplier not found");
    const [{ items }] = await tx
      .select({ items: count() })
      .from(inventoryItems)
      .where(eq(inventoryItems.preferredSupplierId, id));
    const [{ receipts }] = await tx
      .select({ receipts: count() })
      .from(inventoryTransactions)
      .where(eq(inventoryTransactions.supplierId, id));
    const [{ orders }] = await rows<{ orders: number }>(
      tx,
      sql`select count(*)::int as orders from purchase_orders where supplier_id = ${id}`,
    );
    const uses = [
      Number(items) ? `the preferred supplier of ${items} item${Number(items) === 1 ? "" : "s"}` : "",
      Number(receipts) ? `on ${receipts} receipt${Number(receipts) === 1 ? "" : "s"}` : "",
      Number(orders) ? `on ${orders} purchase order${Number(orders) === 1 ? "" : "s"}` : "",
    ].filter(Boolean);
    if (uses.length)
      throw conflict(`${row.name} is ${uses.join(", ")} and cannot be deleted. Mark it inactive instead.`);
    await tx.delete(suppliers).where(eq(suppliers.id, id));
    return { name: row.name };
  });
}

// ---------------------------------------------------------------- transactions

export type TransactionFilters = {
  /** Matches the item's SKU or name. */
  search?: string;
  itemId?: number | null;
  type?: string;
  jobId?: number | null;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
};

export async function listTransactions(db: Executor, opts: TransactionFilters) {
  const conditions: (SQL | undefined)[] = [];
  const term = opts.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      sql`${inventoryTransactions.itemId} in (select id from inventory_items where name ilike ${pattern} or sku ilike ${pattern})`,
    );
  }
  if (opts.itemId) conditions.push(eq(inventoryTransactions.itemId, opts.itemId));
  if (opts.jobId) conditions.push(eq(inventoryTransactions.jobId, opts.jobId));
  if (opts.type && opts.type !== "all") conditions.push(eq(inventoryTransactions.type, opts.type));
  if (opts.from || opts.to) {
    const { timeZone } = (await getSettings(db)).system;
    if (opts.from) conditions.push(gte(inventoryTransactions.createdAt, zonedToInstant(opts.from, "00:00", timeZone)));
    if (opts.to)
      conditions.push(lt(inventoryTransactions.createdAt, zonedToInstant(addDays(opts.to, 1), "00:00", timeZone)));
  }
  const where = and(...conditions);
  const [list, [{ total }]] = await Promise.all([
    db
      .select({
        id: inventoryTransactions.id,
        itemId: inventoryTransactions.itemId,
        itemSku: inventoryItems.sku,
        itemName: inventoryItems.name,
        unit: inventoryItems.unit,
        type: inventoryTransactions.type,
        quantity: inventoryTransactions.quantity,
        unitCost: inventoryTransactions.unitCost,
        totalCost: inventoryTransactions.totalCost,
        jobId: inventoryTransactions.jobId,
        jobTitle: jobs.title,
        supplierId: inventoryTransactions.supplierId,
        supplierName: suppliers.name,
        reference: inventoryTransactions.reference,
        notes: inventoryTransactions.notes,
        createdByName: users.name,
        createdAt: inventoryTransactions.createdAt,
        updatedAt: inventoryTransactions.updatedAt,
      })
      .from(inventoryTransactions)
      .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryTransactions.itemId))
      .leftJoin(jobs, eq(jobs.id, inventoryTransactions.jobId))
      .leftJoin(suppliers, eq(suppliers.id, inventoryTransactions.supplierId))
      .leftJoin(users, eq(users.id, inventoryTransactions.createdByUserId))
      .where(where)
      .orderBy(desc(inventoryTransactions.createdAt), desc(inventoryTransactions.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(inventoryTransactions).where(where),
  ]);
  return { rows: list, total: Number(total) };
}

// ---------------------------------------------------------------- a job's materials and costing

/** A job's usage rows, oldest first, with what is left to return of each issue. */
export async function jobMaterials(db: Executor, jobId: number) {
  const list = await db
    .select({
      id: jobMaterialUsages.id,
      jobId: jobMaterialUsages.jobId,
      itemId: jobMaterialUsages.itemId,
      sku: inventoryItems.sku,
      itemName: inventoryItems.name,
      unit: inventoryItems.unit,
      quantity: jobMaterialUsages.quantity,
      unitCostSnapshot: jobMaterialUsages.unitCostSnapshot,
      totalCostSnapshot: jobMaterialUsages.totalCostSnapshot,
      transactionId: jobMaterialUsages.transactionId,
      returnOfUsageId: jobMaterialUsages.returnOfUsageId,
      notes: jobMaterialUsages.notes,
      createdAt: jobMaterialUsages.createdAt,
      updatedAt: jobMaterialUsages.updatedAt,
    })
    .from(jobMaterialUsages)
    .innerJoin(inventoryItems, eq(inventoryItems.id, jobMaterialUsages.itemId))
    .where(eq(jobMaterialUsages.jobId, jobId))
    .orderBy(asc(jobMaterialUsages.createdAt), asc(jobMaterialUsages.id));
  const returned = new Map<number, bigint>();
  for (const row of list)
    if (row.returnOfUsageId)
      returned.set(
        row.returnOfUsageId,
        (returned.get(row.returnOfUsageId) ?? 0n) - (parseScaled(row.quantity, 4) ?? 0n),
      );
  return list.map((row) => {
    const quantity = parseScaled(row.quantity, 4) ?? 0n;
    const returnable = row.returnOfUsageId ? 0n : quantity - (returned.get(row.id) ?? 0n);
    return { ...row, returnable: formatScaled4(returnable) };
  });
}

const formatScaled4 = (v: bigint) => {
  const negative = v < 0n;
  const abs = (negative ? -v : v).toString().padStart(5, "0");
  return `${negative ? "-" : ""}${abs.slice(0, -4)}.${abs.slice(-4)}`;
};

/** Spec §3 job material cost summary: `totalCost` = Σ usage cost snapshots (returns negative), 4 decimals. */
// A job's costing and issued quantities, read on every job page: built once, run prepared
// (db/client.server.ts reusableStatement, docs/decisions/prepared-statements.md), all in one round.
const jobMaterialCostOf = reusableStatement("job_material_cost_of", (db) =>
  db
    .select({ totalCost: sql<string>`coalesce(sum(${jobMaterialUsages.totalCostSnapshot}), 0)::numeric(14,4)::text` })
    .from(jobMaterialUsages)
    .where(eq(jobMaterialUsages.jobId, sql.placeholder("jobId"))),
);
const jobCostInputs = reusableStatement("job_cost_inputs", (db) =>
  db
    .select({ estimatedCost: jobs.estimatedCost, actualCost: jobs.actualCost })
    .from(jobs)
    .where(eq(jobs.id, sql.placeholder("jobId"))),
);
const jobQuotedTotals = reusableStatement("job_quoted_totals", (db) =>
  db
    .select({
      approved: sql<string>`coalesce(sum(${quotes.total}) filter (where ${quotes.status} = 'approved'), 0)::text`,
      open: sql<string>`coalesce(sum(${quotes.total}) filter (where ${quotes.status} not in ('rejected', 'expired')), 0)::text`,
      approvedSubtotal: sql<string>`coalesce(sum(${quotes.subtotal}) filter (where ${quotes.status} = 'approved'), 0)::text`,
      openSubtotal: sql<string>`coalesce(sum(${quotes.subtotal}) filter (where ${quotes.status} not in ('rejected', 'expired')), 0)::text`,
    })
    .from(quotes)
    .where(eq(quotes.jobId, sql.placeholder("jobId"))),
);
const jobInvoicedTotal = reusableStatement("job_invoiced_total", (db) =>
  db
    .select({ total: sql<string>`coalesce(sum(${invoices.total}), 0)::text` })
    .from(invoices)
    .where(
      and(eq(invoices.jobId, sql.placeholder("jobId")), sql`${invoices.status} not in ('void', 'cancelled', 'draft')`),
    ),
);
// Lines added from inventory keep their cost (docs/decisions/lines-from-inventory.md): the quoted
// cost of the same quotes as the quoted value, known before anything is issued.
const jobQuotedCost = reusableStatement("job_quoted_cost", (db) => {
  const lineCost = sql`${quoteItems.quantity} * ${quoteItems.unitCost}`;
  return db
    .select({
      approved: sql<string>`coalesce(sum(${lineCost}) filter (where ${quotes.status} = 'approved'), 0)::numeric(14,4)::text`,
      open: sql<string>`coalesce(sum(${lineCost}) filter (where ${quotes.status} not in ('rejected', 'expired')), 0)::numeric(14,4)::text`,
      costed: sql<number>`count(${quoteItems.unitCost})::int`,
    })
    .from(quoteItems)
    .innerJoin(quotes, eq(quotes.id, quoteItems.quoteId))
    .where(eq(quotes.jobId, sql.placeholder("jobId")));
});
const jobIssuedQuantities = reusableStatement("job_issued_quantities", (db) =>
  db
    .select({
      sku: inventoryItems.sku,
      unit: inventoryItems.unit,
      quantity: sql<string>`sum(${jobMaterialUsages.quantity})::numeric(14,4)::text`,
    })
    .from(jobMaterialUsages)
    .innerJoin(inventoryItems, eq(inventoryItems.id, jobMaterialUsages.itemId))
    .where(eq(jobMaterialUsages.jobId, sql.placeholder("jobId")))
    .groupBy(inventoryItems.sku, inventoryItems.unit)
    .orderBy(inventoryItems.sku),
);

export async function jobMaterialCost(db: Executor, jobId: number) {
  const [row] = await jobMaterialCostOf(db, { jobId });
  return { totalCost: row.totalCost };
}

const toCentsText = (value: string | null | undefined) =>
  centsToString(divRound(parseScaled(value ?? "0", 4) ?? 0n, 100n));
const cents = (value: string | null | undefined) => parseScaled(value ?? "0", 2) ?? 0n;

/**
 * Job costing (estimate vs actual), to the cent: materials at cost from the ledger, other actual
 * costs (the job's actualCost as typed), quoted value (accepted quotes, else all but rejected/
 * expired), invoiced value (not void/cancelled) and margin = (invoiced, or quoted while nothing is
 * invoiced) − (materials + other).
 */
export async function jobCosting(db: Executor, jobId: number) {
  const [[job], { totalCost }, [quoted], [invoiced], [quotedCost]] = await Promise.all([
    jobCostInputs(db, { jobId }),
    jobMaterialCost(db, jobId),
    jobQuotedTotals(db, { jobId }),
    jobInvoicedTotal(db, { jobId }),
    jobQuotedCost(db, { jobId }),
  ]);
  if (!job) return null;
  const materials = toCentsText(totalCost);
  const other = centsToString(cents(job.actualCost));
  const actual = cents(materials) + cents(other);
  const quotedValue = cents(quoted.approved) > 0n ? quoted.approved : quoted.open;
  const value = cents(invoiced.total) > 0n ? cents(invoiced.total) : cents(quotedValue);
  const margin = value - actual;
  const approvedQuotes = cents(quoted.approved) > 0n;
  const quotedCostCents = cents(toCentsText(approvedQuotes ? quotedCost.approved : quotedCost.open));
  const marginPercent = value > 0n ? `${centsToString(divRound(margin * 10_000n, value))}` : null;
  return {
    estimatedCost: job.estimatedCost ? centsToString(cents(job.estimatedCost)) : null,
    materialsCost: materials,
    materialsCostExact: totalCost,
    otherCosts: other,
    actualTotal: centsToString(actual),
    quotedValue: centsToString(cents(quotedValue)),
    // Null when no quoted line names an inventory item with its cost.
    quotedCost: quotedCost.costed > 0 ? centsToString(quotedCostCents) : null,
    // The quotes' subtotal (before tax) less that cost.
    quotedMargin:
      quotedCost.costed > 0
        ? centsToString(cents(approvedQuotes ? quoted.approvedSubtotal : quoted.openSubtotal) - quotedCostCents)
        : null,
    invoicedValue: centsToString(cents(invoiced.total)),
    margin: centsToString(margin),
    marginPercent,
    variance: job.estimatedCost ? centsToString(actual - cents(job.estimatedCost)) : null,
  };
}

/** Stock already on order (purchase units × multiplier, not yet received), per item. */
export async function onOrderByItem(db: Executor, itemIds?: number[]) {
  const list = await rows<{ itemId: number; onOrder: string }>(
    db,
    sql`select l.item_id as "itemId", sum((l.quantity - l.received_quantity) * l.unit_multiplier)::numeric(14,4)::text as "onOrder"
        from ${purchaseOrderLines} l join purchase_orders o on o.id = l.purchase_order_id
        where o.status in ('ordered', 'partial') ${itemIds?.length ? sql`and l.item_id in ${itemIds}` : sql``}
        group by l.item_id`,
  );
  return new Map(list.map((r) => [Number(r.itemId), r.onOrder]));
}

/** A job's usage rows as a role may receive them: without unit and total costs when it does not see money. */
export function materialsForRole<T extends { unitCostSnapshot: string; totalCostSnapshot: string }>(
  list: T[],
  role: Role,
) {
  return seesMoney(role)
    ? list
    : list.map((row) => ({ ...row, unitCostSnapshot: undefined, totalCostSnapshot: undefined }));
}

/** The category and supplier choices of the item form (active ones). */
export async function itemFormOptions(db: Executor) {
  const [categories, supplierList] = await Promise.all([
    listCategories(db, { limit: 1000 }),
    listSuppliers(db, { active: "active", limit: 1000 }),
  ]);
  return {
    categories: categories.rows.filter((c) => c.active).map((c) => ({ value: String(c.id), label: c.name })),
    suppliers: supplierList.rows.map((s) => ({ value: String(s.id), label: s.name })),
  };
}

/** The job page's costing section: the costing for money roles, issued quantities per item for all. */
export async function jobCostingSummary(db: Executor, jobId: number, role: Role) {
  const money = seesMoney(role) && can(role, "inventory");
  const [costing, quantities] = await Promise.all([
    money ? jobCosting(db, jobId) : null,
    jobIssuedQuantities(db, { jobId }),
  ]);
  return { costing, materials: { lines: quantities.length, quantities }, canIssue: can(role, "inventory", "write") };
}

// ---------------------------------------------------------------- lines from inventory

/** The inventory items a quote or invoice line can be added from (active, by name; at most 500), or the one `id`. */
export function inventoryLineChoices(db: Executor, id?: number) {
  return db
    .select({
      id: inventoryItems.id,
      sku: inventoryItems.sku,
      name: inventoryItems.name,
      unit: inventoryItems.unit,
      sellPrice: inventoryItems.sellPrice,
      averageCost: inventoryItems.averageCost,
    })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.active, true), id === undefined ? undefined : eq(inventoryItems.id, id)))
    .orderBy(asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(500);
}
export type InventoryLineChoice = Awaited<ReturnType<typeof inventoryLineChoices>>[number];

/**
 * A line's unit price from an item (issue 15 item 6): its sell price, else its average cost plus
 * the business's default markup, rounded half-up to the cent. Exact: 4-decimal cost × (100 + m) / 100.
 */
export function inventoryLinePrice(item: { sellPrice: string | null; averageCost: string }, markupPercent: number) {
  if (item.sellPrice !== null) return centsToString(divRound(parseScaled(item.sellPrice, 4) ?? 0n, 100n));
  const cost = parseScaled(item.averageCost, 4) ?? 0n;
  return centsToString(divRound(cost * BigInt(100 + markupPercent), 10_000n));
}

/** The line a chosen item becomes: its name and unit, one of it, its price, and its cost kept. */
export function inventoryLine(item: InventoryLineChoice, markupPercent: number) {
  return {
    description: `${item.name} (${item.unit})`,
    quantity: "1.00",
    unitPrice: inventoryLinePrice(item, markupPercent),
    inventoryItemId: String(item.id),
    unitCost: item.averageCost,
  };
}

/**
 * Lines that name an inventory item but no cost (an API client) get the item's average cost now;
 * a line's cost, once kept, is not re-read when the document is saved again.
 */
export async function withLineCosts<T extends { inventoryItemId?: number; unitCost?: string }>(
  db: Executor,
  items: T[],
) {
  const missing = [
    ...new Set(items.filter((i) => i.inventoryItemId && i.unitCost === undefined).map((i) => i.inventoryItemId!)),
  ];
  if (missing.length === 0) return items;
  const found = await db
    .select({ id: inventoryItems.id, averageCost: inventoryItems.averageCost })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, missing));
  const costs = new Map(found.map((f) => [f.id, f.averageCost]));
  return items.map((i) =>
    i.inventoryItemId && i.unitCost === undefined ? { ...i, unitCost: costs.get(i.inventoryItemId) } : i,
  );
}
