import { afterEach, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, secretKey } from "~/utils/secret-box.server";

const saved = { key: process.env.EMAIL_SECRET_KEY, env: process.env.NODE_ENV, demo: process.env.DEMO };
function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
afterEach(() => {
  restore("EMAIL_SECRET_KEY", saved.key);
  restore("NODE_ENV", saved.env);
  restore("DEMO", saved.demo);
});

describe("secret box (AES-256-GCM for the e-mail app password)", () => {
  it("round-trips, never stores the clear text, and uses a fresh IV each time", () => {
    const a = encryptSecret("abcd efgh ijkl mnop");
    const b = encryptSecret("abcd efgh ijkl mnop");
    expect(a).not.toContain("abcd");
    expect(a).not.toBe(b);
    expect(decryptSecret(a)).toBe("abcd efgh ijkl mnop");
  });

  it("refuses a tampered ciphertext or another key", () => {
    const box = encryptSecret("secret");
    const parts = box.split(":");
    const data = Buffer.from(parts[3], "base64");
    data[0] ^= 1;
    expect(() => decryptSecret([...parts.slice(0, 3), data.toString("base64")].join(":"))).toThrow();
    process.env.EMAIL_SECRET_KEY = "11".repeat(32);
    expect(() => decryptSecret(box)).toThrow();
  });

  it("reads a 32-byte key as hex or base64, rejects others, and requires one in production", () => {
    process.env.EMAIL_SECRET_KEY = "ab".repeat(32);
    expect(secretKey()).toHaveLength(32);
    process.env.EMAIL_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
    expect(secretKey()).toEqual(Buffer.alloc(32, 7));
    process.env.EMAIL_SECRET_KEY = "short";
    expect(() => secretKey()).toThrow(/32 bytes/);
    delete process.env.EMAIL_SECRET_KEY;
    process.env.NODE_ENV = "production";
    delete process.env.DEMO;
    expect(() => secretKey()).toThrow(/EMAIL_SECRET_KEY/);
    process.env.DEMO = "1";
    expect(secretKey()).toHaveLength(32);
  });
});
