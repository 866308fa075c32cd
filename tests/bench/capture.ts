// Started by run.ts as its own process: which SQL each list screen's route loader really sends, so
// the floor (tests/bench/floor.ts) runs exactly the same statements. It loads the production build
// (build/index.js) with a drizzle client that records every statement, calls each screen's route
// loader twice with the signed-in session (the second call is the one recorded: per-process caches
// are warm, as under load) and prints JSON { [key]: { statements, rowsAt } } on stdout.
//
// The floor has no session, user or settings, so statements whose main table is users,
// user_sessions or settings (the loader's sign-in check and settings lookups) are left out; every
// other statement — the page of rows, its count, stats, option lists — is kept.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "../../db/schema";
import { root } from "./lib";

export type Screen = { key: string; route: string; url: string; params?: Record<string, string> };
export type CapturedStatement = { sql: string; params: unknown[] };
export type Capture = Record<string, { statements: CapturedStatement[]; error?: string }>;

const AUTH_TABLES = /^(users|user_sessions|settings|login_throttle|user_devices)$/;

/** The table a statement reads first (its main FROM), or null. */
export function mainTable(sql: string) {
  return /\bfrom\s+"?([a-z_]+)"?/i.exec(sql)?.[1] ?? null;
}

async function main() {
  const screens = JSON.parse(process.env.CAPTURE_SCREENS ?? "[]") as Screen[];
  const cookie = process.env.CAPTURE_COOKIE ?? "";
  const baseUrl = process.env.APP_URL ?? "http://127.0.0.1";
  let recording: CapturedStatement[] | null = null;
  const client = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (sql, params) => recording?.push({ sql, params }) },
  });
  (globalThis as Record<symbol, unknown>)[Symbol.for("cabinetry.db")] = Promise.resolve({
    db,
    kind: "postgres",
    close: () => client.end({ timeout: 2 }),
  });
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as {
    routes: Record<string, { module: { loader?: (args: unknown) => Promise<unknown> } }>;
  };
  const out: Capture = {};
  for (const screen of screens) {
    const loader = build.routes[screen.route]?.module.loader;
    if (!loader) {
      out[screen.key] = { statements: [], error: `no loader for ${screen.route}` };
      continue;
    }
    const call = () =>
      loader({
        request: new Request(new URL(screen.url, baseUrl), { headers: { Cookie: cookie } }),
        params: screen.params ?? {},
        context: {},
      });
    try {
      await call();
      recording = [];
      await call();
      out[screen.key] = {
        statements: recording.filter((s) => !AUTH_TABLES.test(mainTable(s.sql) ?? "")),
      };
    } catch (error) {
      out[screen.key] = {
        statements: [],
        error: error instanceof Response ? `answered ${error.status}` : String(error),
      };
    } finally {
      recording = null;
    }
  }
  process.stdout.write(`CAPTURE ${JSON.stringify(out)}\n`);
  await client.end({ timeout: 2 });
  process.exit(0);
}

if (process.argv[1]?.endsWith("capture.ts")) void main();
