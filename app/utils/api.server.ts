// Conventions of the /api contract (decisions §4): JSON errors with an `error` field, list paging
// with X-Total-Count, ids that are not numbers are simply not found.
import { json } from "@remix-run/node";
import { z, type ZodTypeAny } from "zod";
import { mediaType } from "./request-guards.server";

export const MAX_LIST = 1000;
/** Fields named in a 400's `fieldErrors` at most. */
export const MAX_FIELD_ERRORS = 20;

/** One schema per pair of limits (the callers' constants: a handful), not ten zod objects per request. */
const pagingSchemas = new Map<string, ReturnType<typeof buildPagingSchema>>();

/** /api paging: `limit` (≤ maxLimit, default defaultLimit) and `offset`; anything but digits is refused. */
export function apiPagingSchema(limits: { defaultLimit?: number; maxLimit: number }) {
  const key = `${limits.defaultLimit ?? ""}|${limits.maxLimit}`;
  let schema = pagingSchemas.get(key);
  if (!schema) pagingSchemas.set(key, (schema = buildPagingSchema(limits)));
  return schema;
}

function buildPagingSchema(limits: { defaultLimit?: number; maxLimit: number }) {
  const count = (name: string, fallback: number, max: number) =>
    z
      .string()
      .nullish()
      .refine((v) => !v || /^\d+$/.test(v), `${name} must be a non-negative integer`)
      .transform((v) => (v ? Math.min(Number(v), max) : fallback));
  return z.object({
    limit: count("limit", limits.defaultLimit ?? limits.maxLimit, limits.maxLimit),
    offset: count("offset", 0, Number.MAX_SAFE_INTEGER),
  });
}

export function apiError(status: number, error: string, fieldErrors?: Record<string, string[]>) {
  return json(fieldErrors ? { error, fieldErrors } : { error }, { status });
}

/** `limit`/`offset` of a list; a list whose items are heavy (e-mail bodies) passes a smaller limit. */

export function listParams(url: URL, limits: { defaultLimit?: number; maxLimit?: number } = {}) {
  const schema = apiPagingSchema({ defaultLimit: limits.defaultLimit, maxLimit: limits.maxLimit ?? MAX_LIST });
  const result = schema.safeParse({ limit: url.searchParams.get("limit"), offset: url.searchParams.get("offset") });
  if (!result.success) throw apiError(400, result.error.issues[0].message);
  return result.data;
}

export function listResponse<T>(rows: T[], total: number) {
  return json(rows, { headers: { "X-Total-Count": String(total) } });
}

/**
 * The JSON body. The media type must be exactly application/json (parameters such as charset
 * aside): `text/plain; x=application/json` is what a cross-site form can send without a preflight.
 */
export async function readJson(request: Request): Promise<unknown> {
  if (mediaType(request.headers.get("content-type")) !== "application/json")
    throw apiError(415, "Send a JSON body with Content-Type: application/json");
  try {
    return await request.json();
  } catch {
    throw apiError(400, "The request body is not valid JSON");
  }
}

/** Validates a JSON body against the form's zod schema; 400 with field errors when it fails. */
export async function parseBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const body = await readJson(request);
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw apiError(400, "The request body must be a JSON object");
  const result = schema.safeParse(body);
  if (!result.success) {
    // The first MAX_FIELD_ERRORS fields: an array of thousands of bad elements gets a short answer
    // (one issue per element made a 24 KB body answer over 64 KB), not one as large as it.
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "_";
      if (!(key in fieldErrors) && Object.keys(fieldErrors).length >= MAX_FIELD_ERRORS) break;
      (fieldErrors[key] ??= []).push(issue.message);
    }
    const first = result.error.issues[0];
    throw apiError(400, first?.message ?? "Invalid input", fieldErrors);
  }
  return result.data;
}

export function methodNotAllowed(allowed: string[]) {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
