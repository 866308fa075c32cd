// The bytes decide (docs/decisions/photos.md): JPEG, PNG, WebP and HEIC/HEIF are recognised by
// their first bytes whatever the name says; SVG, PDF and AVIF are not photos; a 30,000 × 30,000
// PNG is refused by the pixel limit before anything is decoded; the derivatives come out upright
// for all 8 EXIF orientations and carry no metadata (no GPS, no camera serial).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  ImageRefused,
  inspectImage,
  makeDerivatives,
  sniffImageType,
  THUMBNAIL_SIZE,
} from "../../app/utils/images.server";
import { makeJpeg, makePng, PDF, pngBomb, quadrantRaw, readHeic, SVG } from "../setup/photos";

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "photos-unit-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function inspect(bytes: Buffer) {
  const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, bytes);
  return inspectImage(file, bytes.subarray(0, 64));
}

function ftyp(major: string, compatible: string[]) {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  compatible.forEach((b, i) => box.write(b, 16 + i * 4, "latin1"));
  return box;
}

describe("sniffImageType", () => {
  it("knows the four photo formats by their bytes", async () => {
    expect(sniffImageType(await makeJpeg())).toBe("image/jpeg");
    expect(sniffImageType(await makePng())).toBe("image/png");
    const webp = await sharp(await makePng())
      .webp()
      .toBuffer();
    expect(sniffImageType(webp)).toBe("image/webp");
    expect(sniffImageType(ftyp("heic", ["mif1", "heic"]))).toBe("image/heic");
    expect(sniffImageType(ftyp("mif1", ["mif1", "heic"]))).toBe("image/heif");
    expect(sniffImageType(await readHeic())).toBe("image/heic");
  });

  it("refuses SVG, PDF, AVIF, GIF and text whatever they are called", async () => {
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(PDF)).toBeNull();
    expect(sniffImageType(ftyp("avif", ["avif", "mif1"]))).toBeNull();
    expect(sniffImageType(ftyp("mif1", ["mif1", "avif"]))).toBeNull();
    expect(sniffImageType(Buffer.from("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(sniffImageType(Buffer.from("hello"))).toBeNull();
  });
});

describe("inspectImage", () => {
  it("reads the upright size", async () => {
    expect(await inspect(await makeJpeg({ width: 60, height: 30 }))).toEqual({
      mimeType: "image/jpeg",
      width: 60,
      height: 30,
    });
    // Orientation 6 (rotate 90°): stored 60 × 30, shown 30 × 60.
    expect(await inspect(await makeJpeg({ width: 60, height: 30, orientation: 6 }))).toMatchObject({
      width: 30,
      height: 60,
    });
  });

  it("reads a real HEIC's upright size (its irot applied)", async () => {
    expect(await inspect(await readHeic())).toEqual({ mimeType: "image/heic", width: 320, height: 240 });
  });

  it("refuses a decompression bomb by its header and a damaged file", async () => {
    const started = Date.now();
    await expect(inspect(pngBomb())).rejects.toThrow(/megapixels/);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(inspect(SVG)).rejects.toBeInstanceOf(ImageRefused);
    await expect(inspect(PDF)).rejects.toThrow(/not a photo/);
    const jpeg = await makeJpeg();
    await expect(inspect(Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(10)]))).rejects.toThrow(/could not be read/);
  });
});

/** The stored pixels for orientation `o`: the upright image put through the inverse of `o`. */
async function storedFor(o: number, width: number, height: number) {
  const upright = sharp(await quadrantRaw(width, height), { raw: { width, height, channels: 3 } });
  const step = async (img: Sharp, op: (s: Sharp) => Sharp) => {
    const { data, info } = await op(img).raw().toBuffer({ resolveWithObject: true });
    return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  };
  const rot = (deg: number) => (s: Sharp) => s.rotate(deg);
  const flop = (s: Sharp) => s.flop();
  const flip = (s: Sharp) => s.flip();
  let img = upright;
  switch (o) {
    case 2:
      img = await step(img, flop);
      break;
    case 3:
      img = await step(img, rot(180));
      break;
    case 4:
      img = await step(img, flip);
      break;
    case 5: // transpose: self-inverse
      img = await step(await step(img, rot(90)), flop);
      break;
    case 6:
      img = await step(img, rot(270));
      break;
    case 7: // transverse: self-inverse
      img = await step(await step(img, rot(270)), flop);
      break;
    case 8:
      img = await step(img, rot(90));
      break;
  }
  return img.jpeg({ quality: 95 }).withMetadata({ orientation: o }).toBuffer();
}

async function pixel(image: Buffer, fx: number, fy: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const x = Math.floor(info.width * fx);
  const y = Math.floor(info.height * fy);
  const i = (y * info.width + x) * info.channels;
  return { r: data[i], b: data[i + 2], width: info.width, height: info.height };
}

describe("makeDerivatives", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("shows orientation %i upright", async (o) => {
    const stored = await storedFor(o, 80, 40);
    expect((await sharp(stored).metadata()).orientation).toBe(o);
    const { thumbnail, viewer } = await makeDerivatives(stored, "image/jpeg");
    for (const out of [thumbnail, viewer]) {
      const topLeft = await pixel(out, 0.2, 0.2);
      const topRight = await pixel(out, 0.8, 0.2);
      const bottomLeft = await pixel(out, 0.2, 0.8);
      expect(topLeft.width).toBeGreaterThan(topLeft.height); // landscape, as taken
      expect(topLeft.r).toBeGreaterThan(150); // red corner top-left
      expect(topRight.b).toBeGreaterThan(150);
      expect(bottomLeft.b).toBeGreaterThan(150);
      expect((await sharp(out).metadata()).orientation ?? 1).toBe(1);
    }
  });

  it("strips every bit of metadata: no GPS, no camera serial", async () => {
    const original = await makeJpeg({ width: 800, height: 600, gps: true });
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeDefined();
    expect(original.includes(Buffer.from("Serial-SN12345"))).toBe(true);
    const { thumbnail, viewer } = await makeDerivatives(original, "image/jpeg");
    for (const out of [thumbnail, viewer]) {
      const m = await sharp(out).metadata();
      expect(m.format).toBe("webp");
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.icc).toBeUndefined();
      expect(out.includes(Buffer.from("Serial-SN12345"))).toBe(false);
      expect(out.includes(Buffer.from("Exif"))).toBe(false);
    }
    expect((await sharp(thumbnail).metadata()).width).toBe(THUMBNAIL_SIZE);
    expect((await sharp(viewer).metadata()).width).toBe(800); // never enlarged
  });

  it("decodes a real HEIC upright (irot, not EXIF orientation) and strips its serial and GPS", async () => {
    const original = await readHeic();
    expect(original.includes(Buffer.from("Serial-SN12345"))).toBe(true);
    const { thumbnail, viewer } = await makeDerivatives(original, "image/heic");
    for (const out of [thumbnail, viewer]) {
      const m = await sharp(out).metadata();
      expect(m.format).toBe("webp");
      expect([m.width, m.height]).toEqual([320, 240]); // landscape as taken, never enlarged
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(out.includes(Buffer.from("Serial-SN12345"))).toBe(false);
      expect((await pixel(out, 0.2, 0.2)).r).toBeGreaterThan(150); // red corner top-left
      expect((await pixel(out, 0.8, 0.2)).b).toBeGreaterThan(150);
      expect((await pixel(out, 0.2, 0.8)).b).toBeGreaterThan(150);
    }
  });
});
