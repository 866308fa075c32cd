import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { loginThrottle, users } from "../../db/schema";
import { DUMMY_HASH, verifyPassword } from "../utils/password.server";
import type { Role } from "../utils/permissions";

export type User = { id: number; username: string; name: string; email: string | null; phone: string | null; role: Role; active: boolean };

const publicColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  active: users.active,
};

export async function getActiveUser(db: Executor, id: number): Promise<User | null> {
  const [user] = await db.select(publicColumns).from(users).where(and(eq(users.id, id), eq(users.active, true)));
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

export type LoginResult = { ok: true; user: User } | { ok: false; reason: "invalid" | "throttled"; retryAfterSeconds?: number };

export async function verifyLogin(db: Executor, username: string, password: string): Promise<LoginResult> {
  const key = username.trim().toLowerCase();
  const [throttle] = await db
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, key), gt(loginThrottle.lockedUntil, new Date())));
  if (throttle?.lockedUntil) {
    return { ok: false, reason: "throttled", retryAfterSeconds: Math.ceil((throttle.lockedUntil.getTime() - Date.now()) / 1000) };
  }

  const [row] = await db
    .select({ ...publicColumns, passwordHash: users.passwordHash })
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
