// Purchase orders and reorder suggestions (issue 13 item 6; docs/decisions/purchasing.md) against
// the real database and over /api: a box of 100 received as 100 each at an exact cost per unit,
// partial receipts, the status rules, over-receiving refused (also concurrently), and suggestions
// that never double-order.
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, rows } from "../../db/client.server";
import { customers, inventoryItems, jobs, purchaseOrderLines, quoteItems, quotes } from "../../db/schema";
import { issueMaterials, q4, receiveStock } from "~/models/inventory-ledger.server";
import { createItem, createSupplier } from "~/models/inventory.server";
import {
  createDraftFromSuggestions,
  createPurchaseOrder,
  deletePurchaseOrder,
  getPurchaseOrder,
  receivePurchaseOrder,
  reorderSuggestions,
  setPurchaseOrderStatus,
  updatePurchaseOrder,
} from "~/models/purchasing.server";
import { ItemSchema, SupplierSchema } from "~/schemas/inventory";
import { Refusal } from "~/utils/refusal.server";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `po${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
let seq = 0;
let customerId = 0;

async function supplier(extra: Record<string, unknown> = {}) {
  seq += 1;
  return createSupplier(await getDb(), SupplierSchema.parse({ name: `${tag} Supplier ${seq}`, ...extra }));
}

async function item(extra: Record<string, unknown> = {}) {
  seq += 1;
  return createItem(
    await getDb(),
    ItemSchema.parse({ sku: `SKU-${tag}-${seq}`, name: `Item ${tag} ${seq}`, unit: "each", ...extra }),
  );
}

async function stock(itemId: number) {
  const db = await getDb();
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, itemId));
  const [{ ledger }] = await rows<{ ledger: string }>(
    db,
    sql`select coalesce(sum(quantity), 0)::numeric(14,4)::text as ledger from inventory_transactions where item_id = ${itemId}`,
  );
  return { onHand: row.currentStock, average: row.averageCost, lastCost: row.lastCost, ledger };
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

async function job(status = "in-progress") {
  const db = await getDb();
  seq += 1;
  const [j] = await db
    .insert(jobs)
    .values({ customerId, title: `${tag} Job ${seq}`, status })
    .returning();
  return j;
}

/** An approved quote on the job with one line from inventory. */
async function quoteLine(jobId: number, itemId: number, quantity: string) {
  const db = await getDb();
  seq += 1;
  const [q] = await db
    .insert(quotes)
    .values({ customerId, jobId, quoteNumber: `Q-${tag}-${seq}`, title: "Cabinets", status: "approved" })
    .returning();
  await db.insert(quoteItems).values({ quoteId: q.id, description: "Line", quantity, inventoryItemId: itemId });
}

beforeAll(async () => {
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `${tag} Customer` })
    .returning();
  customerId = c.id;
});

describe("purchase orders", () => {
  it("a box of 100 hinges received = 100 each at the exact cost per unit; partial, then the rest", async () => {
    const db = await getDb();
    const s = await supplier({ email: "orders@example.com" });
    const hinge = await item({ purchaseUnit: "box", unitMultiplier: "100", preferredSupplierId: s.id });
    const ply = await item({ unit: "sheet" });
    await receiveStock(db, { itemId: hinge.id, quantity: "50", unitCost: "0.1000" });
    const order = await createPurchaseOrder(db, {
      supplierId: s.id,
      lines: [
        { itemId: hinge.id, quantity: "3", unitCost: "12.99" },
        { itemId: ply.id, quantity: "10", unitCost: "42.1537" },
      ],
    });
    expect(order.poNumber).toMatch(/^PO-\d{4}-\d{4}$/);
    expect(order.status).toBe("draft");
    const detail = (await getPurchaseOrder(db, order.id))!;
    // 3 × 12.99 = 38.97; 10 × 42.1537 = 421.537 → 421.54 (half away from zero).
    expect(detail.total).toBe("460.51");
    expect(detail.lines[0].stockQuantity).toBe("300.0000");
    expect(detail.lines[0].stockUnitCost).toBe("0.1299");

    expect((await refusal(receivePurchaseOrder(db, order.id, { all: true }))).message).toMatch(/draft/);
    await setPurchaseOrderStatus(db, order.id, "ordered");

    const [hingeLine, plyLine] = detail.lines;
    await receivePurchaseOrder(db, order.id, { lines: [{ lineId: hingeLine.id, quantity: "1" }] });
    let after = await stock(hinge.id);
    expect(after.onHand).toBe("150.0000");
    expect(after.ledger).toBe("150.0000");
    expect(after.lastCost).toBe("0.1299");
    // (50 × 0.1000 + 100 × 0.1299) / 150 = 0.11993… → 0.1199
    expect(after.average).toBe("0.1199");
    expect((await getPurchaseOrder(db, order.id))!.status).toBe("partial");

    // Over-receiving is refused with what remains, and nothing is written.
    const over = await refusal(
      receivePurchaseOrder(db, order.id, {
        lines: [
          { lineId: plyLine.id, quantity: "2" },
          { lineId: hingeLine.id, quantity: "3" },
        ],
      }),
    );
    expect(over.status).toBe(409);
    expect(over.message).toContain(`Only 2 box of ${hinge.sku} remain to be received`);
    expect((await stock(ply.id)).onHand).toBe("0.0000");

    expect((await refusal(setPurchaseOrderStatus(db, order.id, "cancelled"))).message).toMatch(/cannot be cancelled/);
    expect((await refusal(updatePurchaseOrder(db, order.id, { supplierId: s.id, lines: [] as never }))).status).toBe(
      409,
    );

    const { order: done, receipts } = await receivePurchaseOrder(db, order.id, { all: true, notes: "Slip 881" });
    expect(done.status).toBe("received");
    expect(receipts).toHaveLength(2);
    after = await stock(hinge.id);
    expect(after.onHand).toBe("350.0000");
    expect(after.ledger).toBe("350.0000");
    const plyState = await stock(ply.id);
    expect(plyState.onHand).toBe("10.0000");
    expect(plyState.average).toBe("42.1537");
    // The ledger rows name the PO, its line and the supplier; the totals are what was paid.
    const ledger = await rows<{ quantity: string; unitCost: string; totalCost: string; reference: string }>(
      db,
      sql`select t.quantity::text, t.unit_cost::text as "unitCost", t.total_cost::text as "totalCost", t.reference
          from inventory_transactions t join purchase_order_lines l on l.id = t.purchase_order_line_id
          where l.purchase_order_id = ${order.id} and t.supplier_id = ${s.id} order by t.id`,
    );
    expect(ledger).toEqual([
      { quantity: "100.0000", unitCost: "0.1299", totalCost: "12.9900", reference: order.poNumber },
      { quantity: "200.0000", unitCost: "0.1299", totalCost: "25.9800", reference: order.poNumber },
      { quantity: "10.0000", unitCost: "42.1537", totalCost: "421.5370", reference: order.poNumber },
    ]);
    expect((await refusal(receivePurchaseOrder(db, order.id, { all: true }))).message).toMatch(/already fully/);
  });

  it("edits and deletes only drafts; cancels only before any receipt; blank cost = last cost × multiplier", async () => {
    const db = await getDb();
    const s = await supplier();
    const screws = await item({ purchaseUnit: "box", unitMultiplier: "250", lastCost: "0.0412" });
    const order = await createPurchaseOrder(db, { supplierId: s.id, lines: [{ itemId: screws.id, quantity: "2" }] });
    let detail = (await getPurchaseOrder(db, order.id))!;
    expect(detail.lines[0].unitCost).toBe("10.3000");
    await updatePurchaseOrder(db, order.id, {
      supplierId: s.id,
      notes: "Call first",
      lines: [{ itemId: screws.id, quantity: "4", unitCost: "10.25" }],
    });
    detail = (await getPurchaseOrder(db, order.id))!;
    expect(detail.lines).toHaveLength(1);
    expect(detail.total).toBe("41.00");
    await setPurchaseOrderStatus(db, order.id, "ordered");
    expect(
      (
        await refusal(
          updatePurchaseOrder(db, order.id, { supplierId: s.id, lines: [{ itemId: screws.id, quantity: "1" }] }),
        )
      ).message,
    ).toMatch(/only a draft purchase order can be edited/);
    expect((await refusal(deletePurchaseOrder(db, order.id))).status).toBe(409);
    const cancelled = await setPurchaseOrderStatus(db, order.id, "cancelled");
    expect(cancelled.status).toBe("cancelled");
    expect((await refusal(receivePurchaseOrder(db, order.id, { all: true }))).message).toMatch(/cancelled/);

    const draft = await createPurchaseOrder(db, { supplierId: s.id, lines: [{ itemId: screws.id, quantity: "1" }] });
    await deletePurchaseOrder(db, draft.id);
    expect(await getPurchaseOrder(db, draft.id)).toBeNull();
    const inactive = await item({ active: false });
    expect(
      (await refusal(createPurchaseOrder(db, { supplierId: s.id, lines: [{ itemId: inactive.id, quantity: "1" }] })))
        .message,
    ).toMatch(/inactive/);
  });

  it("concurrent receipts of the same line never receive more than was ordered", async () => {
    const db = await getDb();
    const s = await supplier();
    const panel = await item({ unit: "sheet" });
    const order = await createPurchaseOrder(db, {
      supplierId: s.id,
      lines: [{ itemId: panel.id, quantity: "5", unitCost: "30" }],
    });
    await setPurchaseOrderStatus(db, order.id, "ordered");
    const lineId = (await getPurchaseOrder(db, order.id))!.lines[0].id;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => receivePurchaseOrder(db, order.id, { lines: [{ lineId, quantity: "2" }] })),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    expect(ok).toBe(2);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as Refusal).message).toMatch(/remain to be received|fully/);
    const [line] = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, lineId));
    expect(line.receivedQuantity).toBe("4.0000");
    expect((await stock(panel.id)).onHand).toBe("4.0000");
    expect((await stock(panel.id)).ledger).toBe("4.0000");
  });
});

describe("reorder suggestions", () => {
  it("a fixture with exact suggestions: target − (on hand − needed by open jobs + on order + in draft)", async () => {
    const db = await getDb();
    const s = await supplier();
    // A: 10 on hand, target 40, an open job needs 12 of which 5 were issued → needs 7: 40 − (10 − 7) = 37.
    const a = await item({
      unit: "sheet",
      reorderPoint: "15",
      reorderQty: "40",
      preferredSupplierId: s.id,
      lastCost: "40",
    });
    // B: bought in boxes of 100, 30 on hand, target 500 → 470 each = 5 boxes (rounded up).
    const b = await item({
      purchaseUnit: "box",
      unitMultiplier: "100",
      reorderQty: "500",
      preferredSupplierId: s.id,
      lastCost: "0.1250",
    });
    // C: above its target → no suggestion. D: no reorder point or quantity → none.
    const c = await item({ reorderQty: "5", preferredSupplierId: s.id });
    const d = await item({ preferredSupplierId: s.id });
    await receiveStock(db, { itemId: a.id, quantity: "15", unitCost: "40" });
    await receiveStock(db, { itemId: b.id, quantity: "30", unitCost: "0.1250" });
    await receiveStock(db, { itemId: c.id, quantity: "9", unitCost: "1" });
    await receiveStock(db, { itemId: d.id, quantity: "1", unitCost: "1" });
    const open = await job("in-progress");
    await quoteLine(open.id, a.id, "12");
    await issueMaterials(db, open.id, { items: [{ itemId: a.id, quantity: "5" }] });
    // A completed job's quote does not count.
    const done = await job("completed");
    await quoteLine(done.id, a.id, "100");

    let list = await reorderSuggestions(db, { supplierId: s.id });
    expect(
      list.map((r) => [r.sku, r.onHand, r.needed, r.onOrder, r.inDraft, r.suggested, r.orderQuantity, r.unitCost]),
    ).toEqual([
      [a.sku, "10.0000", "7.0000", "0.0000", "0.0000", "37.0000", "37.0000", "40.0000"],
      [b.sku, "30.0000", "0.0000", "0.0000", "0.0000", "470.0000", "5.0000", "12.5000"],
    ]);

    // Create draft PO → the suggestions are 0 (nothing listed); placing it keeps them at 0.
    const draft = await createDraftFromSuggestions(db, s.id);
    const detail = (await getPurchaseOrder(db, draft.id))!;
    expect(detail.lines.map((l) => [l.sku, l.quantity, l.unitCost])).toEqual([
      [a.sku, "37.0000", "40.0000"],
      [b.sku, "5.0000", "12.5000"],
    ]);
    expect(await reorderSuggestions(db, { supplierId: s.id })).toEqual([]);
    await setPurchaseOrderStatus(db, draft.id, "ordered");
    expect(await reorderSuggestions(db, { supplierId: s.id })).toEqual([]);
    expect((await refusal(createDraftFromSuggestions(db, s.id))).message).toMatch(/Nothing to reorder/);

    // Receiving moves stock from "on order" to "on hand": still nothing to suggest.
    await receivePurchaseOrder(db, draft.id, { all: true });
    expect(await reorderSuggestions(db, { supplierId: s.id })).toEqual([]);
    // Issuing to the job lowers what it still needs as much as stock: still nothing.
    await issueMaterials(db, open.id, { items: [{ itemId: a.id, quantity: "7" }] });
    expect(await reorderSuggestions(db, { supplierId: s.id })).toEqual([]);
    // Cancelling a placed order brings its quantity back into the suggestion.
    const extra = await item({ reorderQty: "10", preferredSupplierId: s.id, lastCost: "2" });
    const po = await createDraftFromSuggestions(db, s.id);
    await setPurchaseOrderStatus(db, po.id, "cancelled");
    list = await reorderSuggestions(db, { supplierId: s.id });
    expect(list.map((r) => [r.sku, r.suggested])).toEqual([[extra.sku, "10.0000"]]);
  });

  it("two presses of Create draft PO at once make one draft", async () => {
    const db = await getDb();
    const s = await supplier();
    await item({ reorderQty: "20", preferredSupplierId: s.id, lastCost: "3" });
    const results = await Promise.allSettled([
      createDraftFromSuggestions(db, s.id),
      createDraftFromSuggestions(db, s.id),
      createDraftFromSuggestions(db, s.id),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from purchase_orders where supplier_id = ${s.id}`,
    );
    expect(Number(n)).toBe(1);
  });

  it("never double-orders: any sequence of receipts, issues, job needs, drafts, placing and receiving", async () => {
    const db = await getDb();
    const s = await supplier();
    const open = await job("in-progress");
    const TARGET = 50n * 10_000n;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant("receive" as const), quantity: fc.integer({ min: 1, max: 30 }) }),
            fc.record({ kind: fc.constant("issue" as const), quantity: fc.integer({ min: 1, max: 30 }) }),
            fc.record({ kind: fc.constant("need" as const), quantity: fc.integer({ min: 1, max: 30 }) }),
            fc.record({ kind: fc.constant("suggest" as const) }),
            fc.record({ kind: fc.constant("place" as const) }),
            fc.record({ kind: fc.constant("receive-po" as const) }),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          const thing = await item({ reorderQty: "50", preferredSupplierId: s.id, lastCost: "1" });
          const position = async () => {
            const [row] = (await reorderSuggestions(db, { supplierId: s.id, includeCovered: true })).filter(
              (r) => r.itemId === thing.id,
            );
            const p = q4(row.onHand) - q4(row.needed) + q4(row.onOrder) + q4(row.inDraft);
            // The suggestion is exactly what is missing from the target, never more.
            expect(q4(row.suggested)).toBe(p < TARGET ? TARGET - p : 0n);
            return { p, suggested: q4(row.suggested) };
          };
          const drafts: number[] = [];
          const placed: number[] = [];
          for (const step of steps) {
            if (step.kind === "receive")
              await receiveStock(db, { itemId: thing.id, quantity: String(step.quantity), unitCost: "1" });
            if (step.kind === "issue") {
              if (Number((await stock(thing.id)).onHand) >= step.quantity)
                await issueMaterials(db, open.id, { items: [{ itemId: thing.id, quantity: String(step.quantity) }] });
            }
            if (step.kind === "need") await quoteLine(open.id, thing.id, String(step.quantity));
            if (step.kind === "suggest") {
              const before = await position();
              try {
                drafts.push((await createDraftFromSuggestions(db, s.id)).id);
              } catch (error) {
                if (!(error instanceof Refusal)) throw error;
                expect(before.suggested).toBe(0n);
              }
              // Right after the draft: exactly at the target (or above it if it already was); 0 suggested.
              const after = await position();
              expect(after.suggested).toBe(0n);
              expect(after.p).toBe(before.p < TARGET ? TARGET : before.p);
            }
            if (step.kind === "place" && drafts.length) {
              const before = await position();
              const id = drafts.shift()!;
              await setPurchaseOrderStatus(db, id, "ordered");
              placed.push(id);
              expect((await position()).p).toBe(before.p);
            }
            if (step.kind === "receive-po" && placed.length) {
              const before = await position();
              await receivePurchaseOrder(db, placed.shift()!, { all: true });
              expect((await position()).p).toBe(before.p);
            }
            await position();
          }
          // This run's orders and item leave the supplier's suggestions to the next run.
          await db.execute(
            sql`update purchase_orders set status = 'cancelled' where supplier_id = ${s.id} and status in ('draft', 'ordered')`,
          );
          await db.execute(sql`update inventory_items set active = false where id = ${thing.id}`);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe("/api/purchase-orders", () => {
  let owner = "";
  let installer = "";
  const send = (path: string, method: string, cookie: string, json?: unknown) =>
    api(path, { method, cookie, json, headers: { Origin: baseUrl() } });
  beforeAll(async () => {
    [owner, installer] = await Promise.all([signIn("owner"), signIn("installer")]);
  });

  it("creates, lists with status and supplier, updates the draft, places, receives, refuses bad input and roles", async () => {
    const s = await supplier();
    const board = await item({ unit: "sheet" });
    const created = await send("/api/purchase-orders", "POST", owner, {
      supplierId: s.id,
      expectedDate: "2030-01-15",
      lines: [{ itemId: board.id, quantity: 4, unitCost: "55.5" }],
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("draft");
    expect(created.body.total).toBe("222.00");
    expect(created.body.lines[0].quantity).toBe("4.0000");
    const id = created.body.id;

    const list = await api(`/api/purchase-orders?status=draft&supplierId=${s.id}`, { cookie: owner });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.body[0].poNumber).toBe(created.body.poNumber);
    expect((await api(`/api/purchase-orders?status=bogus`, { cookie: owner })).status).toBe(400);

    const bad = await send("/api/purchase-orders", "POST", owner, {
      supplierId: s.id,
      lines: [{ itemId: board.id, quantity: "-1" }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors["lines.0.quantity"]).toBeDefined();
    expect((await send("/api/purchase-orders", "POST", owner, { supplierId: s.id, lines: [] })).status).toBe(400);
    expect((await send("/api/purchase-orders", "POST", installer, { supplierId: s.id, lines: [] })).status).toBe(403);
    expect((await api(`/api/purchase-orders/${id}`, { cookie: installer })).status).toBe(403);
    expect((await api(`/api/purchase-orders/999999999`, { cookie: owner })).status).toBe(404);

    const updated = await send(`/api/purchase-orders/${id}`, "PUT", owner, {
      supplierId: s.id,
      lines: [{ itemId: board.id, quantity: "6", unitCost: "55.5" }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.total).toBe("333.00");

    expect((await send(`/api/purchase-orders/${id}/status`, "POST", owner, { status: "received" })).status).toBe(400);
    const placed = await send(`/api/purchase-orders/${id}/status`, "POST", owner, { status: "ordered" });
    expect(placed.body.status).toBe("ordered");
    expect((await send(`/api/purchase-orders/${id}`, "PUT", owner, updated.body)).status).toBe(409);
    expect((await send(`/api/purchase-orders/${id}`, "DELETE", owner)).status).toBe(409);

    const lineId = placed.body.lines[0].id;
    const over = await send(`/api/purchase-orders/${id}/receive`, "POST", owner, {
      lines: [{ lineId, quantity: "7" }],
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toContain("Only 6 sheet");
    const part = await send(`/api/purchase-orders/${id}/receive`, "POST", owner, { lines: [{ lineId, quantity: 2 }] });
    expect(part.status).toBe(200);
    expect(part.body.status).toBe("partial");
    expect(part.body.receipts).toHaveLength(1);
    expect((await stock(board.id)).onHand).toBe("2.0000");

    const pdf = await fetch(`${baseUrl()}/inventory/purchase-orders/${id}/pdf`, { headers: { cookie: owner } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // E-mail to a supplier without an address is refused with the reason.
    const mail = await send(`/api/purchase-orders/${id}/send`, "POST", owner, {});
    expect(mail.status).toBe(400);
    expect(mail.body.error).toContain("has no email address");

    const suggestions = await api(`/api/inventory/reorder-suggestions?supplierId=${s.id}`, { cookie: owner });
    expect(suggestions.status).toBe(200);
    expect(Array.isArray(suggestions.body)).toBe(true);
  });
});
