// Images for photos (decisions §7; docs/decisions/photos.md): the bytes decide what a file is
// (JPEG, PNG, WebP, HEIC/HEIF and nothing else), a pixel limit refuses decompression bombs, and
// sharp makes the derivatives: EXIF orientation applied, every bit of metadata (GPS, camera serial)
// left behind. HEIC is decoded by heic-decode (libheif in WebAssembly): sharp's prebuilt binaries
// cannot read it.
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import sharp, { type Sharp } from "sharp";

/** 10 MB per file (spec §9). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Above any phone camera (48 MP sensors save 12 or 24 MP; 48 MP ProRAW is not an upload type). */
export const MAX_PIXELS = 50_000_000;

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1"]);

/** What the first bytes say the file is, or null for anything we do not take. */
export function sniffImageType(head: Uint8Array): PhotoType | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  if (b.length >= 12 && b.toString("latin1", 4, 8) === "ftyp") {
    const major = b.toString("latin1", 8, 12);
    if (HEIC_BRANDS.has(major)) return "image/heic";
    if (HEIF_BRANDS.has(major)) {
      // mif1/msf1 is the HEIF container; AVIF files use it too: the compatible brands tell them apart.
      const boxSize = b.readUInt32BE(0);
      const brands = b.toString("latin1", 16, Math.min(boxSize, b.length));
      if (/avi[fs]/.test(brands) && !/he[iv][cxms]/.test(brands)) return null;
      return "image/heif";
    }
  }
  return null;
}

export const isHeif = (type: string) => type === "image/heic" || type === "image/heif";

type HeicImage = { width: number; height: number; decode: () => Promise<{ data: Uint8ClampedArray }> };
type HeicDecode = ((input: {
  buffer: Buffer;
}) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>) & {
  all: (input: { buffer: Buffer }) => Promise<HeicImage[]>;
};

let heicDecoder: HeicDecode | undefined;
function heic(): HeicDecode {
  // A CommonJS package that loads its WebAssembly on first use; required lazily so the web process
  // pays for it only when a HEIC arrives.
  heicDecoder ??= createRequire(import.meta.url)("heic-decode") as HeicDecode;
  return heicDecoder;
}

export class ImageRefused extends Error {}

export const NOT_AN_IMAGE = "is not a photo: only JPEG, PNG, WebP and HEIC/HEIF images are accepted.";

/**
 * Checks a received file: its type from its bytes and its pixel count (upright width and height).
 * Throws ImageRefused with a message for the user.
 */
export async function inspectImage(
  file: string,
  head: Uint8Array,
): Promise<{ mimeType: PhotoType; width: number; height: number }> {
  const mimeType = sniffImageType(head);
  if (!mimeType) throw new ImageRefused(NOT_AN_IMAGE);
  let width: number;
  let height: number;
  try {
    if (isHeif(mimeType)) {
      const [first] = await heic().all({ buffer: await fs.readFile(file) });
      if (!first) throw new Error("no image in the file");
      ({ width, height } = first);
    } else {
      // Reads the header only: a huge image is refused before anything is decoded.
      const meta = await sharp(file, { limitInputPixels: false }).metadata();
      if (!meta.width || !meta.height) throw new Error("no size");
      const swap = (meta.orientation ?? 1) >= 5;
      width = swap ? meta.height : meta.width;
      height = swap ? meta.width : meta.height;
    }
  } catch {
    throw new ImageRefused("could not be read as an image. It may be damaged or only partly uploaded.");
  }
  if (width * height > MAX_PIXELS) {
    throw new ImageRefused(
      `is ${width} × ${height} pixels; photos may have at most ${MAX_PIXELS / 1_000_000} megapixels.`,
    );
  }
  return { mimeType, width, height };
}

/**
 * The grid's thumbnail: 360 px WebP at quality 60, effort 6 — a page of 24 stays under 500 KB
 * (issue 12; photo-like test images average ~19 KB where 400 px at quality 70 made ~25 KB). The
 * grid's cards are 224–360 CSS px wide; the viewer size serves anything larger.
 */
export const THUMBNAIL_SIZE = 360;
export const VIEWER_SIZE = 1600;

/**
 * The grid thumbnail and the viewer image (WebP), upright, with no metadata at all: sharp writes
 * none unless asked (withMetadata/keepExif), and `.rotate()` applies the EXIF orientation first.
 */
export async function makeDerivatives(original: Buffer, mimeType: string) {
  let image: Sharp;
  if (isHeif(mimeType)) {
    // libheif applies the HEIF transforms (irot/imir) itself; the pixels come out upright.
    const decoded = await heic()({ buffer: original });
    if (decoded.width * decoded.height > MAX_PIXELS) throw new ImageRefused("too many pixels");
    image = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  } else {
    image = sharp(original, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
  }
  const [thumbnail, viewer] = await Promise.all([
    image
      .clone()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 60, effort: 6 })
      .toBuffer(),
    image
      .clone()
      .resize(VIEWER_SIZE, VIEWER_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { thumbnail, viewer };
}
