// Database backups (docs/decisions/backups.md): "Back up now" queues one, the daily job makes one
// while Settings → System "Auto backup" is on, and the worker writes it — a consistent dump of the
// database (PostgreSQL: pg_dump's custom format; the embedded PGlite database: its data directory
// as a gzipped tar) and a manifest JSON next to it, in the same object store as photos (disk or
// S3) — then keeps the last N. `npm run db:restore -- FILE` (db/restore.ts) puts one back.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { getDb, pgliteClient, rows, type Database, type Executor } from "../../db/client.server";
import { objectStore, contentDisposition, type ObjectStore } from "../integrations/storage.server";
import { pgDump, PgToolMissingError } from "../integrations/pg-tools.server";
import {
  appliedMigrations,
  backupsBeyond,
  createBackup,
  deleteBackupRows,
  failBackup,
  finishBackup,
  getBackup,
  lastScheduledBackupAt,
  photoObjectKeys,
  serverVersion,
  startBackup,
  tableRowCounts,
  type BackupRow,
  type TableCount,
} from "../models/backups.server";
import { getSettings } from "../models/settings.server";
import { backupFilename } from "../schemas/backup";
import { BACKUPS_QUEUE, RUN_BACKUP_JOB, backupJobOptions, enqueue } from "../../jobs/queues";

/** The database a backup reads: PostgreSQL by URL (pg_dump connects itself) or the embedded PGlite. */
export type BackupSource =
  { kind: "postgres"; db: Database; url: string } | { kind: "pglite"; db: Database; client: PGlite };

export const MANIFEST_KIND = "cabinetry-jobs-backup";

export type BackupManifest = {
  kind: typeof MANIFEST_KIND;
  manifestVersion: 1;
  backupId: number;
  trigger: string;
  createdAt: string;
  app: { name: string; version: string };
  migration: { tag: string | null; when: number | null; applied: number };
  database: { kind: "postgres" | "pglite"; serverVersion: string; format: "pg_dump" | "pglite" };
  dump: { key: string; filename: string; size: number; sha256: string };
  tables: TableCount[];
  photoObjects: { count: number; keys: string[] };
};

/** This process's database as a backup source. */
export async function currentSource(): Promise<BackupSource> {
  const db = await getDb();
  const client = await pgliteClient();
  if (client) return { kind: "pglite", db, client };
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return { kind: "postgres", db, url };
}

/** Back up now: a queued row (refused while one runs) and its job for the worker. */
export async function requestBackup(userId: number): Promise<BackupRow> {
  const db = await getDb();
  const row = (await createBackup(db, "manual", userId))!;
  try {
    await enqueue(BACKUPS_QUEUE, RUN_BACKUP_JOB, { trigger: "manual", backupId: row.id }, backupJobOptions);
  } catch (error) {
    await failBackup(db, row.id, `The backup could not be queued: ${messageOf(error)}`);
    throw error;
  }
  return row;
}

export type BackupOutcome =
  | { status: "skipped"; reason: string }
  | { status: "done"; backupId: number; size: number; removed: number[] }
  | { status: "failed"; backupId: number; error: string };

/** A scheduled backup this recent makes the next one unnecessary (a restarted in-process runner, a second worker). */
export const SCHEDULED_BACKUP_GAP_MS = 20 * 60 * 60 * 1000;

/**
 * The daily job: one backup while "Auto backup" is on, unless one is already running or the last
 * scheduled one is less than 20 hours old.
 */
export async function runScheduledBackup(
  source?: BackupSource,
  store?: ObjectStore,
  now = new Date(),
): Promise<BackupOutcome> {
  const src = source ?? (await currentSource());
  const { system } = await getSettings(src.db);
  if (!system.autoBackup) return { status: "skipped", reason: "Auto backup is off" };
  const last = await lastScheduledBackupAt(src.db);
  if (last && now.getTime() - last.getTime() < SCHEDULED_BACKUP_GAP_MS)
    return { status: "skipped", reason: "A scheduled backup was made less than 20 hours ago" };
  const row = await createBackup(src.db, "schedule");
  if (!row) return { status: "skipped", reason: "A backup is already running" };
  return performBackup(row.id, src, store);
}

/**
 * Writes backup `backupId` (a queued row): dump, manifest, store, then retention. Never throws for
 * a failed dump: the row says why (shown in Settings) and the outcome is "failed".
 */
export async function performBackup(
  backupId: number,
  source?: BackupSource,
  store: ObjectStore = objectStore(),
): Promise<BackupOutcome> {
  const src = source ?? (await currentSource());
  const { db } = src;
  if (!(await startBackup(db, backupId, src.kind === "postgres" ? "pg_dump" : "pglite")))
    return { status: "skipped", reason: `Backup ${backupId} is not queued` };
  const row = (await getBackup(db, backupId))!;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "cabinetry-backup-"));
  try {
    const filename = backupFilename(row.createdAt, src.kind === "postgres" ? "pg_dump" : "pglite");
    const stamp = row.createdAt.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
    const base = `backups/backup-${stamp}-${backupId}`;
    const dumpKey = `${base}${src.kind === "postgres" ? ".dump" : ".tar.gz"}`;
    const manifestKey = `${base}.manifest.json`;
    const file = path.join(tmp, "dump");
    const seen = src.kind === "postgres" ? await dumpPostgres(src, file) : await dumpPglite(src, file);
    const { size } = await fs.stat(file);
    const sha256 = await fileSha256(file);
    await store.putFile(dumpKey, file, src.kind === "postgres" ? "application/octet-stream" : "application/gzip");
    const manifest: BackupManifest = {
      kind: MANIFEST_KIND,
      manifestVersion: 1,
      backupId,
      trigger: row.trigger,
      createdAt: row.createdAt.toISOString(),
      app: await appInfo(),
      migration: {
        tag: await migrationTag(seen.migrations.when),
        when: seen.migrations.when,
        applied: seen.migrations.count,
      },
      database: { kind: src.kind, serverVersion: seen.server, format: src.kind === "postgres" ? "pg_dump" : "pglite" },
      dump: { key: dumpKey, filename, size, sha256 },
      tables: seen.tables,
      photoObjects: { count: seen.photoKeys.length, keys: seen.photoKeys },
    };
    await store.putBuffer(manifestKey, Buffer.from(JSON.stringify(manifest, null, 2)), "application/json");
    await finishBackup(db, backupId, { dumpKey, manifestKey, size, sha256 });
    const { system } = await getSettings(db);
    const removed = await applyRetention(db, system.backupKeep, store);
    return { status: "done", backupId, size, removed };
  } catch (error) {
    const message =
      error instanceof PgToolMissingError
        ? `The backup failed: ${error.message}`
        : `The backup failed: ${messageOf(error)}`;
    console.error(`[backups] backup #${backupId}: ${message}`);
    await failBackup(db, backupId, message);
    return { status: "failed", backupId, error: message };
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

type Seen = {
  tables: TableCount[];
  photoKeys: string[];
  migrations: { when: number | null; count: number };
  server: string;
};

async function snapshotFacts(db: Executor) {
  const [tables, photoKeys, migrations] = [
    await tableRowCounts(db),
    await photoObjectKeys(db),
    await appliedMigrations(db),
  ];
  return { tables, photoKeys, migrations };
}

/**
 * pg_dump on the snapshot of a read-only repeatable-read transaction (pg_export_snapshot): the
 * manifest's row counts and photo keys are read in that same transaction, so they describe exactly
 * the rows in the dump.
 */
async function dumpPostgres(src: Extract<BackupSource, { kind: "postgres" }>, file: string): Promise<Seen> {
  return src.db.transaction(
    async (tx) => {
      const [{ snapshot }] = await rows<{ snapshot: string }>(tx, sql`select pg_export_snapshot() as snapshot`);
      const server = await serverVersion(tx);
      const facts = await snapshotFacts(tx);
      await pgDump({ url: src.url, file, serverMajor: server.major, snapshot });
      return { ...facts, server: server.version };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * PGlite: its data directory as a gzipped tar (dumpDataDir), taken inside a transaction so no
 * other statement of this process runs between the counts and the copy (PGlite has one
 * connection and queues everyone else's queries behind an open transaction).
 */
async function dumpPglite(src: Extract<BackupSource, { kind: "pglite" }>, file: string): Promise<Seen> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const schema = await import("../../db/schema");
  return src.client.transaction(async (tx) => {
    const db = drizzle(tx as unknown as PGlite, { schema }) as unknown as Database;
    const server = await serverVersion(db);
    const facts = await snapshotFacts(db);
    const blob = await src.client.dumpDataDir("gzip");
    await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
    return { ...facts, server: `${server.version} (PGlite)` };
  });
}

/** Removes the backups beyond the newest `keep` (their dump and manifest, then the row); returns their ids. */
export async function applyRetention(db: Executor, keep: number, store: ObjectStore = objectStore()) {
  const old = await backupsBeyond(db, Math.max(1, keep));
  const removed: number[] = [];
  for (const backup of old) {
    try {
      for (const key of [backup.dumpKey, backup.manifestKey]) if (key) await store.delete(key);
      removed.push(backup.id);
    } catch (error) {
      // The row stays, so the next backup tries again.
      console.error(`[backups] could not remove backup #${backup.id}: ${messageOf(error)}`);
    }
  }
  await deleteBackupRows(db, removed);
  return removed;
}

/** A done backup's dump as a download: streamed from disk, or a redirect to a short-lived S3 URL. */
export async function backupDownload(row: BackupRow): Promise<Response | null> {
  if (row.status !== "done" || !row.dumpKey) return null;
  const store = objectStore();
  const filename = backupFilename(row.createdAt, row.format);
  if (store.kind === "s3") {
    if (!(await store.exists(row.dumpKey))) return null;
    const url = await store.presignedGet(row.dumpKey, 15 * 60, filename);
    return new Response(null, { status: 302, headers: { Location: url!, "Cache-Control": "no-store" } });
  }
  const object = await store.get(row.dumpKey);
  if (!object) return null;
  return new Response(createReadableStreamFromReadable(object.body), {
    status: 200,
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(filename, "attachment"),
      "Cache-Control": "no-store",
    },
  });
}

// ---------------------------------------------------------------- helpers

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

async function fileSha256(file: string) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}

async function appInfo() {
  const pkg = await readJson<{ name?: string; version?: string }>(path.resolve(process.cwd(), "package.json"));
  return { name: pkg?.name ?? "cabinetry-jobs", version: pkg?.version ?? "unknown" };
}

/** The journal's tag ("0013_backups") of the newest applied migration. */
async function migrationTag(when: number | null) {
  if (when === null) return null;
  const journal = await readJson<{ entries: { when: number; tag: string }[] }>(
    path.resolve(process.cwd(), "db/migrations/meta/_journal.json"),
  );
  return journal?.entries.find((e) => e.when === when)?.tag ?? null;
}
