// scrypt from node:crypto: no native addon to build, parameters stored with each hash, so the cost
// can rise and old hashes still verify (and are rehashed at the next sign-in: needsRehash).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** OWASP Password Storage Cheat Sheet's scrypt figure: N=2^17, r=8, p=1 (128 MiB, docs/decisions/sessions-and-sign-in.md). */
const PARAMS = { N: 2 ** 17, r: 8, p: 1, keylen: 64 };

/** scrypt needs 128·N·r bytes; node refuses above maxmem (32 MiB by default). */
const MAX_N = 2 ** 20;
const maxmemFor = (N: number, r: number) => 128 * N * r + 16 * 1024 * 1024;

// Each derivation holds 128 MiB and a libuv thread for a good part of a second: a burst of
// sign-ins queues here instead of multiplying the process's memory.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, keylen: number, options: ScryptOptions & { N: number; r: number }) {
  return withSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(
          password.normalize("NFKC"),
          salt,
          keylen,
          { ...options, maxmem: maxmemFor(options.N, options.r) },
          (error, key) => (error ? reject(error) : resolve(key)),
        ),
      ),
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (base64 parts). */
export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.keylen, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (scheme !== "scrypt" || !salt || !hash) return null;
  // A stored hash is ours, but a corrupt one must not make us allocate gigabytes.
  if (![N, R, P].every(Number.isSafeInteger) || N < 2 || N > MAX_N || R < 1 || R > 32 || P < 1 || P > 16) return null;
  return { N, r: R, p: P, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

export async function verifyPassword(password: string, stored: string) {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.hash.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** A hash made with other parameters than today's: rehash it when the password is next known. */
export function needsRehash(stored: string) {
  const parsed = parse(stored);
  return !parsed || parsed.N !== PARAMS.N || parsed.r !== PARAMS.r || parsed.p !== PARAMS.p;
}

/** A hash that never matches, so unknown usernames cost the same time as wrong passwords. */
export const DUMMY_HASH =
  `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$` + Buffer.alloc(64).toString("base64");
