// The request guards of the web process (app/server.ts, app/utils/request-guards.server.ts) over
// real HTTP against the production server: the sign-in redirect stays on this site, bodies are
// capped before Remix, NUL bytes and out-of-range dates are 400s, page forms must be forms,
// unsupported methods are 405, CSRF checks compare whole origins, and /api answers are never cached.
// Decisions: docs/decisions/request-guards.md. Every record made here carries this run's tag.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, like } from "drizzle-orm";
import { closeDb, getDb } from "../../db/client.server";
import { customers, loginThrottle, users } from "../../db/schema";
import { hashPassword } from "~/utils/password.server";
import { api, baseUrl, signIn } from "../setup/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = `Corr3ct-${tag}!`;
let owner = "";
let username = "";
let userId = 0;

beforeAll(async () => {
  owner = await signIn("owner");
  const db = await getDb();
  username = `guard_${tag}`;
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash: await hashPassword(PASSWORD), name: `Guard ${tag}`, role: "office" })
    .returning({ id: users.id });
  userId = row.id;
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(users).where(inArray(users.id, [userId]));
  await db.delete(loginThrottle).where(like(loginThrottle.key, `%${tag}%`));
  await db.delete(customers).where(like(customers.name, `%${tag}%`));
  await closeDb();
});

/** A raw request, so headers and bodies can be anything; resolves with the first response. */
function raw(
  path: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    /** Written in order; a function is called to write lazily until it returns null. */
    body?: Buffer | (() => Buffer | null);
  } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        // Verbatim: URL parsing would fold a %2e%2e segment away.
        path,
        method: opts.method ?? "POST",
        headers: opts.headers,
        // A socket of its own: one that declared more body than it sent must not be reused.
        agent: false,
      },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    // The server may answer and close before the body is all sent: that is the point. A reset
    // before any answer arrived is a failure, not a wait for the test's timeout.
    req.on("error", (error) => {
      if (!("code" in error) || !["EPIPE", "ECONNRESET"].includes(String(error.code))) reject(error);
    });
    req.on("close", () => {
      if (!answered) reject(new Error(`${path}: the connection closed before any answer arrived`));
    });
    const body = opts.body;
    if (body === undefined) return req.end();
    if (Buffer.isBuffer(body)) return req.end(body);
    const pump = () => {
      while (!req.destroyed) {
        const chunk = body();
        if (chunk === null) return req.end();
        if (!req.write(chunk)) return req.once("drain", pump);
      }
    };
    pump();
  });
}

function chunks(total: number, size = 64 * 1024, fill = "a") {
  let sent = 0;
  return () => {
    if (sent >= total) return null;
    const n = Math.min(size, total - sent);
    sent += n;
    return Buffer.alloc(n, fill);
  };
}

describe("the redirect after sign-in stays on this site", () => {
  it.each([
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/..//evil.example/",
    "/./\\evil.example",
    "/%0a/x\u0000",
  ])("redirectTo %j lands on /", async (target) => {
    const res = await fetch(`${baseUrl()}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password: PASSWORD, redirectTo: target }),
      headers: { Origin: baseUrl(), "X-Forwarded-For": `10.77.${tag.length}.1` },
      redirect: "manual",
    });
    // NUL is refused before sign-in (400); anything else signs in and goes home.
    if (target.includes("\u0000")) return expect(res.status).toBe(400);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("keeps a real same-site path with its query", async () => {
    const res = await fetch(`${baseUrl()}/login`, {
      method: "POST",
      body: new URLSearchParams({ username, password: PASSWORD, redirectTo: "/jobs?status=approved&search=a%20b" }),
      headers: { Origin: baseUrl() },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/jobs?status=approved&search=a%20b");
  });
});

describe("request bodies are capped before Remix", () => {
  it("a declared 100 MB sign-in form is refused at once with 413, unread", async () => {
    const started = Date.now();
    const res = await raw("/login", {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(100 * 1024 * 1024),
        Origin: baseUrl(),
      },
    });
    expect(res.status).toBe(413);
    expect(res.text).toContain("larger than 1 MB");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("a refusal before the body is read (a dot segment) still reaches a client sending 5 MB", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, "y");
    const res = await raw("/api/customers/%2e%2e", {
      method: "PUT",
      headers: { "Content-Type": "application/json", "Content-Length": String(big.length), Cookie: owner },
      body: big,
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error).toContain(". or .. segments");
  });

  it("a chunked form without Content-Length is cut at 1 MB with 413", async () => {
    const res = await raw("/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      body: chunks(3 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.text).toContain("larger than 1 MB");
  });

  it("an /api JSON body over 1 MB is a 413 JSON error, declared or chunked", async () => {
    const big = Buffer.from(JSON.stringify({ name: `Big ${tag}`, notes: "x".repeat(1_200_000) }));
    const declared = await raw("/api/customers", {
      headers: { "Content-Type": "application/json", "Content-Length": String(big.length), Cookie: owner },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error).toContain("larger than 1 MB");
    expect(declared.headers["cache-control"]).toBe("no-store");

    let sent = false;
    const chunked = await raw("/api/customers", {
      headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", Cookie: owner },
      body: () => (sent ? null : ((sent = true), big)),
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text).error).toContain("larger than 1 MB");
    const found = await api(`/api/customers?search=${encodeURIComponent(`Big ${tag}`)}`, { cookie: owner });
    expect(found.headers.get("x-total-count")).toBe("0");
  });

  it("a body under the cap still reaches the route (its own 400, not 413)", async () => {
    const res = await api("/api/customers", { method: "POST", cookie: owner, json: { name: "x".repeat(900_000) } });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe("string");
  });

  it("the CSV import keeps its own 5 MB limit, also for a chunked upload", async () => {
    const boundary = `----guard${tag}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nname\r\n`,
    );
    const rows = chunks(6 * 1024 * 1024, 64 * 1024, "b");
    let started = false;
    const res = await raw("/settings/system/import", {
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Transfer-Encoding": "chunked",
        Cookie: owner,
        Origin: baseUrl(),
      },
      body: () => (started ? rows() : ((started = true), head)),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("larger than 5 MB");

    // 2 MB (over the 1 MB of other forms) is read by the import itself.
    const csv = Buffer.concat([head, Buffer.from(`${"x".repeat(2 * 1024 * 1024)}\r\n--${boundary}--\r\n`)]);
    const ok = await raw("/settings/system/import", {
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: owner, Origin: baseUrl() },
      body: csv,
    });
    expect(ok.status).not.toBe(413);
    expect(ok.status).toBeLessThan(500);
  });
});

describe("bad input is a 400, never a 500", () => {
  it.each([
    "/api/customers?search=%00",
    "/api/jobs?search=%00",
    "/api/quotes?search=%00",
    "/api/invoices?search=%00",
    "/api/tasks?search=a%00b",
  ])("GET %s is a 400 JSON error", async (path) => {
    const res = await api(path, { cookie: owner });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("NUL");
  });

  it.each(["/customers?search=%00", "/jobs?search=%00", "/quotes?search=%00", "/invoices?search=%00", "/search?q=%00"])(
    "page %s is a 400",
    async (path) => {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: owner }, redirect: "manual" });
      expect(res.status).toBe(400);
    },
  );

  it("the portal search with a NUL is a 400", async () => {
    const res = await fetch(`${baseUrl()}/client/quotes/1?token=x&search=%00`, { redirect: "manual" });
    expect(res.status).toBe(400);
  });

  it("a NUL in the sign-in username is a 400", async () => {
    const res = await fetch(`${baseUrl()}/login`, {
      method: "POST",
      body: "username=a%00b&password=whatever",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl() },
      redirect: "manual",
    });
    expect(res.status).toBe(400);
  });

  it("a NUL in a JSON field is a 400 JSON error and nothing is stored", async () => {
    const res = await api("/api/customers", { method: "POST", cookie: owner, json: { name: `Nul ${tag}\u0000x` } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("NUL");
    const nested = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Nul ${tag}`, notes: ["ok", { deep: "\u0000" }] },
    });
    expect(nested.status).toBe(400);
    const found = await api(`/api/customers?search=${encodeURIComponent(`Nul ${tag}`)}`, { cookie: owner });
    expect(found.headers.get("x-total-count")).toBe("0");
  });

  it("text that merely mentions \\u0000 is not refused", async () => {
    const res = await api("/api/customers", {
      method: "POST",
      cookie: owner,
      json: { name: `Escaped \\u0000 ${tag}` },
    });
    expect(res.status).toBe(201);
  });

  it.each(["99999-01-01", "-271821-04-20", "+275760-09-13", "1899-12-31T23:00:00Z", "10000-01-01"])(
    "/api/schedule/events?from=%s is a 400",
    async (from) => {
      const res = await api(`/api/schedule/events?from=${encodeURIComponent(from)}`, { cookie: owner });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("between 1900 and 9999");
    },
  );

  it("years 1900 to 9999 are accepted", async () => {
    const res = await api("/api/schedule/events?from=1900-01-01&to=9999-12-31", { cookie: owner });
    expect(res.status).toBe(200);
  });

  it("an event instant outside 1900-9999 is a 400 field error", async () => {
    const res = await api("/api/schedule/events", {
      method: "POST",
      cookie: owner,
      json: { title: `Ancient ${tag}`, startAt: "0001-01-01T09:00:00Z", endAt: "0001-01-01T10:00:00Z" },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.startAt[0]).toContain("between 1900 and 9999");
  });

  it("a date field before 1900 is a 400", async () => {
    const res = await api("/api/tasks", {
      method: "POST",
      cookie: owner,
      json: { title: `T ${tag}`, dueDate: "0999-01-01" },
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ["text/plain", "name=Plain"],
    ["application/json", '{"name":"Json"}'],
    [null, "name=None"],
  ])("a page form posted as %s is a 415", async (type, body) => {
    const res = await raw("/customers/new", {
      headers: { ...(type ? { "Content-Type": type } : {}), Cookie: owner, Origin: baseUrl() },
      body: Buffer.from(body),
    });
    expect(res.status).toBe(415);
    expect(res.text).toContain("application/x-www-form-urlencoded");
  });

  it("a page POST without any body or content type is a 415, not a 500", async () => {
    const res = await raw("/logout", { headers: { Cookie: owner, Origin: baseUrl() } });
    expect(res.status).toBe(415);
  });

  it.each(["TRACE", "OPTIONS", "PROPFIND", "LOCK"])("%s is a 405 with Allow", async (method) => {
    for (const path of ["/", "/api/customers", "/login"]) {
      const res = await raw(path, { method, headers: { Cookie: owner } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    }
  });
});

describe("CSRF: same origin only", () => {
  const post = (headers: Record<string, string>, contentType = "application/json") =>
    raw("/api/customers", {
      headers: { "Content-Type": contentType, Cookie: owner, ...headers },
      body: Buffer.from(JSON.stringify({ name: `Csrf ${tag}` })),
    });

  it("a JSON body must be sent as application/json exactly", async () => {
    for (const type of [
      "text/plain; x=application/json",
      "text/plain;application/json",
      "application/jsonx",
      "application/json-patch",
    ]) {
      const res = await post({ Origin: baseUrl() }, type);
      expect(res.status, type).toBe(415);
    }
    expect((await post({ Origin: baseUrl() }, "application/json; charset=utf-8")).status).toBe(201);
  });

  it("an Origin with another scheme or port is refused", async () => {
    const url = new URL(baseUrl());
    for (const origin of [`https://${url.host}`, `http://${url.hostname}:1`, `http://localhost:${url.port}`, "null"]) {
      const res = await post({ Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.text).error).toBe("Cross-origin request refused");
    }
  });

  it("without Origin, Sec-Fetch-Site must be same-origin or none", async () => {
    expect((await post({ "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "same-origin" })).status).toBe(201);
    expect((await post({ "Sec-Fetch-Site": "none" })).status).toBe(201);
  });

  it("a page form from a sibling site is refused too", async () => {
    const res = await raw("/customers/new", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: owner, "Sec-Fetch-Site": "same-site" },
      body: Buffer.from(`name=Sibling+${tag}`),
    });
    expect(res.status).toBe(403);
  });
});

describe("/api answers are never cached", () => {
  it.each([
    ["/api/customers", ""],
    ["/api/customers?limit=1", "owner"],
    [`/api/no-such-thing-${tag}`, "owner"],
    ["/api/customers/999999999", "owner"],
    ["/api/customers?limit=x", "owner"],
  ])("GET %s carries Cache-Control: no-store", async (path, who) => {
    const res = await api(path, { cookie: who ? owner : undefined });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("so do refusals before Remix", async () => {
    const res = await raw("/api/customers", { method: "TRACE" });
    expect(res.headers["cache-control"]).toBe("no-store");
    const cross = await raw("/api/customers", { headers: { Origin: "http://evil.example" }, body: Buffer.from("{}") });
    expect(cross.status).toBe(403);
    expect(cross.headers["cache-control"]).toBe("no-store");
  });

  it("pages are not marked no-store by this rule", async () => {
    const res = await fetch(`${baseUrl()}/login`);
    expect(res.headers.get("cache-control") ?? "").not.toBe("no-store");
  });
});

describe("field errors of a bad JSON body", () => {
  it("name at most 20 fields, however many elements are wrong", async () => {
    const tags = Array.from({ length: 5000 }, (_, i) => i);
    const res = await api("/api/photos", { method: "POST", cookie: owner, json: { objectPath: "x", tags } });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe("string");
    expect(Object.keys(res.body.fieldErrors).length).toBeLessThanOrEqual(20);
    expect(JSON.stringify(res.body).length).toBeLessThan(4000);
  });
});
