// Sessions and sign-in throttling over real HTTP (docs/decisions/sessions-and-sign-in.md): signing out ends the
// session on the server, the per-username lock holds under simultaneous guesses, one address cannot
// spray passwords nor lock a user out for others, and old password hashes are upgraded at sign-in.
// The server trusts one proxy hop in tests (TRUST_PROXY=1), so X-Forwarded-For picks the client
// address; each test uses addresses of its own. Only users this file creates are guessed at.
import { randomBytes, scrypt } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { eq, inArray, like } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { loginThrottle, users, userSessions } from "../../db/schema";
import { hashPassword } from "~/utils/password.server";
import { LOGIN_LIMITS } from "~/models/user.server";
import { baseUrl } from "../setup/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = `Corr3ct-${tag}!`;
const createdUsers: number[] = [];
// A /16 of its own per run, so runs side by side do not share per-address counters.
const net = `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
let nextHost = 1;
const newAddress = () => `${net}.${nextHost++}`;

async function createUser(prefix: string, passwordHash?: string) {
  const db = await getDb();
  const username = `${prefix}_${tag}`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      passwordHash: passwordHash ?? (await hashPassword(PASSWORD)),
      name: `${prefix} ${tag}`,
      role: "office",
    })
    .returning({ id: users.id });
  createdUsers.push(row.id);
  return { id: row.id, username };
}

async function login(username: string, password: string, address: string) {
  const res = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    headers: { Origin: baseUrl(), "X-Forwarded-For": address },
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  return { status: res.status, text: await res.text(), cookie };
}

async function pageStatus(path: string, cookie: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") };
}

afterAll(async () => {
  const db = await getDb();
  if (createdUsers.length) await db.delete(users).where(inArray(users.id, createdUsers));
  await db.delete(loginThrottle).where(like(loginThrottle.key, `%${tag}%`));
  await db.delete(loginThrottle).where(like(loginThrottle.key, `%${net}.%`));
  await closeDb();
});

describe("signing out", { timeout: 120_000 }, () => {
  it("ends the session on the server: a copied cookie no longer signs in", async () => {
    const { username } = await createUser("logout");
    const address = newAddress();
    const first = await login(username, PASSWORD, address);
    const other = await login(username, PASSWORD, address);
    expect(first.status).toBe(302);
    const copy = first.cookie!;
    expect((await pageStatus("/customers", copy)).status).toBe(200);

    const out = await fetch(`${baseUrl()}/logout`, {
      method: "POST",
      body: new URLSearchParams(),
      headers: { Cookie: first.cookie!, Origin: baseUrl() },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    const after = await pageStatus("/customers", copy);
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/login/);
    // Only that session: the user's session in another browser goes on.
    expect((await pageStatus("/customers", other.cookie!)).status).toBe(200);
  });

  it("keeps one row per signed-in session, removed at sign-out", async () => {
    const { id, username } = await createUser("rows");
    const db = await getDb();
    const signedIn = await login(username, PASSWORD, newAddress());
    expect(await db.select().from(userSessions).where(eq(userSessions.userId, id))).toHaveLength(1);
    await fetch(`${baseUrl()}/logout`, {
      method: "POST",
      body: new URLSearchParams(),
      headers: { Cookie: signedIn.cookie!, Origin: baseUrl() },
      redirect: "manual",
    });
    expect(await db.select().from(userSessions).where(eq(userSessions.userId, id))).toHaveLength(0);
  });
});

describe("the sign-in lock", { timeout: 120_000 }, () => {
  it("checks at most 5 of 25 simultaneous wrong guesses, then stays locked", async () => {
    const { username } = await createUser("race");
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => login(username, `wrong-${i}`, address)));
    const checked = results.filter((r) => r.status === 400);
    const refused = results.filter((r) => r.status === 429);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_LIMITS.pair);
    expect(checked.length + refused.length).toBe(25);
    for (const r of checked) expect(r.text).toContain("Invalid username or password.");
    for (const r of refused) expect(r.text).toContain("Too many failed sign-in attempts");
    // Locked: even the right password is refused from there.
    expect((await login(username, PASSWORD, address)).status).toBe(429);
  });

  it("one address guessing does not lock the user out elsewhere", async () => {
    const { username } = await createUser("elsewhere");
    const attacker = newAddress();
    for (let i = 0; i < LOGIN_LIMITS.pair; i++)
      expect((await login(username, `wrong-${i}`, attacker)).status).toBe(400);
    expect((await login(username, PASSWORD, attacker)).status).toBe(429);
    const owner = await login(username, PASSWORD, newAddress());
    expect(owner.status).toBe(302);
  });

  it("an address spraying passwords over many usernames is stopped after 30 failures", async () => {
    const { username } = await createUser("sprayed");
    const sprayer = newAddress();
    const db = await getDb();
    // 28 failures already counted this window (as 28 other usernames would have left them).
    await db.insert(loginThrottle).values({ key: `addr:${sprayer}`, failures: LOGIN_LIMITS.address - 2 });
    expect((await login(`nobody1_${tag}`, "guess", sprayer)).status).toBe(400);
    expect((await login(`nobody2_${tag}`, "guess", sprayer)).status).toBe(400);
    const stopped = await login(username, PASSWORD, sprayer);
    expect(stopped.status).toBe(429);
    expect(stopped.cookie).toBeUndefined();
    // Another address is not affected.
    expect((await login(username, PASSWORD, newAddress())).status).toBe(302);
  });

  it("a successful sign-in gives back its count on the address", async () => {
    const { username } = await createUser("giveback");
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await login(username, PASSWORD, address)).status).toBe(302);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `addr:${address}`));
    expect(row?.failures ?? 0).toBe(0);
  });
});

describe("password hashes", { timeout: 120_000 }, () => {
  it("new hashes use scrypt N=2^17, r=8, p=1", async () => {
    expect(await hashPassword("anything")).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it("an old-cost hash is upgraded at the next sign-in, and still signs in after", async () => {
    const salt = randomBytes(16);
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(PASSWORD.normalize("NFKC"), salt, 64, { N: 16384, r: 8, p: 1 }, (e, k) => (e ? reject(e) : resolve(k))),
    );
    const oldHash = ["scrypt", 16384, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    const { id, username } = await createUser("rehash", oldHash);
    const address = newAddress();
    expect((await login(username, PASSWORD, address)).status).toBe(302);
    const db = await getDb();
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(row.hash).not.toBe(oldHash);
    expect(row.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await login(username, PASSWORD, address)).status).toBe(302);
    expect((await login(username, "wrong", address)).status).toBe(400);
  });

  it("a wrong password does not touch an old hash", async () => {
    const old = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$" + Buffer.alloc(64).toString("base64");
    const { id, username } = await createUser("keepold", old);
    expect((await login(username, "wrong", newAddress())).status).toBe(400);
    const db = await getDb();
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(row.hash).toBe(old);
  });
});
