// `npm run db:restore -- FILE [--clean] [--manifest FILE.manifest.json]`: puts a backup made by
// Settings → System → Backups (docs/decisions/backups.md) back into a database.
//
// - With DATABASE_URL (PostgreSQL): FILE is a pg_dump custom-format dump (`….dump`); pg_restore
//   (at least the server's major version) loads it in one transaction. The database must be empty
//   (create it first: `createdb cabinetry_restored`) unless --clean, which drops the dump's objects
//   first.
// - Without DATABASE_URL (the embedded PGlite database): FILE is the data directory tar (`….tar.gz`);
//   it becomes PGLITE_DIR (default ./data/pglite), which must be empty or absent unless --clean,
//   which moves the old directory aside (`<dir>.before-restore-<time>`). Stop the app first.
//
// FILE may also be an object key in the backup store (`backups/backup-….dump`, on disk or S3).
// Backups that were still running when the dump was taken are marked failed. When the manifest is
// found (--manifest, or FILE's name with `.manifest.json`), every table's row count is checked
// against it and a mismatch exits 1. Then run `npm run db:migrate` if the backup is older than the
// app.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { pgRestore } from "../app/integrations/pg-tools.server";
import { objectStore, readAll } from "../app/integrations/storage.server";
import { pgliteDataDir } from "./client.server";

type Options = { file: string; clean: boolean; manifest?: string };
type Counts = { schema: string; name: string; rows: number }[];
type Manifest = { tables?: Counts; backupId?: number; createdAt?: string };

const USAGE = "Usage: npm run db:restore -- FILE [--clean] [--manifest FILE.manifest.json]";

export class RestoreError extends Error {}

function parseArgs(argv: string[]): Options {
  const rest = [...argv];
  const options: Partial<Options> = { clean: false };
  while (rest.length) {
    const arg = rest.shift()!;
    if (arg === "--clean") options.clean = true;
    else if (arg === "--manifest") options.manifest = rest.shift();
    else if (arg === "--help" || arg === "-h") throw new RestoreError(USAGE);
    else if (arg.startsWith("--")) throw new RestoreError(`Unknown option ${arg}. ${USAGE}`);
    else if (options.file) throw new RestoreError(`One backup file at a time. ${USAGE}`);
    else options.file = arg;
  }
  if (!options.file) throw new RestoreError(USAGE);
  return options as Options;
}

async function exists(file: string) {
  return fs
    .stat(file)
    .then(() => true)
    .catch(() => false);
}

/** A local path, or a key in the backup store copied to a temporary file. */
async function localFile(file: string, tmp: string): Promise<string> {
  if (await exists(file)) return path.resolve(file);
  if (/^backups\/[a-z0-9._-]+$/.test(file)) {
    const object = await objectStore().get(file);
    if (!object) throw new RestoreError(`${file} is neither a file here nor a backup in the store.`);
    const target = path.join(tmp, path.basename(file));
    await fs.writeFile(target, await readAll(object.body));
    return target;
  }
  throw new RestoreError(`${file}: no such file.`);
}

async function manifestFor(opts: Options, file: string): Promise<Manifest | null> {
  const candidates = opts.manifest
    ? [opts.manifest]
    : [file.replace(/(\.dump|\.tar\.gz)$/, "") + ".manifest.json", `${file}.manifest.json`];
  for (const candidate of candidates)
    if (await exists(candidate)) return JSON.parse(await fs.readFile(candidate, "utf8")) as Manifest;
  if (/^backups\//.test(opts.file) && !opts.manifest) {
    const key = opts.file.replace(/(\.dump|\.tar\.gz)$/, "") + ".manifest.json";
    const object = await objectStore()
      .get(key)
      .catch(() => null);
    if (object) return JSON.parse((await readAll(object.body)).toString("utf8")) as Manifest;
  }
  if (opts.manifest) throw new RestoreError(`${opts.manifest}: no such manifest.`);
  return null;
}

async function formatOf(file: string): Promise<"pg_dump" | "pglite" | null> {
  const handle = await fs.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString("latin1") === "PGDMP") return "pg_dump";
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
    return null;
  } finally {
    await handle.close();
  }
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Backups still queued or running in the dump never finished there. */
const UNFINISHED = `update backups set status = 'failed', finished_at = now(),
  error = 'Unfinished when the restored backup was taken (its own file may be this backup).'
  where status in ('queued', 'running')`;

const COUNT_TABLES = `select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%' order by 1, 2`;

async function countRows(query: Query): Promise<Counts> {
  const tables = (await query(COUNT_TABLES)) as { schema: string; name: string }[];
  const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const out: Counts = [];
  for (const t of tables) {
    const [row] = await query(`select count(*)::bigint as n from ${ident(t.schema)}.${ident(t.name)}`);
    out.push({ schema: t.schema, name: t.name, rows: Number(row.n) });
  }
  return out;
}

/** Tables whose row count differs from the manifest's. */
export function compareCounts(expected: Counts, actual: Counts) {
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const got = new Map(actual.map((t) => [key(t), t.rows]));
  return expected
    .filter((t) => got.get(key(t)) !== t.rows)
    .map((t) => `${key(t)}: ${got.get(key(t)) ?? "missing"} rows, the backup had ${t.rows}`);
}

async function restorePostgres(url: string, file: string, clean: boolean): Promise<Counts> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ v }] = await sql<{ v: string }[]>`select current_setting('server_version') as v`;
    const major = Number(/^(\d+)/.exec(v)?.[1]) || null;
    const [{ n }] = await sql<{ n: string }[]>`select count(*)::int as n from pg_tables where schemaname = 'public'`;
    if (Number(n) > 0 && !clean)
      throw new RestoreError(
        `The database already has ${n} tables. Restore into a new, empty database (createdb …), or pass --clean to replace its contents.`,
      );
    await pgRestore({ url, file, serverMajor: major, clean });
    await sql.unsafe(UNFINISHED).catch(() => {});
    return await countRows((text) => sql.unsafe(text) as unknown as Promise<Record<string, unknown>[]>);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function restorePglite(file: string, clean: boolean): Promise<Counts> {
  const dir = pgliteDataDir();
  const present = (await exists(dir)) && (await fs.readdir(dir)).length > 0;
  if (present) {
    if (!clean)
      throw new RestoreError(
        `${dir} already holds a database. Stop the app and pass --clean (the old directory is kept beside it), or set PGLITE_DIR to an empty folder.`,
      );
    const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await fs.rename(dir, aside);
    console.log(`The previous database was moved to ${aside}.`);
  }
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([await fs.readFile(file)]),
  });
  try {
    await client.exec(UNFINISHED).catch(() => {});
    return await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

export async function restore(argv: string[]) {
  const opts = parseArgs(argv);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "cabinetry-restore-"));
  try {
    const file = await localFile(opts.file, tmp);
    const format = await formatOf(file);
    const url = process.env.DATABASE_URL;
    if (!format) throw new RestoreError(`${opts.file} is not a backup (neither a pg_dump file nor a PGlite tar.gz).`);
    if (url && format !== "pg_dump")
      throw new RestoreError(
        `${opts.file} is a backup of the embedded (PGlite) database; unset DATABASE_URL to restore it there.`,
      );
    if (!url && format !== "pglite")
      throw new RestoreError(
        `${opts.file} is a PostgreSQL backup (pg_dump); set DATABASE_URL to the (empty) database to restore it into.`,
      );
    const manifest = await manifestFor(opts, file);
    const counts = url ? await restorePostgres(url, file, opts.clean) : await restorePglite(file, opts.clean);
    const total = counts.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Restored ${counts.length} tables, ${total} rows, into ${url ? "PostgreSQL" : pgliteDataDir()}.`);
    if (manifest?.tables) {
      const problems = compareCounts(manifest.tables, counts);
      if (problems.length) throw new RestoreError(`Row counts differ from the manifest:\n${problems.join("\n")}`);
      console.log(
        `Every table's row count matches the manifest (backup #${manifest.backupId}, ${manifest.createdAt}).`,
      );
    }
    console.log("If this backup is older than the app, run `npm run db:migrate` next.");
    return counts;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  restore(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof RestoreError ? error.message : `Restore failed: ${error?.message ?? error}`);
    process.exit(1);
  });
}
