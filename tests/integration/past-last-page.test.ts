// A list page past the last (a stale link or bookmark, the last row of the last page deleted) is
// redirected to the last page with its search and filters kept (redirectPastLastPage in
// app/utils/list-search.server.ts); before, it drew "Page 100000 of 400" over "No customers yet".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { customers } from "../../db/schema";
import { baseUrl, signIn } from "../setup/http";

const tag = `plp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let owner = "";

beforeAll(async () => {
  owner = await signIn("owner");
  const db = await getDb();
  // 51 customers: two pages of 50.
  await db.insert(customers).values(Array.from({ length: 51 }, (_, i) => ({ name: `Paged ${tag} ${i + 1}` })));
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
});

const get = (path: string) =>
  fetch(`${baseUrl()}${path}`, { headers: { Cookie: owner, Accept: "text/html" }, redirect: "manual" });

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("a page past the end of a list", () => {
  it("goes to the last page, its search kept, and shows that page's rows", async () => {
    const res = await get(`/customers?search=${tag}&page=7`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/customers?search=${tag}&page=2`);

    const last = await get(`/customers?search=${tag}&page=2`);
    expect(last.status).toBe(200);
    const body = text(await last.text());
    expect(body).toContain("Showing 51–51 of 51");
    expect(body).toContain("Page 2 of 2");
    expect(body).not.toContain("No customers");
  });

  it("drops the page when the list has one page, or none", async () => {
    const one = await get(`/customers?search=${tag}%201&page=3`); // "1", "10"–"19", "51": 12 rows
    expect(one.status).toBe(302);
    expect(one.headers.get("location")).toBe(`/customers?search=${tag}+1`);
    const none = await get(`/customers?search=${tag}-nobody&page=2`);
    expect(none.status).toBe(302);
    expect(none.headers.get("location")).toBe(`/customers?search=${tag}-nobody`);
    // The first page is never redirected, empty or not.
    expect((await get(`/customers?search=${tag}-nobody`)).status).toBe(200);
  });

  it.each([
    "/customers",
    "/jobs?status=in-progress",
    "/quotes",
    "/invoices",
    "/tasks",
    "/follow-up",
    "/activity",
    "/inbox",
    "/photos",
    "/inventory",
    "/inventory/categories",
    "/inventory/suppliers",
    "/inventory/purchase-orders",
    "/inventory/transactions",
    "/reports?tab=ar-aging",
  ])("%s: page 100000 is redirected to a page of the same list that answers", async (path) => {
    const res = await get(`${path}${path.includes("?") ? "&" : "?"}page=100000`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, baseUrl());
    expect(location.pathname).toBe(path.split("?")[0]);
    const page = Number(location.searchParams.get("page") ?? 1);
    expect(page).toBeLessThan(100000);
    for (const [key, value] of new URL(path, baseUrl()).searchParams)
      expect(location.searchParams.get(key)).toBe(value);
    expect((await get(`${location.pathname}${location.search}`)).status).toBe(200);
  });
});
