import { useMatches, useSearchParams } from "@remix-run/react";
import { keptQuery, listKeys, type FilterShape } from "~/utils/list-search";

/** What a list route exports as `handle`: the query parameters its dialogs keep. */
export type KeptQueryHandle = { keptQuery: readonly string[] };

/** `export const handle = keepListQuery(filters)` in a list route: search, its filters and page. */
export function keepListQuery(filters: FilterShape = {}, keys: readonly string[] = listKeys(filters)): KeptQueryHandle {
  return { keptQuery: keys };
}

/**
 * The query of the nearest list route above (or at) this one (`?search=…&page=2`, or ""), read from
 * the current URL: links into a dialog, its Cancel and the way back keep the list as it was.
 * `extra` adds or (null) drops parameters.
 */
export function useKeptQuery(extra?: Record<string, string | null | undefined>) {
  const matches = useMatches();
  const [params] = useSearchParams();
  let keys: readonly string[] = [];
  for (const match of matches) {
    const handle = match.handle as Partial<KeptQueryHandle> | undefined;
    if (handle?.keptQuery) keys = handle.keptQuery;
  }
  return keptQuery(params, keys, extra);
}
