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
