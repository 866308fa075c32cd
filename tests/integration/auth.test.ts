// Sign-in, sign-out, throttling, role enforcement on pages, "View as", security headers and the
// route table, over real HTTP against the production server (decisions §2, §3). Wrong passwords
// are only ever tried against users this file creates, so the demo users never get locked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { customers, loginThrottle, users } from "../../db/schema";
import { hashPassword } from "~/utils/password.server";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = `Corr3ct-${tag}!`;
const createdUsers: number[] = [];
const createdCustomers: number[] = [];

async function createUser(prefix: string, role: "owner" | "office" | "installer" = "office") {
  const db = await getDb();
  const username = `${prefix}_${tag}`;
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash: await hashPassword(PASSWORD), name: `${prefix} ${tag}`, role })
    .returning({ id: users.id });
  createdUsers.push(row.id);
  return username;
}

/** Posts the real /login form as a browser without JS would. */
async function postLogin(username: string, password: string, redirectTo?: string) {
  const body = new URLSearchParams({ username, password });
  if (redirectTo) body.set("redirectTo", redirectTo);
  const res = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    body,
    headers: { Origin: baseUrl() },
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A page as a browser would fetch it (HTML, no redirects followed). */
async function page(path: string, cookie?: string) {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function postForm(path: string, cookie: string, fields: Record<string, string>, origin = baseUrl()) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: origin },
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The session cookie a response set, as a Cookie header value ("__session=..."). */
function sessionCookie(headers: Headers) {
  const raw = headers.getSetCookie().find((c) => c.startsWith("__session="));
  return raw?.split(";")[0];
}

/** The hrefs of the sidebar's navigation links, in order. */
function sidebarLinks(html: string) {
  const start = html.indexOf('class="sidebar-nav"');
  expect(start, "page has the sidebar").toBeGreaterThan(-1);
  const nav = html.slice(start, html.indexOf("</ul>", start));
  return [...nav.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]);
}

function sidebarTitles(html: string) {
  const start = html.indexOf('class="sidebar-nav"');
  const nav = html.slice(start, html.indexOf("</ul>", start));
  // Each link's label is its one classless <span> (app-shell.tsx); the unread count has a class.
  return [...nav.matchAll(/<span>([^<]*)<\/span>/g)].map((m) => m[1]);
}

/** The hrefs of the sidebar links marked as the current page. */
function activeLinks(html: string) {
  const start = html.indexOf('class="sidebar-nav"');
  const nav = html.slice(start, html.indexOf("</ul>", start));
  return [...nav.matchAll(/<a\b([^>]*)>/g)]
    .map((m) => m[1])
    .filter((attrs) => /aria-current="page"/.test(attrs))
    .map((attrs) => attrs.match(/\bhref="([^"]*)"/)?.[1]);
}

function sidebarRole(html: string) {
  return html.match(/data-testid="sidebar-role"[^>]*>([^<]*)</)?.[1];
}

afterAll(async () => {
  const db = await getDb();
  if (createdUsers.length) {
    const names = await db.select({ username: users.username }).from(users).where(inArray(users.id, createdUsers));
    await db.delete(users).where(inArray(users.id, createdUsers));
    const keys = names.map((n) => n.username.toLowerCase());
    if (keys.length) await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
  }
  await db.delete(loginThrottle).where(sql`${loginThrottle.key} like ${`%${tag}%`}`);
  if (createdCustomers.length) await db.delete(customers).where(inArray(customers.id, createdCustomers));
  await closeDb();
});

// Each sign-in costs one scrypt hash at N=2^17 (about 0.3 s idle, several seconds on a loaded CI box).
describe("sign-in", { timeout: 120_000 }, () => {
  it("answers a wrong password with 400 and the generic message, and an unknown user the same", async () => {
    const username = await createUser("wrongpw");
    const wrong = await postLogin(username, "not-the-password");
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Invalid username or password.");
    expect(sessionCookie(wrong.headers)).toBeUndefined();

    const unknown = await postLogin(`nobody_${tag}`, "whatever-password");
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Invalid username or password.");

    // The two failures read exactly alike: the alert says the same thing, and neither names the user.
    const alert = (html: string) => html.match(/role="alert"[^>]*>([\s\S]*?)<\/div>/)?.[1]?.replace(/<[^>]+>/g, "");
    expect(alert(wrong.text)).toBe("Invalid username or password.");
    expect(alert(unknown.text)).toBe(alert(wrong.text));

    // The right password still works after one failure.
    const ok = await postLogin(username, PASSWORD);
    expect(ok.status).toBe(302);
  });

  it("throttles a username after 5 failures: the 6th attempt gets 429 even with the right password", async () => {
    const username = await createUser("throttled");
    for (let i = 1; i <= 5; i++) {
      const res = await postLogin(username, `wrong-${i}`);
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(res.text).toContain("Invalid username or password.");
    }
    const sixth = await postLogin(username, PASSWORD);
    expect(sixth.status).toBe(429);
    expect(sixth.text).toContain("Too many failed sign-in attempts");
    expect(sessionCookie(sixth.headers)).toBeUndefined();

    // Other usernames are not affected.
    const other = await createUser("unaffected");
    expect((await postLogin(other, PASSWORD)).status).toBe(302);
    // The lock keys on the username, whatever its case.
    expect((await postLogin(username.toUpperCase(), PASSWORD)).status).toBe(429);
  });

  it("sets an HttpOnly, SameSite=Lax __session cookie and redirects", async () => {
    const username = await createUser("cookie");
    const res = await postLogin(username, PASSWORD, "/jobs?status=approved");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/jobs?status=approved");
    const raw = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(raw).toBeDefined();
    expect(raw).toMatch(/;\s*HttpOnly/i);
    expect(raw).toMatch(/;\s*SameSite=Lax/i);
    expect(raw).toMatch(/;\s*Path=\//i);

    const home = await page("/", sessionCookie(res.headers));
    expect(home.status).toBe(200);
    expect(home.text).toContain(`cookie ${tag}`);
  });

  it("never redirects off-site after sign-in", async () => {
    const username = await createUser("offsite");
    for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const res = await postLogin(username, PASSWORD, target);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("sends a signed-in user away from /login", async () => {
    const cookie = await signIn("office");
    const res = await page("/login", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("POST /logout clears the session cookie", async () => {
    const cookie = await signIn("office");
    const res = await postForm("/logout", cookie, {});
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(cleared).toBeDefined();
    // Emptied and expired at once.
    expect(cleared).toMatch(/^__session=;/);
    const expired =
      /Max-Age=0/i.test(cleared!) || new Date(cleared!.match(/Expires=([^;]+)/i)?.[1] ?? "").getTime() <= Date.now();
    expect(expired).toBe(true);
    // With the cleared cookie the browser is signed out.
    const after = await page("/customers", sessionCookie(res.headers));
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("pages without a session", () => {
  it.each([
    ["/customers", "/login?redirectTo=%2Fcustomers"],
    ["/customers?search=oak", "/login?redirectTo=%2Fcustomers%3Fsearch%3Doak"],
    ["/jobs", "/login?redirectTo=%2Fjobs"],
    ["/settings", "/login?redirectTo=%2Fsettings"],
    ["/customers/new", "/login?redirectTo=%2Fcustomers%2Fnew"],
    ["/", "/login"],
  ])("GET %s redirects to %s", async (path, location) => {
    const res = await page(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
  });

  it("a page action without a session redirects to sign-in and creates nothing", async () => {
    const name = `Anonymous Form ${tag}`;
    const res = await fetch(`${baseUrl()}/customers/new`, {
      method: "POST",
      body: new URLSearchParams({ name }),
      headers: { Origin: baseUrl() },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const owner = await signIn("owner");
    const found = await api(`/api/customers?search=${encodeURIComponent(name)}`, { cookie: owner });
    expect(found.headers.get("x-total-count")).toBe("0");
  });

  it("the login page renders with 200", async () => {
    const res = await page("/login");
    expect(res.status).toBe(200);
    expect(res.text).toContain('name="username"');
    expect(res.text).toContain('name="password"');
  });
});

describe("roles on pages", () => {
  let owner = "";
  let office = "";
  let installer = "";
  beforeAll(async () => {
    [owner, office, installer] = await Promise.all([signIn("owner"), signIn("office"), signIn("installer")]);
  });

  const ROUTES: Array<[string, string]> = [
    ["/", "Home"],
    ["/customers", "Customers"],
    ["/jobs", "Jobs"],
    ["/quotes", "Quotes"],
    ["/invoices", "Invoices"],
    ["/schedule", "Schedule"],
    ["/tasks", "Tasks"],
    ["/photos", "Photos"],
    ["/inventory", "Inventory"],
    ["/inbox", "Inbox"],
    ["/reports", "Reports"],
    ["/settings", "Settings"],
  ];

  it.each(ROUTES)("owner gets %s with 200 and the full sidebar", async (path, title) => {
    const res = await page(path, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(sidebarLinks(res.text)).toEqual(ROUTES.map(([p]) => p));
    expect(sidebarTitles(res.text)).toEqual(ROUTES.map(([, t]) => t));
    expect(sidebarRole(res.text)).toBe("Owner/Manager");
    // The current page's entry (and only it) is marked active.
    expect(activeLinks(res.text)).toEqual([path]);
    expect(res.text).not.toContain("Page not found");
    expect(res.text).toContain(`<span>${title}</span>`);
  });

  it("office sees every entry but Reports, and /reports is a 403 page", async () => {
    const home = await page("/", office);
    expect(home.status).toBe(200);
    expect(sidebarLinks(home.text)).toEqual(ROUTES.map(([p]) => p).filter((p) => p !== "/reports"));
    expect(sidebarRole(home.text)).toBe("Office Staff");
    const reports = await page("/reports", office);
    expect(reports.status).toBe(403);
    expect(reports.text).toContain("You do not have permission to view this page.");
    expect(sidebarLinks(reports.text)).not.toContain("/reports");
  });

  it("installer's sidebar shows only Home, Jobs, Schedule, Tasks, Photos", async () => {
    const home = await page("/", installer);
    expect(home.status).toBe(200);
    expect(sidebarTitles(home.text)).toEqual(["Home", "Jobs", "Schedule", "Tasks", "Photos"]);
    expect(sidebarLinks(home.text)).toEqual(["/", "/jobs", "/schedule", "/tasks", "/photos"]);
    expect(sidebarRole(home.text)).toBe("Installer");
  });

  it.each(["/customers", "/customers/new", "/quotes", "/invoices", "/inventory", "/inbox", "/reports", "/settings"])(
    "installer GET %s is the 403 page",
    async (path) => {
      const res = await page(path, installer);
      expect(res.status).toBe(403);
      expect(res.text).toContain("Not allowed");
      expect(res.text).toContain("You do not have permission to view this page.");
      // Still inside the shell, with the installer's own menu.
      expect(sidebarLinks(res.text)).toEqual(["/", "/jobs", "/schedule", "/tasks", "/photos"]);
    },
  );

  it("installer may open the pages of their role", async () => {
    for (const path of ["/jobs", "/schedule", "/tasks", "/photos"]) {
      expect((await page(path, installer)).status, path).toBe(200);
    }
  });

  it("an installer cannot create a customer through the page form", async () => {
    const name = `Installer Form ${tag}`;
    const res = await postForm("/customers/new", installer, { name });
    expect(res.status).toBe(403);
    const found = await api(`/api/customers?search=${encodeURIComponent(name)}`, { cookie: owner });
    expect(found.headers.get("x-total-count")).toBe("0");
  });
});

describe("View as", () => {
  it("an owner previewing the installer view gets the installer's rights and menu", async () => {
    const owner = await signIn("owner");
    const res = await postForm("/view-as", owner, { role: "installer", returnTo: "/customers" });
    expect(res.status).toBe(302);
    // Installers may not see /customers, so the preview lands on Home.
    expect(res.headers.get("location")).toBe("/");
    const preview = sessionCookie(res.headers)!;
    expect(preview).toBeDefined();

    const customersPage = await page("/customers", preview);
    expect(customersPage.status).toBe(403);
    expect(sidebarRole(customersPage.text)).toBe("Installer");
    expect(sidebarLinks(customersPage.text)).toEqual(["/", "/jobs", "/schedule", "/tasks", "/photos"]);
    // The server narrows the API too.
    expect((await api("/api/customers", { cookie: preview })).status).toBe(403);

    // Back to the owner's own view: everything is open again.
    const back = await postForm("/view-as", preview, { role: "owner", returnTo: "/customers" });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/customers");
    const restored = sessionCookie(back.headers)!;
    const again = await page("/customers", restored);
    expect(again.status).toBe(200);
    expect(sidebarRole(again.text)).toBe("Owner/Manager");
  });

  it("an owner previewing the office view loses Reports", async () => {
    const owner = await signIn("owner");
    const res = await postForm("/view-as", owner, { role: "office", returnTo: "/reports" });
    expect(res.headers.get("location")).toBe("/");
    const preview = sessionCookie(res.headers)!;
    expect((await page("/reports", preview)).status).toBe(403);
    const customersPage = await page("/customers", preview);
    expect(customersPage.status).toBe(200);
    expect(sidebarRole(customersPage.text)).toBe("Office Staff");
  });

  it("an office user cannot view as owner (403) and gains nothing", async () => {
    const office = await signIn("office");
    const res = await postForm("/view-as", office, { role: "owner", returnTo: "/reports" });
    expect(res.status).toBe(403);
    expect(sessionCookie(res.headers)).toBeUndefined();
    const reports = await page("/reports", office);
    expect(reports.status).toBe(403);
  });

  it("an installer cannot view as office", async () => {
    const installer = await signIn("installer");
    const res = await postForm("/view-as", installer, { role: "office" });
    expect(res.status).toBe(403);
    expect((await page("/customers", installer)).status).toBe(403);
  });

  it("refuses a cross-origin View as", async () => {
    const owner = await signIn("owner");
    const res = await postForm("/view-as", owner, { role: "installer" }, "http://evil.example");
    expect(res.status).toBe(403);
    expect(sessionCookie(res.headers)).toBeUndefined();
  });
});

describe("security headers", () => {
  function checkHeaders(headers: Headers, what: string) {
    const csp = headers.get("content-security-policy");
    expect(csp, what).toBeTruthy();
    const directives = Object.fromEntries(
      csp!.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives["script-src"], what).toBeDefined();
    expect(
      directives["script-src"].some((v: string) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(v)),
      what,
    ).toBe(true);
    expect(directives["script-src"], what).not.toContain("'unsafe-inline'");
    expect(directives["script-src"], what).not.toContain("'unsafe-eval'");
    expect(directives["frame-ancestors"], what).toEqual(["'none'"]);
    expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  }

  it("a page carries them", async () => {
    const res = await page("/login");
    expect(res.status).toBe(200);
    checkHeaders(res.headers, "/login");
  });

  it("an /api response carries them", async () => {
    const res = await api("/api/customers");
    expect(res.status).toBe(401);
    checkHeaders(res.headers, "/api/customers");
  });

  it("a static asset carries them", async () => {
    const res = await fetch(`${baseUrl()}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    checkHeaders(res.headers, "/favicon.svg");
  });

  it("a fresh nonce per response, and every <script> in /login carries it", async () => {
    const first = await page("/login");
    const second = await page("/login");
    const nonceOf = (headers: Headers) => headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    const nonce = nonceOf(first.headers);
    expect(nonce).not.toBe(nonceOf(second.headers));

    const scripts = [...first.text.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
    const inline = scripts.filter((attrs) => !/\bsrc=/i.test(attrs));
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      expect(attrs).toContain(`nonce="${nonce}"`);
    }
  });
});

describe("not found and the portal", () => {
  it("an unknown path is a 404 'Page not found' page", async () => {
    const anonymous = await page(`/no-such-page-${tag}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.text).toContain("Page not found");
    const owner = await signIn("owner");
    const signedIn = await page(`/customers-nope/${tag}/deeper`, owner);
    expect(signedIn.status).toBe(404);
    expect(signedIn.text).toContain("Page not found");
  });

  it("an unknown /api path is a 404 JSON error", async () => {
    const res = await api(`/api/no-such-thing-${tag}`);
    expect(res.status).toBe(404);
    expect(typeof res.body.error).toBe("string");
  });

  it.each(["abc", "99999999999", "2147483647"])("/customers/%s is the 404 page for the owner", async (id) => {
    const owner = await signIn("owner");
    const res = await page(`/customers/${id}`, owner);
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });

  it("/client/quotes/{id} without a token asks for the e-mailed link and shows no customer data", async () => {
    const db = await getDb();
    const [customer] = await db
      .insert(customers)
      .values({
        name: `Portal Secret ${tag}`,
        email: `portal.${tag}@example.com`,
        phone: "555-7788-991",
        address: `77 Hidden Lane ${tag}`,
        city: `Privatetown${tag}`,
      })
      .returning();
    createdCustomers.push(customer.id);

    for (const path of [
      `/client/quotes/${customer.id}`,
      `/client/quotes/${customer.id}?token=wrong-${tag}`,
      "/client/quotes/1",
      "/client/quotes",
    ]) {
      const res = await page(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.status, path).not.toBe(302);
      expect(res.text, path).toContain("use the link from the e-mail");
      for (const secret of [customer.name, customer.email!, customer.phone!, customer.address!, customer.city!, tag]) {
        expect(res.text, `${path} leaks ${secret}`).not.toContain(secret);
      }
      // No staff navigation in the portal.
      expect(res.text).not.toContain('class="sidebar-nav"');
    }
    // The oldest customer (demo data) is not leaked either.
    const [first] = await db.select().from(customers).orderBy(customers.id).limit(1);
    expect(first).toBeDefined();
    const res = await page(`/client/quotes/${first.id}`);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain(first.name);
  });
});
