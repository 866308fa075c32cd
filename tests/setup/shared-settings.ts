// Shared server state that tests cannot give each file a copy of: the settings sections (Business,
// System, Security: one row each for the whole server) and the one e-mail configuration with its
// Inbox. A test that changes such state holds an exclusive PostgreSQL advisory lock meanwhile; a test
// that relies on it holds it shared. Files still run in parallel; only those stretches are serialised.
import postgres from "postgres";
import { inject } from "vitest";

const LOCKS = { settings: 7_310_042, email: 7_310_043 } as const;
export type SharedState = keyof typeof LOCKS;

/** Takes the lock on its own connection; the returned function releases it. */
export async function holdShared(state: SharedState, mode: "change" | "rely") {
  const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => {} });
  const reserved = await sql.reserve();
  if (mode === "change") await reserved`select pg_advisory_lock(${LOCKS[state]})`;
  else await reserved`select pg_advisory_lock_shared(${LOCKS[state]})`;
  return async () => {
    reserved.release();
    // Ending the session releases its advisory locks.
    await sql.end();
  };
}

export async function withSettings<T>(mode: "change" | "rely", work: () => Promise<T>): Promise<T> {
  const release = await holdShared("settings", mode);
  try {
    return await work();
  } finally {
    await release();
  }
}
