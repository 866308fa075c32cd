// Photos end to end (decisions §7; docs/decisions/photos.md): signed single-use upload URLs, bytes
// streamed to a temporary file (counted, hashed, never held whole in memory), checked to be a real
// image, moved to the object store, registered as a photo, and handed to the worker for the
// thumbnail and viewer sizes. Deleting a photo removes its objects; a daily run removes uploads
// never registered.
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { enqueue, PHOTOS_QUEUE, MAKE_DERIVATIVES_JOB } from "../../jobs/queues";
import type { Executor } from "../../db/client.server";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { contentDisposition, objectStore, readAll } from "../integrations/storage.server";
import {
  claimUploadSlot,
  createUploadSlot,
  deletePhotoRow,
  deleteUploadSlot,
  getPhotoRow,
  markUploadFailed,
  markUploadStored,
  objectPathOf,
  originalKey,
  registerPhoto,
  setDerivatives,
  staleUploads,
  uploadIdFromPath,
  UPLOAD_URL_SECONDS,
  type PhotoRow,
} from "../models/photos.server";
import type { PhotoRegisterInput } from "../schemas/photo";
import type { CustomerPickerScope } from "../models/customer.server";
import { env } from "../utils/env.server";
import { ImageRefused, inspectImage, makeDerivatives, PHOTO_MAX_BYTES } from "../utils/images.server";
import { isBodyTooLarge } from "../utils/request-guards.server";
import { forbidden, invalid, isRefusal, notFound, tooLarge } from "../utils/refusal.server";

export const TOO_LARGE_MESSAGE = "is larger than 10MB";

// ---------------------------------------------------------------- signed upload URLs

function signingKey() {
  // The session secret signs upload URLs too (demo/dev without one: a fixed key, like sessions).
  return `photo-upload:${env().SESSION_SECRET ?? "demo-session-secret-change-me"}`;
}

function sign(id: string, expires: number, userId: number) {
  return createHmac("sha256", signingKey()).update(`${id}.${expires}.${userId}`).digest("base64url");
}

export const UPLOAD_PATH_PREFIX = "/api/objects/upload/";

/** POST /api/objects/upload: a slot for one file, at a URL signed for this user and ≤ 15 minutes. */
export async function issueUploadUrl(db: Executor, userId: number, origin: string) {
  const id = randomUUID();
  const slot = await createUploadSlot(db, id, userId);
  const expires = Math.floor(slot.expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: sign(id, expires, userId) });
  return {
    uploadURL: `${origin}${UPLOAD_PATH_PREFIX}${id}?${query}`,
    objectPath: objectPathOf(id),
    method: "PUT" as const,
    expiresAt: slot.expiresAt.toISOString(),
    maxBytes: PHOTO_MAX_BYTES,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  };
}

/** Checks the URL's signature and expiry for this user; refuses with 403 otherwise. */
export function verifyUploadUrl(id: string, url: URL, userId: number) {
  const expires = Number(url.searchParams.get("expires"));
  const signature = url.searchParams.get("signature") ?? "";
  if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound("Upload URL not found");
  if (!Number.isInteger(expires) || !signature) throw forbidden("This upload URL is not signed.");
  const expected = Buffer.from(sign(id, expires, userId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw forbidden("This upload URL was not issued to you.");
  if (expires * 1000 < Date.now()) throw forbidden("This upload URL has expired. Ask for a new one.");
}

// ---------------------------------------------------------------- receiving bytes

type Received = { file: string; size: number; sha256: string; head: Buffer; tooLarge: boolean };

/**
 * Streams `source` to a temporary file, counting and hashing as it goes; past `limit` bytes the
 * rest is read and dropped (the file is refused afterwards), so memory stays flat whatever comes.
 */
async function receiveToFile(source: Readable, limit = PHOTO_MAX_BYTES): Promise<Received> {
  const file = path.join(os.tmpdir(), `cabinetry-upload-${randomUUID()}`);
  const hash = createHash("sha256");
  let size = 0;
  let head = Buffer.alloc(0);
  let over = false;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (over || size > limit) {
        over = true;
        return done();
      }
      hash.update(chunk);
      if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64 - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(file));
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  return { file, size, sha256: hash.digest("hex"), head, tooLarge: over };
}

/** Checks received bytes and moves them into the object store; the temporary file is removed. */
async function checkAndStore(db: Executor, uploadId: string, received: Received, name: string) {
  try {
    if (received.tooLarge) throw tooLarge(`${name} ${TOO_LARGE_MESSAGE}`);
    if (received.size === 0) throw invalid(`${name} is empty`);
    let facts: Awaited<ReturnType<typeof inspectImage>>;
    try {
      facts = await inspectImage(received.file, received.head);
    } catch (error) {
      if (error instanceof ImageRefused) throw invalid(`${name} ${error.message}`);
      throw error;
    }
    await objectStore().putFile(originalKey(uploadId), received.file, facts.mimeType);
    return markUploadStored(db, uploadId, { ...facts, fileSize: received.size, sha256: received.sha256 });
  } finally {
    await fs.rm(received.file, { force: true });
  }
}

/**
 * PUT {uploadURL}: the slot is claimed (single use), the body streamed, checked and stored. A
 * refused or broken upload leaves nothing stored and the slot failed (ask for a new URL).
 */
export async function receiveUpload(db: Executor, uploadId: string, userId: number, body: Readable) {
  const slot = await claimUploadSlot(db, uploadId);
  if (slot.userId !== userId) {
    await markUploadFailed(db, uploadId);
    throw forbidden("This upload URL was not issued to you.");
  }
  try {
    let received: Received;
    try {
      received = await receiveToFile(body);
    } catch (error) {
      if (isBodyTooLarge(error)) throw tooLarge(`The file ${TOO_LARGE_MESSAGE}`);
      throw invalid("The upload was interrupted. Try again.");
    }
    return await checkAndStore(db, uploadId, received, "The file");
  } catch (error) {
    await markUploadFailed(db, uploadId);
    throw error;
  }
}

/**
 * One file of the no-JavaScript form (streamed by busboy, which cuts it at 10 MB: `truncated`),
 * stored under a new slot of this user. Returns the slot's id for registerFormUpload, or throws a
 * refusal naming the file.
 */
export async function receiveFormFile(
  db: Executor,
  userId: number,
  file: { stream: Readable; name: string; truncated: () => boolean },
) {
  const id = randomUUID();
  await createUploadSlot(db, id, userId);
  await claimUploadSlot(db, id);
  const label = `"${file.name || "photo"}"`;
  try {
    const received = await receiveToFile(file.stream);
    if (file.truncated()) received.tooLarge = true;
    await checkAndStore(db, id, received, label);
    return id;
  } catch (error) {
    await markUploadFailed(db, id);
    if (isRefusal(error)) throw error;
    throw invalid(`${label} could not be uploaded. Try again.`);
  }
}

/** Registers a file the form stored (receiveFormFile) with the form's fields. */
export async function registerFormUpload(
  db: Executor,
  userId: number,
  uploadId: string,
  originalName: string,
  input: Omit<PhotoRegisterInput, "objectPath">,
  customerScope: CustomerPickerScope = "all",
) {
  return registerAndProcess(db, { ...input, uploadId, originalName: originalName || undefined }, userId, customerScope);
}

// ---------------------------------------------------------------- registering

async function registerAndProcess(
  db: Executor,
  input: Omit<PhotoRegisterInput, "objectPath"> & { uploadId: string },
  userId: number,
  customerScope: CustomerPickerScope,
) {
  const photo = await registerPhoto(db, input, userId, customerScope);
  await queueDerivatives(photo.id);
  return photo;
}

export async function queueDerivatives(photoId: number) {
  try {
    await enqueue(PHOTOS_QUEUE, MAKE_DERIVATIVES_JOB, { photoId }, { jobId: `derive-${photoId}` });
  } catch (error) {
    // The photo is saved; the daily run makes derivatives a lost job did not.
    console.error(`[photos] could not queue derivatives for photo ${photoId}: ${(error as Error).message}`);
  }
}

/** POST /api/photos: registers an object this user uploaded. */
export async function registerUploadedPhoto(
  db: Executor,
  input: PhotoRegisterInput,
  userId: number,
  customerScope: CustomerPickerScope = "all",
) {
  const uploadId = uploadIdFromPath(input.objectPath);
  if (!uploadId) throw invalid("objectPath must be the objectPath or uploadURL of an upload", "objectPath");
  return registerAndProcess(db, { ...input, uploadId }, userId, customerScope);
}

// ---------------------------------------------------------------- derivatives (the worker)

export const thumbnailKey = (photoId: number) => `derived/${photoId}/thumb.webp`;
export const viewerKey = (photoId: number) => `derived/${photoId}/view.webp`;

/** Makes the thumbnail and viewer size of a photo; idempotent (a retry overwrites the same keys). */
export async function makePhotoDerivatives(db: Executor, photoId: number) {
  const photo = await getPhotoRow(db, photoId);
  if (!photo) return { skipped: "photo deleted" };
  const store = objectStore();
  const original = await store.get(originalObjectKey(photo));
  if (!original) {
    await setDerivatives(db, photoId, { failed: true });
    return { failed: "original missing" };
  }
  let made: Awaited<ReturnType<typeof makeDerivatives>>;
  try {
    made = await makeDerivatives(await readAll(original.body), photo.mimeType);
  } catch (error) {
    // A file that passed the header check but does not decode: retrying would not help.
    await setDerivatives(db, photoId, { failed: true });
    return { failed: (error as Error).message };
  }
  await store.putBuffer(thumbnailKey(photoId), made.thumbnail, "image/webp");
  await store.putBuffer(viewerKey(photoId), made.viewer, "image/webp");
  // Deleted meanwhile? Then its derivatives go too.
  if (!(await getPhotoRow(db, photoId))) {
    await Promise.allSettled([store.delete(thumbnailKey(photoId)), store.delete(viewerKey(photoId))]);
    return { skipped: "photo deleted" };
  }
  await setDerivatives(db, photoId, { thumbnailPath: thumbnailKey(photoId), viewerPath: viewerKey(photoId) });
  return { thumbnailBytes: made.thumbnail.length, viewerBytes: made.viewer.length };
}

export function originalObjectKey(photo: Pick<PhotoRow, "objectPath">) {
  const id = uploadIdFromPath(photo.objectPath);
  // Rows of the large benchmark dataset point at no object.
  return id ? originalKey(id) : "missing/none";
}

// ---------------------------------------------------------------- deleting

/** Deletes the photo and its objects (original, thumbnail, viewer size). */
export async function deletePhoto(db: Executor, id: number) {
  const row = await deletePhotoRow(db, id);
  const store = objectStore();
  const keys = [originalObjectKey(row), row.thumbnailPath, row.viewerPath].filter(
    (k): k is string => Boolean(k) && k !== "missing/none",
  );
  const results = await Promise.allSettled(keys.map((k) => store.delete(k)));
  for (const r of results)
    if (r.status === "rejected") console.error(`[photos] could not delete an object of photo ${id}: ${r.reason}`);
  return row;
}

/** Files the no-JS form stored but will not register (the form was refused): removed at once. */
export async function discardFormUploads(db: Executor, uploadIds: string[]) {
  const store = objectStore();
  for (const id of uploadIds) {
    try {
      await store.delete(originalKey(id));
      await deleteUploadSlot(db, id);
    } catch (error) {
      // The daily run removes what is left after 24 hours.
      console.error(`[photos] could not discard upload ${id}: ${(error as Error).message}`);
    }
  }
}

/** The daily run: uploads never registered within 24 hours are removed with their objects. */
export async function removeStaleUploads(db: Executor, now = new Date()) {
  const stale = await staleUploads(db, undefined, now);
  const store = objectStore();
  let removed = 0;
  for (const slot of stale) {
    try {
      await store.delete(slot.objectKey);
      await deleteUploadSlot(db, slot.id);
      removed++;
    } catch (error) {
      console.error(`[photos] could not remove stale upload ${slot.id}: ${(error as Error).message}`);
    }
  }
  return removed;
}

// ---------------------------------------------------------------- serving

/**
 * An authorised answer with a stored object: from disk streamed by the app; from S3 a redirect to
 * a short-lived presigned URL. `immutable` for derivatives (a photo's never change).
 */
export async function objectResponse(
  key: string,
  opts: { filename?: string; disposition?: "inline" | "attachment"; immutable?: boolean },
): Promise<Response> {
  const store = objectStore();
  if (store.kind === "s3") {
    if (!(await store.exists(key))) throw notFound("Photo file not found");
    const url = await store.presignedGet(key, 15 * 60, opts.filename);
    return new Response(null, {
      status: 302,
      headers: {
        Location: url!,
        // Reused while the presigned URL is still good.
        ...(opts.immutable ? { "Cache-Control": "private, max-age=600" } : {}),
      },
    });
  }
  const object = await store.get(key);
  if (!object) throw notFound("Photo file not found");
  const headers: Record<string, string> = {
    "Content-Type": object.contentType,
    "Content-Length": String(object.size),
  };
  if (opts.filename) headers["Content-Disposition"] = contentDisposition(opts.filename, opts.disposition);
  if (opts.immutable) headers["Cache-Control"] = "private, max-age=31536000, immutable";
  return new Response(createReadableStreamFromReadable(object.body), { status: 200, headers });
}
