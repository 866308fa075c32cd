// Small shared pieces of the operations /api routes.
import { apiError } from "./api.server";

/** An optional enum query parameter ('all' or absent = no filter); anything else is a 400. */
export function choiceParam(url: URL, name: string, values: readonly string[]) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "" || raw === "all") return undefined;
  if (!values.includes(raw)) throw apiError(400, `${name} must be one of ${values.join(", ")}`);
  return raw;
}
