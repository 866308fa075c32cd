// AES-256-GCM for secrets kept in the database (the e-mail app password, docs/decisions/sending-email.md).
// Key: EMAIL_SECRET_KEY (32 bytes, base64 or hex). Outside production (demo, dev, tests) without it,
// a key derived from SESSION_SECRET (or a fixed demo string) keeps the demo working.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";

function parseKey(raw: string): Buffer {
  const value = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  const buf = Buffer.from(value, "base64");
  if (buf.length !== 32) throw new Error("EMAIL_SECRET_KEY must be 32 bytes, base64 or hex encoded");
  return buf;
}

export function secretKey(): Buffer {
  const raw = process.env.EMAIL_SECRET_KEY;
  if (raw) return parseKey(raw);
  if (process.env.NODE_ENV === "production" && !process.env.DEMO) {
    throw new Error("EMAIL_SECRET_KEY (32 bytes, base64 or hex) is required in production to store e-mail passwords");
  }
  const seed = process.env.SESSION_SECRET || "cabinetry-demo-email-key";
  return createHash("sha256").update(`cabinetry-email-secret:${seed}`).digest();
}

/** "v1:iv:tag:ciphertext", each base64. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
}

export function decryptSecret(box: string): string {
  const [version, iv, tag, data] = box.split(":");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unreadable stored secret");
  const decipher = createDecipheriv("aes-256-gcm", secretKey(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}
