// The photo API of spec §7 over real HTTP (docs/decisions/photos.md), once against the run's server
// storing on disk and once against a second server of the same build storing in a local
// S3-compatible server (s3rver, path-style like MinIO): signed single-use upload URLs, bytes checked
// to be an image (SVG, a PDF named .jpg and a 30,000 × 30,000 PNG refused), the 10 MB limit with
// nothing stored, registration only of one's own upload, every list filter, authorised downloads,
// edit, delete removing the objects, 401/403/404, and photo_uploaded in the activity log.
import fs from "node:fs/promises";
import path from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "../../db/client.server";
import { activityLog, customers, jobs, photos, photoUploads, tasks } from "../../db/schema";
import { startWorker, type RunningWorker } from "../../jobs/worker";
import { processors } from "../../jobs/processors/index";
import { PHOTOS_QUEUE } from "../../jobs/queues";
import { DEMO_PASSWORD } from "../setup/http";
import sharp from "sharp";
import {
  makeJpeg,
  makePng,
  PDF,
  pngBomb,
  readHeic,
  startAppServer,
  startLocalS3,
  SVG,
  type LocalS3,
} from "../setup/photos";

const tag = `ph${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Backend = { name: "disk" | "s3"; url: string; s3?: LocalS3 };
const backends: Record<string, Backend> = {};
let s3: LocalS3 | undefined;
let s3Server: { stop: () => Promise<void> } | undefined;
let worker: RunningWorker | undefined;
let customerId = 0;
let jobId = 0;
let taskId = 0;

beforeAll(async () => {
  const db = await getDb();
  const [c] = await db
    .insert(customers)
    .values({ name: `Photo Customer ${tag}` })
    .returning();
  customerId = c.id;
  const [j] = await db
    .insert(jobs)
    .values({ customerId, title: `Photo Job ${tag}` })
    .returning();
  jobId = j.id;
  const [t] = await db
    .insert(tasks)
    .values({ title: `Photo Task ${tag}`, jobId })
    .returning();
  taskId = t.id;
  backends.disk = { name: "disk", url: inject("baseUrl") };
  s3 = await startLocalS3();
  const server = await startAppServer(s3.env, `${inject("queuePrefix")}:s3`);
  s3Server = server;
  backends.s3 = { name: "s3", url: server.url, s3 };
  // The run's server queues derivative jobs in Redis: a worker here makes them (disk store, same folder).
  worker = await startWorker({
    prefix: inject("queuePrefix"),
    concurrency: 2,
    registry: { [PHOTOS_QUEUE]: processors[PHOTOS_QUEUE] },
    schedulers: false,
  });
}, 240_000);

afterAll(async () => {
  await worker?.close();
  await s3Server?.stop();
  await s3?.close();
  const db = await getDb();
  await db.delete(photos).where(eq(photos.customerId, customerId));
  await db.delete(activityLog).where(eq(activityLog.customerId, customerId));
  await db.delete(tasks).where(eq(tasks.id, taskId));
  await db.delete(jobs).where(eq(jobs.customerId, customerId));
  await db.delete(customers).where(eq(customers.id, customerId));
  await closeDb();
});

async function signInAt(base: string, username: string) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
    headers: { Origin: base },
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`sign-in as ${username} failed: ${res.status}`);
  return cookie.split(";")[0];
}

async function call(
  base: string,
  p: string,
  init: { method?: string; cookie?: string; json?: unknown; body?: BodyInit; type?: string } = {},
) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  if (init.type) headers["Content-Type"] = init.type;
  const res = await fetch(p.startsWith("http") ? p : `${base}${p}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: "manual",
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  let body: any = null;
  try {
    body = buffer.length ? JSON.parse(buffer.toString("utf8")) : null;
  } catch {
    body = buffer;
  }
  return { status: res.status, headers: res.headers, body, buffer };
}

async function objectExists(backend: Backend, key: string) {
  if (backend.s3) {
    try {
      await backend.s3.client.send(new HeadObjectCommand({ Bucket: backend.s3.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }
  return fs
    .stat(path.join(inject("photosDir"), key))
    .then(() => true)
    .catch(() => false);
}

async function waitForThumbnail(base: string, cookie: string, id: number) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const res = await call(base, `/api/photos/${id}`, { cookie });
    if (res.body?.thumbnailUrl) return res.body;
    if (res.body?.derivativeStatus === "failed") throw new Error("derivatives failed");
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("no thumbnail within 30 s");
}

describe.each(["disk", "s3"] as const)("photo API on %s storage", (name) => {
  let b: Backend;
  let owner = "";
  let office = "";
  let installer = "";

  beforeAll(async () => {
    b = backends[name];
    [owner, office, installer] = await Promise.all([
      signInAt(b.url, "owner"),
      signInAt(b.url, "office"),
      signInAt(b.url, "installer"),
    ]);
  });

  async function uploadUrl(cookie = owner) {
    const res = await call(b.url, "/api/objects/upload", { method: "POST", cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { uploadURL: string; objectPath: string; expiresAt: string };
  }

  async function put(uploadURL: string, bytes: Buffer, cookie = owner, type = "image/jpeg") {
    return call(b.url, uploadURL, { method: "PUT", cookie, body: new Uint8Array(bytes), type });
  }

  async function uploadPhoto(extra: Record<string, unknown> = {}, cookie = owner, bytes?: Buffer) {
    const slot = await uploadUrl(cookie);
    const stored = await put(slot.uploadURL, bytes ?? (await makeJpeg({ gps: true })), cookie);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const res = await call(b.url, "/api/photos", {
      method: "POST",
      cookie,
      json: { objectPath: slot.objectPath, originalName: "IMG_0001.JPG", jobId, ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  it("answers 401 without a session and 403 where the role may not", async () => {
    for (const [method, p] of [
      ["POST", "/api/objects/upload"],
      ["GET", "/api/photos"],
      ["POST", "/api/photos"],
      ["GET", "/api/photos/1"],
      ["PUT", "/api/photos/1"],
      ["DELETE", "/api/photos/1"],
      ["GET", "/api/photos/1/download"],
    ]) {
      const res = await call(b.url, p, { method, json: method === "GET" ? undefined : {} });
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(typeof res.body.error).toBe("string");
    }
    // PUT {uploadURL} needs the session too (the signature alone is not enough), and leaves the URL usable.
    const slot = await uploadUrl();
    const anonymous = await put(slot.uploadURL, await makeJpeg(), "");
    expect(anonymous.status).toBe(401);
    expect((await put(slot.uploadURL, await makeJpeg())).status).toBe(200);
    const photo = await uploadPhoto();
    const del = await call(b.url, `/api/photos/${photo.id}`, { method: "DELETE", cookie: installer });
    expect(del.status).toBe(403);
  });

  it("uploads to a signed single-use URL, registers, lists, downloads, edits and deletes", async () => {
    const slot = await uploadUrl();
    expect(slot.uploadURL).toMatch(/\/api\/objects\/upload\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const minutes = (Date.parse(slot.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(5);
    expect(minutes).toBeLessThanOrEqual(15);
    const bytes = await makeJpeg({ width: 120, height: 90, gps: true });
    const stored = await put(slot.uploadURL, bytes);
    expect(stored.status).toBe(200);
    expect(stored.body.mimeType).toBe("image/jpeg");
    expect(stored.body.fileSize).toBe(bytes.length);
    // Single use.
    expect((await put(slot.uploadURL, bytes)).status).toBe(409);
    // Another user cannot register it.
    const stolen = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: office,
      json: { objectPath: slot.objectPath },
    });
    expect(stolen.status).toBe(404);
    const created = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: owner,
      json: {
        objectPath: slot.objectPath,
        originalName: "../../etc/passwd IMG_7.jpg",
        title: `Kitchen wall ${tag}`,
        description: `Before demolition ${tag}`,
        tags: "Before, wall, , before",
        jobId,
        fileSize: 1,
        mimeType: "image/svg+xml",
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const photo = created.body;
    expect(photo).toMatchObject({
      title: `Kitchen wall ${tag}`,
      tags: ["before", "wall"],
      jobId,
      customerId,
      mimeType: "image/jpeg",
      fileSize: bytes.length,
      originalName: "passwd IMG_7.jpg",
      showInPortal: false,
    });
    expect(photo.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(photo.filename).not.toContain("passwd");
    // Registered once only.
    const again = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: owner,
      json: { objectPath: slot.objectPath },
    });
    expect(again.status).toBe(409);

    const activity = await (
      await getDb()
    )
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.type, "photo_uploaded"), eq(activityLog.jobId, jobId)));
    expect(activity.some((a) => a.description === `Kitchen wall ${tag}`)).toBe(true);

    // Download: the original bytes, authorised.
    expect((await call(b.url, `/api/photos/${photo.id}/download`)).status).toBe(401);
    const download = await call(b.url, `/api/photos/${photo.id}/download`, { cookie: installer });
    if (name === "s3") {
      expect(download.status).toBe(302);
      const location = download.headers.get("location")!;
      expect(location).toContain("X-Amz-Signature");
      const direct = Buffer.from(await (await fetch(location)).arrayBuffer());
      expect(direct.equals(bytes)).toBe(true);
    } else {
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("image/jpeg");
      expect(download.headers.get("content-disposition")).toContain("attachment");
      expect(download.buffer.equals(bytes)).toBe(true);
    }

    // Derivatives: a thumbnail with no EXIF at all.
    const ready = await waitForThumbnail(b.url, owner, photo.id);
    const thumb = await call(b.url, ready.thumbnailUrl, { cookie: owner });
    let thumbBytes = thumb.buffer;
    if (name === "s3") {
      expect(thumb.status).toBe(302);
      thumbBytes = Buffer.from(await (await fetch(thumb.headers.get("location")!)).arrayBuffer());
    } else {
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get("cache-control")).toContain("immutable");
    }
    expect(thumbBytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(thumbBytes.includes(Buffer.from("Serial-SN12345"))).toBe(false);
    expect(thumbBytes.includes(Buffer.from("Exif"))).toBe(false);
    expect(bytes.includes(Buffer.from("Serial-SN12345"))).toBe(true);

    // Edit: installers may.
    const edited = await call(b.url, `/api/photos/${photo.id}`, {
      method: "PUT",
      cookie: installer,
      json: { title: "Wall after", description: "", tags: ["after"] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ title: "Wall after", description: null, tags: ["after"] });
    const badEdit = await call(b.url, `/api/photos/${photo.id}`, { method: "PUT", cookie: owner, json: { tags: 7 } });
    expect(badEdit.status).toBe(400);

    // Delete removes the row and every object.
    const uploadId = photo.objectPath.split("/").pop();
    expect(await objectExists(b, `originals/${uploadId}`)).toBe(true);
    expect(await objectExists(b, `derived/${photo.id}/thumb.webp`)).toBe(true);
    const del = await call(b.url, `/api/photos/${photo.id}`, { method: "DELETE", cookie: office });
    expect(del.status).toBe(204);
    expect((await call(b.url, `/api/photos/${photo.id}`, { cookie: owner })).status).toBe(404);
    expect(await objectExists(b, `originals/${uploadId}`)).toBe(false);
    expect(await objectExists(b, `derived/${photo.id}/thumb.webp`)).toBe(false);
    expect(await objectExists(b, `derived/${photo.id}/view.webp`)).toBe(false);
  });

  async function fetchDerivative(base: string, url: string, cookie: string) {
    const res = await call(base, url, { cookie });
    if (name === "s3") {
      expect(res.status).toBe(302);
      return Buffer.from(await (await fetch(res.headers.get("location")!)).arrayBuffer());
    }
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    return res.buffer;
  }

  it("takes an iPhone HEIC: stored as image/heic, thumbnail and viewer WebP upright and stripped", async () => {
    const bytes = await readHeic();
    const slot = await uploadUrl(installer);
    const stored = await put(slot.uploadURL, bytes, installer, "application/octet-stream");
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toMatchObject({ mimeType: "image/heic", width: 320, height: 240 });
    const created = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: installer,
      json: { objectPath: slot.objectPath, originalName: "IMG_0420.HEIC", jobId, title: `HEIC ${tag}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ mimeType: "image/heic", originalName: "IMG_0420.HEIC" });
    const ready = await waitForThumbnail(b.url, installer, created.body.id);
    expect(ready.derivativeStatus).toBe("ready");
    for (const url of [ready.thumbnailUrl, ready.viewerUrl]) {
      const out = await fetchDerivative(b.url, url, installer);
      const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
      expect(info.width, url).toBe(320); // landscape as taken: the irot applied, EXIF orientation not twice
      expect(info.height, url).toBe(240);
      const at = (fx: number, fy: number) =>
        data[(Math.floor(info.height * fy) * info.width + Math.floor(info.width * fx)) * info.channels];
      expect(at(0.2, 0.2), url).toBeGreaterThan(150); // red top-left
      expect(at(0.8, 0.2), url).toBeLessThan(100);
      expect((await sharp(out).metadata()).exif, url).toBeUndefined();
      expect(out.includes(Buffer.from("Serial-SN12345")), url).toBe(false);
    }
    expect(bytes.includes(Buffer.from("Serial-SN12345"))).toBe(true);
    // The original is kept for staff as it came.
    const download = await call(b.url, `/api/photos/${created.body.id}/download`, { cookie: owner });
    if (name === "disk") {
      expect(download.headers.get("content-type")).toBe("image/heic");
      expect(download.buffer.equals(bytes)).toBe(true);
    }
  });

  it("refuses what is not a JPEG, PNG, WebP or HEIC by its bytes, and anything over 10 MB", async () => {
    for (const [label, bytes, type] of [
      ["svg", SVG, "image/svg+xml"],
      ["pdf named jpg", PDF, "image/jpeg"],
      ["bomb", pngBomb(), "image/png"],
      ["empty", Buffer.alloc(0), "image/jpeg"],
    ] as const) {
      const slot = await uploadUrl();
      const res = await put(slot.uploadURL, bytes, owner, type);
      expect(res.status, label).toBe(400);
      expect(res.body.error, label).toMatch(/not a photo|megapixels|empty/);
      const uploadId = slot.objectPath.split("/").pop()!;
      expect(await objectExists(b, `originals/${uploadId}`), label).toBe(false);
      const register = await call(b.url, "/api/photos", {
        method: "POST",
        cookie: owner,
        json: { objectPath: slot.objectPath },
      });
      expect(register.status, label).toBe(400);
    }
    // A PNG is fine.
    const slot = await uploadUrl();
    expect((await put(slot.uploadURL, await makePng(), owner, "image/png")).body.mimeType).toBe("image/png");

    // 10 MB + 1 byte: 413 and nothing stored.
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(10 * 1024 * 1024 + 1 - (await makeJpeg()).length)]);
    const large = await uploadUrl();
    const res = await put(large.uploadURL, big);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/10 ?MB/);
    const uploadId = large.objectPath.split("/").pop()!;
    expect(await objectExists(b, `originals/${uploadId}`)).toBe(false);
    const [slotRow] = await (await getDb()).select().from(photoUploads).where(eq(photoUploads.id, uploadId));
    expect(slotRow.status).not.toBe("stored");
    // Exactly 10 MB is accepted (a JPEG with trailing bytes still reads).
    const exact = await uploadUrl();
    const okRes = await put(exact.uploadURL, big.subarray(0, 10 * 1024 * 1024));
    expect(okRes.status, JSON.stringify(okRes.body)).toBe(200);
  });

  it("refuses a tampered, foreign or unknown upload URL", async () => {
    const slot = await uploadUrl();
    const jpeg = await makeJpeg();
    const tampered = slot.uploadURL.replace(/expires=\d+/, (m) => `expires=${Number(m.slice(8)) + 3600}`);
    expect((await put(tampered, jpeg)).status).toBe(403);
    expect((await put(slot.uploadURL, jpeg, office)).status).toBe(403);
    const unknown = slot.uploadURL.replace(/upload\/[0-9a-f-]{36}/, "upload/00000000-0000-4000-8000-000000000000");
    expect((await put(unknown, jpeg)).status).toBe(403);
    // The URL still works for its owner afterwards (refusals before the claim do not use it up).
    expect((await put(slot.uploadURL, jpeg)).status).toBe(200);
  });

  it("validates registration input", async () => {
    const missing = await call(b.url, "/api/photos", { method: "POST", cookie: owner, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.objectPath).toBeTruthy();
    const bogus = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: owner,
      json: { objectPath: "/etc/passwd" },
    });
    expect(bogus.status).toBe(400);
    const slot = await uploadUrl();
    await put(slot.uploadURL, await makeJpeg());
    const badJob = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: owner,
      json: { objectPath: slot.objectPath, jobId: 2_000_000_000 },
    });
    expect(badJob.status).toBe(400);
    expect(badJob.body.fieldErrors.jobId).toBeTruthy();
    // A customer an installer cannot see (no job or task: not in their pickers) is refused as missing.
    const [lead] = await (
      await getDb()
    )
      .insert(customers)
      .values({ name: `Lead ${tag}${name}` })
      .returning();
    const installerSlot = await uploadUrl(installer);
    await put(installerSlot.uploadURL, await makeJpeg(), installer);
    const unseen = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: installer,
      json: { objectPath: installerSlot.objectPath, customerId: lead.id },
    });
    expect(unseen.status).toBe(400);
    expect(unseen.body.fieldErrors.customerId).toEqual(["Customer not found"]);
    const linked = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: installer,
      json: { objectPath: installerSlot.objectPath, customerId },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    await (await getDb()).delete(customers).where(eq(customers.id, lead.id));
    const badType = await call(b.url, "/api/photos", {
      method: "POST",
      cookie: owner,
      json: { objectPath: slot.objectPath, jobId: "x" },
    });
    expect(badType.status).toBe(400);
    const notJson = await call(b.url, "/api/photos", { method: "POST", cookie: owner, body: "x", type: "text/plain" });
    expect(notJson.status).toBe(415);
    // The no-JS form's route refuses a body that is not multipart (400, never a 500).
    const notMultipart = await fetch(`${b.url}/photos/upload`, {
      method: "POST",
      headers: { Cookie: owner, Origin: b.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "title=x",
      redirect: "manual",
    });
    expect(notMultipart.status).toBe(400);
  });

  it("lists with every filter of the spec", async () => {
    const word = `${tag}${name}`;
    const onJob = await uploadPhoto({ title: `Cabinet ${word}`, tags: [`t-${word}`, "before"] });
    const onTask = await uploadPhoto({ jobId: undefined, taskId, description: `Hinge ${word}` }, installer);
    const onCustomer = await uploadPhoto({ jobId: undefined, customerId, title: `Site ${word}` });
    const ids = (res: { body: Array<{ id: number }> }) => res.body.map((p) => p.id).sort();
    const list = (q: string) => call(b.url, `/api/photos?${q}`, { cookie: owner });

    const bySearch = await list(`search=${word}`);
    expect(bySearch.status).toBe(200);
    expect(ids(bySearch)).toEqual([onJob.id, onTask.id, onCustomer.id].sort());
    expect(bySearch.headers.get("x-total-count")).toBe("3");
    expect(bySearch.body[0].id).toBe(onCustomer.id); // newest first
    expect(ids(await list(`search=${word}&jobId=${jobId}`))).toEqual([onJob.id, onTask.id].sort());
    expect(ids(await list(`search=${word}&taskId=${taskId}`))).toEqual([onTask.id]);
    expect(ids(await list(`search=${word}&customerId=${customerId}`))).toEqual(
      [onJob.id, onTask.id, onCustomer.id].sort(),
    );
    expect(ids(await list(`search=${word}&hasTaskId=true`))).toEqual([onTask.id]);
    expect(ids(await list(`search=${word}&hasJobId=true`))).toEqual([onJob.id, onTask.id].sort());
    expect(ids(await list(`search=${word}&hasCustomerId=true`)).length).toBe(3);
    expect(ids(await list(`search=${word}&hasScheduleEventId=true`))).toEqual([]);
    expect(ids(await list(`tag=t-${word}`))).toEqual([onJob.id]);
    const paged = await list(`search=${word}&limit=1&offset=1`);
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.get("x-total-count")).toBe("3");
    for (const bad of ["customerId=abc", "hasJobId=maybe", "limit=-1", "jobId=0"]) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
    }
    const one = await call(b.url, `/api/photos/${onTask.id}`, { cookie: installer });
    expect(one.body).toMatchObject({ id: onTask.id, taskId, jobId, customerId, entity: "task" });
    for (const p of ["/api/photos/999999999", "/api/photos/abc", "/api/photos/999999999/download"]) {
      expect((await call(b.url, p, { cookie: owner })).status, p).toBe(404);
    }
    expect((await call(b.url, "/api/photos/999999999", { method: "DELETE", cookie: owner })).status).toBe(404);
    expect(
      (await call(b.url, "/api/photos/999999999", { method: "PUT", cookie: owner, json: { title: "x" } })).status,
    ).toBe(404);
    await (await getDb()).delete(photos).where(inArray(photos.id, [onJob.id, onTask.id, onCustomer.id]));
  });
});
