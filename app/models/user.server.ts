import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { reusableStatement, type Executor } from "../../db/client.server";
import { loginThrottle, users, userSessions } from "../../db/schema";
import type { ProfileInput, StaffCreateInput } from "../schemas/user";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "../utils/password.server";
import type { Role } from "../utils/permissions";
import { conflict, invalid, isUniqueViolation, notFound, tooMany } from "../utils/refusal.server";

export type User = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: Role;
  active: boolean;
};

const publicColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  active: users.active,
};

/** A user plus the version their sessions must carry (bumped by password changes, deactivation). */
export type SessionUser = User & { sessionVersion: number };

export async function listUsers(db: Executor, opts: { activeOnly?: boolean } = {}) {
  return db
    .select(publicColumns)
    .from(users)
    .where(opts.activeOnly ? eq(users.active, true) : undefined)
    .orderBy(asc(users.name));
}

// Throttling (docs/decisions/sessions-and-sign-in.md). Every attempt is counted BEFORE its password is
// checked, in one statement per key, so simultaneous guesses cannot slip past the limit:
// - `pair:<address> <name>`: 5 attempts per username from one address, then 15 minutes locked
//   (for that address only: someone else cannot lock a user out by guessing);
// - `addr:<address>`: 30 per address across usernames (password spraying), loopback exempt;
// - `user:<name>`: 100 per username from all addresses (guessing spread over many addresses).
// A successful sign-in clears its pair and gives back its count on the other two.
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { pair: 5, address: 30, user: 100 } as const;

export type LoginResult =
  { ok: true; user: SessionUser } | { ok: false; reason: "invalid" | "throttled"; retryAfterSeconds?: number };

/** Counts one attempt on `key`; null when it may go ahead, else the seconds until it may. */
export async function countAttempt(db: Executor, key: string, limit: number): Promise<number | null> {
  // Raw SQL parameters go as ISO strings: the drivers do not all serialise Date objects.
  const now = new Date();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
  const lockUntil = new Date(now.getTime() + LOCK_MS).toISOString();
  const t = loginThrottle;
  // A new window starts when the lock has run out, or when the last one passed without a lock.
  const fresh = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} <= ${nowIso}::timestamptz) or (${t.lockedUntil} is null and ${t.firstFailureAt} < ${windowStart}::timestamptz)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, firstFailureAt: now, lockedUntil: limit <= 1 ? new Date(lockUntil) : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${t.failures} + 1 end`,
        firstFailureAt: sql`case when ${fresh} then ${nowIso}::timestamptz else ${t.firstFailureAt} end`,
        // The attempt that reaches the limit is still checked; the lock stops the ones after it.
        lockedUntil: sql`case when ${fresh} then null when ${t.lockedUntil} is not null then ${t.lockedUntil} when ${t.failures} + 1 >= ${limit} then ${lockUntil}::timestamptz else null end`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  if (row.failures <= limit) return null;
  const until = row.lockedUntil?.getTime() ?? now.getTime() + LOCK_MS;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** Forgets the attempts on `key` (a right answer). */
export async function clearAttempts(db: Executor, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Gives back an attempt that turned out right (it was no failure). */
async function returnAttempt(db: Executor, key: string, limit: number) {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
      lockedUntil: sql`case when ${loginThrottle.failures} - 1 < ${limit} then null else ${loginThrottle.lockedUntil} end`,
    })
    .where(eq(loginThrottle.key, key));
}

/** Loopback and unknown addresses (a proxy on the same host, tests) have no per-address limit. */
function limitsAddress(address: string) {
  return address !== "" && address !== "127.0.0.1" && address !== "::1" && address !== "unknown";
}

export async function verifyLogin(
  db: Executor,
  username: string,
  password: string,
  address = "unknown",
): Promise<LoginResult> {
  const name = username.trim().toLowerCase();
  const keys = { pair: `pair:${address} ${name}`, address: `addr:${address}`, user: `user:${name}` };
  const throttled = (retryAfterSeconds: number): LoginResult => ({ ok: false, reason: "throttled", retryAfterSeconds });

  let wait = await countAttempt(db, keys.pair, LOGIN_LIMITS.pair);
  if (wait !== null) return throttled(wait);
  const byAddress = limitsAddress(address);
  if (byAddress) {
    wait = await countAttempt(db, keys.address, LOGIN_LIMITS.address);
    if (wait !== null) return throttled(wait);
  }
  wait = await countAttempt(db, keys.user, LOGIN_LIMITS.user);
  if (wait !== null) {
    if (byAddress) await returnAttempt(db, keys.address, LOGIN_LIMITS.address);
    return throttled(wait);
  }

  const [row] = await db
    .select({ ...publicColumns, sessionVersion: users.sessionVersion, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) = ${name}`);
  // Always run one hash comparison so timing does not reveal which usernames exist.
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !valid || !row.active) return { ok: false, reason: "invalid" };

  await Promise.all([
    db.delete(loginThrottle).where(eq(loginThrottle.key, keys.pair)),
    byAddress ? returnAttempt(db, keys.address, LOGIN_LIMITS.address) : undefined,
    returnAttempt(db, keys.user, LOGIN_LIMITS.user),
  ]);
  // The password is known now: a hash made at an older cost is replaced (unless it just changed).
  if (needsRehash(row.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)));
  }
  const { passwordHash: _ignored, ...user } = row;
  return { ok: true, user };
}

// ---------------------------------------------------------------- sessions (docs/decisions/sessions-and-sign-in.md)

const sessionIdHash = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

/** Records a new session of the user; returns the id its cookie carries. */
export async function startUserSession(db: Executor, userId: number): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  // The longest session timeout is 24 h and the cookie lives at most 7 days: older rows are dead.
  const stale = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  await db.delete(userSessions).where(and(eq(userSessions.userId, userId), lt(userSessions.createdAt, stale)));
  await db.insert(userSessions).values({ idHash: sessionIdHash(sessionId), userId });
  return sessionId;
}

/** Ends one session: its cookie no longer signs anyone in, wherever it was copied to. */
export async function endUserSession(db: Executor, sessionId: string) {
  await db.delete(userSessions).where(eq(userSessions.idHash, sessionIdHash(sessionId)));
}

const liveSessionUser = reusableStatement("live_session_user", (db) =>
  db
    .select({ ...publicColumns, sessionVersion: users.sessionVersion, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .innerJoin(userSessions, eq(userSessions.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder("userId")),
        eq(users.active, true),
        eq(userSessions.idHash, sql.placeholder("idHash")),
      ),
    ),
);

/**
 * The active user of a live session, or null (signed out, deactivated, unknown). Read on every
 * page and API request, so built once (reusableStatement) rather than by drizzle on each call.
 */
export async function getSessionUser(
  db: Executor,
  userId: number,
  sessionId: string,
): Promise<(SessionUser & { passwordChangedAt: Date }) | null> {
  const [user] = await liveSessionUser(db, { userId, idHash: sessionIdHash(sessionId) });
  return user ?? null;
}

// ---------------------------------------------------------------- staff accounts (Settings → Staff)

const staffColumns = {
  ...publicColumns,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type StaffUser = User & { lastSignInAt: Date | null; createdAt: Date; updatedAt: Date };

/** An active user by id with their session version (the second step of a sign-in). */
export async function getActiveSessionUser(db: Executor, id: number): Promise<SessionUser | null> {
  const [user] = await db
    .select({ ...publicColumns, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)));
  return user ?? null;
}

export async function recordSignIn(db: Executor, id: number) {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, id));
}

/** Every account, active ones first, for the owner's Staff tab and /api/users/{id}. */
export async function listStaff(db: Executor): Promise<StaffUser[]> {
  return db.select(staffColumns).from(users).orderBy(desc(users.active), asc(users.name), asc(users.id));
}

export async function getStaffUser(db: Executor, id: number): Promise<StaffUser | null> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

function usernameTaken(username: string) {
  return conflict(`The username "${username}" is already taken; choose another.`, "username");
}

/** A new active account; the username is unique in any letter case (users_username_key). */
export async function createStaffUser(db: Executor, input: StaffCreateInput): Promise<StaffUser> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
  if (existing) throw usernameTaken(input.username);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        name: input.name,
        ...nameParts(input.name),
        email: input.email ?? null,
        phone: input.phone ?? null,
        role: input.role,
        active: true,
        passwordHash: await hashPassword(input.password),
      })
      .returning(staffColumns);
    return row;
  } catch (error) {
    // Lost a race with another insert of the same name.
    if (isUniqueViolation(error)) throw usernameTaken(input.username);
    throw error;
  }
}

/** What an edit may change; absent keys keep their value, a null e-mail or phone clears it. */
export type StaffChanges = {
  name?: string;
  email?: string | null;
  phone?: string | null;
  role?: Role;
  active?: boolean;
};

/**
 * Role, active and contact details. Refused (409) when it would leave no active owner: the owner
 * rows are locked in id order first, so two owners demoting each other at once cannot both win.
 * Deactivating bumps the session version, so a later reactivation does not revive old sessions.
 */
export async function updateStaffUser(
  db: Executor,
  id: number,
  input: StaffChanges,
  actorId?: number,
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "owner"), eq(users.active, true)))
      .orderBy(asc(users.id))
      .for("update");
    const [current] = await tx.select(staffColumns).from(users).where(eq(users.id, id)).for("update");
    if (!current) throw notFound("User not found");
    const role = input.role ?? current.role;
    const active = input.active ?? current.active;
    const wasActiveOwner = current.role === "owner" && current.active;
    if (wasActiveOwner && (role !== "owner" || !active) && !owners.some((o) => o.id !== id)) {
      const field = role !== "owner" ? "role" : "active";
      const message =
        id === actorId
          ? "You are the only active owner. Make another user an owner before changing your own role or deactivating yourself."
          : `${current.name} is the only active owner; the business needs at least one active owner.`;
      throw conflict(message, field);
    }
    const [row] = await tx
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: input.name, ...nameParts(input.name) } : {}),
        email: input.email !== undefined ? input.email : current.email,
        phone: input.phone !== undefined ? input.phone : current.phone,
        role,
        active,
        ...(current.active && !active ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning(staffColumns);
    return row;
  });
}

/** Settings → Profile: the user's own name, e-mail and phone. */
/** A display name split as the profile shows it: the last word is the last name. */
export function nameParts(name: string) {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const at = trimmed.lastIndexOf(" ");
  return at < 0
    ? { firstName: trimmed, lastName: "" }
    : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}

/** First and last name, and the display name made of them (docs/decisions/user-names.md). */
function names(firstName: string, lastName?: string | null) {
  return { firstName, lastName: lastName ?? "", name: [firstName, lastName].filter(Boolean).join(" ") };
}

/** The profile's first and last name; a user stored before they existed is split from the display name. */
export async function profileNames(db: Executor, id: number, name: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row?.firstName ? row : nameParts(name);
}

export async function updateProfile(db: Executor, id: number, input: ProfileInput) {
  await db
    .update(users)
    .set({
      ...names(input.firstName, input.lastName),
      email: input.email ?? null,
      phone: input.phone ?? null,
      notifyEmail: input.notifyEmail,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

async function setPassword(db: Executor, id: number, password: string) {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date(),
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  return row ?? null;
}

/**
 * The signed-in user's own change: the current password is checked like a sign-in (wrong guesses
 * count toward the same lock), then every session of the user ends but the caller's, which is
 * given the returned version.
 */
export async function changeOwnPassword(
  db: Executor,
  user: { id: number; username: string },
  currentPassword: string,
  nextPassword: string,
  address?: string,
) {
  const check = await verifyLogin(db, user.username, currentPassword, address);
  if (!check.ok) {
    if (check.reason === "throttled") {
      const minutes = Math.max(1, Math.ceil((check.retryAfterSeconds ?? 60) / 60));
      throw tooMany(
        `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        "currentPassword",
      );
    }
    throw invalid("Current password is incorrect", "currentPassword");
  }
  if (check.user.id !== user.id) throw invalid("Current password is incorrect", "currentPassword");
  const row = await setPassword(db, user.id, nextPassword);
  if (!row) throw notFound("User not found");
  return row.sessionVersion;
}

/** The owner's reset: a new password, and every session of that user ends. */
export async function resetStaffPassword(db: Executor, id: number, password: string) {
  const row = await setPassword(db, id, password);
  if (!row) throw notFound("User not found");
}
