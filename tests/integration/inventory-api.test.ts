// The inventory /api contract (spec §7, decisions §4) over HTTP against the production server:
// items, categories, suppliers, the ledger, a job's materials; bad input, 404, 409 and roles.
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `ia${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
let owner = "";
let office = "";
let installer = "";
let jobId = 0;

const send = (path: string, method: string, cookie: string, json?: unknown) =>
  api(path, { method, cookie, json, headers: { Origin: baseUrl() } });

beforeAll(async () => {
  [owner, office, installer] = await Promise.all([signIn("owner"), signIn("office"), signIn("installer")]);
  const customer = await send("/api/customers", "POST", owner, { name: `${tag} Customer` });
  const job = await send("/api/jobs", "POST", owner, {
    customerId: customer.body.id,
    title: `${tag} Kitchen`,
    status: "in-progress",
  });
  jobId = job.body.id;
});

describe("items", () => {
  it("creates with every field, reads, lists with filters, updates; SKU unique (case-insensitive) → 409", async () => {
    const category = await send("/api/inventory/categories", "POST", office, { name: `${tag} Sheet goods` });
    expect(category.status).toBe(201);
    const supplier = await send("/api/suppliers", "POST", office, {
      name: `${tag} Lumber Co`,
      email: "orders@lumber.example",
    });
    expect(supplier.status).toBe(201);
    expect(supplier.body).toMatchObject({ leadTimeDays: 7, paymentTerms: "Net 30", active: true });

    const sku = `PLY-34-MAPLE-${tag}`;
    const created = await send("/api/inventory/items", "POST", office, {
      sku,
      name: `${tag} Maple plywood 3/4"`,
      description: "A1 maple veneer core",
      type: "material",
      categoryId: category.body.id,
      unit: "sheet",
      purchaseUnit: "box",
      unitMultiplier: 10,
      trackStock: true,
      location: "Rack A",
      reorderPoint: "8",
      reorderQty: "40",
      safetyStock: "4",
      preferredSupplierId: supplier.body.id,
      lastCost: "61.2500",
      sellPrice: "95",
      tags: ["maple", "ply"],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      sku,
      unitMultiplier: "10.0000",
      reorderPoint: "8.0000",
      currentStock: "0.0000",
      averageCost: "0.0000",
      lastCost: "61.2500",
      tags: ["maple", "ply"],
    });
    expect(created.body.createdAt).toBeTruthy();

    const dup = await send("/api/inventory/items", "POST", office, { sku: sku.toLowerCase(), name: "Again" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe(`SKU ${sku.toLowerCase()} already exists`);

    const one = await api(`/api/inventory/items/${created.body.id}`, { cookie: owner });
    expect(one.body).toMatchObject({
      categoryName: `${tag} Sheet goods`,
      supplierName: `${tag} Lumber Co`,
      level: "out",
    });

    const found = await api(
      `/api/inventory/items?search=${encodeURIComponent(tag)}&categoryId=${category.body.id}&type=material`,
      { cookie: owner },
    );
    expect(found.status).toBe(200);
    expect(found.headers.get("x-total-count")).toBe("1");
    const low = await api(`/api/inventory/items?search=${encodeURIComponent(tag)}&lowStock=true`, { cookie: owner });
    expect(low.body.map((i: { sku: string }) => i.sku)).toEqual([sku]);
    const lowList = await api(`/api/inventory/items/low-stock`, { cookie: owner });
    expect(lowList.body.find((i: { sku: string }) => i.sku === sku)).toMatchObject({
      unit: "sheet",
      currentStock: "0.0000",
      reorderPoint: "8.0000",
      trackStock: true,
    });

    const updated = await send(`/api/inventory/items/${created.body.id}`, "PUT", office, {
      ...created.body,
      tags: "maple",
      location: "Rack B",
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ location: "Rack B", tags: ["maple"], currentStock: "0.0000" });

    // Delete refused while referenced, with the reason.
    const refused = await send(`/api/inventory/categories/${category.body.id}`, "DELETE", office);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `${tag} Sheet goods is used by 1 item and cannot be deleted. Mark it inactive instead.`,
    );
    const refusedSupplier = await send(`/api/suppliers/${supplier.body.id}`, "DELETE", office);
    expect(refusedSupplier.status).toBe(409);
    expect(refusedSupplier.body.error).toContain("preferred supplier of 1 item");
    const suppliers = await api(`/api/suppliers?search=${encodeURIComponent(`${tag} Lumber`)}`, { cookie: owner });
    expect(suppliers.body).toHaveLength(1);
  });

  it("refuses bad input with field errors: negative quantity, unknown unit, zero multiplier", async () => {
    const bad = await send("/api/inventory/items", "POST", office, {
      sku: `BAD-${tag}`,
      name: "Bad",
      unit: "bucket",
      unitMultiplier: "0",
      reorderPoint: "-1",
      lastCost: "1.23456",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["lastCost", "reorderPoint", "unit", "unitMultiplier"]);
    expect(bad.body.fieldErrors.unitMultiplier).toEqual(["Unit multiplier must be greater than zero"]);
    expect(bad.body.fieldErrors.unit[0]).toMatch(
      /Unit must be one of each, sheet, lf, bf, box, pair, set, gallon, pound/,
    );
    const missing = await send("/api/inventory/items", "POST", office, {});
    expect(missing.body.fieldErrors).toMatchObject({ sku: ["SKU is required"], name: ["Name is required"] });
    expect((await api("/api/inventory/items/999999999", { cookie: owner })).status).toBe(404);
    expect((await api("/api/inventory/items?type=gadget", { cookie: owner })).status).toBe(400);
    const negative = await send("/api/inventory/transactions", "POST", office, {
      type: "receive",
      itemId: 1,
      quantity: "-2",
      unitCost: "1",
    });
    expect(negative.status).toBe(400);
    expect(negative.body.fieldErrors.quantity).toEqual(["Quantity must not be negative"]);
    const issueType = await send("/api/inventory/transactions", "POST", office, {
      type: "issue",
      itemId: 1,
      quantity: "1",
    });
    expect(issueType.status).toBe(400);
  });
});

describe("the ledger and a job's materials", () => {
  it("receive → issue to a job → return: stock, average and the job's cost exact, all or nothing", async () => {
    const sku = `HINGE-${tag}`;
    const item = await send("/api/inventory/items", "POST", office, {
      sku,
      name: `${tag} Soft-close hinge`,
      unit: "each",
    });
    const id = item.body.id;
    const r1 = await send("/api/inventory/transactions", "POST", office, {
      type: "receive",
      itemId: id,
      quantity: 100,
      unitCost: "2.105",
    });
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({ type: "receive", quantity: "100.0000", unitCost: "2.1050", totalCost: "210.5000" });
    await send("/api/inventory/transactions", "POST", office, {
      type: "receive",
      itemId: id,
      quantity: "50",
      unitCost: "2.3333",
    });
    // (210.5 + 116.665) / 150 = 2.1811
    expect((await api(`/api/inventory/items/${id}`, { cookie: owner })).body).toMatchObject({
      currentStock: "150.0000",
      averageCost: "2.1811",
    });

    const short = await send(`/api/jobs/${jobId}/issue-materials`, "POST", office, {
      items: [{ itemId: id, quantity: "151" }],
    });
    expect(short.status).toBe(409);
    expect(short.body.error).toBe(`Only 150 each on hand for ${sku}`);
    const none = await send(`/api/jobs/${jobId}/issue-materials`, "POST", office, { items: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Please select materials to issue.");
    const unknown = await send(`/api/jobs/${jobId}/issue-materials`, "POST", office, {
      items: [{ itemId: 2_000_000_000, quantity: 1 }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("Item not found");

    const issued = await send(`/api/jobs/${jobId}/issue-materials`, "POST", office, {
      items: [
        { itemId: id, quantity: "12", notes: "Base run" },
        { itemId: id, quantity: "0.5" },
      ],
    });
    expect(issued.status).toBe(201);
    expect(issued.body).toHaveLength(1);
    expect(issued.body[0]).toMatchObject({
      quantity: "12.5000",
      unitCostSnapshot: "2.1811",
      totalCostSnapshot: "27.2638",
    });

    const back = await send(`/api/jobs/${jobId}/materials/${issued.body[0].id}/return`, "POST", office, {
      quantity: "2.5",
    });
    expect(back.status).toBe(201);
    const costs = await api(`/api/jobs/${jobId}/materials/costs`, { cookie: owner });
    expect(costs.body).toEqual({ totalCost: "21.8110" });
    const usage = await api(`/api/jobs/${jobId}/materials`, { cookie: owner });
    expect(usage.body.map((u: { quantity: string }) => u.quantity)).toEqual(["12.5000", "-2.5000"]);
    expect(usage.body[0]).toMatchObject({ sku, returnable: "10.0000", unitCostSnapshot: "2.1811" });
    expect((await api(`/api/inventory/items/${id}`, { cookie: owner })).body).toMatchObject({
      currentStock: "140.0000",
      averageCost: "2.1811",
    });

    const ledger = await api(`/api/inventory/transactions?itemId=${id}`, { cookie: owner });
    expect(ledger.headers.get("x-total-count")).toBe("4");
    expect(ledger.body.map((t: { type: string }) => t.type)).toEqual(["return", "issue", "receive", "receive"]);
    const issues = await api(`/api/inventory/transactions?itemId=${id}&type=issue&jobId=${jobId}`, { cookie: owner });
    expect(issues.body).toHaveLength(1);
    expect(issues.body[0]).toMatchObject({ quantity: "-12.5000", totalCost: "-27.2638", jobTitle: `${tag} Kitchen` });
    const future = await api(`/api/inventory/transactions?itemId=${id}&from=2099-01-01`, { cookie: owner });
    expect(future.body).toEqual([]);
    expect((await api(`/api/inventory/transactions?from=yesterday`, { cookie: owner })).status).toBe(400);

    const adjust = await send("/api/inventory/transactions", "POST", office, {
      type: "adjust",
      itemId: id,
      quantity: "-1",
      notes: "Dropped",
    });
    expect(adjust.status).toBe(201);
    const noReason = await send("/api/inventory/transactions", "POST", office, {
      type: "adjust",
      itemId: id,
      quantity: "-1",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors.notes).toEqual(["A reason is required for an adjustment"]);

    // Installers read the job's materials as quantities only, and cannot issue or see costs.
    const theirs = await api(`/api/jobs/${jobId}/materials`, { cookie: installer });
    expect(theirs.status).toBe(200);
    expect(theirs.body[0].quantity).toBe("12.5000");
    expect(theirs.body[0]).not.toHaveProperty("unitCostSnapshot");
    expect(theirs.body[0]).not.toHaveProperty("totalCostSnapshot");
    expect((await api(`/api/jobs/${jobId}/materials/costs`, { cookie: installer })).status).toBe(403);
    expect(
      (await send(`/api/jobs/${jobId}/issue-materials`, "POST", installer, { items: [{ itemId: id, quantity: 1 }] }))
        .status,
    ).toBe(403);
    expect((await api("/api/inventory/items", { cookie: installer })).status).toBe(403);
  });
});
