// The searchable customer/job/item picker's rules, shared by the browser and the server: the rows a
// picker offers, how they read, and how a submitted form asks for a no-JS "Find".
import { can, type Role } from "./permissions";
import { formatQuantity } from "./units";

/** Rows in the native select: the newest records (customers listed by name) plus the chosen one. */
export const PICKER_LIMIT = 100;
/** Rows the combobox asks /api for as you type. */
export const PICKER_SEARCH_LIMIT = 20;

export type CustomerPickerRow = { id: number; name: string; email: string | null; phone: string | null };
export type JobPickerRow = { id: number; title: string; customerId: number; customerName: string };
/** An item a job's Materials dialog may issue (active, tracked); `active`/`trackStock` come from /api. */
export type ItemPickerRow = {
  id: number;
  sku: string;
  name: string;
  unit: string;
  currentStock: string;
  active?: boolean;
  trackStock?: boolean;
};
export type PickerRows = { customer: CustomerPickerRow; job: JobPickerRow; openJob: JobPickerRow; item: ItemPickerRow };
export type PickerKind = keyof PickerRows;
export type PickerRow = PickerRows[PickerKind];

/** A form's picker fields: field name → the kind of record it holds. */
export type PickerFields = Record<string, PickerKind>;

/**
 * What the server tells a re-rendered form about one picker: the search its select lists, the rows
 * (the chosen record first when it is not a match) and how many of them match.
 */
export type PickerLookup<K extends PickerKind = PickerKind> = {
  search: string;
  rows: PickerRows[K][];
  matched: number;
};
/** By field name: sent back with every re-rendered form so the chosen record stays in its select. */
export type PickerLookups = Partial<Record<string, PickerLookup>>;

export type PickerOption = { id: number; label: string; detail: string | null };

/** The jobs the installer's Quick Actions (Report Issue, Request Materials, Update Progress) offer. */
export const OPEN_JOB_STATUSES = ["approved", "in-progress"] as const;
type OpenJobStatus = (typeof OPEN_JOB_STATUSES)[number];
const jobOption = (row: JobPickerRow): PickerOption => ({ id: row.id, label: row.title, detail: row.customerName });

export const PICKER_KINDS = {
  customer: {
    noun: "customer",
    endpoint: "/api/customers",
    toOption: (row: CustomerPickerRow): PickerOption => ({
      id: row.id,
      label: row.name,
      detail: [row.phone, row.email].filter(Boolean).join(" · ") || null,
    }),
    // Every customer can be picked.
    offered: () => true,
  },
  job: {
    noun: "job",
    endpoint: "/api/jobs",
    toOption: jobOption,
    // Cancelled jobs are not offered (the native list leaves them out too).
    offered: (row: { status?: string }) => row.status !== "cancelled",
  },
  // A job work is being done on (approved or in progress): the installer's Quick Actions report on it.
  openJob: {
    noun: "job",
    endpoint: `/api/jobs?status=${OPEN_JOB_STATUSES.join(",")}`,
    toOption: jobOption,
    offered: (row: { status?: string }) => OPEN_JOB_STATUSES.includes(row.status as OpenJobStatus),
  },
  item: {
    noun: "item",
    // Active, stock-tracked items only (what the Issue form may issue).
    endpoint: "/api/inventory/items?issuable=true",
    toOption: (row: ItemPickerRow): PickerOption => ({
      id: row.id,
      label: `${row.sku} · ${row.name}`,
      detail: `${formatQuantity(row.currentStock)} ${row.unit} on hand`,
    }),
    offered: (row: { active?: boolean; trackStock?: boolean }) => row.active !== false && row.trackStock !== false,
  },
} as const;

/** What the no-JS Find box of a picker hints at. */
export const FIND_PLACEHOLDER: Record<PickerKind, string> = {
  customer: "Name, email or phone",
  job: "Job title or customer",
  openJob: "Job title or customer",
  item: "SKU or name",
};

/** Where the combobox may search: the /api list it asks follows its own screen's permission. */
export function searchablePickers(role: Role): Record<PickerKind, boolean> {
  return {
    customer: can(role, "customers"),
    job: can(role, "jobs"),
    openJob: can(role, "jobs"),
    item: can(role, "inventory"),
  };
}

export function toPickerOption(kind: PickerKind, row: PickerRow): PickerOption {
  return kind === "customer"
    ? PICKER_KINDS.customer.toOption(row as CustomerPickerRow)
    : kind === "job" || kind === "openJob"
      ? jobOption(row as JobPickerRow)
      : PICKER_KINDS.item.toOption(row as ItemPickerRow);
}

/**
 * The no-JS search box beside a picker's select, the hidden field with the search it lists, its
 * button. A form has one customer and one job picker, named by kind; item pickers come one per line
 * of a list (`items[0].itemId`), so each is named after its field.
 */
export function findNames(kind: PickerKind, field = "") {
  if (kind === "item") return { box: `${field}Find`, listed: `${field}FindListed`, intent: `find-item:${field}` };
  const box = kind === "customer" ? "findCustomer" : "findJob";
  return { box, listed: `${box}Listed`, intent: `find-${kind}` };
}

export type FindRequest = { field: string; kind: PickerKind; search: string };

/**
 * Which picker a submit asks to search, if any: its Find button (name="intent"), or a plain submit
 * (Enter in the search box "clicks" the form's default button) with a search typed that the select
 * does not list yet: the user meant to find, not to save.
 */
export function requestedFind(formData: FormData, fields: PickerFields): FindRequest | null {
  const entries = Object.entries(fields).map(([field, kind]) => {
    const names = findNames(kind, field);
    return { field, kind, names, search: text(formData.get(names.box)), listed: text(formData.get(names.listed)) };
  });
  const intent = formData.get("intent");
  const clicked = entries.find((e) => intent === e.names.intent);
  if (clicked) return { field: clicked.field, kind: clicked.kind, search: clicked.search };
  // Another intent (conform's list and validate buttons, a form's own) is never a find.
  if (intent !== null || formData.has("__intent__")) return null;
  const typed = entries.find((e) => formData.has(e.names.box) && e.search !== e.listed);
  return typed ? { field: typed.field, kind: typed.kind, search: typed.search } : null;
}

function text(value: FormDataEntryValue | null) {
  return typeof value === "string" ? value.trim().slice(0, 200) : "";
}

/** A picker field's submitted value as an id ("" and "none" are no choice). */
export function pickedId(value: FormDataEntryValue | null | undefined) {
  const id = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return id > 0 ? id : null;
}

/** The item pickers of a list's lines in a submitted form: `items[0].itemId`, `items[1].itemId`, … */
export function linePickerFields(formData: FormData, list: string, field: string, kind: PickerKind): PickerFields {
  const fields: PickerFields = {};
  const pattern = new RegExp(`^${list}\\[(\\d{1,3})\\]\\.${field}$`);
  for (const name of new Set(formData.keys())) if (pattern.test(name)) fields[name] = kind;
  return fields;
}

/** The picker fields of the quote, invoice and job forms. */
export const CUSTOMER_PICKER: PickerFields = { customerId: "customer" };
/** The picker fields of the task and event dialogs. */
export const CUSTOMER_AND_JOB_PICKERS: PickerFields = { customerId: "customer", jobId: "job" };
/** The job picker of the installer's Quick Actions. */
export const OPEN_JOB_PICKER: PickerFields = { jobId: "openJob" };
