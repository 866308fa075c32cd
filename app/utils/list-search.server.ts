import { redirect } from "@remix-run/node";
import { requirePermission } from "./auth.server";
import { parseListSearch, type FilterShape } from "./list-search";
import type { Area } from "./permissions";

/** A list loader's first step: the signed-in user who may read `area`, and the list's query. */
export async function requireListSearch<F extends FilterShape = Record<never, never>>(
  request: Request,
  area: Area,
  filters: F = {} as F,
) {
  const user = await requirePermission(request, area);
  return { user, list: parseListSearch(new URL(request.url).searchParams, filters) };
}

/**
 * A page past a list's last (a stale link or bookmark, the last row of the last page deleted or
 * filtered away) is answered with a redirect to the last page, its search and filters kept: the
 * list never shows "Page 900 of 400" over an empty state saying there is nothing yet. Call it
 * with the list's total once it is counted.
 */
export function redirectPastLastPage(request: Request, list: { page: number; pageSize: number }, total: number) {
  const last = Math.max(1, Math.ceil(total / list.pageSize));
  if (list.page <= last) return;
  const url = new URL(request.url);
  if (last === 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(last));
  throw redirect(`${url.pathname}${url.search}`);
}
