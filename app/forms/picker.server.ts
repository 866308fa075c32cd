// The server side of the customer/job/item pickers in a submitted form (page actions call it before
// parsing): the rows each picker's select lists when the form is shown again, and the no-JS Find.
import type { Executor } from "../../db/client.server";
import {
  findNames,
  pickedId,
  requestedFind,
  type PickerFields,
  type PickerKind,
  type PickerLookups,
  type PickerRow,
  OPEN_JOB_STATUSES,
} from "../utils/picker";
import { customerOptions, type CustomerPickerScope } from "../models/customer.server";
import { jobOptions } from "../models/job.server";
import { itemOptions } from "../models/inventory.server";

type OptionsQuery = (
  db: Executor,
  opts: { search?: string; includeId?: number | null; limit?: number; scope?: CustomerPickerScope },
) => Promise<PickerRow[]>;
const OPTIONS: Record<PickerKind, OptionsQuery> = {
  customer: customerOptions,
  job: jobOptions,
  openJob: (db, opts) => jobOptions(db, { ...opts, statuses: OPEN_JOB_STATUSES }),
  item: itemOptions,
};

/**
 * For each picker field: the rows its select lists (the matches of its search, or just the chosen
 * record, so a re-rendered form never drops the choice). A Find (its button, or Enter with a new
 * search typed) searches, preselects a single match, and turns the submission into a conform
 * "update" intent for that field: the form comes back as typed, with nothing validated or saved.
 */
export async function readPickers(
  db: Executor,
  formData: FormData,
  fields: PickerFields,
  /** What the customer picker may show the user (`customerPickerScope(role)`); a form of staff only may leave it. */
  customerScope: CustomerPickerScope = "all",
): Promise<PickerLookups> {
  const find = requestedFind(formData, fields);
  const lookups: PickerLookups = {};
  for (const [field, kind] of Object.entries(fields)) {
    const query = OPTIONS[kind];
    const options: OptionsQuery = (d, o) => query(d, { ...o, scope: customerScope });
    const finding = field === find?.field;
    const listed = formData.get(findNames(kind, field).listed);
    const search = finding ? find.search : typeof listed === "string" ? listed.trim() : "";
    const matches = search ? await options(db, { search }) : [];
    let chosen = pickedId(formData.get(field));
    if (finding && matches.length === 1) {
      chosen = matches[0].id;
      formData.set(field, String(chosen));
    }
    const extra =
      chosen && !matches.some((r) => r.id === chosen) ? await options(db, { includeId: chosen, limit: 0 }) : [];
    lookups[field] = { search, rows: [...extra, ...matches], matched: matches.length };
    // conform's own intent format (what its intent buttons send): update this field's value.
    if (finding)
      formData.set(
        "__intent__",
        JSON.stringify({ type: "update", payload: { name: field, value: formData.get(field) ?? "" } }),
      );
  }
  return lookups;
}
