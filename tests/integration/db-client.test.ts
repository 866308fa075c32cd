// The pool's PostgreSQL sessions (docs/decisions/prepared-statements.md): drizzle's queries run as
// named prepared statements, and every run is still planned for its own values — a generic plan
// had the customers search walk the whole table by date instead of using its trigram indexes.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, rows } from "../../db/client.server";

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
