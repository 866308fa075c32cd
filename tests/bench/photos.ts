// `npm run bench:photos` (docs/decisions/photos.md, docs/performance.md "Photos"): the measured
// aims of issue 12, on the large data set, against the production build.
//
// 1. the database (benchDatabase in lib.ts: BENCH_REUSE_DB reuses a loaded one), else a scratch
//    database cab_photos_<timestamp>: migrate, `db/seed/index.ts --large` (200k photo rows),
//    VACUUM ANALYZE; the app (production build, photos on disk in a scratch folder, jobs queued in
//    Redis under a fresh prefix) and the Photos floor (tests/bench/photos-floor.ts).
// 2. Memory: the server's RSS (sampled from /proc every 10 ms) above its level before one 10 MB
//    PUT {uploadURL}, and before one no-JS submit of twenty 4 MB photos (aims < 30 MB, < 100 MB).
//    No worker runs yet, so the server only streams, checks and stores.
// 3. Thumbnail time: a photos worker starts (tests/setup/photos-worker.ts, as the S3 tests use);
//    once the queue is empty, a 12-megapixel JPEG and a 12-megapixel HEIC (made with heif-enc when
//    it is installed) are uploaded three times each; the time from the registration's answer to
//    the thumbnail being there (aims ≤ 3 s, ≤ 8 s).
// 4. The Photos page over the 200k rows: autocannon, 20 connections, /photos, /photos?tag=after and
//    /photos?search=install against the floor running the same SQL; then the weight of the first
//    page (HTML gzip as sent + its 24 thumbnails, which are real ones: the photos of steps 2–3 are
//    the newest), aim ≤ 500 KB.
// The database, the photo folder and the queue prefix are removed whatever happens.
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import sharp from "sharp";
import * as schema from "../../db/schema";
import { listPhotos } from "../../app/models/photos.server";
import { DEMO_PASSWORD } from "../../db/seed/catalogue";
import {
  benchDatabase,
  buildIfStale,
  type BenchDatabase,
  fmtKb,
  fmtMs,
  freePort,
  markdownTable,
  percentile,
  seconds,
  sleep,
  startChild,
  stopChild,
  waitForHttp,
  appServerArgs,
} from "./lib";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const started = Date.now();
const log = (m: string) => console.log(`[photos ${seconds(Date.now() - started).padStart(7)}] ${m}`);
const MB = 1024 * 1024;

function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Runs `work` while sampling the process's RSS; the peak above the level just before. */
async function rssRise(pid: number, work: () => Promise<unknown>) {
  const before: number[] = [];
  for (let i = 0; i < 20; i++) {
    before.push(rssOf(pid));
    await sleep(10);
  }
  const base = before.sort((a, b) => a - b)[10];
  let peak = base;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssOf(pid));
      await sleep(10);
    }
  })();
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  await sleep(200); // what the request left behind
  sampling = false;
  await sampler;
  return { base, peak, rise: peak - base, ms };
}

const noise = (width: number, height: number, sigma: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } },
  });

/**
 * A photo-like image: noise at three scales (broad shapes, texture, grain) mixed, so it compresses
 * like a photo at full size and in a thumbnail — flat colour would make both unrealistically small.
 * Synthetic all the same: docs/performance.md gives the thumbnail size it yields.
 */
async function photoLike(width: number, height: number, seed: number, quality = 92) {
  const scaled = async (div: number, sigma: number) =>
    sharp(
      await noise(Math.round(width / div), Math.round(height / div), sigma)
        .png()
        .toBuffer(),
    )
      .resize(width, height, { kernel: "cubic" })
      .raw()
      .toBuffer();
  const [broad, texture, grain] = await Promise.all([
    scaled(40, 80),
    scaled(8, 60),
    noise(width, height, 30).blur(0.8).raw().toBuffer(),
  ]);
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (broad[i] * 2 + texture[i] + grain[i] + seed) >> 2;
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** Grows a JPEG to exactly `bytes` with trailing bytes after its end marker (decoders stop there). */
function padTo(jpeg: Buffer, bytes: number) {
  if (jpeg.length > bytes) throw new Error(`the JPEG is already ${jpeg.length} bytes`);
  return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length)]);
}

async function main() {
  let database: BenchDatabase | undefined;
  let firstNewPhoto = 0;
  const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), "cab-photos-bench-"));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "cab-photos-files-"));
  const prefix = `cabbench-photos-${Date.now()}`;
  let client: postgres.Sql | undefined;
  let app: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  let worker: ChildProcess | undefined;
  const report: string[] = [];
  try {
    database = await benchDatabase("cab_photos", { log });
    const url = database.url;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      SESSION_SECRET: "bench-session-secret-0123456789",
      BUSINESS_TIME_ZONE: process.env.BUSINESS_TIME_ZONE ?? "America/New_York",
      REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379",
      QUEUE_PREFIX: prefix,
      PHOTOS_DIR: photosDir,
    };
    client = postgres(url, { max: 4, onnotice: () => {} });
    const [{ n: photoRows, last }] = await client.unsafe<{ n: number; last: number }[]>(
      "select count(*)::int as n, coalesce(max(id), 0)::int as last from photos",
    );
    // On a reused database the photos this bench registers are removed afterwards (their files go
    // with the temporary photo folder).
    firstNewPhoto = last + 1;
    log(`photos: ${photoRows.toLocaleString("en-US")} rows`);
    await buildIfStale(env, log);

    // The statements listPhotos sends for each target, for the floor.
    const targets = { list: {}, tag: { tag: "after" }, search: { search: "install" } } as const;
    const floorQueries: Record<string, { sql: string; params: unknown[] }[]> = {};
    for (const [key, filters] of Object.entries(targets)) {
      const captured: { sql: string; params: unknown[] }[] = [];
      const logged = drizzle(client, { schema, logger: { logQuery: (q, p) => captured.push({ sql: q, params: p }) } });
      await listPhotos(logged, { ...filters, limit: 24, offset: 0 });
      floorQueries[key] = captured;
    }

    const [appPort, floorPort] = await Promise.all([freePort(), freePort()]);
    const base = `http://127.0.0.1:${appPort}`;
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    const appEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: "production",
      PORT: String(appPort),
      APP_URL: base,
      LOG_REQUESTS: "0",
    };
    app = startChild(process.execPath, appServerArgs(), appEnv, "app");
    floor = startChild(
      process.execPath,
      ["--import", "tsx", "tests/bench/photos-floor.ts"],
      {
        ...env,
        NODE_ENV: "production" as const,
        FLOOR_PORT: String(floorPort),
        PHOTO_FLOOR_QUERIES: JSON.stringify(floorQueries),
      },
      "floor",
    );
    await Promise.all([waitForHttp(`${base}/healthz`, app, 120_000), waitForHttp(`${floorUrl}/healthz`, floor)]);
    const login = await fetch(`${base}/login`, {
      method: "POST",
      body: new URLSearchParams({ username: "owner", password: DEMO_PASSWORD }),
      headers: { Origin: base },
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`sign-in failed: ${login.status}`);
    const headers = { Cookie: cookie, Origin: base };

    const api = async (p: string, init: RequestInit = {}): Promise<any> => {
      let res: Response;
      try {
        res = await fetch(`${base}${p}`, {
          ...init,
          headers: { ...headers, Accept: "application/json", ...init.headers },
        });
      } catch (error) {
        log(`${init.method ?? "GET"} ${p} failed (${String((error as Error).cause ?? error)}): once more`);
        res = await fetch(`${base}${p}`, {
          ...init,
          headers: { ...headers, Accept: "application/json", ...init.headers },
        });
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`${init.method ?? "GET"} ${p}: ${res.status} ${text.slice(0, 200)}`);
      return text ? JSON.parse(text) : null;
    };
    /** PUT to a fresh signed URL, then register: the photo's id and when the registration answered. */
    const upload = async (bytes: Buffer, name: string) => {
      const slot = await api("/api/objects/upload", { method: "POST" });
      const put = await fetch(
        `${base}${new URL(slot.uploadURL, base).pathname}${new URL(slot.uploadURL, base).search}`,
        {
          method: "PUT",
          headers: { ...headers, "Content-Type": "application/octet-stream" },
          body: new Uint8Array(bytes),
        },
      );
      if (!put.ok) throw new Error(`PUT ${name}: ${put.status} ${await put.text()}`);
      const photo = await api("/api/photos", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          objectPath: slot.objectPath,
          originalName: name,
          title: `Bench ${name}`,
          tags: ["bench"],
        }),
      });
      return { id: photo.id as number, registeredAt: performance.now() };
    };

    // ------------------------------------------------------------ 2. memory
    log("making the test photos");
    const twelve = await photoLike(4000, 3000, 1);
    const four = padTo(await photoLike(2800, 2100, 2, 92), 4 * MB);
    const ten = padTo(twelve, 10 * MB);
    // The HEIC is made now: heif-enc takes a while, and the app should not sit idle meanwhile.
    let heic: Buffer | undefined;
    try {
      fs.writeFileSync(path.join(work, "twelve.jpg"), twelve);
      execFileSync("heif-enc", ["-q", "50", "-o", path.join(work, "twelve.heic"), path.join(work, "twelve.jpg")]);
      heic = fs.readFileSync(path.join(work, "twelve.heic"));
    } catch (error) {
      log(`HEIC skipped: ${(error as Error).message.split("\n")[0]} (apt-get install libheif-examples)`);
    }
    log(`12 MP JPEG ${fmtKb(twelve.length)}; 4 MB photo from a ${2800}×${2100} JPEG; 10 MB from the 12 MP one`);
    await upload(await photoLike(800, 600, 3), "warm-up.jpg"); // loads sharp and the routes
    const pid = app.pid!;
    const oneTen = await rssRise(pid, () => upload(ten, "ten-mb.jpg"));
    log(`10 MB PUT: RSS ${fmtKb(oneTen.base)} → peak ${fmtKb(oneTen.peak)} (+${(oneTen.rise / MB).toFixed(1)} MB)`);

    const boundary = `----bench${Date.now()}`;
    const parts: Buffer[] = [];
    const field = (name: string, value: string) =>
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    field("returnTo", "/photos");
    field("title", "Bench no-JS batch");
    field("tags", "after");
    for (let i = 1; i <= 20; i++) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="IMG_${1000 + i}.jpg"\r\n` +
            `Content-Type: image/jpeg\r\n\r\n`,
        ),
        four,
        Buffer.from("\r\n"),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const multipart = Buffer.concat(parts);
    const twenty = await rssRise(pid, async () => {
      const res = await fetch(`${base}/photos/upload`, {
        method: "POST",
        headers: { ...headers, "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body: multipart,
        redirect: "manual",
      });
      if (res.status !== 302) throw new Error(`no-JS submit: ${res.status} ${(await res.text()).slice(0, 300)}`);
    });
    log(
      `20 × 4 MB no-JS submit (${(multipart.length / MB).toFixed(1)} MB) in ${seconds(twenty.ms)}: RSS ` +
        `${fmtKb(twenty.base)} → peak ${fmtKb(twenty.peak)} (+${(twenty.rise / MB).toFixed(1)} MB)`,
    );

    // ------------------------------------------------------------ 3. upload → thumbnail
    worker = startChild(process.execPath, ["--import", "tsx", "tests/setup/photos-worker.ts"], env, "worker");
    const pending = async () =>
      (
        await client!.unsafe<{ n: number }[]>(
          `select count(*)::int as n from photos where derivative_status = 'pending'`,
        )
      )[0].n;
    const t = Date.now();
    while ((await pending()) > 0) {
      if (Date.now() - t > 300_000) throw new Error("the worker did not clear the queue in 5 minutes");
      await sleep(250);
    }
    log(`worker cleared the 22 queued photos in ${seconds(Date.now() - t)}`);
    const thumbTime = async (bytes: Buffer, name: string) => {
      const { id, registeredAt } = await upload(bytes, name);
      for (;;) {
        const photo = await api(`/api/photos/${id}`);
        if (photo.thumbnailUrl) return performance.now() - registeredAt;
        if (photo.derivativeStatus === "failed") throw new Error(`${name}: derivatives failed`);
        await sleep(25);
      }
    };
    const jpegTimes: number[] = [];
    for (let i = 0; i < 3; i++) jpegTimes.push(await thumbTime(twelve, `twelve-${i}.jpg`));
    log(`12 MP JPEG → thumbnail: ${jpegTimes.map((ms) => seconds(ms)).join(", ")}`);
    const heicTimes: number[] = [];
    if (heic) {
      for (let i = 0; i < 3; i++) heicTimes.push(await thumbTime(heic, `twelve-${i}.heic`));
      log(`12 MP HEIC (${fmtKb(heic.length)}) → thumbnail: ${heicTimes.map((ms) => seconds(ms)).join(", ")}`);
    }
    const heicSize = heic?.length ?? 0;
    await stopChild(worker);
    worker = undefined;

    // ------------------------------------------------------------ 4. the Photos page
    const measure = async (label: string, target: string, server: "app" | "floor") => {
      const opts = {
        url: target,
        connections: CONNECTIONS,
        headers: (server === "app" ? { Cookie: cookie } : {}) as Record<string, string>,
      };
      const probe = await fetch(target, { headers: opts.headers, redirect: "manual" });
      if (probe.status !== 200) throw new Error(`${label}: ${probe.status}`);
      await autocannon({ ...opts, duration: WARMUP });
      // One request at a time: the cost of one answer, less bent by the shared machine's load.
      const alone: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t0 = performance.now();
        await (await fetch(target, { headers: opts.headers })).arrayBuffer();
        alone.push(performance.now() - t0);
      }
      alone.sort((a, b) => a - b);
      const samples: number[] = [];
      const instance = autocannon({ ...opts, duration: DURATION });
      instance.on("response", (_c: unknown, _s: number, _b: number, ms: number) => samples.push(ms));
      const result = await instance;
      samples.sort((a, b) => a - b);
      const m = {
        label,
        alone: percentile(alone, 50),
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        rps: samples.length / DURATION,
      };
      log(
        `${label.padEnd(34)} alone p50 ${fmtMs(m.alone)}  p50 ${fmtMs(m.p50)}  p95 ${fmtMs(m.p95)} ms  ${m.rps.toFixed(0)} req/s  non-2xx ${result.non2xx}`,
      );
      return m;
    };
    const page: Array<[string, string, string]> = [
      ["list", "/photos", "?q=list"],
      ["tag", "/photos?tag=after", "?q=tag"],
      ["search", "/photos?search=install", "?q=search"],
    ];
    const rows: (string | number)[][] = [];
    for (const [key, appPath, floorPath] of page) {
      const f = await measure(`floor: ${key}`, `${floorUrl}/${floorPath}`, "floor");
      const a = await measure(`page ${appPath}`, `${base}${appPath}`, "app");
      rows.push([`floor: ${key}`, fmtMs(f.alone), fmtMs(f.p50), fmtMs(f.p95), f.rps.toFixed(0), "1.00×"]);
      rows.push([
        `page \`${appPath}\``,
        fmtMs(a.alone),
        fmtMs(a.p50),
        fmtMs(a.p95),
        a.rps.toFixed(0),
        `${(a.p95 / f.p95).toFixed(2)}×`,
      ]);
    }

    // Weight of the first page: its HTML as sent (gzip) and its 24 thumbnails.
    const html = await fetch(`${base}/photos`, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } });
    const htmlText = await html.text();
    const htmlGzip = zlib.gzipSync(htmlText).length;
    const thumbs = [...new Set([...htmlText.matchAll(/\/photo-files\/(\d+)\/thumb/g)].map((m) => m[0]))];
    let thumbBytes = 0;
    for (const src of thumbs) {
      const res = await fetch(`${base}${src}`, { headers: { Cookie: cookie } });
      thumbBytes += (await res.arrayBuffer()).byteLength;
    }
    log(
      `first page: HTML ${fmtKb(htmlText.length)} (${fmtKb(htmlGzip)} gzip), ${thumbs.length} thumbnails ${fmtKb(thumbBytes)}`,
    );

    const rise = (r: { rise: number }) => `${(r.rise / MB).toFixed(1)} MB`;
    const max = (list: number[]) => (list.length ? Math.max(...list) : NaN);
    report.push(
      markdownTable(
        ["measure", "result", "aim"],
        [
          ["server RSS rise, one 10 MB PUT", rise(oneTen), "< 30 MB"],
          ["server RSS rise, twenty 4 MB photos in one no-JS submit", rise(twenty), "< 100 MB"],
          [
            `12 MP JPEG (${fmtKb(twelve.length)}): registered → thumbnail, worst of 3`,
            seconds(max(jpegTimes)),
            "≤ 3 s",
          ],
          [
            `12 MP HEIC (${fmtKb(heicSize)}): registered → thumbnail, worst of 3`,
            heicTimes.length ? seconds(max(heicTimes)) : "not run (no heif-enc)",
            "≤ 8 s",
          ],
          [
            `first Photos page: HTML (gzip) + ${thumbs.length} thumbnails`,
            `${fmtKb(htmlGzip + thumbBytes)} (${fmtKb(htmlGzip)} + ${fmtKb(thumbBytes)})`,
            "≤ 500 KB",
          ],
        ],
      ),
      "",
      markdownTable(["target", "alone p50 ms", "20 conn. p50 ms", "20 conn. p95 ms", "req/s", "p95 ÷ floor"], rows),
    );
    console.log(`\n${report.join("\n")}\n`);
    console.log(`photo rows ${photoRows}; load: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
  } finally {
    await stopChild(worker);
    await stopChild(app);
    await stopChild(floor);
    if (database?.reused && firstNewPhoto)
      await client?.unsafe("delete from photos where id >= $1", [firstNewPhoto]).catch(() => {});
    await client?.end();
    await database?.drop();
    fs.rmSync(photosDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
    try {
      execFileSync("redis-cli", ["--scan", "--pattern", `${prefix}:*`]);
      execFileSync("sh", ["-c", `redis-cli --scan --pattern '${prefix}:*' | xargs -r redis-cli del > /dev/null`]);
    } catch {
      // redis-cli missing: the keys expire with BullMQ's own clean-up
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
