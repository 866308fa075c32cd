// Quote and invoice lines from inventory (issue 15 item 6): the price is the item's sell price,
// else its average cost plus the default markup, to the cent; the line keeps the item and its
// cost (filled from the item when an API client sends none), and the job's costing shows the
// quoted cost and margin before anything is issued. Rows carry this file's unique tag.
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { customers, inventoryItems, jobs, quotes } from "../../db/schema";
import { inventoryLine, inventoryLinePrice, jobCosting } from "../../app/models/inventory.server";
import { api, signIn } from "../setup/http";

const tag = `lf${Date.now().toString(36)}`;
let owner = "";
let customerId = 0;
let jobId = 0;
let plywood = 0;
let hinge = 0;

beforeAll(async () => {
  owner = await signIn("owner");
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Lines ${tag}` })
    .returning();
  customerId = c.id;
  const [j] = await db
    .insert(jobs)
    .values({ customerId, title: `Island ${tag}`, status: "quoted" })
    .returning();
  jobId = j.id;
  const made = await db
    .insert(inventoryItems)
    .values([
      { sku: `PLY-${tag}`, name: `Maple ply ${tag}`, unit: "sheet", averageCost: "48.3750" },
      { sku: `HNG-${tag}`, name: `Soft-close hinge ${tag}`, unit: "pair", averageCost: "3.1200", sellPrice: "7.5000" },
    ])
    .returning();
  [plywood, hinge] = made.map((m) => m.id);
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(quotes).where(inArray(quotes.customerId, [customerId]));
  await db.delete(jobs).where(like(jobs.title, `%${tag}%`));
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
  await db.delete(inventoryItems).where(like(inventoryItems.sku, `%${tag}`));
});

describe("a line's price from an inventory item", () => {
  it("is the sell price when there is one, else the average cost plus the markup, rounded half-up", () => {
    expect(inventoryLinePrice({ sellPrice: "7.5000", averageCost: "3.1200" }, 35)).toBe("7.50");
    expect(inventoryLinePrice({ sellPrice: "7.4950", averageCost: "3.1200" }, 35)).toBe("7.50");
    // 48.375 × 1.35 = 65.30625
    expect(inventoryLinePrice({ sellPrice: null, averageCost: "48.3750" }, 35)).toBe("65.31");
    expect(inventoryLinePrice({ sellPrice: null, averageCost: "10.0050" }, 0)).toBe("10.01");
    expect(inventoryLinePrice({ sellPrice: null, averageCost: "0" }, 35)).toBe("0.00");
    const line = inventoryLine(
      { id: 9, sku: "X", name: "Edge banding", unit: "lf", sellPrice: null, averageCost: "0.4200" },
      50,
    );
    expect(line).toEqual({
      description: "Edge banding (lf)",
      quantity: "1.00",
      unitPrice: "0.63",
      inventoryItemId: "9",
      unitCost: "0.4200",
    });
  });
});

describe("quoted lines keep their item and cost", () => {
  it("fills a missing cost from the item, keeps a sent one, and the job costing shows the quoted cost and margin", async () => {
    const res = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId,
        jobId,
        title: `Island ${tag}`,
        taxRate: "0.1",
        items: [
          { description: "Maple ply (sheet)", quantity: "4", unitPrice: "65.31", inventoryItemId: plywood },
          {
            description: "Hinges (pair)",
            quantity: "10",
            unitPrice: "7.50",
            inventoryItemId: hinge,
            unitCost: "3.0000",
          },
          { description: "Labour", quantity: "6", unitPrice: "80.00" },
        ],
      },
    });
    expect(res.status).toBe(201);
    const quote = await api(`/api/quotes/${res.body.id}`, { cookie: owner });
    const lines = quote.body.items.map((i: Record<string, unknown>) => [i.description, i.inventoryItemId, i.unitCost]);
    expect(lines).toEqual([
      ["Maple ply (sheet)", plywood, "48.3750"],
      ["Hinges (pair)", hinge, "3.0000"],
      ["Labour", null, null],
    ]);
    // Cost 4 × 48.375 + 10 × 3 = 223.50; subtotal 261.24 + 75 + 480 = 816.24.
    const costing = await jobCosting(await getDb(), jobId);
    expect(costing).toMatchObject({ quotedCost: "223.50", quotedMargin: "592.74" });
  });

  it("refuses a bad cost on the line's field", async () => {
    const res = await api("/api/quotes", {
      method: "POST",
      cookie: owner,
      json: {
        customerId,
        title: `Bad cost ${tag}`,
        items: [{ description: "Ply", quantity: "1", unitPrice: "1", inventoryItemId: plywood, unitCost: "-2" }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors["items.0.unitCost"]).toEqual(["Unit cost must not be negative"]);
  });
});
