// Two-factor sign-in's model against the real database (docs/decisions/security.md): TOTP codes
// within ±1 step, a code never accepted twice, wrong codes throttled, the secret encrypted at rest,
// ten recovery codes stored hashed and each usable once, the owner's reset.
import * as OTPAuth from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { loginThrottle, userRecoveryCodes, users } from "../../db/schema";
import {
  confirmEnrolment,
  hashRecoveryCode,
  matchingStep,
  removeTwoFactor,
  startEnrolment,
  twoFactorStatus,
  redeemRecoveryCode,
  verifySecondFactor,
  TOTP_ATTEMPT_LIMIT,
} from "~/models/two-factor.server";
import { isRefusal } from "~/utils/refusal.server";
import { decryptSecret } from "~/utils/secret-box.server";
import { api, signIn } from "../setup/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const created: number[] = [];

async function createUser(prefix: string) {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ username: `${prefix}_${tag}`, passwordHash: "x", name: `${prefix} ${tag}`, role: "installer" })
    .returning({ id: users.id });
  created.push(row.id);
  return row.id;
}

const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isRefusal(error)) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

/** A code for a step after the last one used (so the test never waits for the clock). */
async function enrolled(prefix: string) {
  const db = await getDb();
  const id = await createUser(prefix);
  const { secret } = await startEnrolment(db, id);
  const codes = await confirmEnrolment(db, id, codeAt(secret, Date.now() - 30_000));
  return { id, secret, codes };
}

afterAll(async () => {
  const db = await getDb();
  if (created.length) {
    await db.delete(loginThrottle).where(
      inArray(
        loginThrottle.key,
        created.map((id) => `totp:${id}`),
      ),
    );
    await db.delete(users).where(inArray(users.id, created));
  }
  await closeDb();
});

describe("TOTP", () => {
  it("accepts the current code and the ones a step either side, not two steps away", () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, now - 90_000), now)).toBeNull();
    expect(matchingStep(secret, "12345", now)).toBeNull();
    expect(matchingStep(secret, "abcdef", now)).toBeNull();
  });

  it("enrols with a code; the secret is stored encrypted; a wrong code is refused and does not enrol", async () => {
    const db = await getDb();
    const id = await createUser("enrol");
    const first = await startEnrolment(db, id);
    // Showing the page again keeps the same secret (the QR code in the app stays valid).
    expect((await startEnrolment(db, id)).secret).toBe(first.secret);
    expect(first.uri).toContain("otpauth://totp/");
    expect(first.qrSvg).toContain("<svg");
    const wrong = await refusal(confirmEnrolment(db, id, codeAt(first.secret, Date.now() - 5 * 60_000)));
    expect(wrong.status).toBe(400);
    expect((await twoFactorStatus(db, id)).enrolled).toBe(false);
    const codes = await confirmEnrolment(db, id, codeAt(first.secret, Date.now()));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row.totpSecret).not.toContain(first.secret);
    expect(decryptSecret(row.totpSecret!)).toBe(first.secret);
    expect(row.totpPendingSecret).toBeNull();
    expect(await twoFactorStatus(db, id)).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    // Enrolled: starting again is refused.
    expect((await refusal(startEnrolment(db, id))).status).toBe(409);
  });

  it("a code is accepted once: the same code (or an older one) is refused afterwards", async () => {
    const db = await getDb();
    const { id, secret } = await enrolled("reuse");
    const code = codeAt(secret, Date.now());
    expect(await verifySecondFactor(db, id, code)).toEqual({ method: "totp" });
    const again = await refusal(verifySecondFactor(db, id, code));
    expect(again.message).toContain("already used");
  });

  it(`locks after ${TOTP_ATTEMPT_LIMIT} wrong codes, even for a right one`, async () => {
    const db = await getDb();
    const { id, secret } = await enrolled("lock");
    const wrong = codeAt(secret, Date.now() - 10 * 60_000);
    for (let i = 0; i < TOTP_ATTEMPT_LIMIT; i++) {
      expect((await refusal(verifySecondFactor(db, id, wrong))).status).toBe(400);
    }
    const locked = await refusal(verifySecondFactor(db, id, codeAt(secret, Date.now())));
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/Too many wrong codes/);
  });
});

describe("recovery codes", () => {
  it("are stored hashed and each works once, in any letter case or spacing", async () => {
    const db = await getDb();
    const { id, codes } = await enrolled("recovery");
    const stored = await db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    for (const code of codes) {
      expect(stored.some((r) => r.codeHash.includes(code) || r.codeHash.includes(code.replace("-", "")))).toBe(false);
    }
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());

    expect(await verifySecondFactor(db, id, codes[0].toUpperCase().replace("-", " "))).toEqual({
      method: "recovery",
    });
    const reused = await refusal(verifySecondFactor(db, id, codes[0]));
    expect(reused.status).toBe(400);
    expect(await redeemRecoveryCode(db, id, codes[1])).toBe(true);
    expect(await redeemRecoveryCode(db, id, codes[1])).toBe(false);
    expect((await twoFactorStatus(db, id)).recoveryCodesLeft).toBe(8);
    // Another user's code does not work here.
    const other = await enrolled("recovery2");
    expect(await redeemRecoveryCode(db, id, other.codes[0])).toBe(false);
  });

  it("the owner's reset turns two-factor off and removes the codes", async () => {
    const db = await getDb();
    const { id } = await enrolled("reset");
    await removeTwoFactor(db, id);
    expect(await twoFactorStatus(db, id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    expect(await db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, id))).toHaveLength(0);
  });
});

describe("DELETE /api/users/{id}/two-factor", () => {
  it("the owner resets a user's two-factor sign-in; others may not", async () => {
    const db = await getDb();
    const { id } = await enrolled("apireset");
    const [owner, office] = await Promise.all([signIn("owner"), signIn("office")]);
    expect((await api(`/api/users/${id}/two-factor`, { method: "DELETE", cookie: office })).status).toBe(403);
    expect((await twoFactorStatus(db, id)).enrolled).toBe(true);
    expect((await api(`/api/users/${id}/two-factor`, { method: "DELETE" })).status).toBe(401);
    expect((await api(`/api/users/2147483000/two-factor`, { method: "DELETE", cookie: owner })).status).toBe(404);
    expect((await api(`/api/users/${id}/two-factor`, { method: "DELETE", cookie: owner })).status).toBe(204);
    expect(await twoFactorStatus(db, id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
  });
});
