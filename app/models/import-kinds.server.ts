// The import kinds of Settings → System → Import Data (docs/decisions/csv-export-and-import.md):
// each maps headers to its form's fields, checks rows with that form's own zod schema, resolves
// references by name and says what a duplicate is. The plumbing is app/models/csv-import.server.ts.
import { inArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import type { ZodError } from "zod";
import { customers, inventoryCategories, inventoryItems, invoices, jobs, quotes, suppliers } from "../../db/schema";
import { CustomerSchema, type CustomerInput } from "../schemas/customer";
import type { ImportKind } from "../schemas/import";
import { ItemSchema, type ItemInput } from "../schemas/inventory";
import { makeInvoiceSchema, type InvoiceInput } from "../schemas/invoice";
import { JobSchema, type JobInput } from "../schemas/job";
import type { LineItemInput } from "../schemas/line-items";
import { makeQuoteSchema, type QuoteInput } from "../schemas/quote";
import { moneyContext } from "./business.server";
import { createInvoice } from "./invoice.server";
import { createQuote } from "./quote.server";
import { type ImportDefinition, type Line, issueMessages, lineError } from "./csv-import.server";
import { customerColumns } from "./customer.server";
import { itemValues } from "./inventory.server";
import { toColumns as jobColumns } from "./job.server";

const BATCH = 1000;

/** Runs `query` over `keys` in batches of 1,000 (bind-parameter limits), concatenating the rows. */
async function inBatches<K, R>(keys: K[], query: (batch: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += BATCH) out.push(...(await query(keys.slice(i, i + BATCH))));
  return out;
}

const distinctLower = (values: Array<string | undefined>) => [
  ...new Set(values.flatMap((v) => (v && v.trim() ? [v.trim().toLowerCase()] : []))),
];

/**
 * Finds records by name (any letter case). A name that matches nothing or several records is an
 * error message; a blank name is `undefined` (no reference).
 */
type NameLookup = (name: string | undefined) => { id?: number; error?: string };

function byName(rows: { id: number; key: string }[], what: string, plural: string): NameLookup {
  const map = new Map<string, number[]>();
  for (const r of rows) map.set(r.key, [...(map.get(r.key) ?? []), r.id]);
  return (name) => {
    if (!name || !name.trim()) return {};
    const ids = map.get(name.trim().toLowerCase()) ?? [];
    if (ids.length === 0) return { error: `no ${what} named “${name.trim()}”` };
    if (ids.length > 1) return { error: `several ${plural} are named “${name.trim()}”` };
    return { id: ids[0] };
  };
}

/** Customers by e-mail (a value with "@") or by name; both any letter case. */
async function customerLookup(tx: Executor, values: Array<string | undefined>): Promise<NameLookup> {
  const keys = distinctLower(values);
  const rows = await inBatches(keys, (batch) =>
    tx
      .select({
        id: customers.id,
        name: sql<string>`lower(${customers.name})`,
        email: sql<string | null>`lower(${customers.email})`,
      })
      .from(customers)
      .where(or(inArray(sql`lower(${customers.name})`, batch), inArray(sql`lower(${customers.email})`, batch))),
  );
  const seen = new Set<number>();
  const unique = rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
  const names = byName(
    unique.map((r) => ({ id: r.id, key: r.name })),
    "customer",
    "customers",
  );
  const emails = byName(
    unique.flatMap((r) => (r.email ? [{ id: r.id, key: r.email }] : [])),
    "customer with the e-mail",
    "customers have the e-mail",
  );
  return (value) => {
    if (!value || !value.trim()) return {};
    if (!value.includes("@")) return names(value);
    const found = emails(value);
    if (found.error?.startsWith("several")) return { error: `several customers have the e-mail “${value.trim()}”` };
    if (found.error) return { error: `no customer with the e-mail “${value.trim()}”` };
    return found;
  };
}

const CUSTOMER_REF_ALIASES = {
  customer: "customer",
  customername: "customer",
  customeremail: "customer",
  client: "customer",
} as const;

// ---------------------------------------------------------------- customers

type CustomerField = Exclude<keyof CustomerInput, "appointmentReminders">;

export const customerImport: ImportDefinition<CustomerInput> = {
  kind: "customers",
  noun: ["customer", "customers"],
  rowNoun: "one customer per row",
  aliases: {
    name: "name",
    customername: "name",
    customer: "name",
    fullname: "name",
    email: "email",
    emailaddress: "email",
    phone: "phone",
    phonenumber: "phone",
    telephone: "phone",
    address: "address",
    street: "address",
    streetaddress: "address",
    city: "city",
    state: "state",
    zip: "zipCode",
    zipcode: "zipCode",
    postalcode: "zipCode",
    postcode: "zipCode",
    notes: "notes",
    note: "notes",
  } satisfies Record<string, CustomerField>,
  labels: {
    name: "Name",
    email: "Email",
    phone: "Phone",
    address: "Address",
    city: "City",
    state: "State",
    zipCode: "ZIP Code",
    notes: "Notes",
  } satisfies Record<CustomerField, string>,
  requiredColumns: [
    [
      "name",
      'The header row needs a "Name" column (also accepted: "Customer Name"). Other columns: Email, Phone, Address, City, State, ZIP Code, Notes.',
    ],
  ],
  activity: "customers_imported",
  async check(_tx, lines) {
    const rows: CustomerInput[] = [];
    const errors: string[] = [];
    for (const { line, values } of lines) {
      // Appointment reminders are not imported: a customer opts in on the customer form.
      const result = CustomerSchema.safeParse(values);
      if (result.success) rows.push(result.data);
      else errors.push(lineError(line, issueMessages(result.error, this.labels)));
    }
    return { rows, errors };
  },
  // A duplicate: an e-mail a customer (or an earlier row) already has, in any letter case.
  async write(tx, rows) {
    const emails = distinctLower(rows.map((r) => r.email));
    const known = await inBatches(emails, (batch) =>
      tx
        .select({ email: sql<string>`lower(${customers.email})` })
        .from(customers)
        .where(inArray(sql`lower(${customers.email})`, batch)),
    );
    const seen = new Set(known.map((k) => k.email));
    const fresh: CustomerInput[] = [];
    for (const row of rows) {
      const email = row.email?.toLowerCase();
      if (email && seen.has(email)) continue;
      if (email) seen.add(email);
      fresh.push(row);
    }
    for (let i = 0; i < fresh.length; i += BATCH)
      await tx.insert(customers).values(fresh.slice(i, i + BATCH).map(customerColumns));
    return { added: fresh.length, skipped: rows.length - fresh.length };
  },
};

// ---------------------------------------------------------------- inventory items

export const inventoryItemImport: ImportDefinition<ItemInput> = {
  kind: "inventory-items",
  noun: ["inventory item", "inventory items"],
  rowNoun: "one item per row",
  aliases: {
    sku: "sku",
    itemcode: "sku",
    partnumber: "sku",
    name: "name",
    itemname: "name",
    description: "description",
    type: "type",
    itemtype: "type",
    category: "category",
    unit: "unit",
    purchaseunit: "purchaseUnit",
    unitmultiplier: "unitMultiplier",
    trackstock: "trackStock",
    location: "location",
    reorderpoint: "reorderPoint",
    reorderqty: "reorderQty",
    reorderquantity: "reorderQty",
    safetystock: "safetyStock",
    preferredsupplier: "supplier",
    supplier: "supplier",
    lastcost: "lastCost",
    cost: "lastCost",
    sellprice: "sellPrice",
    price: "sellPrice",
    tags: "tags",
    active: "active",
  },
  labels: {
    sku: "SKU",
    name: "Name",
    description: "Description",
    type: "Type",
    categoryId: "Category",
    unit: "Unit",
    purchaseUnit: "Purchase unit",
    unitMultiplier: "Unit multiplier",
    trackStock: "Track stock",
    location: "Location",
    reorderPoint: "Reorder point",
    reorderQty: "Reorder quantity",
    safetyStock: "Safety stock",
    preferredSupplierId: "Preferred supplier",
    lastCost: "Last cost",
    sellPrice: "Sell price",
    tags: "Tags",
    active: "Active",
  },
  requiredColumns: [
    ["sku", 'The header row needs a "SKU" column. Other columns: Name, Type, Category, Unit, Sell Price, …'],
    ["name", 'The header row needs a "Name" column (the item\'s name).'],
  ],
  activity: "inventory_items_imported",
  async check(tx, lines) {
    const categoryNames = distinctLower(lines.map((l) => l.values.category));
    const supplierNames = distinctLower(lines.map((l) => l.values.supplier));
    const category = byName(
      await inBatches(categoryNames, (batch) =>
        tx
          .select({ id: inventoryCategories.id, key: sql<string>`lower(${inventoryCategories.name})` })
          .from(inventoryCategories)
          .where(inArray(sql`lower(${inventoryCategories.name})`, batch)),
      ),
      "category",
      "categories",
    );
    const supplier = byName(
      await inBatches(supplierNames, (batch) =>
        tx
          .select({ id: suppliers.id, key: sql<string>`lower(${suppliers.name})` })
          .from(suppliers)
          .where(inArray(sql`lower(${suppliers.name})`, batch)),
      ),
      "supplier",
      "suppliers",
    );
    const rows: ItemInput[] = [];
    const errors: string[] = [];
    for (const { line, values } of lines) {
      const messages: string[] = [];
      const cat = category(values.category);
      if (cat.error) messages.push(`Category: ${cat.error}`);
      const sup = supplier(values.supplier);
      if (sup.error) messages.push(`Preferred supplier: ${sup.error}`);
      // The export separates tags with "; ".
      const tags = values.tags?.replace(/;/g, ",");
      const result = ItemSchema.safeParse({ ...values, tags, categoryId: cat.id, preferredSupplierId: sup.id });
      if (!result.success) messages.push(...issueMessages(result.error, this.labels));
      if (messages.length > 0) errors.push(lineError(line, messages));
      else if (result.success) rows.push(result.data);
    }
    return { rows, errors };
  },
  // A duplicate: a SKU an item (or an earlier row) already has, in any letter case (the unique key).
  async write(tx, rows) {
    const skus = distinctLower(rows.map((r) => r.sku));
    const known = await inBatches(skus, (batch) =>
      tx
        .select({ sku: sql<string>`lower(${inventoryItems.sku})` })
        .from(inventoryItems)
        .where(inArray(sql`lower(${inventoryItems.sku})`, batch)),
    );
    const seen = new Set(known.map((k) => k.sku));
    const fresh = rows.filter((r) => {
      const sku = r.sku.toLowerCase();
      if (seen.has(sku)) return false;
      seen.add(sku);
      return true;
    });
    for (let i = 0; i < fresh.length; i += BATCH)
      await tx.insert(inventoryItems).values(fresh.slice(i, i + BATCH).map(itemValues));
    return { added: fresh.length, skipped: rows.length - fresh.length };
  },
};

// ---------------------------------------------------------------- jobs

export const jobImport: ImportDefinition<JobInput> = {
  kind: "jobs",
  noun: ["job", "jobs"],
  rowNoun: "one job per row",
  aliases: {
    ...CUSTOMER_REF_ALIASES,
    title: "title",
    jobtitle: "title",
    job: "title",
    status: "status",
    startdate: "startDate",
    start: "startDate",
    completiondate: "completionDate",
    enddate: "completionDate",
    estimatedcost: "estimatedCost",
    estimate: "estimatedCost",
    actualcost: "actualCost",
    description: "description",
    notes: "notes",
    note: "notes",
  },
  labels: {
    customerId: "Customer",
    title: "Title",
    description: "Description",
    status: "Status",
    estimatedCost: "Estimated cost",
    actualCost: "Actual cost",
    startDate: "Start date",
    completionDate: "Completion date",
    notes: "Notes",
  },
  requiredColumns: [
    ["customer", 'The header row needs a "Customer" column (the name or e-mail of an existing customer).'],
    ["title", 'The header row needs a "Title" column.'],
  ],
  activity: "jobs_imported",
  async check(tx, lines) {
    const customer = await customerLookup(
      tx,
      lines.map((l) => l.values.customer),
    );
    const rows: JobInput[] = [];
    const errors: string[] = [];
    for (const { line, values } of lines) {
      const messages: string[] = [];
      const found = customer(values.customer);
      if (found.error) messages.push(`Customer: ${found.error}`);
      // Past start dates are history here, not a new booking: the plain job schema (decisions).
      const result = JobSchema.safeParse({ ...values, customerId: found.id });
      if (!result.success)
        messages.push(
          ...issueMessages(result.error, this.labels).filter((m) => !(found.error && m.startsWith("Customer:"))),
        );
      if (messages.length > 0) errors.push(lineError(line, messages));
      else if (result.success) rows.push(result.data);
    }
    return { rows, errors };
  },
  // A duplicate: a job the same customer already has with the same title (any letter case), or an
  // earlier row of the file.
  async write(tx, rows) {
    const customerIds = [...new Set(rows.map((r) => r.customerId))];
    const known = await inBatches(customerIds, (batch) =>
      tx
        .select({ customerId: jobs.customerId, title: sql<string>`lower(${jobs.title})` })
        .from(jobs)
        .where(inArray(jobs.customerId, batch)),
    );
    const key = (customerId: number, title: string) => `${customerId}\u0000${title.toLowerCase()}`;
    const seen = new Set(known.map((k) => key(k.customerId, k.title)));
    const fresh = rows.filter((r) => {
      const k = key(r.customerId, r.title);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    for (let i = 0; i < fresh.length; i += BATCH)
      await tx.insert(jobs).values(fresh.slice(i, i + BATCH).map(jobColumns));
    return { added: fresh.length, skipped: rows.length - fresh.length };
  },
};

// ---------------------------------------------------------------- quotes and invoices

type Money = Awaited<ReturnType<typeof moneyContext>>;
/** Dates in an import are history (an old quote's valid-until, a paid invoice's due date): any day. */
const ANY_DAY = "1900-01-01";
const ITEM_LABELS: Record<string, string> = {
  description: "Description",
  quantity: "Quantity",
  unitPrice: "Unit price",
};
const ITEM_FIELDS = ["description", "quantity", "unitPrice"] as const;

type DocumentRow<I> = { number: string; input: I };

/**
 * Quotes and invoices share a shape: one row per line item, rows with the same number make one
 * document, its own fields on the first row. Each document goes through the model's own create
 * (totals computed there, never here); an existing number is a duplicate.
 */
function documentImport<I extends { items?: LineItemInput[] }>(spec: {
  kind: ImportKind;
  noun: [string, string];
  numberLabel: string;
  numberField: string;
  aliases: Record<string, string>;
  labels: Record<string, string>;
  requiredColumns: Array<[string, string]>;
  activity: ImportDefinition<unknown>["activity"];
  parse: (
    input: Record<string, unknown>,
    money: Money,
  ) => { success: true; data: I } | { success: false; error: ZodError };
  /** Extra refusals of a parsed document (messages for its first line). */
  refuse?: (input: I) => string[];
  existing: (tx: Executor, numbers: string[]) => Promise<string[]>;
  create: (tx: Executor, input: I, money: Money) => Promise<unknown>;
}): ImportDefinition<DocumentRow<I>> {
  return {
    kind: spec.kind,
    noun: spec.noun,
    rowNoun: "one line item per row",
    aliases: { ...CUSTOMER_REF_ALIASES, ...spec.aliases },
    labels: spec.labels,
    requiredColumns: spec.requiredColumns,
    activity: spec.activity,
    async check(tx, lines, opts) {
      const money = await moneyContext(tx, opts.actorId);
      const errors: Array<{ line: number; messages: string[] }> = [];
      const groups = new Map<string, Line[]>();
      for (const line of lines) {
        const number = line.values.number?.trim();
        if (!number) {
          errors.push({
            line: line.line,
            messages: [
              `${spec.numberLabel}: ${spec.numberLabel} is required (rows with the same number make one ${spec.noun[0]})`,
            ],
          });
          continue;
        }
        groups.set(number, [...(groups.get(number) ?? []), line]);
      }
      const customer = await customerLookup(
        tx,
        [...groups.values()].map((g) => g[0].values.customer),
      );
      const rows: DocumentRow<I>[] = [];
      for (const [number, group] of groups) {
        const first = group[0];
        const byLine = new Map<number, string[]>();
        const add = (line: number, message: string) => byLine.set(line, [...(byLine.get(line) ?? []), message]);
        const found = customer(first.values.customer);
        if (found.error) add(first.line, `Customer: ${found.error}`);
        const itemLines: number[] = [];
        const items: Record<string, string>[] = [];
        for (const { line, values } of group) {
          if (!ITEM_FIELDS.some((f) => values[f]?.trim())) continue;
          if (!values.description?.trim()) add(line, "Description: a line item needs a description");
          itemLines.push(line);
          items.push({
            description: values.description ?? "",
            quantity: values.quantity ?? "",
            unitPrice: values.unitPrice ?? "",
          });
        }
        // The document's own fields come from its first row; the item columns are not among them.
        const own = Object.fromEntries(
          Object.entries(first.values).filter(([k]) => !(ITEM_FIELDS as readonly string[]).includes(k)),
        );
        const result = spec.parse({ ...own, customerId: found.id, [spec.numberField]: number, items }, money);
        if (result.success) {
          for (const message of spec.refuse?.(result.data) ?? []) add(first.line, message);
        } else {
          for (const issue of result.error.issues) {
            const [field, index, itemField] = issue.path;
            if (field === "customerId" && found.error) continue;
            if (field === "items" && typeof index === "number") {
              const label = typeof itemField === "string" ? ITEM_LABELS[itemField] : undefined;
              add(itemLines[index] ?? first.line, label ? `${label}: ${issue.message}` : issue.message);
            } else {
              const label = typeof field === "string" ? spec.labels[field] : undefined;
              add(first.line, label && field !== "items" ? `${label}: ${issue.message}` : issue.message);
            }
          }
        }
        if (byLine.size > 0) for (const [line, messages] of byLine) errors.push({ line, messages });
        else if (result.success) rows.push({ number, input: result.data });
      }
      errors.sort((a, b) => a.line - b.line);
      return { rows, errors: errors.map((e) => lineError(e.line, e.messages)) };
    },
    async write(tx, rows, opts) {
      const money = await moneyContext(tx, opts.actorId);
      const known = new Set(
        await inBatches(
          rows.map((r) => r.number),
          (batch) => spec.existing(tx, batch),
        ),
      );
      let added = 0;
      for (const row of rows) {
        if (known.has(row.number)) continue;
        await spec.create(tx, row.input, money);
        added += 1;
      }
      return { added, skipped: rows.length - added };
    },
  };
}

const DOCUMENT_ALIASES = {
  title: "title",
  status: "status",
  taxrate: "taxRate",
  tax: "taxRate",
  notes: "notes",
  note: "notes",
  terms: "terms",
  description: "description",
  item: "description",
  itemdescription: "description",
  lineitem: "description",
  quantity: "quantity",
  qty: "quantity",
  unitprice: "unitPrice",
  price: "unitPrice",
};

export const quoteImport = documentImport<QuoteInput>({
  kind: "quotes",
  noun: ["quote", "quotes"],
  numberLabel: "Quote number",
  numberField: "quoteNumber",
  aliases: {
    ...DOCUMENT_ALIASES,
    quotenumber: "number",
    quoteno: "number",
    quote: "number",
    number: "number",
    validuntil: "validUntil",
    expires: "validUntil",
  },
  labels: {
    customerId: "Customer",
    quoteNumber: "Quote number",
    title: "Title",
    status: "Status",
    validUntil: "Valid until",
    taxRate: "Tax rate",
    notes: "Notes",
    terms: "Terms",
  },
  requiredColumns: [
    ["number", 'The header row needs a "Quote Number" column: rows with the same number make one quote.'],
    ["customer", 'The header row needs a "Customer" column (the name or e-mail of an existing customer).'],
    ["title", 'The header row needs a "Title" column.'],
  ],
  activity: "quotes_imported",
  parse: (input) => makeQuoteSchema(ANY_DAY).safeParse(input),
  existing: async (tx, numbers) =>
    (await tx.select({ n: quotes.quoteNumber }).from(quotes).where(inArray(quotes.quoteNumber, numbers))).map(
      (r) => r.n,
    ),
  create: (tx, input, money) => createQuote(tx, input, money),
});

export const invoiceImport = documentImport<InvoiceInput>({
  kind: "invoices",
  noun: ["invoice", "invoices"],
  numberLabel: "Invoice number",
  numberField: "invoiceNumber",
  aliases: {
    ...DOCUMENT_ALIASES,
    invoicenumber: "number",
    invoiceno: "number",
    invoice: "number",
    number: "number",
    issuedate: "issueDate",
    invoicedate: "issueDate",
    date: "issueDate",
    duedate: "dueDate",
    paymentterms: "paymentTerms",
  },
  labels: {
    customerId: "Customer",
    invoiceNumber: "Invoice number",
    title: "Title",
    status: "Status",
    issueDate: "Issue date",
    dueDate: "Due date",
    paymentTerms: "Payment terms",
    taxRate: "Tax rate",
    notes: "Notes",
    terms: "Terms",
  },
  requiredColumns: [
    ["number", 'The header row needs an "Invoice Number" column: rows with the same number make one invoice.'],
    ["customer", 'The header row needs a "Customer" column (the name or e-mail of an existing customer).'],
    ["title", 'The header row needs a "Title" column.'],
    ["dueDate", 'The header row needs a "Due Date" column.'],
  ],
  activity: "invoices_imported",
  // Blank payment terms are the business's default (Settings → Business), as on the form.
  parse: (input, money) =>
    makeInvoiceSchema(ANY_DAY).safeParse({
      ...input,
      paymentTerms:
        typeof input.paymentTerms === "string" && input.paymentTerms.trim() ? input.paymentTerms : money.paymentTerms,
    }),
  // Paid and partly paid come from recorded payments: an invoice's balance is total − payments.
  refuse: (input) =>
    input.status === "paid" || input.status === "partial"
      ? [`Status: ${input.status} comes from recorded payments; import the invoice as sent and record its payments`]
      : [],
  existing: async (tx, numbers) =>
    (await tx.select({ n: invoices.invoiceNumber }).from(invoices).where(inArray(invoices.invoiceNumber, numbers))).map(
      (r) => r.n,
    ),
  create: (tx, input, money) => createInvoice(tx, input, money),
});

// ---------------------------------------------------------------- registry

export const IMPORT_DEFINITIONS: Record<ImportKind, ImportDefinition<any>> = {
  customers: customerImport,
  jobs: jobImport,
  quotes: quoteImport,
  invoices: invoiceImport,
  "inventory-items": inventoryItemImport,
};

export type { Line };
