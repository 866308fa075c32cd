// The query string of a list screen, one way for every list (docs/decisions/list-filters.md):
// `search`, the list's own filters, `page`. Pages are lenient (an unknown value is no filter, a
// bad page is page 1: a stale link still shows the list); /api is strict (a bad value is a 400,
// apiPagingSchema in api.server.ts) but reads paging and "no filter" the same way. Safe
// and light in the browser (no validation library): a list route's filters also name the query
// its dialogs keep (keepListQuery), so they reach the route's browser chunk.

/** Rows on a list page. */
export const PAGE_SIZE = 50;
export const MAX_PAGE = 100_000;
export const MAX_SEARCH = 200;

/**
 * "No filter" is an absent or empty value (the "All …" option of a filter sends ""). The older
 * form `all` means the same, so old links such as /jobs?status=all keep working.
 */
export const isNoFilter = (value: string | null | undefined) => !value || value === "all";

/** One query parameter (string, or null when absent) read into a value; never fails. */
export type Filter<T> = (value: string | null | undefined) => T;

/** The search box: absent = "", cut to 200 characters. */
export const searchFilter: Filter<string> = (v) => (v ?? "").slice(0, MAX_SEARCH);

/** The page: absent or not a number = 1, at most 100,000 (past the last page: redirectPastLastPage). */
export const pageFilter: Filter<number> = (v) => Math.max(1, Math.min(MAX_PAGE, Number.parseInt(v ?? "", 10) || 1));

/** One of `values`; no filter (see isNoFilter) or an unknown value = `fallback` ("" = no filter). */
export function choiceFilter<const T extends string, F extends T | "" = "">(
  values: readonly T[],
  fallback?: F,
): Filter<T | F> {
  return (v) => (!isNoFilter(v) && (values as readonly string[]).includes(v!) ? (v as T) : (fallback ?? ("" as F)));
}

/** A checkbox filter (`value="1"`): on or off. */
export const flagFilter: Filter<boolean> = (v) => v === "1";

/** A record id filter: a positive 32-bit integer, else null (no filter). */
export const idFilter: Filter<number | null> = (v) =>
  v && /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2_147_483_647 ? Number(v) : null;

/** A free value: what `accept` refuses is the fallback. */
export function valueFilter(accept: (value: string) => boolean, fallback = ""): Filter<string> {
  return (v) => (v && accept(v) ? v : fallback);
}

/** A list's own filters: each reads one query parameter (string or null) and never fails. */
export type FilterShape = Record<string, Filter<unknown>>;

export type ListSearch<F extends FilterShape> = { search: string; page: number } & {
  [K in keyof F]: ReturnType<F[K]>;
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
  const shape: FilterShape = { search: searchFilter, ...filters, page: pageFilter };
  // Every filter falls back instead of failing, so this cannot throw.
  const value = Object.fromEntries(listKeys(filters).map((key) => [key, shape[key](params.get(key))])) as {
    search: string;
    page: number;
  } & { [K in keyof F]: ReturnType<F[K]> };
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
