// Small shared pieces of the operations /api routes.
import { apiError } from "./api.server";
import { isNoFilter } from "./list-search";

/** An optional enum query parameter (absent, "" or "all" = no filter, as on the pages); anything else is a 400. */
export function choiceParam(url: URL, name: string, values: readonly string[]) {
  const raw = url.searchParams.get(name) ?? "";
  if (isNoFilter(raw)) return undefined;
  if (!values.includes(raw)) throw apiError(400, `${name} must be one of ${values.join(", ")}`);
  return raw;
}

/**
 * An optional enum query parameter that may name several values, comma-separated
 * (`status=approved,in-progress`); absent, "" or "all" = no filter; an unknown value is a 400.
 */
export function choicesParam(url: URL, name: string, values: readonly string[]) {
  const raw = url.searchParams.get(name) ?? "";
  if (isNoFilter(raw)) return undefined;
  const chosen = [...new Set(raw.split(",").map((v) => v.trim()))];
  const unknown = chosen.filter((v) => !values.includes(v));
  if (unknown.length) throw apiError(400, `${name} must be one or more of ${values.join(", ")}, comma-separated`);
  return chosen;
}
