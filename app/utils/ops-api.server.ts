// Small shared pieces of the operations /api routes.
import { MissingCustomerError } from "../models/job.server";
import { EventLinkError } from "../models/schedule.server";
import { InvalidLinkError } from "../models/task.server";
import { apiError } from "./api.server";
import { isNoFilter } from "./list-search";

/** A link to a record that does not exist is bad input (400), not a server error. */
export async function badLinksAre400<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MissingCustomerError || error instanceof InvalidLinkError || error instanceof EventLinkError) {
      throw apiError(400, error.message);
    }
    throw error;
  }
}

/** An optional positive integer query parameter; anything else is a 400. */
export function idParam(url: URL, name: string) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647)
    throw apiError(400, `${name} must be an id`);
  return Number(raw);
}

/** An optional enum query parameter (absent, "" or "all" = no filter, as on the pages); anything else is a 400. */
export function choiceParam(url: URL, name: string, values: readonly string[]) {
  const raw = url.searchParams.get(name) ?? "";
  if (isNoFilter(raw)) return undefined;
  if (!values.includes(raw)) throw apiError(400, `${name} must be one of ${values.join(", ")}`);
  return raw;
}
