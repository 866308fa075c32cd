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
