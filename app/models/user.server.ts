import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { loginThrottle, users } from "../../db/schema";
import type { ProfileInput, StaffCreateInput } from "../schemas/user";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../utils/password.server";
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

export async function getActiveUser(db: Executor, id: number): Promise<SessionUser | null> {
  const [user] = await db
    .select({ ...publicColumns, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)));
  return user ?? null;
}

export async function listUsers(db: Executor, opts: { activeOnly?: boolean } = {}) {
  return db
    .select(publicColumns)
    .from(users)
    .where(opts.activeOnly ? eq(users.active, true) : undefined)
    .orderBy(asc(users.name));
}

// Throttling: after MAX_FAILURES wrong passwords within WINDOW, the username is locked for LOCK.
const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

export type LoginResult =
  { ok: true; user: SessionUser } | { ok: false; reason: "invalid" | "throttled"; retryAfterSeconds?: number };

export async function verifyLogin(db: Executor, username: string, password: string): Promise<LoginResult> {
  const key = username.trim().toLowerCase();
  const [throttle] = await db
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), gt(loginThrottle.lockedUntil, new Date())));
  if (throttle?.lockedUntil) {
    return {
      ok: false,
      reason: "throttled",
      retryAfterSeconds: Math.ceil((throttle.lockedUntil.getTime() - Date.now()) / 1000),
    };
  }

  const [row] = await db
    .select({ ...publicColumns, sessionVersion: users.sessionVersion, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) = ${key}`);
  // Always run one hash comparison so timing does not reveal which usernames exist.
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (row && valid && row.active) {
    await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    const { passwordHash: _ignored, ...user } = row;
    return { ok: true, user };
  }

  // Raw SQL parameters go as ISO strings: the drivers do not all serialise Date objects.
  const now = new Date();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
  const lockUntil = new Date(now.getTime() + LOCK_MS).toISOString();
  // One statement: restart the window when it has passed, else count, and lock at the limit.
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, firstFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.firstFailureAt} < ${windowStart}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
        firstFailureAt: sql`case when ${loginThrottle.firstFailureAt} < ${windowStart}::timestamptz then ${nowIso}::timestamptz else ${loginThrottle.firstFailureAt} end`,
        lockedUntil: sql`case when ${loginThrottle.firstFailureAt} >= ${windowStart}::timestamptz and ${loginThrottle.failures} + 1 >= ${MAX_FAILURES} then ${lockUntil}::timestamptz else null end`,
      },
    });
  return { ok: false, reason: "invalid" };
}

// ---------------------------------------------------------------- staff accounts (Settings → Staff)

const staffColumns = {
  ...publicColumns,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type StaffUser = User & { lastSignInAt: Date | null; createdAt: Date; updatedAt: Date };

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
        name: input.name ?? current.name,
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
export async function updateProfile(db: Executor, id: number, input: ProfileInput) {
  await db
    .update(users)
    .set({ name: input.name, email: input.email ?? null, phone: input.phone ?? null, updatedAt: new Date() })
    .where(eq(users.id, id));
}

async function setPassword(db: Executor, id: number, password: string) {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
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
) {
  const check = await verifyLogin(db, user.username, currentPassword);
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
