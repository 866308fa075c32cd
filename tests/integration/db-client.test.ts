// The pool's PostgreSQL sessions (docs/decisions/prepared-statements.md): drizzle's queries run as
// named prepared statements, and every run is still planned for its own values — a generic plan
// had the customers search walk the whole table by date instead of using its trigram indexes.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { getDb, reusableSql, rows } from "../../db/client.server";
import * as schema from "../../db/schema";

describe("the database pool", () => {
  it("plans every run of a prepared statement for its values, on every connection", async () => {
    const db = await getDb();
    // More queries at once than the pool has connections, so each connection answers.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        rows<{ mode: string; n: number }>(db, sql`select current_setting('plan_cache_mode') as mode, ${i}::int as n`),
      ),
    );
    expect(new Set(answers.map(([a]) => a.mode))).toEqual(new Set(["force_custom_plan"]));
  });

  it("keeps a repeated query as a named statement on its connection", async () => {
    const db = await getDb();
    // A parameterised query sent enough times lands on every connection at least once.
    await Promise.all(Array.from({ length: 30 }, () => rows(db, sql`select ${1}::int + 1 as two`)));
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${"%::int + 1 as two%"}`,
    );
    expect(n).toBeGreaterThan(0);
  });
});

describe("reusableSql", () => {
  const doubled = reusableSql<{ n: number; label: string }>(
    "test_reusable_sql_doubled",
    sql`select (${sql.placeholder("n")}::int * 2) as n, ${sql.placeholder("label")}::text as label`,
  );

  it("runs a raw statement with its values, on the pool and inside a transaction", async () => {
    const db = await getDb();
    expect(await doubled(db, { n: 21, label: "pool" })).toEqual([{ n: 42, label: "pool" }]);
    expect(await doubled(db, { n: 5, label: "again" })).toEqual([{ n: 10, label: "again" }]);
    const inTransaction = await db.transaction((tx) => doubled(tx, { n: 7, label: "tx" }));
    expect(inTransaction).toEqual([{ n: 14, label: "tx" }]);
  });

  it("is logged by the handle that runs it, not the one that first built it", async () => {
    await doubled(await getDb(), { n: 1, label: "built by the pool" });
    const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const logged: unknown[][] = [];
      const db = drizzle(client, { schema, logger: { logQuery: (_text, params) => logged.push(params) } });
      expect(await doubled(db, { n: 3, label: "mine" })).toEqual([{ n: 6, label: "mine" }]);
      expect(logged).toEqual([[3, "mine"]]);
    } finally {
      await client.end({ timeout: 2 });
    }
  });
});
