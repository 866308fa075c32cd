// Two-factor sign-in (TOTP, RFC 6238) and its recovery codes, and the browsers each user has
// signed in from (login alerts). Decisions: docs/decisions/security.md.
// - The secret is kept encrypted with the e-mail password's key (app/utils/secret-box.server.ts).
// - A code is accepted within ±1 step of 30 s; the step of the last accepted code is stored, so a
//   code (or an older one) is never accepted twice.
// - Wrong codes are counted like wrong passwords (login_throttle, key `totp:<user id>`): 5 in 15
//   minutes, then 15 minutes locked.
// - Ten recovery codes, shown once, stored as SHA-256 (they are random, 50 bits each), each used once.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Executor } from "../../db/client.server";
import { userDevices, userRecoveryCodes, users } from "../../db/schema";
import { decryptSecret, encryptSecret } from "../utils/secret-box.server";
import { conflict, invalid, notFound, tooMany } from "../utils/refusal.server";
import { clearAttempts, countAttempt } from "./user.server";

export const TOTP_PERIOD = 30;
export const TOTP_WINDOW = 1;
export const TOTP_ATTEMPT_LIMIT = 5;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Cabinetry Jobs";

function totpFor(secretBase32: string, username: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a code matched (±1 around now), or null. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32, "x").validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

export type TwoFactorStatus = {
  enrolled: boolean;
  enabledAt: Date | null;
  pending: boolean;
  recoveryCodesLeft: number;
};

export async function twoFactorStatus(db: Executor, userId: number): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({ secret: users.totpSecret, pending: users.totpPendingSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  const [left] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return {
    enrolled: Boolean(row.secret),
    enabledAt: row.secret ? row.enabledAt : null,
    pending: Boolean(row.pending),
    recoveryCodesLeft: row.secret ? Number(left?.n ?? 0) : 0,
  };
}

export type Enrolment = { secret: string; uri: string; qrSvg: string };

/**
 * The enrolment in progress: a new secret the first time (kept encrypted until a code confirms
 * it), the same one when the page is shown again. Refused when the user is already enrolled.
 */
export async function startEnrolment(db: Executor, userId: number): Promise<Enrolment> {
  const [row] = await db
    .select({ username: users.username, secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  if (row.secret) throw conflict("Two-factor sign-in is already on for this account.");
  let secret = row.pending ? readSecret(row.pending) : null;
  if (!secret) {
    secret = new OTPAuth.Secret({ size: 20 }).base32;
    await db
      .update(users)
      .set({ totpPendingSecret: encryptSecret(secret) })
      .where(eq(users.id, userId));
  }
  const uri = totpFor(secret, row.username).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 200 });
  return { secret, uri, qrSvg };
}

/** Drops an enrolment that was never confirmed. */
export async function cancelEnrolment(db: Executor, userId: number) {
  await db.update(users).set({ totpPendingSecret: null }).where(eq(users.id, userId));
}

function readSecret(box: string): string | null {
  try {
    return decryptSecret(box);
  } catch {
    return null;
  }
}

function requireCodeFormat(code: string, field: string) {
  const token = code.replace(/\s+/g, "");
  if (!token) throw invalid("Enter the 6-digit code from your authenticator app.", field);
  if (!/^\d{6}$/.test(token)) throw invalid("The code is the 6 digits your authenticator app shows.", field);
  return token;
}

async function countCodeAttempt(db: Executor, userId: number, field: string) {
  const wait = await countAttempt(db, `totp:${userId}`, TOTP_ATTEMPT_LIMIT);
  if (wait !== null) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw tooMany(`Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, field);
  }
}

/** Marks the step used; false when this step (or a later one) was already used. */
async function claimStep(db: Executor, userId: number, step: number) {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

const WRONG_CODE = "That code is not right. Enter the code your authenticator app shows now.";

/**
 * Confirms the enrolment with a code from the app: the pending secret becomes the secret and ten
 * new recovery codes are made. Returns them in clear, the only time they exist so.
 */
export async function confirmEnrolment(db: Executor, userId: number, code: string, field = "code") {
  const token = requireCodeFormat(code, field);
  const [row] = await db
    .select({ secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  if (row.secret) throw conflict("Two-factor sign-in is already on for this account.");
  const secret = row.pending ? readSecret(row.pending) : null;
  if (!secret) throw conflict("Start the set-up again: no enrolment is in progress.");
  await countCodeAttempt(db, userId, field);
  const step = matchingStep(secret, token);
  if (step === null) throw invalid(WRONG_CODE, field);
  await clearAttempts(db, `totp:${userId}`);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({
        totpSecret: row.pending,
        totpPendingSecret: null,
        totpLastStep: step,
        totpEnabledAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), isNull(users.totpSecret), eq(users.totpPendingSecret, row.pending!)))
      .returning({ id: users.id });
    if (!updated.length) throw conflict("Two-factor sign-in is already on for this account.");
    return replaceRecoveryCodes(tx, userId);
  });
}

/**
 * Checks the second step of a sign-in: a current code from the app, or an unused recovery code
 * (then used up). Throws a refusal on `field` when wrong, reused or throttled.
 */
export async function verifySecondFactor(db: Executor, userId: number, input: string, field = "code") {
  const value = input.trim();
  if (!value) throw invalid("Enter the 6-digit code from your authenticator app, or a recovery code.", field);
  if (value.length > 40) throw invalid(WRONG_CODE, field);
  const [row] = await db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!row?.secret) throw conflict("Two-factor sign-in is not on for this account.");
  await countCodeAttempt(db, userId, field);
  const token = value.replace(/\s+/g, "");
  if (/^\d{6}$/.test(token)) {
    const secret = readSecret(row.secret);
    if (!secret)
      throw conflict("The two-factor secret cannot be read; ask the owner to reset your two-factor sign-in.");
    const step = matchingStep(secret, token);
    if (step === null) throw invalid(WRONG_CODE, field);
    if (!(await claimStep(db, userId, step))) {
      throw invalid("That code was already used. Wait for the next code in your authenticator app.", field);
    }
    await clearAttempts(db, `totp:${userId}`);
    return { method: "totp" as const };
  }
  if (!(await redeemRecoveryCode(db, userId, value))) {
    throw invalid("That code is not right. Enter the code your app shows now, or an unused recovery code.", field);
  }
  await clearAttempts(db, `totp:${userId}`);
  return { method: "recovery" as const };
}

// ---------------------------------------------------------------- recovery codes

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i

/** "xxxxx-xxxxx": 10 characters of a 31-letter alphabet (≈ 50 bits). */
export function makeRecoveryCode() {
  let code = "";
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What is hashed: lower case, without spaces or dashes (so "ABCDE FGHIJ" works too). */
export function normaliseRecoveryCode(code: string) {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

export const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest("hex");

/** Replaces the user's recovery codes with ten new ones; returns them in clear (shown once). */
export async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, makeRecoveryCode);
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** Uses up one unused recovery code of the user; false when it is unknown or used. */
export async function redeemRecoveryCode(db: Executor, userId: number, code: string) {
  const normalised = normaliseRecoveryCode(code);
  if (!/^[a-z0-9]{10}$/.test(normalised)) return false;
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hashRecoveryCode(normalised)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

/** New recovery codes for an enrolled user who proves a current code first. */
export async function renewRecoveryCodes(db: Executor, userId: number, code: string, field = "code") {
  const token = requireCodeFormat(code, field);
  await verifySecondFactor(db, userId, token, field);
  return replaceRecoveryCodes(db, userId);
}

/** Turns two-factor sign-in off (the user with a current code, or the owner's reset). */
export async function removeTwoFactor(db: Executor, userId: number) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        totpEnabledAt: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!rows.length) throw notFound("User not found");
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  });
  await clearAttempts(db, `totp:${userId}`);
}

/** The user's own switch-off: a current code (or a recovery code) first. */
export async function disableTwoFactor(db: Executor, userId: number, code: string, field = "code") {
  await verifySecondFactor(db, userId, code, field);
  await removeTwoFactor(db, userId);
}

// ---------------------------------------------------------------- browsers (login alerts)

export const deviceHash = (deviceId: string) => createHash("sha256").update(`device:${deviceId}`).digest("hex");

export const newDeviceId = () => randomBytes(24).toString("base64url");

/**
 * Remembers that the user signed in from this browser. Returns whether it is new to them and
 * whether they had any browser remembered before (the first one alerts nobody: nothing to compare).
 */
export async function rememberDevice(db: Executor, userId: number, deviceId: string) {
  const hash = deviceHash(deviceId);
  const [known] = await db.select({ n: count() }).from(userDevices).where(eq(userDevices.userId, userId));
  const inserted = await db
    .insert(userDevices)
    .values({ userId, deviceHash: hash })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    })
    .returning({ isNew: sql<boolean>`(xmax = 0)` });
  const isNew = Boolean(inserted[0]?.isNew);
  return { isNew, hadOthers: isNew ? Number(known?.n ?? 0) > 0 : true };
}
