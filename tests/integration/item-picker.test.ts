// The Issue Materials item picker's rows (itemOptions) and its no-JS Find on an Issue form's lines
// (readPickers with the lines' fields), against the real PostgreSQL test database.
import { describe, expect, it } from "vitest";
import type { Tx } from "../../db/client.server";
import { inSnapshot } from "../setup/snapshot";
import { inventoryItems, inventoryTransactions } from "../../db/schema";
import { itemOptions, listItems } from "../../app/models/inventory.server";
import { readPickers } from "../../app/forms/picker.server";
import { findNames, linePickerFields, PICKER_LIMIT, toPickerOption } from "../../app/utils/picker";

const tag = `ip${Date.now().toString(36)}`.toUpperCase();

async function items(db: Tx) {
  const rows = await db
    .insert(inventoryItems)
    .values([
      { sku: `${tag}-MOVED`, name: `Zz ${tag} moved`, unit: "sheet", currentStock: "12.5000" },
      { sku: `${tag}-IDLE`, name: `Zz ${tag} idle`, unit: "each" },
      { sku: `${tag}-OFF`, name: `Zz ${tag} inactive`, unit: "each", active: false },
      { sku: `${tag}-FREE`, name: `Zz ${tag} untracked`, unit: "each", trackStock: false },
    ])
    .returning();
  const [moved, idle, inactive, untracked] = rows;
  // A ledger row "now": newer than anything else, so the item is among the latest moved.
  await db
    .insert(inventoryTransactions)
    .values({ itemId: moved.id, type: "receive", quantity: "12.5", unitCost: "1", totalCost: "12.5" });
  return { moved, idle, inactive, untracked };
}

describe("itemOptions", () => {
  it("lists at most the picker's limit of issuable items, the latest moved first, in name order", async () => {
    await inSnapshot(async (db) => {
      const { moved, idle, inactive, untracked } = await items(db);
      const list = await itemOptions(db);
      expect(list.length).toBeLessThanOrEqual(PICKER_LIMIT);
      expect(list.map((r) => r.id)).toContain(moved.id);
      expect(list.map((r) => r.id)).not.toContain(inactive.id);
      expect(list.map((r) => r.id)).not.toContain(untracked.id);
      const names = list.map((r) => r.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(
        toPickerOption(
          "item",
          list.find((r) => r.id === moved.id)!,
        ),
      ).toEqual({
        id: moved.id,
        label: `${tag}-MOVED · Zz ${tag} moved`,
        detail: "12.5 sheet on hand",
      });
      // A search matches SKU or name, issuable items only; includeId adds the chosen one.
      expect((await itemOptions(db, { search: tag.toLowerCase() })).map((r) => r.id)).toEqual([idle.id, moved.id]);
      expect((await itemOptions(db, { search: `${tag}-idle` })).map((r) => r.id)).toEqual([idle.id]);
      expect((await itemOptions(db, { includeId: idle.id, limit: 0 })).map((r) => r.id)).toEqual([idle.id]);
      expect(await itemOptions(db, { includeId: inactive.id, limit: 0 })).toEqual([]);
      // /api/inventory/items?issuable=true (the combobox's search) asks listItems the same.
      const api = await listItems(db, { search: tag, active: "active", tracked: true, limit: 20, offset: 0 });
      expect(api.rows.map((r) => r.id).sort()).toEqual([moved.id, idle.id].sort());
    });
  });
});

describe("readPickers on the Issue form's lines", () => {
  it("finds an item for one line, chooses a single match, and keeps every line's chosen item listed", async () => {
    await inSnapshot(async (db) => {
      const { moved, idle } = await items(db);
      const second = findNames("item", "items[1].itemId");
      const form = new FormData();
      form.set("_action", "issue");
      form.set("items[0].itemId", String(moved.id));
      form.set("items[0].quantity", "2");
      form.set(findNames("item", "items[0].itemId").box, "");
      form.set("items[1].itemId", "");
      form.set("items[1].quantity", "1");
      form.set(second.box, `${tag}-idle`);
      form.set("intent", second.intent);
      const fields = linePickerFields(form, "items", "itemId", "item");
      expect(fields).toEqual({ "items[0].itemId": "item", "items[1].itemId": "item" });
      const lookups = await readPickers(db, form, fields);
      expect(form.get("items[1].itemId")).toBe(String(idle.id));
      expect(lookups["items[1].itemId"]).toMatchObject({ search: `${tag}-idle`, matched: 1 });
      expect(lookups["items[1].itemId"]!.rows.map((r) => r.id)).toEqual([idle.id]);
      // The other line's choice stays in its select; nothing was searched there.
      expect(lookups["items[0].itemId"]).toMatchObject({ search: "", matched: 0 });
      expect(lookups["items[0].itemId"]!.rows.map((r) => r.id)).toEqual([moved.id]);
      // A Find is not a submit: conform is told to update the field, so nothing is validated or issued.
      expect(JSON.parse(String(form.get("__intent__")))).toMatchObject({ type: "update" });
    });
  });
});
