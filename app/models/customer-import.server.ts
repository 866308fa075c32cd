// Settings → System Import (decisions §6): customers only. The whole file is checked first with
// the customer form's own schema; one bad row imports nothing. Rows whose e-mail a customer (or an
// earlier row) already has are skipped, and the rest go in with one transaction and one activity
// entry.
import { CsvError, parse } from "csv-parse/sync";
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { customers } from "../../db/schema";
import { CustomerSchema, type CustomerInput } from "../schemas/customer";
import { logActivity } from "./activity.server";
import { customerColumns } from "./customer.server";

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
const SHOWN_ERRORS = 20;
const INSERT_BATCH = 1000;

// Appointment reminders are not imported: a customer opts in on the customer form.
type Field = Exclude<keyof CustomerInput, "appointmentReminders">;

/** Header names, lower-cased without spaces, dashes, underscores or dots, to the customer field. */
const HEADER_ALIASES: Record<string, Field> = {
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
};

const FIELD_LABELS: Record<Field, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  address: "Address",
  city: "City",
  state: "State",
  zipCode: "ZIP Code",
  notes: "Notes",
};

export type ParsedImport = { ok: true; rows: CustomerInput[] } | { ok: false; errors: string[] };

const fail = (...errors: string[]): ParsedImport => ({ ok: false, errors });

/** Reads and validates the CSV text; errors name the file's line numbers (the header is line 1). */
export function parseCustomerCsv(content: string): ParsedImport {
  if (content.trim() === "")
    return fail("The file is empty. Choose a CSV file with a header row and one customer per row.");
  if (content.includes("\u0000"))
    return fail(
      "This does not look like a CSV file. Save the spreadsheet as CSV (comma-separated values) and try again.",
    );
  let records: { record: string[]; info: { lines: number; empty_lines: number } }[];
  try {
    // csv-parse's types do not narrow the result for `info: true` (records with their line info).
    records = parse(content, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return fail(`The file could not be read as CSV: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return fail("The file is empty. Choose a CSV file with a header row and one customer per row.");
  const columns = header.record.map((h) => HEADER_ALIASES[h.toLowerCase().replace(/[\s_.-]/g, "")]);
  if (!columns.includes("name")) {
    return fail(
      'The header row needs a "Name" column (also accepted: "Customer Name"). Other columns: Email, Phone, Address, City, State, ZIP Code, Notes.',
    );
  }
  if (body.length === 0) return fail("The file has a header row but no customers.");
  if (body.length > IMPORT_MAX_ROWS)
    return fail(
      `The file has ${body.length.toLocaleString("en-US")} rows; at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} can be imported at once.`,
    );

  const rows: CustomerInput[] = [];
  const errors: string[] = [];
  let previous = header.info;
  for (const { record, info } of body) {
    // A quoted field may span lines: the row starts after the previous one and any blank lines.
    const line = previous.lines + 1 + (info.empty_lines - previous.empty_lines);
    previous = info;
    const input: Partial<Record<Field, string>> = {};
    columns.forEach((field, i) => {
      if (field && input[field] === undefined) input[field] = record[i] ?? "";
    });
    const result = CustomerSchema.safeParse(input);
    if (result.success) {
      rows.push(result.data);
    } else {
      const issues = result.error.issues.map((issue) => {
        const field = issue.path[0] as Field | undefined;
        return field ? `${FIELD_LABELS[field]}: ${issue.message}` : issue.message;
      });
      errors.push(`Line ${line}: ${issues.join("; ")}`);
    }
  }
  if (errors.length === 0) return { ok: true, rows };
  const shown = errors.slice(0, SHOWN_ERRORS);
  if (errors.length > SHOWN_ERRORS) shown.push(`and ${errors.length - SHOWN_ERRORS} more`);
  return { ok: false, errors: shown };
}

export type ImportResult = { added: number; skipped: number };

/** Inserts the rows not already known by e-mail (case-insensitive), all or nothing. */
export async function importCustomers(
  db: Executor,
  rows: CustomerInput[],
  opts: { actorId?: number; fileName?: string } = {},
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const emails = [...new Set(rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])))];
    const seen = new Set<string>();
    for (let i = 0; i < emails.length; i += INSERT_BATCH) {
      const known = await tx
        .select({ email: sql<string>`lower(${customers.email})` })
        .from(customers)
        .where(inArray(sql`lower(${customers.email})`, emails.slice(i, i + INSERT_BATCH)));
      for (const k of known) seen.add(k.email);
    }
    const fresh: CustomerInput[] = [];
    for (const row of rows) {
      const email = row.email?.toLowerCase();
      if (email && seen.has(email)) continue;
      if (email) seen.add(email);
      fresh.push(row);
    }
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      await tx.insert(customers).values(fresh.slice(i, i + INSERT_BATCH).map(customerColumns));
    }
    const result = { added: fresh.length, skipped: rows.length - fresh.length };
    await logActivity(tx, {
      type: "customers_imported",
      title: "Customers imported",
      description: `${importSummary(result)}${opts.fileName ? ` (${opts.fileName})` : ""}`,
      userId: opts.actorId,
    });
    return result;
  });
}

export function importSummary({ added, skipped }: ImportResult) {
  const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
  return `Added ${plural(added, "customer")}, skipped ${plural(skipped, "duplicate")}.`;
}
