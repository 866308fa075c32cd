// The one database connection of a process: postgres.js when DATABASE_URL is set, else an
// embedded PGlite database under ./data/. Both hide behind the same drizzle API; `rows()`
// smooths over their different `execute()` result shapes.
import path from "node:path";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { SQL } from "drizzle-orm";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PostgresJsDatabase<typeof schema>;
/** A transaction handle; model functions accept either this or the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

type Handle = {
  db: Database;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  /** The embedded database itself (its data-directory dump makes the backups), when kind is pglite. */
  pglite?: import("@electric-sql/pglite").PGlite;
};

// Stored on globalThis so the server entry, the Remix bundle and in-process jobs share one client
// (two PGlite instances on one directory would corrupt it; several pools exhaust connections).
const globalKey = Symbol.for("cabinetry.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };

export function pgliteDataDir() {
  return process.env.PGLITE_DIR ?? path.resolve(process.cwd(), "data", "pglite");
}

async function open(): Promise<Handle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = postgres(url, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      onnotice: () => {},
      connection: SESSION_SETTINGS,
      // numeric stays a string (exact money); bigint counts come back as strings too.
    });
    preparedStatements(client);
    return {
      db: drizzlePostgres(client, { schema }),
      kind: "postgres",
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  const dir = pgliteDataDir();
  const fs = await import("node:fs");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: "pglite",
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * The session settings of every connection of the pool (the benchmark floors use them too).
 * A prepared statement is still planned for its values on each run: a plan made once for any values
 * (PostgreSQL's generic plan) read the customers search's `ilike $1` as matching 2 % of rows and
 * walked the whole table by date instead of the trigram indexes (37 ms instead of 0.6 ms).
 */
export const SESSION_SETTINGS = { plan_cache_mode: "force_custom_plan" } as const;

/**
 * drizzle sends every query with `sql.unsafe(text, params, { prepare: false })`: postgres.js asks
 * for the parameter types first (a second round trip), the text travels with every call and
 * PostgreSQL parses it anew. Kept as named statements per connection instead (postgres.js
 * re-prepares one that a migration invalidated, and a connection, with its statements, lives 30–60
 * minutes): one round trip, no re-parse (docs/decisions/prepared-statements.md). Queries inside a
 * transaction run on that transaction's own handle and stay unprepared.
 */
function preparedStatements(client: postgres.Sql) {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((
    query: string,
    params?: never[] | postgres.UnsafeQueryOptions,
    options?: postgres.UnsafeQueryOptions,
  ) =>
    Array.isArray(params) || params === undefined
      ? unsafe(query, params, { ...options, prepare: true })
      : unsafe(query, [], { ...params, prepare: true })) as typeof client.unsafe;
}

function handle(): Promise<Handle> {
  const g = globalThis as GlobalWithDb;
  g[globalKey] ??= open();
  return g[globalKey];
}

/** The shared drizzle database. */
export async function getDb(): Promise<Database> {
  return (await handle()).db;
}

export async function dbKind() {
  return (await handle()).kind;
}

/** The embedded PGlite client, or null on PostgreSQL (backups dump its data directory). */
export async function pgliteClient() {
  return (await handle()).pglite ?? null;
}

export async function closeDb() {
  const g = globalThis as GlobalWithDb;
  const pending = g[globalKey];
  if (!pending) return;
  delete g[globalKey];
  await (await pending).close();
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function rows<T = Record<string, unknown>>(exec: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await exec.execute(query));
}

/** A raw statement's rows: postgres.js answers an array of them, PGlite `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

type Runnable<T> = { execute(values?: Record<string, unknown>): Promise<T> };

/**
 * A fixed statement on a hot path, built by drizzle once and run prepared on any handle, a
 * transaction's own included. `build` writes it with `sql.placeholder(name)` for every value;
 * drizzle otherwise walks and checks every column to build the same text on each call (~0.3 ms
 * for a payment's lock statement, docs/performance.md), and `.prepare(name)` alone does not stop
 * that. The built query is kept per driver and bound to the calling handle's connection when run
 * (the client the driver's own prepared query reads, drizzle 0.45).
 */
export function reusableStatement<T>(
  name: string,
  build: (exec: Executor) => { prepare(name: string): Runnable<T> },
): (exec: Executor, values: Record<string, unknown>) => Promise<T> {
  const built = new Map<unknown, Runnable<T> & { client?: unknown; logger?: unknown }>();
  return (exec, values) => {
    const session = (exec as unknown as { session: { constructor: unknown; client: unknown; logger: unknown } })
      .session;
    const template = built.get(session.constructor);
    if (!template) {
      const query = build(exec).prepare(name) as Runnable<T> & { client?: unknown; logger?: unknown };
      built.set(session.constructor, query);
      return query.execute(values);
    }
    if (template.client === session.client && template.logger === session.logger) return template.execute(values);
    // Run on the calling handle's connection, and logged by its logger (the benches capture statements so).
    const bound = Object.create(template) as Runnable<T> & { client?: unknown; logger?: unknown };
    bound.client = session.client;
    bound.logger = session.logger;
    return bound.execute(values);
  };
}

/**
 * reusableStatement for raw SQL: a fixed statement written with `sql.placeholder(name)` for every
 * value, its text built by drizzle once and run prepared on the calling handle; its rows as objects,
 * whichever driver is underneath (as `rows()`). drizzle's `execute` builds the text anew on each call.
 */
export function reusableSql<T>(
  name: string,
  query: SQL,
): (exec: Executor, values: Record<string, unknown>) => Promise<T[]> {
  const run = reusableStatement<unknown>(name, (exec) => {
    const { session, dialect } = exec as unknown as {
      session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): Runnable<unknown> };
      dialect: { sqlToQuery(query: SQL): unknown };
    };
    return { prepare: (statement) => session.prepareQuery(dialect.sqlToQuery(query), undefined, statement, false) };
  });
  return async (exec, values) => rowsOf<T>(await run(exec, values));
}
