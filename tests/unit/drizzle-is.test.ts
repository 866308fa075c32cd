// drizzle's `is(value, Class)` is patched (patches/drizzle-orm+0.45.4.patch) to remember, per class
// and entity kind, the walk up the class chain it does when `instanceof` fails — it is called for
// every chunk of every query drizzle builds. Query building must answer exactly as before.
import fs from "node:fs";
import { createRequire } from "node:module";
import { Column, is, SQL, sql, Table } from "drizzle-orm";
import { PgColumn, PgDialect, PgTable, PgText } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { customers } from "../../db/schema";

const require = createRequire(import.meta.url);

describe("drizzle's entity check", () => {
  it("runs the patched builds (ESM and CommonJS)", () => {
    const entity = require.resolve("drizzle-orm/entity");
    expect(fs.readFileSync(entity, "utf8")).toContain("isByClass");
    expect(fs.readFileSync(entity.replace(/\.c?js$/, ".js"), "utf8")).toContain("isByClass");
  });

  it("answers for a class, its parents and unrelated kinds, the same on every call", () => {
    for (let round = 0; round < 3; round++) {
      expect(is(customers.name, PgText)).toBe(true);
      expect(is(customers.name, PgColumn)).toBe(true);
      expect(is(customers.name, Column)).toBe(true);
      expect(is(customers.name, SQL)).toBe(false);
      expect(is(customers.name, Table)).toBe(false);
      expect(is(customers, PgTable)).toBe(true);
      expect(is(customers, Table)).toBe(true);
      expect(is(customers, Column)).toBe(false);
      expect(is(sql`select 1`, SQL)).toBe(true);
      expect(is(sql`select 1`, Column)).toBe(false);
      expect(is(null, SQL)).toBe(false);
      expect(is("text", SQL)).toBe(false);
    }
  });

  it("recognises an entity of another copy of a class by its kind (no instanceof)", () => {
    // What the walk is for: a second copy of drizzle (ESM and CommonJS side by side) makes
    // instances that fail `instanceof` but carry the same entity kind.
    const copy = Object.create(Object.getPrototypeOf(customers.name) as object) as object;
    class OtherSql {}
    Object.defineProperty(OtherSql, Symbol.for("drizzle:entityKind"), { value: "SQL" });
    for (let round = 0; round < 2; round++) {
      expect(is(copy, PgText)).toBe(true);
      expect(is(new OtherSql(), SQL)).toBe(true);
      expect(is(new OtherSql(), Column)).toBe(false);
    }
  });

  it("builds the same SQL text and parameters", () => {
    const dialect = new PgDialect();
    const query = dialect.sqlToQuery(
      sql`select ${customers.id}, ${customers.name} from ${customers} where ${customers.city} = ${"Charlotte"} and ${customers.id} > ${10}`,
    );
    expect(query.sql).toBe(
      'select "customers"."id", "customers"."name" from "customers" where "customers"."city" = $1 and "customers"."id" > $2',
    );
    expect(query.params).toEqual(["Charlotte", 10]);
  });
});
