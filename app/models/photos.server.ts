// The one place that reads and writes photos and their upload slots (pages and /api both call it).
// The bytes live in the object store; services/photos.server.ts moves them and calls this model.
import { and, arrayContains, count, desc, eq, gt, ilike, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { customers, jobs, photos, photoUploads, scheduleEvents, tasks } from "../../db/schema";
import type { PhotoEditInput, PhotoEntity, PhotoRegisterInput } from "../schemas/photo";
import { conflict, forbidden, invalid, notFound, requireFound } from "../utils/refusal.server";
import { containsPattern } from "../utils/search.server";
import { logActivity } from "./activity.server";
import { customerOptions, type CustomerPickerScope } from "./customer.server";

export type PhotoRow = typeof photos.$inferSelect;
export type PhotoUpload = typeof photoUploads.$inferSelect;

// ---------------------------------------------------------------- upload slots

/** How long an upload URL may be used (decisions §7: short-lived; at most 15 minutes). */
export const UPLOAD_URL_SECONDS = 10 * 60;
/** Uploads never registered are removed after this long (the daily job). */
export const UNREGISTERED_UPLOAD_HOURS = 24;

export const originalKey = (uploadId: string) => `originals/${uploadId}`;
export const objectPathOf = (uploadId: string) => `/objects/${uploadId}`;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** The upload id inside an objectPath (`/objects/<id>`) or an uploadURL (`…/api/objects/upload/<id>?…`). */
export function uploadIdFromPath(objectPath: string): string | null {
  const match = new RegExp(`(?:^|/)(?:objects|objects/upload)/(${UUID})(?:[?#]|$)`, "i").exec(objectPath.trim());
  return match ? match[1].toLowerCase() : null;
}

export async function createUploadSlot(db: Executor, id: string, userId: number, now = new Date()) {
  const [row] = await db
    .insert(photoUploads)
    .values({
      id,
      userId,
      objectKey: originalKey(id),
      expiresAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000),
    })
    .returning();
  return row;
}

/**
 * Takes an issued slot for one upload (single use): refused when unknown, expired or used. The row
 * goes to `receiving` atomically, so two PUTs to one URL cannot both store.
 */
export async function claimUploadSlot(db: Executor, id: string, now = new Date()) {
  const [row] = await db
    .update(photoUploads)
    .set({ status: "receiving" })
    .where(and(eq(photoUploads.id, id), eq(photoUploads.status, "issued"), gt(photoUploads.expiresAt, now)))
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(photoUploads).where(eq(photoUploads.id, id));
  if (!existing) throw notFound("Upload URL not found");
  if (existing.status !== "issued") throw conflict("This upload URL has already been used. Ask for a new one.");
  throw forbidden("This upload URL has expired. Ask for a new one.");
}

export async function markUploadStored(
  db: Executor,
  id: string,
  facts: { mimeType: string; fileSize: number; sha256: string; width: number; height: number },
) {
  const [row] = await db
    .update(photoUploads)
    .set({ status: "stored", storedAt: new Date(), ...facts })
    .where(eq(photoUploads.id, id))
    .returning();
  return row;
}

export async function markUploadFailed(db: Executor, id: string) {
  await db.update(photoUploads).set({ status: "failed" }).where(eq(photoUploads.id, id));
}

/** Slots older than `hours` that never became a photo (their objects are removed by the caller). */
export async function staleUploads(db: Executor, hours = UNREGISTERED_UPLOAD_HOURS, now = new Date()) {
  const before = new Date(now.getTime() - hours * 3600_000);
  return db
    .select()
    .from(photoUploads)
    .where(and(lt(photoUploads.createdAt, before), sql`${photoUploads.status} <> 'registered'`))
    .limit(5000);
}

export async function deleteUploadSlot(db: Executor, id: string) {
  await db.delete(photoUploads).where(eq(photoUploads.id, id));
}

// ---------------------------------------------------------------- reading

export type PhotoFilters = {
  search?: string;
  customerId?: number;
  jobId?: number;
  taskId?: number;
  scheduleEventId?: number;
  hasCustomerId?: boolean;
  hasJobId?: boolean;
  hasTaskId?: boolean;
  hasScheduleEventId?: boolean;
  /** The Photos screen's entity filter: the same as the matching has…Id. */
  entity?: PhotoEntity | "";
  tag?: string;
  /** The portal: only photos shared with the customer. */
  sharedOnly?: boolean;
};

function filterCondition(f: PhotoFilters): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  const term = f.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    // Title and description have trigram indexes.
    parts.push(or(ilike(photos.title, pattern), ilike(photos.description, pattern)));
  }
  if (f.customerId) parts.push(eq(photos.customerId, f.customerId));
  if (f.jobId) parts.push(eq(photos.jobId, f.jobId));
  if (f.taskId) parts.push(eq(photos.taskId, f.taskId));
  if (f.scheduleEventId) parts.push(eq(photos.scheduleEventId, f.scheduleEventId));
  if (f.hasCustomerId || f.entity === "customer") parts.push(isNotNull(photos.customerId));
  if (f.hasJobId || f.entity === "job") parts.push(isNotNull(photos.jobId));
  if (f.hasTaskId || f.entity === "task") parts.push(isNotNull(photos.taskId));
  if (f.hasScheduleEventId || f.entity === "schedule") parts.push(isNotNull(photos.scheduleEventId));
  // The GIN index on tags serves @>.
  if (f.tag?.trim()) parts.push(arrayContains(photos.tags, [f.tag.trim().toLowerCase()]));
  if (f.sharedOnly) parts.push(eq(photos.showInPortal, true));
  const defined = parts.filter((p): p is SQL => p !== undefined);
  return defined.length ? and(...defined) : undefined;
}

const listColumns = {
  photo: photos,
  customerName: customers.name,
  jobTitle: jobs.title,
  taskTitle: tasks.title,
  eventTitle: scheduleEvents.title,
};

type JoinedRow = {
  photo: PhotoRow;
  customerName: string | null;
  jobTitle: string | null;
  taskTitle: string | null;
  eventTitle: string | null;
};

export type PhotoListRow = PhotoRow & {
  /** The most specific record the photo belongs to (the grid's badge) and its name. */
  entity: PhotoEntity | null;
  entityName: string | null;
  customerName: string | null;
  jobTitle: string | null;
};

function withEntity(r: JoinedRow): PhotoListRow {
  const p = r.photo;
  const [entity, entityName]: [PhotoEntity | null, string | null] = p.scheduleEventId
    ? ["schedule", r.eventTitle]
    : p.taskId
      ? ["task", r.taskTitle]
      : p.jobId
        ? ["job", r.jobTitle]
        : p.customerId
          ? ["customer", r.customerName]
          : [null, null];
  return { ...p, entity, entityName, customerName: r.customerName, jobTitle: r.jobTitle };
}

function joined(db: Executor) {
  return db
    .select(listColumns)
    .from(photos)
    .leftJoin(customers, eq(customers.id, photos.customerId))
    .leftJoin(jobs, eq(jobs.id, photos.jobId))
    .leftJoin(tasks, eq(tasks.id, photos.taskId))
    .leftJoin(scheduleEvents, eq(scheduleEvents.id, photos.scheduleEventId));
}

export async function listPhotos(db: Executor, opts: PhotoFilters & { limit: number; offset: number }) {
  const where = filterCondition(opts);
  const [rows, [{ total }]] = await Promise.all([
    joined(db).where(where).orderBy(desc(photos.createdAt), desc(photos.id)).limit(opts.limit).offset(opts.offset),
    db.select({ total: count() }).from(photos).where(where),
  ]);
  return { rows: rows.map(withEntity), total: Number(total) };
}

export async function getPhoto(db: Executor, id: number): Promise<PhotoListRow | null> {
  const [row] = await joined(db).where(eq(photos.id, id));
  return row ? withEntity(row) : null;
}

/** The photos before and after `photo` in the list's order under the same filters (the viewer's prev/next). */
export async function adjacentPhotos(db: Executor, photo: PhotoRow, filters: PhotoFilters) {
  const where = filterCondition(filters);
  // The row's own created_at (microseconds; a JS Date keeps milliseconds only).
  const self = sql`(select p.created_at, p.id from ${photos} p where p.id = ${photo.id})`;
  const newer = sql`(${photos.createdAt}, ${photos.id}) > ${self}`;
  const older = sql`(${photos.createdAt}, ${photos.id}) < ${self}`;
  const [[prev], [next]] = await Promise.all([
    db.select({ id: photos.id }).from(photos).where(and(where, newer)).orderBy(photos.createdAt, photos.id).limit(1),
    db
      .select({ id: photos.id })
      .from(photos)
      .where(and(where, older))
      .orderBy(desc(photos.createdAt), desc(photos.id))
      .limit(1),
  ]);
  return { prevId: prev?.id ?? null, nextId: next?.id ?? null };
}

let tagsLoading: Promise<string[]> | undefined;
let tagCache: { at: number; tags: string[] } | undefined;

/**
 * The tag filter's choices: the photos' own tags, most used first (at most 100). Counting every
 * tag of 200k photos takes a moment, so the answer is kept for a minute.
 */
export async function photoTags(db: Executor, fresh = false): Promise<string[]> {
  if (!fresh && tagCache && Date.now() - tagCache.at < 60_000) return tagCache.tags;
  // One count at a time: when the minute is up, the requests arriving together share it.
  if (!fresh && tagsLoading) return tagsLoading;
  const loading = (async () => {
    const rows = await db.execute<{ tag: string }>(
      sql`select tag from (select unnest(${photos.tags}) as tag from ${photos}) t group by tag order by count(*) desc, tag limit 100`,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { tag: string }[] }).rows).map((r) => r.tag);
    tagCache = { at: Date.now(), tags: list };
    return list;
  })();
  tagsLoading = loading;
  try {
    return await loading;
  } finally {
    if (tagsLoading === loading) tagsLoading = undefined;
  }
}

// ---------------------------------------------------------------- writing

type Links = { customerId?: number; jobId?: number; taskId?: number; scheduleEventId?: number };

/**
 * Checks where a photo is to belong before anything is stored under it (the no-JS form checks once
 * for all its files). A refusal names the field: the record is missing, or (`scope` "linked", a role
 * without the customer list) a customer the user cannot see, told the same as a missing one.
 */
export async function checkPhotoLinks(db: Executor, input: Links, scope: CustomerPickerScope = "all") {
  return resolveLinks(db, input, scope);
}

/**
 * Checks the records a photo points at (a missing one is a 400 on its field) and fills in what they
 * imply: a job's customer; a task's or an event's job and customer.
 */
async function resolveLinks(
  db: Executor,
  input: Links,
  scope: CustomerPickerScope = "all",
): Promise<Required<{ [K in keyof Links]: number | null }>> {
  if (input.customerId && scope === "linked") {
    const [seen] = await customerOptions(db, { includeId: input.customerId, limit: 0, scope });
    if (!seen) throw invalid("Customer not found", "customerId");
  }
  const out = {
    customerId: input.customerId ?? null,
    jobId: input.jobId ?? null,
    taskId: input.taskId ?? null,
    scheduleEventId: input.scheduleEventId ?? null,
  };
  if (out.scheduleEventId) {
    const [e] = await db.select().from(scheduleEvents).where(eq(scheduleEvents.id, out.scheduleEventId));
    if (!e) throw invalid("Schedule event not found", "scheduleEventId");
    out.jobId ??= e.jobId;
    out.customerId ??= e.customerId;
  }
  if (out.taskId) {
    const [t] = await db.select().from(tasks).where(eq(tasks.id, out.taskId));
    if (!t) throw invalid("Task not found", "taskId");
    out.jobId ??= t.jobId;
    out.customerId ??= t.customerId;
  }
  if (out.jobId) {
    const [j] = await db.select().from(jobs).where(eq(jobs.id, out.jobId));
    if (!j) throw invalid("Job not found", "jobId");
    out.customerId ??= j.customerId;
  }
  if (out.customerId) {
    const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, out.customerId));
    if (!c) throw invalid("Customer not found", "customerId");
  }
  return out;
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "image/heif": "heif",
};

/** A name shown to people: no path, no control characters, at most 255 characters. */
export function cleanOriginalName(name: string | undefined | null, fallback: string) {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return clean || fallback;
}

/**
 * Turns a stored upload into a photo (POST /api/photos and the no-JS form): refused unless the
 * object was stored for this very user and not registered before. Size, type and hash come from
 * the stored bytes, never from the client. Writes `photo_uploaded` to the activity log.
 */
export async function registerPhoto(
  db: Executor,
  input: Omit<PhotoRegisterInput, "objectPath"> & { uploadId: string },
  userId: number,
  /** What customers the user may attach to (`customerPickerScope(role)`). */
  customerScope: CustomerPickerScope = "all",
) {
  return db.transaction(async (tx) => {
    const [upload] = await tx.select().from(photoUploads).where(eq(photoUploads.id, input.uploadId)).for("update");
    if (!upload || upload.userId !== userId) throw notFound("Uploaded object not found", "objectPath");
    if (upload.status === "registered") throw conflict("This object is already registered as a photo", "objectPath");
    if (upload.status !== "stored" || !upload.mimeType || upload.fileSize === null)
      throw invalid("Nothing has been uploaded to this object yet", "objectPath");
    const links = await resolveLinks(tx, input, customerScope);
    const ext = EXTENSIONS[upload.mimeType] ?? "bin";
    const [row] = await tx
      .insert(photos)
      .values({
        filename: `${upload.id}.${ext}`,
        originalName: cleanOriginalName(input.originalName ?? input.filename, `photo.${ext}`),
        title: input.title ?? null,
        description: input.description ?? null,
        fileSize: upload.fileSize,
        mimeType: upload.mimeType,
        objectPath: objectPathOf(upload.id),
        sha256: upload.sha256,
        width: upload.width,
        height: upload.height,
        tags: input.tags,
        sortOrder: input.sortOrder ?? 0,
        showInPortal: input.showInPortal ?? false,
        uploadedByUserId: userId,
        ...links,
      })
      .returning();
    await tx.update(photoUploads).set({ status: "registered" }).where(eq(photoUploads.id, upload.id));
    await logActivity(tx, {
      type: "photo_uploaded",
      title: "Photo uploaded",
      description: row.title || row.originalName,
      userId,
      customerId: row.customerId,
      jobId: row.jobId,
    });
    return row;
  });
}

export async function updatePhoto(db: Executor, id: number, input: PhotoEditInput) {
  const [row] = await db
    .update(photos)
    .set({
      title: input.title ?? null,
      description: input.description ?? null,
      tags: input.tags,
      ...(input.showInPortal === undefined ? {} : { showInPortal: input.showInPortal }),
      updatedAt: new Date(),
    })
    .where(eq(photos.id, id))
    .returning();
  return requireFound(row, "Photo");
}

/** Deletes the row; returns it so the caller removes its objects. */
export async function deletePhotoRow(db: Executor, id: number) {
  const [row] = await db.delete(photos).where(eq(photos.id, id)).returning();
  return requireFound(row, "Photo");
}

export async function getPhotoRow(db: Executor, id: number) {
  const [row] = await db.select().from(photos).where(eq(photos.id, id));
  return row ?? null;
}

export async function setDerivatives(
  db: Executor,
  id: number,
  result: { thumbnailPath: string; viewerPath: string } | { failed: true },
) {
  await db
    .update(photos)
    .set(
      "failed" in result
        ? { derivativeStatus: "failed" }
        : { derivativeStatus: "ready", thumbnailPath: result.thumbnailPath, viewerPath: result.viewerPath },
    )
    .where(eq(photos.id, id));
}

/** Photos still waiting for derivatives (a job Redis lost is made again by the daily run). */
export async function pendingDerivatives(db: Executor, olderThanMinutes = 10) {
  return db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        eq(photos.derivativeStatus, "pending"),
        lt(photos.createdAt, new Date(Date.now() - olderThanMinutes * 60_000)),
      ),
    )
    .limit(1000);
}

/** The customer's shared photos, newest first, grouped by the caller per job (the portal). */
export async function sharedPhotosOfCustomer(db: Executor, customerId: number) {
  return db
    .select({
      id: photos.id,
      title: photos.title,
      description: photos.description,
      jobId: photos.jobId,
      jobTitle: jobs.title,
      thumbnailPath: photos.thumbnailPath,
      viewerPath: photos.viewerPath,
      createdAt: photos.createdAt,
    })
    .from(photos)
    .leftJoin(jobs, eq(jobs.id, photos.jobId))
    .where(and(eq(photos.customerId, customerId), eq(photos.showInPortal, true), isNotNull(photos.thumbnailPath)))
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(500);
}

// ---------------------------------------------------------------- the API's shape

/** What /api returns for a photo (spec §3 names plus the derivative URLs); storage keys stay inside. */
export function photoJson(p: PhotoRow | PhotoListRow) {
  return {
    id: p.id,
    filename: p.filename,
    originalName: p.originalName,
    title: p.title,
    description: p.description,
    fileSize: p.fileSize,
    mimeType: p.mimeType,
    objectPath: p.objectPath,
    customerId: p.customerId,
    jobId: p.jobId,
    taskId: p.taskId,
    scheduleEventId: p.scheduleEventId,
    tags: p.tags,
    sortOrder: p.sortOrder,
    sha256: p.sha256,
    width: p.width,
    height: p.height,
    showInPortal: p.showInPortal,
    derivativeStatus: p.derivativeStatus,
    thumbnailUrl: p.thumbnailPath ? photoFileUrl(p.id, "thumb") : null,
    viewerUrl: p.viewerPath ? photoFileUrl(p.id, "view") : null,
    downloadUrl: `/api/photos/${p.id}/download`,
    uploadedByUserId: p.uploadedByUserId,
    ...("entity" in p ? { entity: p.entity, entityName: p.entityName } : {}),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export const PHOTO_VARIANTS = ["thumb", "view"] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
export const photoFileUrl = (id: number, variant: PhotoVariant) => `/photo-files/${id}/${variant}`;

/** The name of the record a photos dialog belongs to, or null when it does not exist. */
export async function photoEntityName(db: Executor, entity: PhotoEntity, id: number): Promise<string | null> {
  const table = { job: jobs, customer: customers, task: tasks, schedule: scheduleEvents }[entity];
  const column = entity === "customer" ? customers.name : (table as typeof jobs).title;
  const [row] = await db
    .select({ name: column })
    .from(table)
    .where(eq((table as typeof jobs).id, id));
  return row?.name ?? null;
}

export const ENTITY_FILTER_KEY = {
  job: "jobId",
  customer: "customerId",
  task: "taskId",
  schedule: "scheduleEventId",
} as const satisfies Record<PhotoEntity, keyof PhotoFilters>;

/** The newest photos of a job or customer for its page's strip, with the count. */
// A job's or customer's photo strip, read on every visit of its page: only what a thumbnail shows,
// built once per link column and run prepared (db/client.server.ts reusableStatement).
function photoStripStatements(name: string, column: typeof photos.customerId | typeof photos.jobId) {
  return {
    rows: reusableStatement(`${name}_photo_strip`, (db) =>
      db
        .select({
          id: photos.id,
          title: photos.title,
          description: photos.description,
          originalName: photos.originalName,
          tags: photos.tags,
          thumbnailPath: photos.thumbnailPath,
          derivativeStatus: photos.derivativeStatus,
        })
        .from(photos)
        .where(eq(column, sql.placeholder("id")))
        .orderBy(desc(photos.createdAt), desc(photos.id))
        .limit(sql.placeholder("limit")),
    ),
    total: reusableStatement(`${name}_photo_total`, (db) =>
      db
        .select({ total: count() })
        .from(photos)
        .where(eq(column, sql.placeholder("id"))),
    ),
  };
}
const customerPhotoStrip = photoStripStatements("customer", photos.customerId);
const jobPhotoStrip = photoStripStatements("job", photos.jobId);

/** The newest photos of a job or a customer (as the Photos list orders them) and how many it has. */
export async function photoStrip(db: Executor, link: { customerId: number } | { jobId: number }, limit = 8) {
  const [statements, id] = "customerId" in link ? [customerPhotoStrip, link.customerId] : [jobPhotoStrip, link.jobId];
  const [rows, [{ total }]] = await Promise.all([statements.rows(db, { id, limit }), statements.total(db, { id })]);
  return { total: Number(total), photos: rows };
}
