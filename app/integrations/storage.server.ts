// Object storage for photos (decisions §7; docs/decisions/photos.md): the local disk by default
// (PHOTOS_DIR, default ./data/photos) and any S3-compatible store when S3_BUCKET is set (the AWS
// SDK v3; S3_ENDPOINT and path-style addressing for MinIO, R2 and the tests' local server). Keys are
// ours (random ids), never a user's filename. Knows nothing about our tables.
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
// The AWS SDK is loaded only when S3 is configured (it is large, and warns about Node versions).
type S3Sdk = typeof import("@aws-sdk/client-s3");
type S3ClientType = import("@aws-sdk/client-s3").S3Client;

export type StoredObject = { body: Readable; size: number; contentType: string };

export interface ObjectStore {
  readonly kind: "disk" | "s3";
  /** Stores a local file under `key` (streamed, never read whole). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Stores bytes already in memory (derivatives: a few hundred KB). */
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** A short-lived URL the browser may fetch directly (S3), or null (disk: the app streams it). */
  presignedGet(key: string, seconds: number, filename?: string): Promise<string | null>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe object key: ${key}`);
  return key;
}

export class DiskStore implements ObjectStore {
  readonly kind = "disk" as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, checkKey(key));
  }

  async putFile(key: string, file: string, contentType: string) {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await pipeline(createReadStream(file), createWriteStream(partial));
    await fs.rename(partial, target);
    await fs.writeFile(`${target}.type`, contentType);
  }

  async putBuffer(key: string, body: Buffer, contentType: string) {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(`${target}.partial`, body);
    await fs.rename(`${target}.partial`, target);
    await fs.writeFile(`${target}.type`, contentType);
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.file(key);
    try {
      const stat = await fs.stat(target);
      const contentType = await fs.readFile(`${target}.type`, "utf8").catch(() => "application/octet-stream");
      return { body: createReadStream(target), size: stat.size, contentType };
    } catch {
      return null;
    }
  }

  async exists(key: string) {
    return fs
      .stat(this.file(key))
      .then(() => true)
      .catch(() => false);
  }

  async delete(key: string) {
    const target = this.file(key);
    await fs.rm(target, { force: true });
    await fs.rm(`${target}.type`, { force: true });
  }

  async presignedGet() {
    return null;
  }
}

export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
};

export class S3Store implements ObjectStore {
  readonly kind = "s3" as const;
  private sdk?: Promise<{ s3: S3Sdk; client: S3ClientType }>;
  constructor(readonly config: S3Config) {}

  private connect() {
    this.sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint,
        forcePathStyle: this.config.forcePathStyle,
        // Checksums only where S3 requires them: streamed bodies otherwise go out aws-chunked with
        // a CRC trailer, which several S3-compatible stores (and s3rver) store verbatim.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        credentials:
          this.config.accessKeyId && this.config.secretAccessKey
            ? { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey }
            : undefined,
      }),
    }));
    return this.sdk;
  }

  async putFile(key: string, file: string, contentType: string) {
    const { s3, client } = await this.connect();
    const { size } = await fs.stat(file);
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checkKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async putBuffer(key: string, body: Buffer, contentType: string) {
    const { s3, client } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key), Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const { s3, client } = await this.connect();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
      return {
        body: out.Body as Readable,
        size: Number(out.ContentLength ?? 0),
        contentType: out.ContentType ?? "application/octet-stream",
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string) {
    const { s3, client } = await this.connect();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string) {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
  }

  async presignedGet(key: string, seconds: number, filename?: string) {
    const { s3, client } = await this.connect();
    const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
    return getSignedUrl(
      client,
      new s3.GetObjectCommand({
        Bucket: this.config.bucket,
        Key: checkKey(key),
        ResponseContentDisposition: filename ? contentDisposition(filename) : undefined,
      }),
      { expiresIn: seconds },
    );
  }
}

function isMissing(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/** An inline Content-Disposition whose name cannot break the header (RFC 6266 filename*). */
export function contentDisposition(filename: string, disposition: "inline" | "attachment" = "inline") {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_").slice(0, 150) || "photo";
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename.slice(0, 150))}`;
}

/** The S3 settings from S3_* variables, or null when S3_BUCKET is unset (disk then). */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || "us-east-1",
    endpoint: env.S3_ENDPOINT || undefined,
    // MinIO and most self-hosted stores need path-style; AWS itself takes either.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== "false" : Boolean(env.S3_ENDPOINT),
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

export function photosDir(env: NodeJS.ProcessEnv = process.env) {
  return env.PHOTOS_DIR ? path.resolve(env.PHOTOS_DIR) : path.resolve(process.cwd(), "data", "photos");
}

// One store per process, on globalThis like the database client (the server entry and the Remix
// bundle each load their own copy of this module).
const storeKey = Symbol.for("cabinetry.storage");
type GlobalWithStore = typeof globalThis & { [storeKey]?: ObjectStore };

export function objectStore(): ObjectStore {
  const g = globalThis as GlobalWithStore;
  if (!g[storeKey]) {
    const s3 = s3ConfigFromEnv();
    g[storeKey] = s3 ? new S3Store(s3) : new DiskStore(photosDir());
  }
  return g[storeKey];
}

/** The origin browsers are redirected to for S3 objects (the CSP's img-src needs it), or null. */
export function storageImageOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
  const s3 = s3ConfigFromEnv(env);
  if (!s3) return null;
  if (s3.endpoint) {
    const url = new URL(s3.endpoint);
    return s3.forcePathStyle ? url.origin : `${url.protocol}//${s3.bucket}.${url.host}`;
  }
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** Reads a whole stored object (derivatives work on at most 10 MB originals). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
