// The fuzz suite (issue 10, "Keep it fixed"): every /api route and every page action and loader
// (HTML forms, Remix `.data` requests, multipart) gets generated malformed input — wrong types,
// missing and extra fields, 1 MB strings, NUL and invalid UTF-8, deep JSON, NaN/1e309/"1e3"/negative
// amounts, out-of-range dates, huge limits and offsets, repeated fields, `__proto__` keys, conform
// paths such as `items[5000].x`, odd `__intent__`s, broken multipart, odd methods and paths — as
// this file's owner, an installer and anonymous. It asserts:
// - no answer is a server error (≥ 500) and no connection is dropped;
// - every /api 4xx is JSON `{error: string}`;
// - no row changed by a refused request: this file's records are checksummed around every batch,
//   and a record that changed must have been named (path or body) by an accepted request of that batch.
//
// Reproduce a run with `FUZZ_SEED=<seed>` (printed at the start and in every failure);
// `FUZZ_REQUESTS` changes the count (default 10,000). Choices: docs/decisions/fuzzing.md.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray, like, sql } from "drizzle-orm";
import { getDb, rows } from "../../db/client.server";
import { customers, users } from "../../db/schema";
import { hashPassword } from "~/utils/password.server";
import { api, baseUrl, signIn } from "../setup/http";
import { fillPattern, queryParamNames, routeFiles, type RouteFile } from "../setup/routes";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
// Four at a time: the server under test is shared with the other files running in parallel.
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const BATCH = 400;
const tag = `fz${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = `Fuzz-${tag}-9Q!`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// ------------------------------------------------------------------ a seeded generator

/** mulberry32: small, fast and the same sequence for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  constructor(readonly random: () => number) {}
  int(n: number) {
    return Math.floor(this.random() * n);
  }
  chance(p: number) {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  some<T>(list: readonly T[], max: number): T[] {
    return Array.from({ length: this.int(max + 1) }, () => this.pick(list));
  }
}

// ------------------------------------------------------------------ malformed values

/** A value written into a body: text, or raw bytes that are not valid UTF-8. */
type Raw = { bytes: Buffer };
const isRaw = (v: unknown): v is Raw => typeof v === "object" && v !== null && "bytes" in v;
const INVALID_UTF8 = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xed, 0xa0, 0x80]),
];
const MB = 1024 * 1024;

// No value may be a valid role, currency, date format, session timeout or password length: a fuzzed
// request that happened to be valid would otherwise change state other files read (view-as, settings).
const TEXTS = [
  "",
  " ",
  "a b",
  "x",
  "\u0000",
  "a\u0000b",
  "%00",
  "\t\n\r",
  "\u202eevil",
  "😀🔥",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\\",
  "../../etc/passwd",
  "[]",
  "{}",
  "null",
  "undefined",
  "true",
  "on",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1e309",
  "1e3",
  "1E400",
  "-1",
  "-0",
  "0",
  "0.001",
  "1.005",
  "1,5",
  "1.000,50",
  "1,234.56",
  "99999999",
  "99999999.99",
  "999999999999.99",
  "9".repeat(40),
  "2147483647",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "0x1f",
  "1_000",
  " 12 ",
  "12abc",
  "99999-01-01",
  "-271821-04-20",
  "+275760-09-13",
  "2024-02-30",
  "2024-13-01",
  "0000-00-00",
  "1899-12-31",
  "10000-01-01",
  "2024-01-01T25:00",
  "2024-01-01T10:00:00Z",
  "2024-06-01T10:00",
  "25:61",
  "today",
  "a@b",
  "not-an-email",
  "a".repeat(254) + "@example.com",
  "http://",
  "javascript:alert(1)",
  "//evil.example",
  "install",
  "approved",
  "draft",
  "sent",
  "paid",
  "check",
  "stripe",
  "crew",
  "remove",
  "__proto__",
  "constructor",
];

const RAW_NUMBERS = [
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  "-0",
  "1E400",
  "0.1e-400",
  "12345678901234567890123",
  "-1",
  "1.5",
  "0",
  "2147483648",
  "1e3",
];

/** JSON values, with raw tokens (`{raw}`) that JSON.stringify cannot write (1e309, duplicate keys). */
type J = null | boolean | number | string | J[] | { [k: string]: J } | { raw: string };

function text(g: Gen): string | Raw {
  const r = g.random();
  if (r < 0.55) return g.pick(TEXTS);
  if (r < 0.65) return "x".repeat(g.pick([201, 301, 1001, 5001, 20_001]));
  if (r < 0.67) return "y".repeat(g.pick([MB - 2048, MB + 10]));
  if (r < 0.77) return { bytes: Buffer.concat([Buffer.from("a"), g.pick(INVALID_UTF8), Buffer.from("b")]) };
  if (r < 0.87) return String(g.pick([0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e21, 123456.789]));
  return g.pick(TEXTS) + g.pick(TEXTS);
}

function jsonValue(g: Gen, ids: number[], depth = 0): J {
  const r = g.random();
  if (r < 0.3) {
    const t = text(g);
    return isRaw(t) ? "\ud800" : t;
  }
  if (r < 0.4) return { raw: g.pick(RAW_NUMBERS) };
  if (r < 0.5) return g.pick([0, -1, 1, 1.5, -1.5, 2 ** 31, 2 ** 53 + 2, 1e300, -1e-300, 99999999.99, 0.005]);
  if (r < 0.55) return g.pick([true, false, null]);
  if (r < 0.65) return ids.length ? g.pick(ids) : 1;
  if (r < 0.72 && depth < 3) return Array.from({ length: g.int(4) }, () => jsonValue(g, ids, depth + 1));
  if (r < 0.78 && depth < 3) {
    const o: Record<string, J> = {};
    for (let i = g.int(4); i > 0; i--)
      o[g.pick(["a", "id", "__proto__", "constructor", "x", "0"])] = jsonValue(g, ids, depth + 1);
    return o;
  }
  if (r < 0.8) return deep(g.pick([50, 500, 5000]), g.chance(0.5));
  if (r < 0.85) return Array.from({ length: g.pick([100, 5000, 20_000]) }, (_, i) => i);
  if (r < 0.9) return { raw: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' };
  return g.pick(["", " ", "a b", "1", "2024-01-01"]);
}

function deep(n: number, arrays: boolean): J {
  return { raw: arrays ? "[".repeat(n) + "]".repeat(n) : '{"a":'.repeat(n) + "1" + "}".repeat(n) };
}

function writeJson(v: J): string {
  if (v === null || typeof v === "boolean" || typeof v === "number") return JSON.stringify(v) ?? "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(writeJson).join(",")}]`;
  if ("raw" in v && typeof v.raw === "string" && Object.keys(v).length === 1) return v.raw;
  return `{${Object.entries(v)
    .map(([k, x]) => `${JSON.stringify(k)}:${writeJson(x as J)}`)
    .join(",")}}`;
}

// ------------------------------------------------------------------ what the routes take

/** Field names every schema knows (app/schemas/*.ts), for "extra" and "wrong" fields. */
function schemaFields(): string[] {
  const names = new Set<string>();
  const dir = path.join(root, "app/schemas");
  for (const file of fs.readdirSync(dir)) {
    const src = fs.readFileSync(path.join(dir, file), "utf8");
    for (const m of src.matchAll(/^\s+([a-zA-Z]\w*)\s*:/gm)) names.add(m[1]);
  }
  for (const skip of ["message", "required_error", "invalid_type_error", "path", "code", "errorMap", "fatal"])
    names.delete(skip);
  return [...names];
}

/** Field names a route's own form or action reads. */
function routeFields(route: RouteFile): string[] {
  const names = new Set<string>();
  for (const m of route.source.matchAll(/name="([\w.[\]-]+)"/g)) names.add(m[1]);
  for (const m of route.source.matchAll(/(?:form|formData)\.get(?:All)?\(\s*"([^"]+)"/g)) names.add(m[1]);
  for (const m of route.source.matchAll(/fields\.(\w+)/g)) names.add(m[1]);
  return [...names];
}

const INTENTS = [
  "",
  "x",
  "{",
  "null",
  "[]",
  '{"type":"remove","payload":{"name":"items","index":5000}}',
  '{"type":"remove","payload":{"name":"items","index":-1}}',
  '{"type":"insert","payload":{"name":"items[0]"}}',
  '{"type":"insert","payload":{"name":"items","index":99999999}}',
  '{"type":"reorder","payload":{"name":"items","from":0,"to":99999}}',
  '{"type":"update","payload":{"name":"__proto__","value":{"polluted":true}}}',
  '{"type":"update","payload":{"name":"items[1e9].x","value":"a"}}',
  '{"type":"reset","payload":{}}',
  '{"type":"validate","payload":{"name":"a..b"}}',
  '{"type":"validate"}',
  '{"__proto__":{"type":"remove"}}',
];

const PATHS = [
  "items[5000].description",
  "items[5000].x",
  "items[0].quantity",
  "items[0].unitPrice",
  "items[1].description",
  "items[-1].x",
  "items[99999999999].x",
  "items[1e3].x",
  "items[].x",
  "items[a].x",
  "items[0][1]",
  "items[0].__proto__.polluted",
  "items.0.x",
  "a..b",
  "[0]",
  "]",
  "__proto__",
  "__proto__[polluted]",
  "__proto__.polluted",
  "constructor.prototype.polluted",
  "resourceIds",
  "resourceIds[0]",
  "resourceIds[9999]",
  "skills[0]",
  "skills[2000]",
];

// ------------------------------------------------------------------ requests

type Who = "owner" | "installer" | "anonymous";
type Req = {
  method: string;
  path: string;
  who: Who;
  headers: Record<string, string>;
  body?: Buffer;
  api: boolean;
  /** What it is, for the failure report. */
  label: string;
};
type Answer = { status: number; type: string; text: string; error?: string; ms?: number };

// A connection per request (agent: false, Connection: close): a reused connection the server is
// closing at that moment would be reset, which says nothing about the request.

function send(req: Req): Promise<Answer> {
  const url = new URL(baseUrl());
  const t0 = Date.now();
  return new Promise<Answer>((resolve) => {
    let r: http.ClientRequest;
    try {
      r = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.path,
          headers: {
            ...req.headers,
            Connection: "close",
            ...(req.body ? { "Content-Length": String(req.body.length) } : {}),
          },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (c: Buffer) => {
            size += c.length;
            if (size < 64 * 1024) chunks.push(c);
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers["content-type"] ?? ""),
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          res.on("error", (e) => resolve({ status: 0, type: "", text: "", error: String(e) }));
        },
      );
    } catch (error) {
      // The test built a request Node will not send: a bug of this file, reported like a failure.
      return resolve({ status: 0, type: "", text: "", error: `not sent: ${String(error)}` });
    }
    r.setTimeout(60_000, () => r.destroy(new Error("timeout")));
    r.on("error", (e) => resolve({ status: 0, type: "", text: "", error: String(e) }));
    if (req.body) r.end(req.body);
    else r.end();
  }).then((a) => ({ ...a, ms: Date.now() - t0 }));
}

/** A form field list (possibly repeated names) as urlencoded bytes, raw values as percent-escapes. */
function urlencoded(fields: Array<[string, string | Raw]>) {
  const enc = (v: string | Raw) =>
    isRaw(v)
      ? [...v.bytes].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("")
      : encodeURIComponent(v);
  return Buffer.from(fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&"));
}

function multipart(g: Gen, fields: Array<[string, string | Raw]>): { body: Buffer; type: string } {
  const boundary = `----fuzz${g.int(1e9)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of fields) {
    const file = g.chance(0.1);
    const name = isRaw(v) ? k : k;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, "%22")}"${file ? `; filename="${g.pick(["a.csv", "../x", "", "a\u202e.png"])}"\r\nContent-Type: application/octet-stream` : ""}\r\n\r\n`,
      ),
      isRaw(v) ? v.bytes : Buffer.from(v),
      Buffer.from("\r\n"),
    );
  }
  const r = g.random();
  let type = `multipart/form-data; boundary=${boundary}`;
  if (r < 0.12) {
    // Broken on purpose: no closing boundary, another boundary, none at all, or garbage.
    const broken = g.int(5);
    if (broken === 0) return { body: Buffer.concat(parts), type };
    if (broken === 1) type = "multipart/form-data; boundary=other";
    if (broken === 2) type = "multipart/form-data";
    if (broken === 3)
      return {
        body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`),
        type,
      };
    if (broken === 4) return { body: Buffer.from("garbage without any boundary"), type };
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type };
}

// ------------------------------------------------------------------ this file's records

let ids: Record<string, number> = {};
const cookies: Partial<Record<Who, string>> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  const db = await getDb();
  const hash = await hashPassword(PASSWORD);
  const made = await db
    .insert(users)
    .values([
      { username: `fz_owner_${tag}`, passwordHash: hash, name: `Fuzz owner ${tag}`, role: "owner" as const },
      {
        username: `fz_installer_${tag}`,
        passwordHash: hash,
        name: `Fuzz installer ${tag}`,
        role: "installer" as const,
      },
      { username: `fz_victim_${tag}`, passwordHash: hash, name: `Fuzz staff ${tag}`, role: "office" as const },
    ])
    .returning({ id: users.id, username: users.username });
  for (const u of made) userIds[u.username.split("_")[1]] = u.id;
  cookies.owner = await signIn(`fz_owner_${tag}`, PASSWORD);
  cookies.installer = await signIn(`fz_installer_${tag}`, PASSWORD);
  const post = async (p: string, json: unknown) => {
    const res = await api(p, { method: "POST", cookie: cookies.owner, json });
    if (res.status !== 201) throw new Error(`setup ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const customer = await post("/api/customers", { name: `Fuzz Customer ${tag}`, email: `fuzz.${tag}@example.com` });
  const job = await post("/api/jobs", { customerId: customer.id, title: `Fuzz Job ${tag}`, status: "approved" });
  const quote = await post("/api/quotes", {
    customerId: customer.id,
    jobId: job.id,
    title: `Fuzz Quote ${tag}`,
    validUntil: future(30),
    items: [{ description: "Base cabinet", quantity: "2", unitPrice: "410.00" }],
  });
  const invoice = await post("/api/invoices", {
    customerId: customer.id,
    title: `Fuzz Invoice ${tag}`,
    dueDate: future(30),
    status: "sent",
    items: [{ description: "Base cabinet", quantity: "1", unitPrice: "950.00" }],
  });
  const payment = await post("/api/payments", { invoiceId: invoice.id, amount: "100.00", method: "check" });
  const resource = await post("/api/resources", { name: `Fuzz Crew ${tag}`, type: "crew" });
  const event = await post("/api/schedule/events", {
    title: `Fuzz Install ${tag}`,
    type: "install",
    startAt: `${future(2)}T13:00:00Z`,
    endAt: `${future(2)}T15:00:00Z`,
    resourceIds: [resource.id],
    jobId: job.id,
    customerId: customer.id,
  });
  const task = await post("/api/tasks", { title: `Fuzz Task ${tag}`, customerId: customer.id, jobId: job.id });
  const items = await api(`/api/quotes/${quote.id}/items`, { cookie: cookies.owner });
  const invoiceFull = await api(`/api/invoices/${invoice.id}`, { cookie: cookies.owner });
  ids = {
    customer: customer.id,
    job: job.id,
    quote: quote.id,
    invoice: invoice.id,
    payment: payment.id,
    resource: resource.id,
    event: event.id,
    task: task.id,
    quoteItem: items.body[0].id,
    invoiceItem: invoiceFull.body.items[0].id,
    victim: userIds.victim,
  };
}, 60_000);

afterAll(async () => {
  const db = await getDb();
  if (ids.customer) {
    // Everything the fuzz made hangs off its customer, or carries its tag, or names its records.
    const c = ids.customer;
    const mine = sql`(select id from invoices where customer_id = ${c})`;
    await db.execute(sql`delete from payment_refunds where invoice_id in ${mine}`).catch(() => {});
    await db.execute(sql`delete from payments where invoice_id in ${mine}`);
    await db.execute(sql`delete from invoices where customer_id = ${c}`);
    await db.execute(sql`delete from quotes where customer_id = ${c}`);
    await db.execute(
      sql`delete from tasks where customer_id = ${c} or job_id in (select id from jobs where customer_id = ${c})`,
    );
    await db.execute(
      sql`delete from schedule_events where customer_id = ${c} or job_id in (select id from jobs where customer_id = ${c})`,
    );
    await db.execute(sql`delete from jobs where customer_id = ${c}`);
    await db.execute(sql`delete from activity_log where customer_id = ${c}`);
    await db.execute(sql`delete from resources where id = ${ids.resource}`).catch(() => {});
  }
  await db
    .delete(customers)
    .where(like(customers.name, `%${tag}%`))
    .catch(() => {});
  const mineUsers = Object.values(userIds);
  if (mineUsers.length) {
    await db.execute(sql`delete from activity_log where user_id in ${mineUsers}`).catch(() => {});
    await db
      .delete(users)
      .where(inArray(users.id, mineUsers))
      .catch(() => {});
  }
});

// ------------------------------------------------------------------ the walk

const FAKE_IDS = [
  "0",
  "-1",
  "2147483647",
  "2147483648",
  "99999999999999999999",
  "1e3",
  "1.5",
  "abc",
  "%ff",
  "%25",
  "%2e%2e",
  "NaN",
  "0x10",
  "%20",
  "%E2%80%AE1",
  "%F0%9F%92%A5",
  "1;2",
  "1%2F2",
];

/** The record a route parameter names: this file's own, or one that cannot exist. */
function paramValue(g: Gen, route: RouteFile, name: string): string {
  if (g.chance(0.25) || name === "*") return g.pick(FAKE_IDS);
  const p = route.pattern;
  const own =
    name === "provider"
      ? g.pick(["stripe", "paypal", "square", "authorizenet", "nope"])
      : name === "file"
        ? g.pick(["customers.csv", "jobs.csv", "x", "..%2f..%2fetc"])
        : name === "outcome"
          ? g.pick(["success", "cancel", "x"])
          : name === "reference"
            ? g.pick(["abc", "%ff", "0"])
            : p.includes("users") || p.includes("staff")
              ? ids.victim
              : p.includes("quote-items")
                ? ids.quoteItem
                : p.includes("invoice-items")
                  ? ids.invoiceItem
                  : p.includes("customer") || (p.startsWith("/client") && name === "customerId")
                    ? ids.customer
                    : p.includes("resource")
                      ? ids.resource
                      : p.includes("event")
                        ? ids.event
                        : p.includes("task")
                          ? ids.task
                          : p.includes("quote")
                            ? ids.quote
                            : p.includes("invoice")
                              ? ids.invoice
                              : p.includes("job")
                                ? ids.job
                                : p.includes("email")
                                  ? 2147483000
                                  : ids.customer;
  return String(own);
}

function fieldList(g: Gen, names: string[], pool: string[], ownIds: number[]): Array<[string, string | Raw]> {
  const fields: Array<[string, string | Raw]> = [];
  const n = g.int(8);
  for (let i = 0; i < n; i++) {
    const r = g.random();
    const key = r < 0.6 && names.length ? g.pick(names) : r < 0.8 ? g.pick(PATHS) : g.pick(pool);
    const value = ownIds.length && g.chance(0.15) ? String(g.pick(ownIds)) : text(g);
    fields.push([key, value]);
    if (g.chance(0.15))
      for (let k = g.int(4) + 1; k > 0; k--)
        fields.push([key, ownIds.length && g.chance(0.5) ? String(g.pick(ownIds)) : text(g)]);
  }
  if (g.chance(0.25)) fields.push(["__intent__", g.pick(INTENTS)]);
  if (g.chance(0.2))
    fields.push([
      "intent",
      g.chance(0.5)
        ? g.pick([
            "update",
            "reset-password",
            "profile",
            "password",
            "save",
            "approve",
            "convert",
            "delete",
            "send",
            "x",
          ])
        : text(g),
    ]);
  if (g.chance(0.05)) fields.push(['{"__proto__":{"polluted":true}}', '{"__proto__":{"polluted":true}}']);
  return g.chance(0.6) ? fields : g.some(fields, fields.length);
}

function queryString(g: Gen, params: string[], ownIds: number[]) {
  const parts: string[] = [];
  for (let i = g.int(5); i > 0; i--) {
    const name = g.chance(0.85)
      ? g.pick(params)
      : g.pick(["limit", "offset", "page", "search", "from", "to", "sort", "__proto__", "a[0]"]);
    const value = g.chance(0.2)
      ? g.pick([
          "99999999999999999999",
          "-1",
          "1e309",
          "0",
          "1001",
          "NaN",
          "%ff",
          "%00",
          "99999-01-01",
          "-271821-04-20",
          "2024-02-30",
        ])
      : ownIds.length && g.chance(0.1)
        ? String(g.pick(ownIds))
        : text(g);
    const enc = isRaw(value)
      ? "%FF%FE"
      : /^(%[0-9a-fA-F]{2})+$/.test(value)
        ? value
        : encodeURIComponent(value.slice(0, 4000));
    parts.push(`${encodeURIComponent(name)}=${enc}`);
  }
  return parts.join("&");
}

const routes = routeFiles();
const apiRoutes = routes.filter((r) => r.kind === "api");
const actionPages = routes.filter((r) => r.kind !== "api" && r.hasAction);
const loaderPages = routes.filter((r) => r.kind !== "api" && r.hasLoader);

/** Requests a fuzz must not make as the owner: they end the session or act on shared state. */
function skipForOwner(method: string, pattern: string) {
  if (method === "GET" || method === "HEAD") return false;
  return [
    "/logout",
    "/api/emails/sync",
    "/api/email/test",
    "/settings/email",
    "/api/email/config",
    "/api/email/config/:id",
    // Switches as checkboxes: any post is a valid change (an absent box is "off"), and every file
    // reads them — the notifications switches, backups (and "Back up now"), the owner's own sign-in.
    "/settings/system/notifications",
    "/settings/system/backups",
    "/settings/system/import",
    "/two-factor",
    "/change-password",
    "/api/users/:id/two-factor",
  ].includes(pattern);
}

/**
 * Settings every file reads (tax rate, password policy, time zone): their forms only get values no
 * setting accepts (no id-like numbers), so a fuzzed request cannot happen to be a valid change.
 */
const SHARED_SETTINGS = ["/settings/business", "/settings/system", "/settings/security"];

function makeRequest(g: Gen, i: number): Req {
  let ownIds = Object.values(ids);
  const pool = FIELD_POOL;
  const r = g.random();
  let who: Who = g.chance(0.85) ? "owner" : g.chance(0.5) ? "installer" : "anonymous";
  const headers: Record<string, string> = {
    Origin: baseUrl(),
    // Its own client address, so sign-in fuzzing never throttles the other files' 127.0.0.1.
    "X-Forwarded-For": `10.77.${(i >> 8) & 255}.${i & 255}`,
  };
  let method: string;
  let route: RouteFile;
  let kind: "api" | "action" | "loader";
  if (r < 0.55) {
    route = g.pick(apiRoutes);
    kind = "api";
    method = g.pick(["GET", "POST", "POST", "PUT", "PATCH", "DELETE", "GET", "HEAD", "OPTIONS", "TRACE", "PROPFIND"]);
  } else if (r < 0.9) {
    route = g.pick(actionPages);
    // A sign-in costs a password hash (scrypt, ~0.1 s of CPU): fewer of them keeps the run short.
    if (route.pattern === "/login" && g.chance(0.7)) route = g.pick(actionPages);
    kind = "action";
    method = g.chance(0.95) ? "POST" : g.pick(["PUT", "DELETE", "PATCH"]);
  } else {
    route = g.pick(loaderPages);
    kind = "loader";
    method = g.chance(0.95) ? "GET" : "HEAD";
  }
  if (who === "owner" && skipForOwner(method, route.pattern)) who = "anonymous";
  if (route.pattern === "/login" || route.pattern.startsWith("/client") || route.pattern.startsWith("/pay"))
    if (g.chance(0.5)) who = "anonymous";
  if (who !== "anonymous") headers.Cookie = cookies[who]!;
  if (SHARED_SETTINGS.includes(route.pattern)) ownIds = [];
  // DELETE only ever names records that cannot exist: this file's records stay for the rest of the run.
  const values: Record<string, string> = {};
  for (const name of route.params)
    values[name] =
      method === "DELETE" || route.pattern.endsWith("/delete") ? g.pick(FAKE_IDS) : paramValue(g, route, name);
  let p = fillPattern(route.pattern, values);
  if (g.chance(0.03)) p += g.pick(["/%ff", "/..", "//", "/%c0%af", "/x%"]);
  // Mostly `.data` (what the app's own forms send with JavaScript); a full HTML render costs 3-4× more.
  const data = kind !== "api" && route.kind === "page" && g.chance(0.85);
  if (data) p = `${p === "/" ? "/_root" : p}.data`;
  const query = [
    route.isIndex && kind === "action" ? "index" : "",
    g.chance(kind === "action" ? 0.15 : 0.7) ? queryString(g, QUERY_NAMES, ownIds) : "",
  ]
    .filter(Boolean)
    .join("&");
  const fullPath = query ? `${p}?${query}` : p;

  let body: Buffer | undefined;
  if (!["GET", "HEAD"].includes(method) && method !== "TRACE") {
    const names = [...routeFields(route)];
    if (kind === "api" && g.chance(0.8)) {
      const b = g.random();
      let textBody: string | Buffer;
      if (b < 0.6) {
        const o: Record<string, J> = {};
        for (const [k] of fieldList(g, names.length ? names : pool, pool, ownIds)) o[k] = jsonValue(g, ownIds);
        if (g.chance(0.5)) for (const k of g.some(pool, 4)) o[k] = jsonValue(g, ownIds);
        if (g.chance(0.2))
          o.items = Array.from({ length: g.pick([1, 2, 5, 300]) }, () => {
            const item: Record<string, J> = {};
            for (const k of g.some(["description", "quantity", "unitPrice", "id", "__proto__", "sortOrder", "x"], 4))
              item[k] = jsonValue(g, ownIds);
            return item;
          });
        textBody = writeJson(o);
      } else if (b < 0.8) textBody = writeJson(jsonValue(g, ownIds));
      else if (b < 0.9)
        textBody = g.pick(["", "{", '{"a":', "[1,]", "{'a':1}", "\ufeff{}", "nul", '{"a":1}{"b":2}', '"\\ud800"']);
      else textBody = Buffer.concat([Buffer.from('{"name":"'), g.pick(INVALID_UTF8), Buffer.from('"}')]);
      body = Buffer.isBuffer(textBody) ? textBody : Buffer.from(textBody);
      // Past the 1 MB cap the answer is a 413 however big; the server stops reading at 4 MB.
      if (body.length > MB + 1024) body = Buffer.from(JSON.stringify({ title: "y".repeat(MB + 10) }));
      headers["Content-Type"] = g.chance(0.9)
        ? g.pick([
            "application/json",
            "application/json",
            "application/json; charset=utf-8",
            "application/json; charset=utf-16",
          ])
        : g.pick(["text/plain", "text/plain; x=application/json", "application/x-www-form-urlencoded", ""]);
      if (headers["Content-Type"] === "") delete headers["Content-Type"];
    } else {
      const fields = fieldList(g, names, pool, ownIds);
      const c = g.random();
      if (c < 0.5) {
        body = urlencoded(fields);
        headers["Content-Type"] = "application/x-www-form-urlencoded";
      } else if (c < 0.92) {
        const m = multipart(g, fields);
        body = m.body;
        headers["Content-Type"] = m.type;
      } else {
        body = urlencoded(fields);
        const t = g.pick(["text/plain", "", "application/json", "application/xml"]);
        if (t) headers["Content-Type"] = t;
      }
    }
  }
  const isApi = fullPath === "/api" || fullPath.startsWith("/api/") || fullPath.startsWith("/api?");
  const preview = body
    ? body
        .subarray(0, 300)
        .toString("latin1")
        .replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`)
    : "";
  return {
    method,
    path: fullPath,
    who,
    headers,
    body,
    api: isApi,
    label: `#${i} ${who} ${method} ${fullPath.slice(0, 300)}${headers["Content-Type"] !== undefined ? ` [${headers["Content-Type"]}]` : ""}${body ? ` (${body.length} B) ${preview}` : ""}`,
  };
}

const FIELD_POOL = schemaFields();
const QUERY_NAMES = queryParamNames();

// ------------------------------------------------------------------ "no row changed by a refused request"

/** A checksum of each of this file's records (and its users), keyed `table:id`. */
async function checksums(): Promise<Map<string, string>> {
  const db = await getDb();
  const tables: Array<[string, number]> = [
    ["customers", ids.customer],
    ["jobs", ids.job],
    ["quotes", ids.quote],
    ["invoices", ids.invoice],
    ["payments", ids.payment],
    ["resources", ids.resource],
    ["schedule_events", ids.event],
    ["tasks", ids.task],
    ["quote_items", ids.quoteItem],
    ["invoice_items", ids.invoiceItem],
    ["users", ids.victim],
  ];
  const parts = tables.map(
    ([t, id]) =>
      sql`select ${`${t}:${id}`} as key, coalesce((select md5(x::text) from ${sql.identifier(t)} x where x.id = ${id}), 'gone') as sum`,
  );
  const counts = [
    sql`select 'count:jobs' as key, count(*)::text as sum from jobs where customer_id = ${ids.customer}`,
    sql`select 'count:quotes' as key, count(*)::text as sum from quotes where customer_id = ${ids.customer}`,
    sql`select 'count:invoices' as key, count(*)::text as sum from invoices where customer_id = ${ids.customer}`,
    sql`select 'count:quote_items' as key, count(*)::text as sum from quote_items where quote_id = ${ids.quote}`,
    sql`select 'count:invoice_items' as key, count(*)::text as sum from invoice_items where invoice_id = ${ids.invoice}`,
    sql`select 'count:payments' as key, count(*)::text as sum from payments where invoice_id = ${ids.invoice}`,
    sql`select 'count:tasks' as key, count(*)::text as sum from tasks where customer_id = ${ids.customer}`,
    sql`select 'count:schedule_events' as key, count(*)::text as sum from schedule_events where customer_id = ${ids.customer}`,
  ];
  const result = await rows<{ key: string; sum: string }>(db, sql.join([...parts, ...counts], sql` union all `));
  return new Map(result.map((r) => [r.key, r.sum]));
}

/**
 * The rows a watched row hangs from (db/schema.ts): an accepted request naming one of them may change
 * it too — deleting the quote deletes its items (cascade), a deleted job or quote leaves its quotes,
 * invoices, tasks and events pointing nowhere (set null), a payment moves its invoice's totals.
 */
const PARENTS: Record<string, readonly string[]> = {
  quote_items: ["quote"],
  invoice_items: ["invoice"],
  payments: ["invoice"],
  quotes: ["job"],
  invoices: ["quote", "payment"],
  tasks: ["job", "customer"],
  schedule_events: ["job", "customer"],
};

function mentions(req: Req, key: string) {
  if (key.startsWith("count:")) return true; // any accepted change may add a row
  const [table, id] = key.split(":");
  return [id, ...(PARENTS[table] ?? []).map((name) => String(ids[name]))].some((named) => {
    const re = new RegExp(`(^|[^0-9])${named}([^0-9]|$)`);
    return (
      re.test(req.path) || (req.body !== undefined && req.body.length < 2 * MB && re.test(req.body.toString("latin1")))
    );
  });
}

// ------------------------------------------------------------------ the test

/** One request with a raw path and body, as the fuzz sends them. */
function raw(method: string, p: string, body?: string | Buffer, type?: string, who: Who = "owner"): Promise<Answer> {
  const headers: Record<string, string> = { Origin: baseUrl(), "X-Forwarded-For": "10.78.0.1" };
  if (who !== "anonymous") headers.Cookie = cookies[who]!;
  if (type) headers["Content-Type"] = type;
  return send({
    method,
    path: p,
    who,
    headers,
    body: typeof body === "string" ? Buffer.from(body) : body,
    api: false,
    label: p,
  });
}
const FORM = "application/x-www-form-urlencoded";
const jsonError = (a: Answer) => {
  try {
    return (JSON.parse(a.text) as { error?: unknown }).error;
  } catch {
    return undefined;
  }
};

describe("shapes the fuzz found (each answered 500 or non-JSON before its fix)", () => {
  it("/api answers JSON {error} for a broken %-escape and for dot segments", async () => {
    for (const [method, p] of [
      ["GET", "/api/%ff"],
      ["GET", `/api/customers/%ff`],
      ["DELETE", "/api/jobs/%c0%af"],
      ["POST", "/api/%2e%2e"],
      ["POST", "/api/customers/.."],
    ]) {
      const a = await raw(method, p, method === "GET" ? undefined : "{}", "application/json");
      expect(a.status, `${method} ${p}`).toBe(400);
      expect(typeof jsonError(a), `${method} ${p}: ${a.text.slice(0, 80)}`).toBe("string");
    }
    expect((await raw("GET", "/customers/%ff")).status).toBe(400);
  });

  it("page forms conform cannot read, broken multipart and too many rows are a 400", async () => {
    const before = await checksums();
    const shapes: Array<[string, string | Buffer, string]> = [
      [`/customers/${ids.customer}/edit.data`, "name=x&__intent__=x", FORM],
      [
        `/customers/${ids.customer}/edit`,
        "name=x&__intent__=%7B%22type%22%3A%22insert%22%2C%22payload%22%3A%7B%22name%22%3A%22items%5B0%5D%22%7D%7D",
        FORM,
      ],
      [`/customers/${ids.customer}/edit`, "name=x&__proto__.polluted=1", FORM],
      [`/quotes/${ids.quote}/edit.data`, "title=x&items%5B5000%5D.description=x", FORM],
      [`/quotes/${ids.quote}/edit`, "title=x&items%5B-1%5D.x=1", FORM],
      [
        `/schedule/resources/new`,
        "name=x&__intent__=%7B%22type%22%3A%22validate%22%2C%22payload%22%3A%7B%22name%22%3A%22a..b%22%7D%7D",
        FORM,
      ],
      [
        `/customers/${ids.customer}/edit`,
        '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n',
        "multipart/form-data; boundary=other",
      ],
      [`/customers/${ids.customer}/edit.data`, "garbage", "multipart/form-data"],
      // The photo upload reads its own (streamed) body: the same checks run on its fields.
      [
        "/photos/upload.data",
        '--b\r\nContent-Disposition: form-data; name="__intent__"\r\n\r\n[]\r\n--b--\r\n',
        "multipart/form-data; boundary=b",
      ],
      [
        "/photos/upload",
        '--b\r\nContent-Disposition: form-data; name="items[0].__proto__.polluted"\r\n\r\n1\r\n--b--\r\n',
        "multipart/form-data; boundary=b",
      ],
      ["/photos/upload.data", "%5D=1&title=x", FORM],
      // A body that ends inside a file part the upload skips (no file name): it used to stop the server.
      [
        "/photos/upload",
        '--b\r\nContent-Disposition: form-data; name="tagText"; filename=""\r\n\r\n2147483648',
        "multipart/form-data; boundary=b",
      ],
    ];
    for (const [p, body, type] of shapes) {
      const a = await raw("POST", p, body, type);
      expect(a.status, `POST ${p} ${String(body).slice(0, 80)}`).toBe(400);
    }
    expect(await checksums()).toEqual(before);
  });

  it("an event form with repeated resourceIds holding __proto__ JSON is refused, the event unchanged", async () => {
    const before = await checksums();
    for (const suffix of [".data", ""]) {
      const fd = new FormData();
      for (const [k, v] of [
        ["title", `Fuzz Install ${tag}`],
        ["type", "install"],
        ["date", new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)],
        ["startTime", "09:00"],
        ["endTime", "10:00"],
        ["resourceIds", '{"__proto__":{"polluted":true}}'],
        ["resourceIds", String(ids.resource)],
        ["resourceIds", '{"__proto__":1}'],
      ])
        fd.append(k, v);
      const encoded = new Response(fd);
      const body = Buffer.from(await encoded.arrayBuffer());
      const a = await raw(
        "POST",
        `/schedule/events/${ids.event}/edit${suffix}`,
        body,
        encoded.headers.get("content-type")!,
      );
      expect(a.status, a.text.slice(0, 200)).toBe(400);
    }
    expect(await checksums()).toEqual(before);
  });

  it("a line list posted as a plain value re-renders the form (no rows), not a 500", async () => {
    for (const body of ["title=x&items=abc", "title=x&items.0.description=x"]) {
      const a = await raw("POST", "/quotes/new", body, FORM);
      expect(a.status, body).toBe(400);
    }
  });

  it("odd values in customer and task edits are answered, never a 500", async () => {
    const a = await raw(
      "POST",
      `/customers/${ids.customer}/edit`,
      `name=%5B%5D&state=a+b&email=fuzz.${tag}%40example.com`,
      FORM,
    );
    expect(a.status).toBeLessThan(500);
    for (const body of [
      { title: "t", estimatedHours: "1e309" },
      { title: "t", customerId: 2147483648 },
      { title: "t", jobId: "1e3" },
      { title: "t", dueDate: "99999-01-01" },
      { title: { __proto__: { polluted: true } } },
    ]) {
      const t = await raw("POST", "/api/tasks", JSON.stringify(body), "application/json");
      expect(t.status, JSON.stringify(body)).toBeLessThan(500);
      if (t.status >= 400) expect(typeof jsonError(t)).toBe("string");
      else
        await getDb().then((db) =>
          db.execute(sql`delete from tasks where id = ${(JSON.parse(t.text) as { id: number }).id}`),
        );
    }
    const e = await raw("POST", "/api/email/send/quote", JSON.stringify({ quoteId: 2147483648 }), "application/json");
    expect(e.status).toBe(400);
    expect(jsonError(e)).toMatch(/quoteId/);
  });
});

/** A failure on one line: its start (the request) and its end (what went wrong), however long the body. */
const short = (message: string) => {
  const line = message.replace(/\s+/g, " ");
  return line.length <= 600 ? line : `${line.slice(0, 300)} … ${line.slice(-300)}`;
};

describe(`fuzz (FUZZ_SEED=${SEED})`, () => {
  it(`${REQUESTS} malformed requests: no 5xx, /api 4xx as JSON {error}, refused requests change nothing`, async () => {
    console.log(`fuzz: FUZZ_SEED=${SEED}, ${REQUESTS} requests`);
    const g = new Gen(prng(SEED));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const slowest: Array<[number, string]> = [];
    // Printed as found too, so a run cut short (a timeout) still shows what it found.
    const fail = (message: string) => {
      failures.push(message);
      console.error(`fuzz failure (FUZZ_SEED=${SEED}): ${short(message)}`);
    };
    const started = Date.now();
    let made = 0;
    while (made < REQUESTS && failures.length < 50) {
      const batch: Req[] = [];
      for (let k = 0; k < BATCH && made < REQUESTS; k++) batch.push(makeRequest(g, made++));
      const before = await checksums();
      const answers: Answer[] = new Array(batch.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < batch.length) {
            const k = next++;
            answers[k] = await send(batch[k]);
          }
        }),
      );
      const after = await checksums();
      batch.forEach((req, k) => {
        const a = answers[k];
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        slowest.push([a.ms ?? 0, `${req.label.slice(0, 160)} → ${a.status}`]);
        slowest.sort((x, y) => y[0] - x[0]).splice(5);
        if (a.error) return void fail(`${req.label} → no answer: ${a.error}`);
        if (a.status >= 500) return void fail(`${req.label} → ${a.status} ${a.text.slice(0, 200)}`);
        if (req.api && a.status >= 400 && req.method !== "HEAD") {
          let error: unknown;
          try {
            error = (JSON.parse(a.text) as { error?: unknown }).error;
          } catch {
            // not JSON
          }
          if (typeof error !== "string" || !a.type.includes("application/json"))
            fail(`${req.label} → ${a.status} without a JSON {error}: ${a.type} ${a.text.slice(0, 120)}`);
        }
      });
      for (const [key, sum] of after) {
        if (before.get(key) === sum) continue;
        const accepted = batch.filter(
          (req, k) => answers[k].status > 0 && answers[k].status < 400 && mentions(req, key),
        );
        if (accepted.length === 0)
          fail(
            `${key} changed in a batch where no accepted request named it; requests naming it: ${batch
              .filter((req) => mentions(req, key))
              .map((req, k) => `${req.label.slice(0, 200)} → ${answers[batch.indexOf(req)]?.status ?? k}`)
              .slice(0, 10)
              .join("\n  ")}`,
          );
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: ${made} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    console.log(`fuzz: slowest ${slowest.map(([ms, l]) => `${ms} ms ${l.replace(/\s+/g, " ")}`).join("\n  ")}`);
    const oneLine = failures.map(short);
    if (failures.length) console.error(`fuzz failures (FUZZ_SEED=${SEED}):\n${oneLine.join("\n")}`);
    expect(oneLine.slice(0, 10), `FUZZ_SEED=${SEED}: ${failures.length} failures`).toEqual([]);
    expect(made).toBe(REQUESTS);
    // The fuzz reached the code behind the guards, not only their refusals.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 10);
    // About a minute on an idle 2-core machine; a machine shared with other work can take far longer.
  }, 1_800_000);
});
