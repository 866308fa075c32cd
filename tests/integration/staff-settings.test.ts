// Staff accounts, passwords and the Settings tabs over real HTTP against the production server
// (decisions §2: owner-only staff management, deactivation, Security's rules; §4 /api errors).
//
// Other files sign in as the demo owner/office/installer at the same time, so this file never
// touches those users: it creates its own (tagged) accounts and deletes them afterwards. Settings
// are shared by the whole server, so each settings test changes only values no other test depends
// on (min password length — every password here is ≥ 12 characters and complex —, a longer session
// timeout, the company name, the low-stock threshold, quote valid days), checks the saved row and
// one reader of it at once, and puts the section back exactly as it was (through the page, which
// also clears the server's 5 s settings cache; then the row itself, so a section that had no row
// has none again). Each holds the settings lock (tests/setup/shared-settings.ts) while it does, so a
// file that relies on a section's values does not see it changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, like, ne, sql } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { loginThrottle, settings, users } from "../../db/schema";
import { Refusal } from "~/utils/refusal.server";
import { updateStaffUser } from "~/models/user.server";
import { hashPassword } from "~/utils/password.server";
import { api, baseUrl, signIn } from "../setup/http";
import { withSettings } from "../setup/shared-settings";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = `Start-${tag}-9x`;
const NEW_PASSWORD = `Changed-${tag}-7y`;

let owner = "";
let office = "";
let installer = "";

type Section = "business" | "system" | "security";
const originalRows = new Map<Section, unknown>();

beforeAll(async () => {
  [owner, office, installer] = await Promise.all([signIn("owner"), signIn("office"), signIn("installer")]);
  const db = await getDb();
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ["business", "system", "security"]));
  for (const key of ["business", "system", "security"] as const)
    originalRows.set(key, rows.find((r) => r.key === key)?.value ?? null);
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(users).where(like(users.username, `%${tag}%`));
  await db.delete(loginThrottle).where(like(loginThrottle.key, `%${tag}%`));
  await closeDb();
});

/** A user of this file, straight in the database. */
async function createUser(prefix: string, role: "owner" | "office" | "installer", password = PASSWORD) {
  const db = await getDb();
  const username = `${prefix}_${tag}`;
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash: await hashPassword(password), name: `${prefix} ${tag}`, role })
    .returning({ id: users.id });
  return { id: row.id, username };
}

/** Posts the real /login form; returns the status and the session cookie when one was set. */
async function login(username: string, password: string) {
  const res = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    headers: { Origin: baseUrl() },
    redirect: "manual",
  });
  const raw = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  return { status: res.status, cookie: raw?.split(";")[0], setCookie: raw, text: await res.text() };
}

/** A page form post as a browser without JS sends it. */
async function postForm(path: string, cookie: string, fields: Record<string, string>) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: baseUrl() },
    redirect: "manual",
  });
  const raw = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookie: raw?.split(";")[0],
    text: await res.text(),
  };
}

async function page(path: string, cookie?: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** Signed in? A page answers 200 with the session, or sends the browser to /login. */
async function signedIn(cookie: string) {
  const res = await page("/jobs", cookie);
  if (res.status === 200) return true;
  expect(res.status).toBe(302);
  expect(res.location).toMatch(/^\/login/);
  return false;
}

async function settingsRow(section: Section) {
  const [row] = await (await getDb()).select().from(settings).where(eq(settings.key, section));
  return (row?.value ?? null) as Record<string, unknown> | null;
}

/** The form fields of a settings section as currently in effect (the page's own defaults). */
function asForm(values: Record<string, unknown>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "boolean") {
      if (value) form[key] = "on";
    } else if (value !== null && value !== undefined) form[key] = String(value);
  }
  return form;
}

/** Puts a section back as it was before this file ran (see the header). */
async function restore(section: Section, current: Record<string, unknown>) {
  const res = await postForm(`/settings/${section}`, owner, asForm(current));
  expect(res.status, `restoring ${section}: ${res.text.slice(0, 300)}`).toBe(302);
  const db = await getDb();
  const original = originalRows.get(section);
  if (original === null) await db.delete(settings).where(eq(settings.key, section));
  else await db.update(settings).set({ value: original }).where(eq(settings.key, section));
}

describe("who may manage staff", () => {
  it("only the owner: office and installer get 403 on the pages and the API, no session 401", async () => {
    const target = await createUser("perm", "installer");
    const body = { username: `nope_${tag}`, name: "Nope", password: PASSWORD, role: "installer" };
    for (const cookie of [office, installer]) {
      expect((await api("/api/users", { method: "POST", cookie, json: body })).status).toBe(403);
      expect((await api(`/api/users/${target.id}`, { method: "PATCH", cookie, json: { role: "owner" } })).status).toBe(
        403,
      );
      expect(
        (
          await api(`/api/users/${target.id}`, {
            method: "PUT",
            cookie,
            json: { name: "x", role: "owner", active: true },
          })
        ).status,
      ).toBe(403);
      expect(
        (await api(`/api/users/${target.id}/password`, { method: "POST", cookie, json: { password: NEW_PASSWORD } }))
          .status,
      ).toBe(403);
      expect((await page("/settings/staff", cookie)).status).toBe(403);
      expect((await page("/settings/staff/new", cookie)).status).toBe(403);
      expect((await postForm("/settings/staff/new", cookie, { intent: "create", ...body })).status).toBe(403);
      expect(
        (
          await postForm(`/settings/staff/${target.id}`, cookie, {
            intent: "update",
            name: "x",
            role: "owner",
            active: "true",
          })
        ).status,
      ).toBe(403);
    }
    expect((await api("/api/users", { method: "POST", json: body })).status).toBe(401);
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, target.id));
    expect(row.role).toBe("installer");
    expect((await (await getDb()).select().from(users).where(eq(users.username, body.username))).length).toBe(0);
  });

  it("office sees Profile, Business, System and Email but not Security or Staff", async () => {
    const res = await page("/settings", office);
    expect(res.status).toBe(200);
    for (const tab of ["/settings/business", "/settings/system", "/settings/email"])
      expect(res.text).toContain(`href="${tab}"`);
    expect(res.text).not.toContain('href="/settings/security"');
    expect(res.text).not.toContain('href="/settings/staff"');
    expect((await page("/settings/security", office)).status).toBe(403);
    expect(
      (await postForm("/settings/security", office, { sessionTimeoutHours: "24", minPasswordLength: "6" })).status,
    ).toBe(403);
  });

  it("the old /settings?tab= links still land on their tab", async () => {
    const res = await page("/settings?tab=email", office);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/settings/email");
  });
});

describe("adding users", () => {
  it("validates with field messages (400) and never echoes the password", async () => {
    const bad = await api("/api/users", {
      method: "POST",
      cookie: owner,
      json: { username: "has space", name: "", password: "short", role: "boss" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.username).toContain("Username must not contain spaces");
    expect(bad.body.fieldErrors.name).toContain("Name is required");
    expect(bad.body.fieldErrors.password).toContain("Password must be at least 8 characters");
    expect(bad.body.fieldErrors.role[0]).toMatch(/Role must be one of owner, office, installer/);

    const weak = `weakpassword${tag.replace(/[^a-z]/g, "x")}`;
    const form = await postForm("/settings/staff/new", owner, {
      intent: "create",
      username: `weak_${tag}`,
      name: "Weak",
      role: "installer",
      password: weak,
    });
    expect(form.status).toBe(400);
    expect(form.text).toContain("Password must contain a number");
    expect(form.text).toContain("Password must contain upper and lower case letters");
    expect(form.text).not.toContain(weak);
  });

  it("refuses a username that exists in any letter case: 409 from the API, the field message on the page", async () => {
    const existing = await createUser("dupe", "office");
    const api409 = await api("/api/users", {
      method: "POST",
      cookie: owner,
      json: { username: existing.username.toUpperCase(), name: "Again", password: PASSWORD, role: "office" },
    });
    expect(api409.status).toBe(409);
    expect(api409.body.error).toContain("already taken");
    expect(api409.body.fieldErrors.username[0]).toContain("already taken");

    const form = await postForm("/settings/staff/new", owner, {
      intent: "create",
      username: existing.username,
      name: "Again",
      role: "office",
      password: PASSWORD,
    });
    expect(form.status).toBe(409);
    expect(form.text).toContain("already taken; choose another");
    expect(form.text).not.toContain(PASSWORD);
    const rows = await (
      await getDb()
    )
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${existing.username.toLowerCase()}`);
    expect(rows).toHaveLength(1);
  });

  it("creates an active account that signs in, with 201, no secrets in the body, and a last sign-in time", async () => {
    const username = `crew_${tag}`;
    const res = await api("/api/users", {
      method: "POST",
      cookie: owner,
      json: { username, name: "Crew Member", email: "crew@example.test", password: PASSWORD, role: "installer" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      username,
      name: "Crew Member",
      role: "installer",
      active: true,
      lastSignInAt: null,
    });
    expect(res.body.createdAt).toBeTruthy();
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|sessionVersion/i);

    const signIn = await login(username, PASSWORD);
    expect(signIn.status).toBe(302);
    const asOwner = await api(`/api/users/${res.body.id}`, { cookie: owner });
    expect(asOwner.body.lastSignInAt).toBeTruthy();
    // Colleagues may look each other up, but account activity is the owner's.
    const asInstaller = await api(`/api/users/${res.body.id}`, { cookie: installer });
    expect(asInstaller.status).toBe(200);
    expect(asInstaller.body).not.toHaveProperty("lastSignInAt");
    expect((await api("/api/users/99999999", { cookie: owner })).status).toBe(404);

    const list = await page("/settings/staff", owner);
    expect(list.text).toContain(username);
  });
});

describe("roles and deactivation", () => {
  it("a deactivated user cannot sign in and their open session is refused, also after reactivation", async () => {
    const user = await createUser("leaver", "installer");
    const session = (await login(user.username, PASSWORD)).cookie!;
    expect(await signedIn(session)).toBe(true);

    const off = await postForm(`/settings/staff/${user.id}`, owner, {
      intent: "update",
      name: "Leaver",
      role: "installer",
      active: "false",
    });
    expect(off.status).toBe(302);
    expect(off.location).toBe("/settings/staff");
    expect(await signedIn(session)).toBe(false);
    expect((await api("/api/jobs", { cookie: session })).status).toBe(401);
    const again = await login(user.username, PASSWORD);
    expect(again.status).toBe(400);
    expect(again.text).toContain("Invalid username or password.");

    const on = await api(`/api/users/${user.id}`, { method: "PATCH", cookie: owner, json: { active: true } });
    expect(on.status).toBe(200);
    expect(on.body.active).toBe(true);
    // The old cookie stays dead; signing in again works.
    expect(await signedIn(session)).toBe(false);
    expect((await login(user.username, PASSWORD)).status).toBe(302);
  });

  it("a role change applies to the open session at once", async () => {
    const user = await createUser("promoted", "installer");
    const session = (await login(user.username, PASSWORD)).cookie!;
    expect((await page("/customers", session)).status).toBe(403);
    const res = await api(`/api/users/${user.id}`, {
      method: "PUT",
      cookie: owner,
      json: { name: "Promoted", email: "", phone: "555", role: "office", active: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: "office", phone: "555", email: null });
    expect((await page("/customers", session)).status).toBe(200);
    expect(
      (await api(`/api/users/${user.id}`, { method: "PATCH", cookie: owner, json: { role: "boss" } })).status,
    ).toBe(400);
  });

  it("an owner may step down while another active owner remains", async () => {
    const boss = await createUser("boss", "owner");
    const session = (await login(boss.username, PASSWORD)).cookie!;
    const res = await api(`/api/users/${boss.id}`, { method: "PATCH", cookie: session, json: { role: "office" } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("office");
    expect((await page("/settings/staff", session)).status).toBe(403);
  });

  it("never leaves the business without an active owner (model, in a transaction rolled back)", async () => {
    // Making this file's owner the only one would mean demoting the demo owner, which other files
    // use: so the other owners are demoted only inside a transaction that is rolled back.
    const last = await createUser("lastowner", "owner");
    const helper = await createUser("helper", "office");
    const db = await getDb();
    const rollback = new Error("rollback");
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ role: "office" })
          .where(and(eq(users.role, "owner"), ne(users.id, last.id)));
        const demote = await updateStaffUser(tx, last.id, { role: "office" }, last.id).catch((e: unknown) => e);
        expect(demote).toBeInstanceOf(Refusal);
        expect(demote).toMatchObject({ status: 409, fieldErrors: { role: [expect.any(String)] } });
        expect((demote as Error).message).toContain("You are the only active owner");
        const deactivate = await updateStaffUser(tx, last.id, { active: false }, 0).catch((e: unknown) => e);
        expect(deactivate).toMatchObject({ status: 409, fieldErrors: { active: [expect.any(String)] } });
        expect((deactivate as Error).message).toContain("the business needs at least one active owner");
        // Other edits of the last owner, and promoting someone else first, are fine.
        expect((await updateStaffUser(tx, last.id, { phone: "555-0100" }, last.id)).phone).toBe("555-0100");
        await updateStaffUser(tx, helper.id, { role: "owner" }, last.id);
        expect((await updateStaffUser(tx, last.id, { role: "office" }, last.id)).role).toBe("office");
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const [row] = await db.select().from(users).where(eq(users.id, last.id));
    expect(row.role).toBe("owner");
  });
});

describe("profile", () => {
  it("saves your own first and last name, e-mail and phone with field messages; the role is not yours to change", async () => {
    const me = await createUser("profile", "office");
    const session = (await login(me.username, PASSWORD)).cookie!;
    const blank = await postForm("/settings?index", session, {
      intent: "profile",
      firstName: " ",
      lastName: "Smith",
      email: "nope",
      phone: "",
    });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("First name is required");
    expect(blank.text).toContain("Enter a valid email address");
    expect((await postForm("/settings?index", session, { intent: "bogus" })).status).toBe(400);

    const saved = await postForm("/settings?index", session, {
      intent: "profile",
      firstName: "Mary Ann",
      lastName: `Renamed${tag}`,
      email: "me@example.test",
      phone: "555-0142",
      role: "owner",
    });
    expect(saved.status).toBe(302);
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, me.id));
    // The display name (sidebar, activity, assignments) is made of the two.
    expect(row).toMatchObject({
      name: `Mary Ann Renamed${tag}`,
      firstName: "Mary Ann",
      lastName: `Renamed${tag}`,
      email: "me@example.test",
      phone: "555-0142",
      role: "office",
    });
    const after = await page("/settings", saved.cookie!);
    expect(after.text).toContain("Profile Updated");
    expect(/name="firstName"[^>]*value="Mary Ann"/.test(after.text)).toBe(true);
    expect(after.text).toContain(`Mary Ann Renamed${tag}`);
  });
});

describe("passwords", { timeout: 120_000 }, () => {
  it("changing your own password needs the current one, matching confirmation and the rules; other sessions end", async () => {
    const me = await createUser("self", "office");
    const here = (await login(me.username, PASSWORD)).cookie!;
    const elsewhere = (await login(me.username, PASSWORD)).cookie!;
    const change = (fields: Record<string, string>) =>
      postForm("/settings?index", here, { intent: "password", ...fields });

    const wrong = await change({
      currentPassword: `Wrong-${tag}-1`,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Current password is incorrect");
    const mismatch = await change({
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain("Passwords do not match");
    const short = await change({ currentPassword: PASSWORD, newPassword: "Ab1!", confirmPassword: "Ab1!" });
    expect(short.status).toBe(400);
    expect(short.text).toContain("Password must be at least 8 characters");
    const missing = await change({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Enter your current password");
    for (const res of [wrong, mismatch, short, missing]) {
      expect(res.text).not.toContain(PASSWORD);
      expect(res.text).not.toContain(NEW_PASSWORD);
    }
    expect((await login(me.username, PASSWORD)).status).toBe(302);

    const ok = await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/settings");
    expect(ok.cookie).toBeDefined();
    // This browser keeps its session (with the new cookie); the other one is signed out.
    expect(await signedIn(ok.cookie!)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(here)).toBe(false);
    expect((await login(me.username, PASSWORD)).status).toBe(400);
    expect((await login(me.username, NEW_PASSWORD)).status).toBe(302);
    const after = await page("/settings", ok.cookie!);
    expect(after.text).toContain("Profile Updated");
  });

  it("wrong current passwords count toward the sign-in lock", async () => {
    const me = await createUser("guesser", "office");
    const session = (await login(me.username, PASSWORD)).cookie!;
    for (let i = 0; i < 5; i++) {
      const res = await postForm("/settings?index", session, {
        intent: "password",
        currentPassword: `guess-${i}`,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const locked = await postForm("/settings?index", session, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.text).toContain("Too many wrong passwords");
    expect((await login(me.username, PASSWORD)).status).toBe(429);
  });

  it("the owner resets a password: the user's sessions end and the new password works; not their own", async () => {
    const user = await createUser("forgetful", "installer");
    const session = (await login(user.username, PASSWORD)).cookie!;
    const weak = await api(`/api/users/${user.id}/password`, {
      method: "POST",
      cookie: owner,
      json: { password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors.password).toContain("Password must be at least 8 characters");

    const reset = await postForm(`/settings/staff/${user.id}`, owner, {
      intent: "reset-password",
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(302);
    expect(await signedIn(session)).toBe(false);
    expect((await login(user.username, PASSWORD)).status).toBe(400);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(302);
    expect(
      (await api(`/api/users/${user.id}/password`, { method: "POST", cookie: owner, json: { password: PASSWORD } }))
        .status,
    ).toBe(204);
    expect((await login(user.username, PASSWORD)).status).toBe(302);

    const boss = await createUser("selfreset", "owner");
    const bossSession = (await login(boss.username, PASSWORD)).cookie!;
    const self = await api(`/api/users/${boss.id}/password`, {
      method: "POST",
      cookie: bossSession,
      json: { password: NEW_PASSWORD },
    });
    expect(self.status).toBe(400);
    expect(self.body.error).toContain("Settings → Profile");
    expect(await signedIn(bossSession)).toBe(true);
  });
});

describe("settings tabs", { timeout: 120_000 }, () => {
  it("Security: a longer minimum length applies at once to changes, new users and resets; a longer timeout to new sessions", async () => {
    await withSettings("change", async () => {
      const before = (await settingsRow("security")) ?? {};
      const current = {
        sessionTimeoutHours: 8,
        minPasswordLength: 8,
        requireNumbers: true,
        requireSpecial: true,
        requireUppercase: true,
        ...before,
      };
      const me = await createUser("rules", "office");
      const session = (await login(me.username, PASSWORD)).cookie!;
      const tenChars = `Ab1!${tag}`.slice(0, 10).padEnd(10, "z");
      expect(tenChars).toHaveLength(10);
      try {
        const bad = await postForm("/settings/security", owner, {
          ...asForm(current),
          minPasswordLength: "7",
          sessionTimeoutHours: "3",
        });
        expect(bad.status).toBe(400);
        expect(bad.text).toContain("Minimum password length must be one of 6, 8, 10, 12");
        expect(bad.text).toContain("Session timeout must be one of 1, 4, 8, 24");

        const saved = await postForm("/settings/security", owner, {
          ...asForm(current),
          minPasswordLength: "12",
          sessionTimeoutHours: "24",
        });
        expect(saved.status).toBe(302);
        expect((await page("/settings/security", saved.cookie ?? owner)).text).toContain("Security Settings Updated");
        expect(await settingsRow("security")).toMatchObject({ minPasswordLength: 12, sessionTimeoutHours: 24 });

        const change = await postForm("/settings?index", session, {
          intent: "password",
          currentPassword: PASSWORD,
          newPassword: tenChars,
          confirmPassword: tenChars,
        });
        expect(change.status).toBe(400);
        expect(change.text).toContain("Password must be at least 12 characters");
        const create = await api("/api/users", {
          method: "POST",
          cookie: owner,
          json: { username: `ten_${tag}`, name: "Ten", password: tenChars, role: "installer" },
        });
        expect(create.status).toBe(400);
        expect(create.body.fieldErrors.password).toContain("Password must be at least 12 characters");
        expect(
          (await api(`/api/users/${me.id}/password`, { method: "POST", cookie: owner, json: { password: tenChars } }))
            .status,
        ).toBe(400);
        // The page says so too.
        expect((await page("/settings", session)).text).toContain("at least 12 characters");
        // The session cookie of a new sign-in lives as long as the timeout.
        const fresh = await login(me.username, PASSWORD);
        expect(fresh.setCookie).toMatch(/Max-Age=86400/i);
      } finally {
        await restore("security", current);
      }
      expect((await settingsRow("security"))?.minPasswordLength ?? 8).toBe(current.minPasswordLength);
    });
  });

  it("Business: validates exactly, and what it saves is what the customer-facing pages show", async () => {
    await withSettings("change", async () => {
      const before = (await settingsRow("business")) ?? {};
      const current = {
        companyName: "Northwind Cabinetry",
        streetAddress: "120 Mill Street",
        city: "Burlington",
        state: "VT",
        zipCode: "05401",
        phone: "(802) 555-0142",
        email: "office@northwind-cabinetry.example",
        website: "https://northwind-cabinetry.example",
        currency: "USD",
        taxRatePercent: "8.75",
        defaultMarkup: 35,
        paymentTerms: "Net 30",
        ...before,
      };
      const form = asForm(current);
      for (const [field, value, message] of [
        ["taxRatePercent", "8.87501", "at most 4 decimals"],
        ["taxRatePercent", "100.5", "between 0 and 100"],
        ["taxRatePercent", "1e2", "at most 4 decimals"],
        ["currency", "US", "3-letter ISO code"],
        ["currency", "ZZZ", "ISO 4217"],
        ["companyName", "", "Company name is required"],
        ["email", "not-an-email", "Enter a valid email address"],
        ["website", "javascript:alert(1)", "Enter a web address"],
        ["paymentTerms", "Net 90", "Payment terms must be one of"],
        ["defaultMarkup", "12.5", "whole number"],
      ] as const) {
        const res = await postForm("/settings/business", office, { ...form, [field]: value });
        expect(res.status, `${field}=${value}`).toBe(400);
        expect(res.text, `${field}=${value}`).toContain(message);
      }
      expect(await settingsRow("business")).toEqual(originalRows.get("business"));

      // Only the name and phone change: currency and tax rate stay, other files depend on them.
      const name = `Settings Test Cabinets ${tag}`;
      try {
        const saved = await postForm("/settings/business", office, {
          ...form,
          companyName: name,
          phone: "(802) 555-0199",
          taxRatePercent: "08.750",
        });
        expect(saved.status).toBe(302);
        expect(saved.location).toBe("/settings/business");
        const row = await settingsRow("business");
        expect(row).toMatchObject({
          companyName: name,
          phone: "(802) 555-0199",
          taxRatePercent: "8.75",
          currency: current.currency,
        });
        const pay = await page("/pay/complete");
        expect(pay.text).toContain(name);
        expect(pay.text).toContain("(802) 555-0199");
      } finally {
        await restore("business", current);
      }
      expect((await page("/pay/complete")).text).not.toContain(name);
    });
  });

  it("Business: the default payment terms start a new invoice's terms and due date", async () => {
    await withSettings("change", async () => {
      const before = (await settingsRow("business")) ?? {};
      const current = {
        companyName: "Northwind Cabinetry",
        currency: "USD",
        taxRatePercent: "8.75",
        defaultMarkup: 35,
        paymentTerms: "Net 30",
        ...before,
      };
      try {
        const saved = await postForm("/settings/business", owner, { ...asForm(current), paymentTerms: "Net 15" });
        expect(saved.status).toBe(302);
        const system = (await settingsRow("system")) ?? {};
        const zone = String(system.timeZone ?? "America/New_York");
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
        const due = new Date(`${today}T12:00:00Z`);
        due.setUTCDate(due.getUTCDate() + 15);
        const form = (await page("/invoices/new", owner)).text;
        expect(/<option[^>]*value="Net 15"[^>]*selected|<option selected[^>]*value="Net 15"/.test(form)).toBe(true);
        expect(form).toContain(`value="${due.toISOString().slice(0, 10)}"`);
        expect(form).toContain("Payment due within 15 days of invoice date.");
      } finally {
        await restore("business", current);
      }
    });
  });

  it("System: refuses an unknown time zone, and quote valid days set a new quote's validUntil", async () => {
    await withSettings("change", async () => {
      const before = (await settingsRow("system")) ?? {};
      const current = {
        dateFormat: "MM/DD/YYYY",
        timeFormat: "12",
        timeZone: "America/New_York",
        measurementUnit: "imperial",
        lowStockThreshold: 10,
        quoteValidDays: 30,
        ...before,
      };
      const form = asForm(current);
      for (const [field, value, message] of [
        ["timeZone", "Mars/Olympus_Mons", "Choose a valid time zone"],
        ["timeZone", "", "Time zone is required"],
        ["quoteValidDays", "0", "between 1 and 365"],
        ["lowStockThreshold", "-1", "whole number"],
        ["dateFormat", "DD.MM.YY", "Date format must be one of"],
      ] as const) {
        const res = await postForm("/settings/system", owner, { ...form, [field]: value });
        expect(res.status, `${field}=${value}`).toBe(400);
        expect(res.text, `${field}=${value}`).toContain(message);
      }
      // The time zone is kept (changing it would move "today" for every other test).
      try {
        const saved = await postForm("/settings/system", owner, {
          ...form,
          quoteValidDays: "45",
          lowStockThreshold: "25",
        });
        expect(saved.status).toBe(302);
        expect(await settingsRow("system")).toMatchObject({
          quoteValidDays: 45,
          lowStockThreshold: 25,
          timeZone: current.timeZone,
        });
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: String(current.timeZone) }).format(new Date());
        const expected = new Date(`${today}T12:00:00Z`);
        expected.setUTCDate(expected.getUTCDate() + 45);
        const newQuote = await page("/quotes/new", owner);
        expect(newQuote.text).toContain(`value="${expected.toISOString().slice(0, 10)}"`);
      } finally {
        await restore("system", current);
      }
    });
  });
});
