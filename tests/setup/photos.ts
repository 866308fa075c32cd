// Photo test helpers: real image bytes made with sharp (with EXIF and GPS where asked), hostile
// files (SVG, a PDF named .jpg, a PNG header claiming 30,000 × 30,000 pixels), a local
// S3-compatible server (s3rver) and a second app server that stores photos there.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A JPEG of `width` × `height`: red top-left quadrant, blue elsewhere; GPS and a serial in EXIF when asked. */
export async function makeJpeg(opts: { width?: number; height?: number; gps?: boolean; orientation?: number } = {}) {
  const width = opts.width ?? 64;
  const height = opts.height ?? 48;
  let image = sharp(await quadrantRaw(width, height), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 });
  if (opts.gps || opts.orientation) {
    image = image.withMetadata({ orientation: opts.orientation }).withExifMerge({
      IFD0: { Make: "TestCam", Model: "Serial-SN12345" },
      ...(opts.gps ? { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } } : {}),
    });
  }
  return image.toBuffer();
}

/** Raw RGB: red in the top-left quadrant, blue elsewhere. */
export async function quadrantRaw(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const red = x < width / 2 && y < height / 2;
      data[i] = red ? 230 : 20;
      data[i + 1] = 20;
      data[i + 2] = red ? 20 : 230;
    }
  return data;
}

/**
 * A real HEIC (tests/fixtures/photos/make-heic.ts made it with heif-enc): stored portrait with an
 * `irot` turning it upright to 320 × 240 (red top-left quadrant, blue elsewhere), EXIF orientation 6,
 * a camera serial and GPS — an iPhone photo's shape.
 */
export const HEIC_FIXTURE = path.join(root, "tests/fixtures/photos/portrait-irot.heic");
export const readHeic = () => fs.readFile(HEIC_FIXTURE);

export async function makePng(width = 32, height = 32) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A small file whose PNG header claims `size` × `size` pixels (a decompression bomb's shape). */
export function pngBomb(size = 30_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = zlib.deflateSync(Buffer.alloc(size * 3 + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- servers

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export type LocalS3 = { env: Record<string, string>; client: S3Client; bucket: string; close: () => Promise<void> };

/** s3rver on a free port with one bucket; its env makes the app use it (path-style, like MinIO). */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const bucket = "photos";
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env,
    client,
    bucket,
    close: async () => {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A second production server of this run's build and database with `extraEnv` (the S3 store), on
 * its own queue prefix, with a photos-only worker process of the same env making its derivatives.
 */
export async function startAppServer(extraEnv: Record<string, string>, queuePrefix: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    QUEUE_PREFIX: queuePrefix,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: url,
    LOG_REQUESTS: "0",
    WEB_CONCURRENCY: "1",
  };
  delete env.VITEST;
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "app/server.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const worker: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/setup/photos-worker.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    for (const child of [server, worker]) {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    }
  };
  // Generous: on a loaded two-core machine a cold start of the production server takes a while.
  const until = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > until) {
      await stop();
      throw new Error("the S3 app server did not start");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop };
}
