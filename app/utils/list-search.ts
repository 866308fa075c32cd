// The query string of a list screen, one way for every list (docs/decisions/list-filters.md):
// `search`, the list's own filters, `page`. Pages are lenient (an unknown value is no filter, a
// bad page is page 1: a stale link still shows the list); /api is strict (a bad value is a 400)
// but reads paging and "no filter" the same way. Safe in the browser: the filters also name the
// query that dialogs keep (useKeptQuery).
import { z } from "zod";

/** Rows on a list page. */
export const PAGE_SIZE = 50;
export const MAX_PAGE = 100_000;
export const MAX_SEARCH = 200;

/**
 * "No filter" is an absent or empty value (the "All …" option of a filter sends ""). The older
 * form `all` means the same, so old links such as /jobs?status=all keep working.
 */
export const isNoFilter = (value: string | null | undefined) => !value || value === "all";

const param = z.string().nullish();

/** The search box: absent = "", cut to 200 characters. */
export const searchFilter = param.transform((v) => (v ?? "").slice(0, MAX_SEARCH));

/** The page: absent or not a number = 1, at most 100,000 (past the last page the list is empty). */
export const pageFilter = param.transform((v) => Math.max(1, Math.min(MAX_PAGE, Number.parseInt(v ?? "", 10) || 1)));

/** One of `values`; no filter (see isNoFilter) or an unknown value = `fallback` ("" = no filter). */
export function choiceFilter<const T extends string, F extends T | "" = "">(values: readonly T[], fallback?: F) {
  return param.transform((v): T | F =>
    !isNoFilter(v) && (values as readonly string[]).includes(v!) ? (v as T) : (fallback ?? ("" as F)),
  );
}

/** A checkbox filter (`value="1"`): on or off. */
export const flagFilter = param.transform((v) => v === "1");

/** A record id filter: a positive 32-bit integer, else null (no filter). */
export const idFilter = param.transform((v) =>
  v && /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2_147_483_647 ? Number(v) : null,
);

/** A free value: what `accept` refuses is the fallback. */
export function valueFilter(accept: (value: string) => boolean, fallback = "") {
  return param.transform((v) => (v && accept(v) ? v : fallback));
}

/** A list's own filters: each reads one query parameter (string or null) and never fails. */
export type FilterShape = Record<string, z.ZodType<unknown, z.ZodTypeDef, string | null | undefined>>;

export type ListSearch<F extends FilterShape> = { search: string; page: number } & {
  [K in keyof F]: z.output<F[K]>;
} & {
  limit: number;
  offset: number;
  pageSize: number;
  /** A search or any filter is set (the empty state says "no match" instead of "none yet"). */
  filtered: boolean;
};

/** The query parameters a list keeps on links into its dialogs and back, in URL order. */
export function listKeys(filters: FilterShape = {}) {
  return ["search", ...Object.keys(filters), "page"];
}

/** Parses a list's query: search, the list's `filters`, page, and the rows to read for that page. */
export function parseListSearch<F extends FilterShape = Record<never, never>>(
  params: URLSearchParams,
  filters: F = {} as F,
): ListSearch<F> {
  const shape = { search: searchFilter, ...filters, page: pageFilter };
  const raw = Object.fromEntries(listKeys(filters).map((key) => [key, params.get(key)]));
  // Every filter falls back instead of failing, so this cannot throw.
  const value = z.object(shape).parse(raw) as { search: string; page: number } & { [K in keyof F]: z.output<F[K]> };
  const filtered = Object.entries(value).some(([key, v]) => key !== "page" && v !== "" && v !== false && v !== null);
  return { ...value, limit: PAGE_SIZE, offset: (value.page - 1) * PAGE_SIZE, pageSize: PAGE_SIZE, filtered };
}

/**
 * The list's query (`?search=…&page=2`, or "") out of `params`, keeping only `keys`, with `extra`
 * set (a null removes a key). Links into dialogs, Cancel links and redirects back use it.
 */
export function keptQuery(
  params: URLSearchParams,
  keys: readonly string[],
  extra: Record<string, string | null | undefined> = {},
) {
  const next = new URLSearchParams();
  for (const key of keys) {
    const value = key in extra ? extra[key] : params.get(key);
    if (value) next.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) if (!keys.includes(key) && value) next.set(key, value);
  const qs = next.toString();
  return qs ? `?${qs}` : "";
}

/** /api paging: `limit` (≤ maxLimit, default defaultLimit) and `offset`; anything but digits is refused. */
export function apiPagingSchema(limits: { defaultLimit?: number; maxLimit: number }) {
  const count = (name: string, fallback: number, max: number) =>
    param
      .refine((v) => !v || /^\d+$/.test(v), `${name} must be a non-negative integer`)
      .transform((v) => (v ? Math.min(Number(v), max) : fallback));
  return z.object({
    limit: count("limit", limits.defaultLimit ?? limits.maxLimit, limits.maxLimit),
    offset: count("offset", 0, Number.MAX_SAFE_INTEGER),
  });
}
