// The two mappers of a Refusal (app/utils/refusal.server.ts), one per surface (docs/decisions/refusals.md):
// - /api: `{ error, fieldErrors }` with the kind's status (apiRefusal);
// - pages: the form's error (refusalReply), a toast (refusalToast), or — when nothing catches it —
//   the error boundary nearest to the route with the kind's status (pageRefusal).
// answerRefusals applies the right one to every loader and action of the build, so a model, a
// `requireFound` or `requireId` may throw a Refusal anywhere and the user still gets a 4xx. It also
// turns the few errors that only bad input causes into refusals (docs/decisions/fuzzing.md): a page
// form conform cannot read (a broken `__intent__`, a `__proto__` field, more than 1000 rows), a
// value PostgreSQL refuses (out of range, wrong format, a missing linked record), and answers an
// /api route's missing method with a JSON 405.
import { getPaths } from "@conform-to/dom";
import { parse } from "@conform-to/react";
import type { ServerBuild } from "@remix-run/node";
import { apiError, methodNotAllowed } from "./api.server";
import { conflict, invalid, isRefusal, pgErrorCode, type Refusal } from "./refusal.server";
import { bodyPlan, isFormContentType } from "./request-guards.server";
import { redirectWithToast } from "./toast.server";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  429: "Too Many Requests",
};

/** /api: the JSON error of the contract (decisions §4). */
export function apiRefusal(refusal: Refusal) {
  return apiError(refusal.status, refusal.message, refusal.fieldErrors);
}

/** Pages: the response the error boundary shows (its message is the boundary's text). */
export function pageRefusal(refusal: Refusal) {
  return new Response(refusal.message, {
    status: refusal.status,
    statusText: STATUS_TEXT[refusal.status],
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Page actions: a refusal becomes the form's error (on its fields when it names them) with its
 * status; a 404 about a linked record (it names a field) answers 400 like any bad input. A 404
 * naming no field is about the record acted on: it goes on to the error boundary. Anything that
 * is not a refusal is rethrown.
 */
export function refusalReply<R>(
  submission: {
    reply: (opts?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => R;
  },
  error: unknown,
  opts: { hideFields?: string[] } = {},
) {
  if (!isRefusal(error) || (error.kind === "not-found" && !error.fieldErrors)) throw error;
  const reply = error.fieldErrors
    ? submission.reply({ fieldErrors: error.fieldErrors, ...opts })
    : submission.reply({ formErrors: [error.message], ...opts });
  return { reply, status: error.status === 404 ? 400 : error.status };
}

/** Page actions: a refusal becomes an error toast on the page at `to`; anything else is rethrown. */
export function refusalToast(request: Request, to: string, error: unknown, title = "Error") {
  if (!isRefusal(error)) throw error;
  return redirectWithToast(request, to, { type: "error", title, description: error.message });
}

// ---------------------------------------------------------------- errors only bad input causes

/**
 * PostgreSQL errors a value the schemas let through can cause: the input did not fit, a 400 (a
 * delete blocked by a reference is a 409). Anything else stays a server error.
 */
export function databaseRefusal(error: unknown): Refusal | null {
  switch (pgErrorCode(error)) {
    case "22003":
      return invalid("A number in the request is out of range.");
    case "22P02":
      return invalid("A value in the request has the wrong format.");
    case "22001":
      return invalid("A text in the request is too long.");
    case "22007":
    case "22008":
      return invalid("A date or time in the request is out of range.");
    case "22021":
      return invalid("The request contains characters that are not valid text.");
    case "23503":
      return /update or delete on/.test(messageOf(error))
        ? conflict("Other records still refer to this one.")
        : invalid("The request names a record that does not exist.");
    default:
      return null;
  }
}

function messageOf(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    parts.push(String((e as { message?: unknown }).message ?? ""));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" ");
}

/** A form has at most this many rows (items[0] … items[999]); a larger index is refused. */
export const MAX_FORM_ROWS = 1000;

const INTENT_TYPES = new Set(["validate", "update", "reset", "insert", "remove", "reorder"]);

/**
 * Why conform cannot use a field name, or null: its path syntax (`a..b`, `items[-1]`), a
 * `__proto__` or `constructor` segment, or a row index of MAX_FORM_ROWS or more. A name conform
 * refuses fails the action's parse, and (sent back in the reply) the form's render.
 */
function nameProblem(name: string): string | null {
  if (name === "__intent__" || name === "__state__") return null;
  let segments: Array<string | number>;
  try {
    segments = getPaths(name);
  } catch {
    return "The form has a field name this page does not accept.";
  }
  if (segments.some((s) => typeof s === "number" && s >= MAX_FORM_ROWS))
    return `A form has at most ${MAX_FORM_ROWS} rows.`;
  return null;
}

/** Why conform cannot read a form's `__intent__` (a button's list or field action), or null. */
function intentProblem(raw: FormDataEntryValue | null): string | null {
  if (raw === null || raw === "") return null;
  if (typeof raw !== "string") return "The form's action is not valid.";
  let intent: unknown;
  try {
    intent = JSON.parse(raw);
  } catch {
    return "The form's action is not valid.";
  }
  const { type, payload } = (intent ?? {}) as { type?: unknown; payload?: unknown };
  if (typeof type !== "string" || !INTENT_TYPES.has(type) || typeof payload !== "object" || payload === null)
    return "The form's action is not valid.";
  const p = payload as Record<string, unknown>;
  if (p.name !== undefined && typeof p.name !== "string") return "The form's action is not valid.";
  if (typeof p.name === "string") {
    const problem = nameProblem(p.name);
    if (problem) return problem;
  }
  for (const key of ["index", "from", "to"]) {
    const n = p[key];
    if (n === undefined) continue;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) return "The form's action is not valid.";
    if (n >= MAX_FORM_ROWS) return `A form has at most ${MAX_FORM_ROWS} rows.`;
  }
  return null;
}

/**
 * Why a page form cannot be read the way its action reads it (conform's parse), or null: a body
 * that is not form data, a field name conform refuses (`__proto__`, `a..b`), a row index of 1000
 * or more (a sparse list that long would be validated item by item), or an unknown `__intent__`.
 * Streamed uploads (the CSV import) are read by their route alone.
 */
export async function formProblem(request: Request): Promise<string | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  if (!isFormContentType(request.headers.get("content-type") ?? undefined)) return null;
  if (bodyPlan(new URL(request.url).pathname).streamed) return null;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return "The form data could not be read.";
  }
  return formDataProblem(form);
}

/** formProblem for a form already read — a streamed upload's fields, which its route reads itself. */
export function formDataProblem(form: FormData): string | null {
  for (const name of new Set(form.keys())) {
    const problem = nameProblem(name);
    if (problem) return problem;
  }
  const problem = intentProblem(form.get("__intent__"));
  if (problem) return problem;
  try {
    parse(form, { resolve: () => ({ value: {} }) });
  } catch {
    return "The form has a field name this page does not accept.";
  }
  return null;
}

// ---------------------------------------------------------------- wrapping the build

type Handler = (args: never) => unknown;
type Check = (request: Request) => Promise<string | null>;

function answering(handler: Handler | undefined, toResponse: (refusal: Refusal) => Response, check?: Check) {
  if (!handler) return undefined;
  return async (args: never) => {
    try {
      if (check) {
        const problem = await check((args as { request: Request }).request);
        if (problem) throw invalid(problem);
      }
      return await handler(args);
    } catch (error) {
      const refusal = isRefusal(error) ? error : databaseRefusal(error);
      throw refusal ? toResponse(refusal) : error;
    }
  };
}

/**
 * Wraps every route's loader and action: a Refusal they throw (or a database error only bad input
 * causes) becomes its surface's response; page actions first check their form (formProblem); an
 * /api route without a loader or action answers that method with a JSON 405.
 */
export function answerRefusals(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const api = id.startsWith("routes/api.");
      const toResponse = api ? apiRefusal : pageRefusal;
      const { loader, action } = route.module;
      const module = { ...route.module };
      if (loader) module.loader = answering(loader, toResponse) as typeof loader;
      if (action) module.action = answering(action, toResponse, api ? undefined : formProblem) as typeof action;
      if (api) {
        const allowed = [...(loader ? ["GET", "HEAD"] : []), ...(action ? ["POST", "PUT", "PATCH", "DELETE"] : [])];
        module.loader ??= (() => methodNotAllowed(allowed)) as unknown as typeof loader;
        module.action ??= (() => methodNotAllowed(allowed)) as unknown as typeof action;
      }
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
