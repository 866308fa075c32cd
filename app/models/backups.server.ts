// Backup rows and what a backup's manifest says about the database (docs/decisions/backups.md):
// the rows' life (queued → running → done | failed), the list Settings → System shows, which
// backups retention removes, and the tables' row counts, the photos' object keys and the last
// applied migration, read in the same snapshot as the dump.
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { rows, type Executor } from "../../db/client.server";
import { backups, photos } from "../../db/schema";
import { conflict } from "../utils/refusal.server";

export type BackupStatus = "queued" | "running" | "done" | "failed";
export type BackupRow = typeof backups.$inferSelect;

/** A backup still queued or running after this long was lost with its worker: it is marked failed. */
export const STALE_BACKUP_MS = 6 * 60 * 60 * 1000;

/** The rows Settings lists, newest first (done, failed and the one in progress). */
export async function listBackups(db: Executor, limit = 400) {
  return db.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).limit(limit);
}

export async function getBackup(db: Executor, id: number) {
  const [row] = await db.select().from(backups).where(eq(backups.id, id));
  return row ?? null;
}

/** When the newest successful scheduled backup was made, or null. */
export async function lastScheduledBackupAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: backups.createdAt })
    .from(backups)
    .where(and(eq(backups.trigger, "schedule"), eq(backups.status, "done")))
    .orderBy(desc(backups.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Marks backups queued or running for longer than STALE_BACKUP_MS as failed; returns how many. */
export async function failStaleBackups(db: Executor, now = new Date()) {
  const before = new Date(now.getTime() - STALE_BACKUP_MS);
  const stale = await db
    .update(backups)
    .set({ status: "failed", error: "The backup did not finish (the worker stopped while it ran).", finishedAt: now })
    .where(and(inArray(backups.status, ["queued", "running"]), lt(backups.createdAt, before)))
    .returning({ id: backups.id });
  return stale.length;
}

/**
 * A new backup row, queued. A manual one is refused while another is queued or running (one dump
 * at a time is enough, and the button stays harmless when pressed twice); a scheduled one is then
 * skipped (null).
 */
export async function createBackup(db: Executor, trigger: "schedule" | "manual", requestedByUserId?: number | null) {
  await failStaleBackups(db);
  return db.transaction(async (tx) => {
    // One at a time: the advisory lock orders two presses that arrive together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cabinetry.backups'))`);
    const [busy] = await tx
      .select({ id: backups.id })
      .from(backups)
      .where(inArray(backups.status, ["queued", "running"]))
      .limit(1);
    if (busy && trigger === "manual")
      throw conflict("A backup is already running. It is listed below when it is done.");
    if (busy) return null;
    const [row] = await tx
      .insert(backups)
      .values({ trigger, status: "queued", requestedByUserId: requestedByUserId ?? null })
      .returning();
    return row;
  });
}

/** queued → running; false when the row is gone or no longer queued (a second delivery of the job). */
export async function startBackup(db: Executor, id: number, format: string) {
  const started = await db
    .update(backups)
    .set({ status: "running", format, startedAt: new Date() })
    .where(and(eq(backups.id, id), eq(backups.status, "queued")))
    .returning({ id: backups.id });
  return started.length > 0;
}

export async function finishBackup(
  db: Executor,
  id: number,
  done: { dumpKey: string; manifestKey: string; size: number; sha256: string },
) {
  await db
    .update(backups)
    .set({ ...done, status: "done", error: null, finishedAt: new Date() })
    .where(eq(backups.id, id));
}

export async function failBackup(db: Executor, id: number, error: string) {
  await db
    .update(backups)
    .set({ status: "failed", error: error.slice(0, 1000), finishedAt: new Date() })
    .where(eq(backups.id, id));
}

/**
 * Retention: the done backups after the newest `keep`, and failed ones after the newest `keep`
 * failures (their messages stay visible for a while). Returns the rows to remove with their keys.
 */
export async function backupsBeyond(db: Executor, keep: number) {
  const ranked = db
    .select({
      id: backups.id,
      dumpKey: backups.dumpKey,
      manifestKey: backups.manifestKey,
      rank: sql<number>`row_number() over (partition by ${backups.status} order by ${backups.createdAt} desc, ${backups.id} desc)`.as(
        "rank",
      ),
      status: backups.status,
    })
    .from(backups)
    .where(or(eq(backups.status, "done"), eq(backups.status, "failed")))
    .as("ranked");
  return db
    .select({ id: ranked.id, dumpKey: ranked.dumpKey, manifestKey: ranked.manifestKey })
    .from(ranked)
    .where(sql`${ranked.rank} > ${keep}`);
}

export async function deleteBackupRows(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(backups).where(inArray(backups.id, ids));
}

// ---------------------------------------------------------------- what the manifest records

export type TableCount = { schema: string; name: string; rows: number };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every ordinary table of the database outside the system schemas, with its row count. */
export async function tableRowCounts(db: Executor): Promise<TableCount[]> {
  const tables = await rows<{ schema: string; name: string }>(
    db,
    sql`select n.nspname as schema, c.relname as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
           and n.nspname not like 'pg\\_%'
         order by n.nspname, c.relname`,
  );
  if (tables.length === 0) return [];
  const counts = await rows<{ i: number; n: string | number }>(
    db,
    sql.raw(
      tables
        .map((t, i) => `select ${i} as i, count(*) as n from ${ident(t.schema)}.${ident(t.name)}`)
        .join(" union all "),
    ),
  );
  const byIndex = new Map(counts.map((c) => [Number(c.i), Number(c.n)]));
  return tables.map((t, i) => ({ schema: t.schema, name: t.name, rows: byIndex.get(i) ?? 0 }));
}

/** The object keys of every photo (original and its derivatives), sorted. */
export async function photoObjectKeys(db: Executor): Promise<string[]> {
  const found = await db
    .select({ o: photos.objectPath, t: photos.thumbnailPath, v: photos.viewerPath })
    .from(photos)
    .orderBy(photos.id);
  return found.flatMap((p) => [p.o, p.t, p.v]).filter((k): k is string => Boolean(k));
}

/** The newest applied migration (drizzle's journal table): its `when` and how many are applied. */
export async function appliedMigrations(db: Executor): Promise<{ when: number | null; count: number }> {
  try {
    const [row] = await rows<{ when: string | number | null; count: string | number }>(
      db,
      sql`select max(created_at) as when, count(*) as count from drizzle.__drizzle_migrations`,
    );
    return {
      when: row?.when === null || row?.when === undefined ? null : Number(row.when),
      count: Number(row?.count ?? 0),
    };
  } catch {
    return { when: null, count: 0 };
  }
}

/** "15.20 (Debian …)" → its major version, 15. */
export async function serverVersion(db: Executor): Promise<{ version: string; major: number | null }> {
  const [row] = await rows<{ v: string }>(db, sql`select current_setting('server_version') as v`);
  const version = row?.v ?? "";
  const match = /^(\d+)/.exec(version);
  return { version, major: match ? Number(match[1]) : null };
}
