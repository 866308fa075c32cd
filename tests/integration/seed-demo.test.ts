// The demo shop (db/seed/, docs/decisions/seed-data.md) loaded into its own embedded PGlite
// database, as `npm run demo` does on a bare machine: the named logins, the counts, and money that
// adds up by the app's own rules (app/utils/money.ts) — every document's totals equal its items,
// every invoice's paid total its payments.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type Database } from "../../db/client.server";
import * as schema from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed/catalogue";
import { seedDemo } from "../../db/seed/demo";
import { verifyPassword } from "../../app/utils/password.server";
import { computeTotals, subtractMoney, addMoney } from "../../app/utils/money";

const root = path.resolve(__dirname, "../..");
// A fixed "now": the demo is laid out relative to today, so the same instant gives the same shop.
const NOW = new Date("2026-11-23T17:00:00Z");

type Doc = { id: number; number: string; subtotal: string; tax_rate: string; tax_amount: string; total: string };
type Item = { doc_id: number; quantity: string; unit_price: string; line_total: string };

describe("the demo shop on PGlite", () => {
  let client: PGlite;
  let db: Database;
  let summary: Record<string, number>;

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    db = drizzle(client, { schema }) as unknown as Database;
    await migrate(db as never, { migrationsFolder: path.join(root, "db/migrations") });
    summary = await seedDemo(db, { now: NOW });
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  it("has the three demo logins with the documented password and the same counts as always", async () => {
    const users = await rows<{ username: string; role: string; active: boolean; password_hash: string }>(
      db,
      sql`select username, role, active, password_hash from users order by id`,
    );
    const byName = new Map(users.map((u) => [u.username, u]));
    for (const [username, role] of [
      ["owner", "owner"],
      ["office", "office"],
      ["installer", "installer"],
    ]) {
      const user = byName.get(username);
      expect(user?.role).toBe(role);
      expect(user?.active).toBe(true);
      expect(await verifyPassword(DEMO_PASSWORD, user!.password_hash)).toBe(true);
    }
    expect(DEMO_PASSWORD).toBe("cabinets2026");
    expect(summary).toEqual({
      users: 6,
      customers: 40,
      jobs: 60,
      job_phases: 25,
      quotes: 50,
      quote_items: 207,
      invoices: 35,
      invoice_items: 130,
      payments: 34,
      resources: 10,
      schedule_events: 120,
      schedule_event_resources: 182,
      tasks: 40,
      inventory_categories: 6,
      suppliers: 5,
      inventory_items: 40,
      inventory_transactions: 233,
      job_material_usages: 154,
      activity_log: 30,
      emails: 4,
    });
    const [business] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from customers
                 where name in ('Hadley Homes LLC', 'Lakeside Property Management', 'Brightwater Family Dental')`,
    );
    expect(business.n).toBe(3);
  });

  it("gives every quote and invoice the totals of its items", async () => {
    for (const [docs, items] of [
      [
        sql`select id, quote_number as number, subtotal, tax_rate, tax_amount, total from quotes`,
        sql`select quote_id as doc_id, quantity, unit_price, line_total from quote_items order by sort_order`,
      ],
      [
        sql`select id, invoice_number as number, subtotal, tax_rate, tax_amount, total from invoices`,
        sql`select invoice_id as doc_id, quantity, unit_price, line_total from invoice_items order by sort_order`,
      ],
    ] as const) {
      const documents = await rows<Doc>(db, docs);
      const lines = await rows<Item>(db, items);
      expect(documents.length).toBeGreaterThan(0);
      for (const doc of documents) {
        const own = lines.filter((l) => l.doc_id === doc.id);
        expect(own.length, doc.number).toBeGreaterThan(0);
        const totals = computeTotals(
          own.map((l) => ({ quantity: l.quantity, unitPrice: l.unit_price })),
          doc.tax_rate,
        );
        expect(
          own.map((l) => l.line_total),
          doc.number,
        ).toEqual(totals.lines);
        expect([doc.subtotal, doc.tax_amount, doc.total], doc.number).toEqual([
          totals.subtotal,
          totals.taxAmount,
          totals.total,
        ]);
      }
    }
  });

  it("gives every invoice a paid total equal to its payments and a balance of total − paid", async () => {
    const invoices = await rows<{
      id: number;
      invoice_number: string;
      status: string;
      total: string;
      paid_total: string;
      balance: string;
    }>(db, sql`select id, invoice_number, status, total, paid_total, balance from invoices`);
    const payments = await rows<{ invoice_id: number; amount: string }>(
      db,
      sql`select invoice_id, amount from payments`,
    );
    const statuses = new Set<string>();
    for (const inv of invoices) {
      const paid = payments.filter((p) => p.invoice_id === inv.id).reduce((sum, p) => addMoney(sum, p.amount), "0.00");
      expect(inv.paid_total, inv.invoice_number).toBe(paid);
      expect(inv.balance, inv.invoice_number).toBe(subtractMoney(inv.total, inv.paid_total));
      if (inv.status === "paid") expect(inv.balance, inv.invoice_number).toBe("0.00");
      if (inv.status === "partial") {
        expect(Number(inv.paid_total), inv.invoice_number).toBeGreaterThan(0);
        expect(Number(inv.balance), inv.invoice_number).toBeGreaterThan(0);
      }
      statuses.add(inv.status);
    }
    expect([...statuses].sort()).toEqual(["cancelled", "draft", "overdue", "paid", "partial", "sent"]);
  });

  it("moves the number counters past the numbers it wrote", async () => {
    const behind = await rows<{ key: string }>(
      db,
      sql`select s.key from number_sequences s
                 join (select 'Q-' || split_part(quote_number, '-', 2) as key,
                              max(split_part(quote_number, '-', 3)::int) as n from quotes group by 1
                       union all
                       select 'INV-' || split_part(invoice_number, '-', 2),
                              max(split_part(invoice_number, '-', 3)::int) from invoices group by 1) m
                   on m.key = s.key
                 where s.last_value < m.n`,
    );
    expect(behind).toEqual([]);
  });
});
