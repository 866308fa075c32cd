// What the app-against-floor benches share (homes.ts, inventory.ts, reports.ts): the floor replays
// the statements a loader sends, captured through drizzle's logger, straight on postgres.js; the app
// side is autocannon against the running server, signed in as a demo user.
import autocannon from "autocannon";
import type postgres from "postgres";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

/** One statement as drizzle sent it. */
export type Captured = { sql: string; params: unknown[] };

/**
 * `CONNECTIONS` workers replaying the statements for `secondsToRun`; latency per replay, sorted.
 * `concurrently`: all at once, as a loader's Promise.all does; else one after another in a
 * transaction (as runReport does: its `set local jit = off` applies only inside one). Prepared as the
 * app's client prepares them (db/client.server.ts): outside a transaction only.
 */
export async function replayFloor(
  client: postgres.Sql,
  statements: Captured[],
  secondsToRun: number,
  how: "concurrently" | "in-transaction" = "concurrently",
) {
  const samples: number[] = [];
  const until = Date.now() + secondsToRun * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        if (how === "concurrently")
          await Promise.all(statements.map((s) => client.unsafe(s.sql, s.params as never[], { prepare: true })));
        else
          await client.begin(async (tx) => {
            for (const s of statements) await tx.unsafe(s.sql, s.params as never[]);
          });
        samples.push(performance.now() - t);
      }
    }),
  );
  return samples.sort((a, b) => a - b);
}

/**
 * autocannon at `CONNECTIONS` for `secondsToRun`: every response's latency, sorted, and the failures.
 * `headers` add to the cookie (`Accept: text/html` asks as a browser's page load does).
 */
export async function loadUrl(url: string, cookie: string, secondsToRun: number, headers: Record<string, string> = {}) {
  const samples: number[] = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: secondsToRun,
    headers: { ...headers, Cookie: cookie },
  });
  instance.on("response", (_c: unknown, _s: number, _b: number, ms: number) => samples.push(ms));
  const result = await instance;
  return { samples: samples.sort((a, b) => a - b), non2xx: result.non2xx + result.errors + result.timeouts };
}

/** Signs a demo user in; the session cookie. */
export async function signInCookie(baseUrl: string, username: string, password = "cabinets2026") {
  const login = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    headers: { Origin: baseUrl },
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  return cookie;
}
