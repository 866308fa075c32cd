// Backups that restore (issue 15; docs/decisions/backups.md): a backup of a database this file
// creates, restored with `npm run db:restore` into another fresh database, has every table's rows
// (counts and a checksum of every row); retention keeps the last N; a missing pg_dump fails the
// backup with a message, not a crash; the embedded PGlite database backs up and restores the same
// way; only the owner sees, makes or downloads backups.
//
// The source and target databases and the object store (a temporary folder) belong to this file,
// so other files running at the same time neither disturb nor see them.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/postgres-js";
import { migrate as migratePg } from "drizzle-orm/postgres-js/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.server";
import * as schema from "../../db/schema";
import { DiskStore, readAll } from "~/integrations/storage.server";
import { createBackup, listBackups } from "~/models/backups.server";
import { saveSettings } from "~/models/settings.server";
import { performBackup, runScheduledBackup, type BackupManifest, type BackupSource } from "~/services/backups.server";
import { baseUrl, signIn } from "../setup/http";

const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const migrationsFolder = path.join(root, "db/migrations");
const tag = `bk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const runUrl = process.env.DATABASE_URL!;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const srcName = `${tag}_src`;
const dstName = `${tag}_dst`;
const srcUrl = withDatabase(runUrl, srcName);
const dstUrl = withDatabase(runUrl, dstName);

let admin: postgres.Sql;
let srcClient: postgres.Sql;
let src: Database;
let tmp: string;
let store: DiskStore;

/** Every table's row count and an md5 of all its rows (as text, sorted), by "schema.table". */
async function fingerprint(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const tables = (await query(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r','p') and n.nspname not in ('pg_catalog','information_schema')
        and n.nspname not like 'pg\\_%' order by 1, 2`,
  )) as { schema: string; name: string }[];
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const t of tables) {
    const q = `"${t.schema}"."${t.name}"`;
    const [row] = await query(
      `select count(*)::int as n, md5(string_agg(x.r, '|' order by x.r)) as h from (select t::text as r from ${q} t) x`,
    );
    out[`${t.schema}.${t.name}`] = { rows: Number(row.n), md5: (row.h as string | null) ?? null };
  }
  return out;
}

/** A few rows in most kinds of table: people, money, photos with their object keys, settings. */
async function fill(db: Database, label: string) {
  const [customer] = await db
    .insert(schema.customers)
    .values({ name: `Backup Customer ${label} ✓ "quoted"`, email: `${label}@example.com`, city: "Burlington" })
    .returning();
  const [job] = await db
    .insert(schema.jobs)
    .values({ customerId: customer.id, title: `Kitchen ${label}`, estimatedCost: "12345.67" })
    .returning();
  await db.insert(schema.quotes).values({
    customerId: customer.id,
    jobId: job.id,
    quoteNumber: `Q-${label}`,
    title: "Cabinets",
    subtotal: "99999999.99",
    taxRate: "0.08875",
  });
  await db.insert(schema.photos).values(
    [1, 2].map((i) => ({
      filename: `p${i}.jpg`,
      originalName: `Photo ${i}.jpg`,
      fileSize: 1000 + i,
      mimeType: "image/jpeg",
      objectPath: `photos/${label}/original-${i}`,
      thumbnailPath: `photos/${label}/thumb-${i}.webp`,
      customerId: customer.id,
    })),
  );
}

beforeAll(async () => {
  admin = postgres(runUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${srcName}"`);
  await admin.unsafe(`create database "${dstName}"`);
  srcClient = postgres(srcUrl, { max: 3, onnotice: () => {} });
  src = drizzlePg(srcClient, { schema });
  await migratePg(src, { migrationsFolder });
  await fill(src, tag);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), `${tag}-`));
  store = new DiskStore(path.join(tmp, "store"));
}, 120_000);

afterAll(async () => {
  await srcClient?.end({ timeout: 5 });
  await admin?.unsafe(`drop database if exists "${srcName}" with (force)`);
  await admin?.unsafe(`drop database if exists "${dstName}" with (force)`);
  await admin?.end({ timeout: 5 });
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

const pgSource = (): BackupSource => ({ kind: "postgres", db: src, url: srcUrl });

async function backUp(source: BackupSource) {
  const row = (await createBackup(source.db, "manual"))!;
  return performBackup(row.id, source, store);
}

async function manifestOf(db: Database, id: number) {
  const row = (await listBackups(db)).find((b) => b.id === id)!;
  const object = await store.get(row.manifestKey!);
  return { row, manifest: JSON.parse((await readAll(object!.body)).toString("utf8")) as BackupManifest };
}

function restoreCli(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(tsx, ["db/restore.ts", ...args], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
}

describe("backups", () => {
  it("backs up the database and restores it into a fresh database with every row", async () => {
    const outcome = await backUp(pgSource());
    expect(outcome.status).toBe("done");
    if (outcome.status !== "done") return;
    const { row, manifest } = await manifestOf(src, outcome.backupId);
    expect(row).toMatchObject({ status: "done", format: "pg_dump", size: outcome.size });
    expect(row.dumpKey).toMatch(/^backups\/backup-.*\.dump$/);

    // The manifest: tables with their counts, the photos' objects, the app and migration, the time.
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
    const newest = journal.entries.at(-1);
    expect(manifest).toMatchObject({
      backupId: outcome.backupId,
      app: { name: "cabinetry-jobs" },
      migration: { tag: newest.tag, when: newest.when, applied: journal.entries.length },
      database: { kind: "postgres", format: "pg_dump" },
      dump: { key: row.dumpKey, size: row.size, sha256: row.sha256 },
    });
    expect(new Date(manifest.createdAt).getTime()).toBe(row.createdAt.getTime());
    expect(manifest.tables).toContainEqual({ schema: "public", name: "customers", rows: 1 });
    expect(manifest.tables).toContainEqual({ schema: "public", name: "photos", rows: 2 });
    expect(manifest.photoObjects.keys).toEqual(
      expect.arrayContaining([`photos/${tag}/original-1`, `photos/${tag}/thumb-2.webp`]),
    );
    expect(manifest.photoObjects.count).toBe(4);

    // Download the dump and the manifest as an owner would, then restore into the fresh database.
    const dumpFile = path.join(tmp, "restore-me.dump");
    await fs.writeFile(dumpFile, await readAll((await store.get(row.dumpKey!))!.body));
    await fs.writeFile(path.join(tmp, "restore-me.manifest.json"), JSON.stringify(manifest));
    const before = await fingerprint((text) => srcClient.unsafe(text) as never);
    const result = restoreCli([dumpFile], { ...process.env, DATABASE_URL: dstUrl });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Every table's row count matches the manifest");

    const dst = postgres(dstUrl, { max: 1, onnotice: () => {} });
    try {
      const after = await fingerprint((text) => dst.unsafe(text) as never);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const [table, print] of Object.entries(before)) {
        expect({ table, rows: after[table].rows }).toEqual({ table, rows: print.rows });
        // The backup's own row was "running" inside its dump; the restore marks it unfinished.
        if (table !== "public.backups") expect({ table, md5: after[table].md5 }).toEqual({ table, md5: print.md5 });
      }
      expect(before["public.customers"].rows).toBe(1);
      const [customer] = await dst`select name from customers`;
      expect(customer.name).toBe(`Backup Customer ${tag} ✓ "quoted"`);
      const [quote] = await dst`select subtotal::text, tax_rate::text from quotes`;
      expect(quote).toEqual({ subtotal: "99999999.99", tax_rate: "0.088750" });
    } finally {
      await dst.end({ timeout: 5 });
    }

    // A second restore into the now full database is refused, clearly, and changes nothing.
    const again = restoreCli([dumpFile], { ...process.env, DATABASE_URL: dstUrl });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already has");
  }, 120_000);

  it("keeps the last N backups and removes older ones with their files", async () => {
    await saveSettings(src, "system", { backupKeep: 2 });
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const outcome = await backUp(pgSource());
      expect(outcome.status).toBe("done");
      if (outcome.status === "done") made.push(outcome.backupId);
    }
    const done = (await listBackups(src)).filter((b) => b.status === "done");
    expect(done.map((b) => b.id)).toEqual([made[2], made[1]]);
    // The older backups' objects are gone from the store; the kept ones are there.
    const all = await fs.readdir(path.join(tmp, "store", "backups"));
    const kept = all.filter((f) => !f.endsWith(".type"));
    expect(kept.sort()).toEqual(done.flatMap((b) => [path.basename(b.dumpKey!), path.basename(b.manifestKey!)]).sort());
  }, 120_000);

  it("fails with a clear message when pg_dump is missing, and keeps going", async () => {
    const saved = process.env.PG_BIN_DIR;
    process.env.PG_BIN_DIR = path.join(tmp, "no-such-bin");
    try {
      const outcome = await backUp(pgSource());
      expect(outcome.status).toBe("failed");
      const [latest] = await listBackups(src);
      expect(latest.status).toBe("failed");
      expect(latest.error).toMatch(/pg_dump was not found: install PostgreSQL 15 \(or newer\) client tools/);
    } finally {
      if (saved === undefined) delete process.env.PG_BIN_DIR;
      else process.env.PG_BIN_DIR = saved;
    }
    // The next backup works again, and the failed one stays listed with its message.
    expect((await backUp(pgSource())).status).toBe("done");
    expect((await listBackups(src)).some((b) => b.status === "failed")).toBe(true);
  }, 120_000);

  it("the daily job backs up only while Auto backup is on, once a day", async () => {
    await saveSettings(src, "system", { autoBackup: false });
    expect(await runScheduledBackup(pgSource(), store)).toMatchObject({ status: "skipped" });
    await saveSettings(src, "system", { autoBackup: true });
    const first = await runScheduledBackup(pgSource(), store);
    expect(first.status).toBe("done");
    const [latest] = await listBackups(src);
    expect(latest).toMatchObject({ trigger: "schedule", status: "done" });
    // A second run the same day (a restarted web process, a second worker) does nothing.
    expect(await runScheduledBackup(pgSource(), store)).toMatchObject({ status: "skipped" });
    // The next day's does.
    const tomorrow = new Date(Date.now() + 21 * 60 * 60 * 1000);
    expect((await runScheduledBackup(pgSource(), store, tomorrow)).status).toBe("done");
    await saveSettings(src, "system", { autoBackup: false });
  }, 120_000);

  it("backs up the embedded PGlite database and restores it into a fresh data directory", async () => {
    const dir = path.join(tmp, "pglite-src");
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    try {
      const db = drizzlePglite(client, { schema }) as unknown as Database;
      await migratePglite(db as never, { migrationsFolder });
      await fill(db, `${tag}pl`);
      const outcome = await backUp({ kind: "pglite", db, client });
      expect(outcome.status).toBe("done");
      if (outcome.status !== "done") return;
      const { row, manifest } = await manifestOf(db, outcome.backupId);
      expect(row.dumpKey).toMatch(/\.tar\.gz$/);
      expect(manifest.database).toMatchObject({ kind: "pglite", format: "pglite" });
      expect(manifest.tables).toContainEqual({ schema: "public", name: "photos", rows: 2 });
      const before = await fingerprint(async (text) => (await client.query<Record<string, unknown>>(text)).rows);

      const file = path.join(tmp, "pglite-backup.tar.gz");
      await fs.writeFile(file, await readAll((await store.get(row.dumpKey!))!.body));
      const target = path.join(tmp, "pglite-restored");
      const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: target };
      delete env.DATABASE_URL;
      const result = restoreCli([file, "--manifest", "/dev/null/none"], env);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("no such manifest");
      await fs.writeFile(`${file}.manifest.json`, JSON.stringify(manifest));
      const ok = restoreCli([file], env);
      expect(ok.stderr).toBe("");
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain("Every table's row count matches the manifest");

      const restored = await PGlite.create(target, { extensions: { pg_trgm } });
      try {
        const after = await fingerprint(async (text) => (await restored.query<Record<string, unknown>>(text)).rows);
        for (const [table, print] of Object.entries(before)) {
          expect({ table, rows: after[table]?.rows }).toEqual({ table, rows: print.rows });
          if (table !== "public.backups") expect({ table, md5: after[table].md5 }).toEqual({ table, md5: print.md5 });
        }
      } finally {
        await restored.close();
      }
    } finally {
      await client.close();
    }
  }, 180_000);
});

describe("who may see backups", () => {
  let cookies: Record<"owner" | "office" | "installer", string>;
  beforeAll(async () => {
    const [owner, office, installer] = await Promise.all([signIn("owner"), signIn("office"), signIn("installer")]);
    cookies = { owner, office, installer };
  });

  const get = (url: string, cookie: string) =>
    fetch(`${baseUrl()}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });

  it("shows the section to the owner only; office and installer cannot list, make or download backups", async () => {
    const ownerPage = await (await get("/settings/system", cookies.owner)).text();
    expect(ownerPage).toContain('id="backups-heading"');
    expect(ownerPage).toContain("Back up now");
    expect(ownerPage).not.toContain("Automatic backups");

    const officePage = await get("/settings/system", cookies.office);
    expect(officePage.status).toBe(200);
    const officeText = await officePage.text();
    expect(officeText).not.toContain('id="backups-heading"');
    expect(officeText).not.toContain("Back up now");

    for (const who of ["office", "installer"] as const) {
      expect((await get("/settings/system/backups", cookies[who])).status).toBe(403);
      expect((await get("/settings/system/backups/1", cookies[who])).status).toBe(403);
      const post = await fetch(`${baseUrl()}/settings/system/backups`, {
        method: "POST",
        headers: { Cookie: cookies[who], Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=backup-now",
        redirect: "manual",
      });
      expect(post.status).toBe(403);
    }
  });

  it("refuses a bad number of backups to keep with a message (400), never a 500", async () => {
    const res = await fetch(`${baseUrl()}/settings/system/backups`, {
      method: "POST",
      headers: { Cookie: cookies.owner, Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=save-backups&backupKeep=0",
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Backups to keep must be between 1 and 365");
  });
});
