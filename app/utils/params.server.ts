// The one id parser (route params, query parameters and form fields, pages and /api alike).
import { invalid, notFound } from "./refusal.server";

/** An id is a positive 32-bit integer written in digits; anything else is null (it cannot exist). */
export function parseRouteId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A route's id: a missing or malformed one is "<what> not found" (404 page, or 404 JSON on /api). */
export function requireId(value: string | undefined, what = "Record") {
  const id = parseRouteId(value);
  if (id === null) throw notFound(`${what} not found`);
  return id;
}

/** An optional id query parameter: absent or empty is undefined, anything else but an id is a 400. */
export function idParam(url: URL, name: string) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return undefined;
  const id = parseRouteId(raw);
  if (id === null) throw invalid(`${name} must be an id`);
  return id;
}
