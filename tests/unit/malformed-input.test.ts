// The pieces that turn malformed input into a 4xx instead of a 500 (found by tests/integration/fuzz.test.ts;
// docs/decisions/fuzzing.md): conform's form reading, PostgreSQL input errors, /api 405s, broken
// multipart bodies, dot segments, and ids past PostgreSQL's integer.
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { answerRefusals, databaseRefusal, formProblem, MAX_FORM_ROWS } from "~/utils/refusal-response.server";
import { isUniqueViolation, pgErrorCode } from "~/utils/refusal.server";
import { hasDotSegments, isReadableMultipart } from "~/utils/request-guards.server";
import { SendInvoiceEmailSchema, SendQuoteEmailSchema } from "~/schemas/email";

const form = (fields: Array<[string, string]>, path = "/customers/new") =>
  new Request(`http://x${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("formProblem (page actions read forms as conform does)", () => {
  it("accepts ordinary forms, rows below the limit and conform's own intents", async () => {
    expect(await formProblem(form([["name", "Ann"]]))).toBeNull();
    expect(await formProblem(form([[`items[${MAX_FORM_ROWS - 1}].description`, "x"]]))).toBeNull();
    for (const intent of [
      '{"type":"insert","payload":{"name":"items"}}',
      '{"type":"remove","payload":{"name":"items","index":2}}',
      '{"type":"validate","payload":{"name":"title"}}',
    ])
      expect(await formProblem(form([["__intent__", intent]])), intent).toBeNull();
    expect(await formProblem(new Request("http://x/customers", { method: "GET" }))).toBeNull();
  });

  it("refuses an __intent__ conform cannot read", async () => {
    for (const intent of [
      "x",
      "{",
      "null",
      "[]",
      '{"type":"validate"}',
      '{"type":"explode","payload":{}}',
      '{"type":"update","payload":{"name":"__proto__","value":1}}',
      '{"type":"validate","payload":{"name":"a..b"}}',
      '{"type":"remove","payload":{"name":"items","index":-1}}',
    ])
      expect(await formProblem(form([["__intent__", intent]])), intent).toMatch(/action is not valid|field name/);
  });

  it("refuses field names conform refuses, and rows past the limit", async () => {
    for (const name of [
      "__proto__",
      "__proto__.polluted",
      "constructor.prototype.x",
      "a..b",
      "items[-1].x",
      "items[1e3].x",
      "]",
    ])
      expect(await formProblem(form([[name, "1"]])), name).toMatch(/field name/);
    for (const name of [`items[${MAX_FORM_ROWS}].x`, "items[99999999999].x", "resourceIds[5000]"])
      expect(await formProblem(form([[name, "1"]])), name).toMatch(/at most 1000 rows/);
    expect(
      await formProblem(form([["__intent__", '{"type":"insert","payload":{"name":"items","index":5000}}']])),
    ).toMatch(/at most 1000 rows/);
  });

  it("refuses a multipart body that cannot be read, but leaves streamed uploads to their route", async () => {
    const broken = (path: string) =>
      new Request(`http://x${path}`, {
        method: "POST",
        body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n',
        headers: { "Content-Type": "multipart/form-data; boundary=other" },
      });
    expect(await formProblem(broken("/customers/new"))).toMatch(/could not be read/);
    expect(await formProblem(broken("/settings/system/import"))).toBeNull();
  });
});

describe("databaseRefusal (PostgreSQL errors that only bad input causes)", () => {
  const pg = (code: string, message = "x") => Object.assign(new Error(message), { code });
  // drizzle wraps the driver's error: the code sits on its cause.
  const wrapped = (code: string, message?: string) =>
    Object.assign(new Error("Failed query"), { cause: pg(code, message) });

  it("maps out-of-range, wrong-format and missing-link errors to 400, a blocked delete to 409", () => {
    expect(databaseRefusal(wrapped("22003"))?.status).toBe(400);
    expect(databaseRefusal(wrapped("22P02"))?.status).toBe(400);
    expect(
      databaseRefusal(pg("23503", 'insert or update on table "tasks" violates foreign key constraint'))?.status,
    ).toBe(400);
    expect(
      databaseRefusal(pg("23503", 'update or delete on table "customers" violates foreign key constraint'))?.status,
    ).toBe(409);
  });

  it("leaves every other error a server error", () => {
    expect(databaseRefusal(wrapped("40001"))).toBeNull();
    expect(databaseRefusal(new Error("boom"))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error("pipe"), { code: "EPIPE" }))).toBeNull();
    expect(pgErrorCode(Object.assign(new Error("pipe"), { code: "EPIPE" }))).toBeUndefined();
    expect(isUniqueViolation(wrapped("23505"))).toBe(true);
  });
});

describe("answerRefusals", () => {
  const build = (routes: Record<string, { loader?: unknown; action?: unknown }>) =>
    answerRefusals({
      routes: Object.fromEntries(
        Object.entries(routes).map(([id, module]) => [id, { id, path: id, module: { ...module, default: undefined } }]),
      ),
    } as unknown as ServerBuild).routes;
  const call = async (fn: unknown, request: Request) => {
    try {
      return (await (fn as (args: unknown) => Promise<Response>)({ request, params: {}, context: {} })) as Response;
    } catch (thrown) {
      return thrown as Response;
    }
  };

  it("gives an /api route without a loader or an action a JSON 405", async () => {
    const wrapped = build({ "routes/api.things": { action: async () => new Response("ok") } });
    const res = await call(wrapped["routes/api.things"].module.loader, new Request("http://x/api/things"));
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: "Method not allowed" });
  });

  it("answers a database input error 400: JSON {error} on /api, the error page elsewhere", async () => {
    const failing = async () => {
      throw Object.assign(new Error("Failed query"), {
        cause: Object.assign(new Error("out of range"), { code: "22003" }),
      });
    };
    const wrapped = build({ "routes/api.things": { loader: failing }, "routes/_app.things": { loader: failing } });
    const api = await call(wrapped["routes/api.things"].module.loader, new Request("http://x/api/things"));
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: "A number in the request is out of range." });
    const page = await call(wrapped["routes/_app.things"].module.loader, new Request("http://x/things"));
    expect(page.status).toBe(400);
  });

  it("refuses a page form conform cannot read before its action runs", async () => {
    let ran = false;
    const wrapped = build({
      "routes/_app.things.new": {
        action: async () => {
          ran = true;
          return new Response("ok");
        },
      },
    });
    const res = await call(wrapped["routes/_app.things.new"].module.action, form([["__intent__", "x"]], "/things/new"));
    expect(res.status).toBe(400);
    expect(ran).toBe(false);
    const ok = await call(wrapped["routes/_app.things.new"].module.action, form([["name", "x"]], "/things/new"));
    expect(ok.status).toBe(200);
    expect(ran).toBe(true);
  });
});

describe("request guards", () => {
  it("tells a readable multipart body from a broken one", async () => {
    const body = Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--\r\n');
    expect(await isReadableMultipart("multipart/form-data; boundary=b", body)).toBe(true);
    expect(await isReadableMultipart("multipart/form-data; boundary=other", body)).toBe(false);
    expect(await isReadableMultipart("multipart/form-data", body)).toBe(false);
    expect(await isReadableMultipart("multipart/form-data; boundary=b", Buffer.from("garbage"))).toBe(false);
    expect(await isReadableMultipart("application/x-www-form-urlencoded", Buffer.from("%%%"))).toBe(true);
  });

  it("finds dot segments, encoded or not", () => {
    for (const url of ["/api/..", "/api/%2e%2e", "/api/%2E.", "/customers/./1", "/a/../b?x=1"])
      expect(hasDotSegments(url), url).toBe(true);
    for (const url of ["/api/customers", "/customers/1.data", "/x?a=..", "/..a", "/a.../b"])
      expect(hasDotSegments(url), url).toBe(false);
  });
});

describe("send-email ids", () => {
  it("stop at PostgreSQL's integer", () => {
    expect(SendQuoteEmailSchema.safeParse({ quoteId: 2147483647 }).success).toBe(true);
    expect(SendQuoteEmailSchema.safeParse({ quoteId: 2147483648 }).success).toBe(false);
    expect(SendInvoiceEmailSchema.safeParse({ invoiceId: "99999999999" }).success).toBe(false);
  });
});
