// Settings → System → Import Data (docs/decisions/csv-export-and-import.md): ONE import engine for
// every kind. A kind (app/models/import-kinds.server.ts) says which headers map to which fields,
// how its rows are checked (its own form schema, references resolved by name) and how they are
// written (what counts as a duplicate). The engine reads the CSV, then in one transaction takes
// the kind's advisory lock (two imports of the same kind run one after the other, so the second
// sees the first's rows and skips them), checks every row — one bad row imports nothing, errors
// name the file's line numbers — writes, and logs one activity entry.
import { CsvError, parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { ZodError } from "zod";
import type { Executor } from "../../db/client.server";
import type { ImportKind } from "../schemas/import";
import type { ActivityType } from "../utils/activity-types";
import { isRefusal } from "../utils/refusal.server";
import { logActivity } from "./activity.server";

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
const SHOWN_ERRORS = 20;

/** One data row of the file: its first line number and its values by field (unknown columns dropped). */
export type Line = { line: number; values: Record<string, string> };
export type ImportResult = { added: number; skipped: number };
export type ImportOptions = { actorId?: number | null; fileName?: string };

export type ImportDefinition<Row> = {
  kind: ImportKind;
  /** What one added/skipped thing is called: ["customer", "customers"]. */
  noun: [string, string];
  /** What one row of the file is: "one customer per row". */
  rowNoun: string;
  /** Header names, lower-cased without spaces, dashes, underscores or dots, to the field. */
  aliases: Record<string, string>;
  /** A field's name in error messages. */
  labels: Record<string, string>;
  /** Columns the header row must have, each with the message when it is missing. */
  requiredColumns: Array<[field: string, message: string]>;
  activity: ActivityType;
  /** Inside the import transaction, after the lock: resolves references, checks every row. */
  check(tx: Executor, lines: Line[], opts: ImportOptions): Promise<{ rows: Row[]; errors: string[] }>;
  /** Writes the rows not already present (those are counted as skipped). */
  write(tx: Executor, rows: Row[], opts: ImportOptions): Promise<ImportResult>;
};

export type ParsedCsv = { ok: true; lines: Line[] } | { ok: false; errors: string[] };
const fail = (...errors: string[]): { ok: false; errors: string[] } => ({ ok: false, errors });

export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[\s_.-]/g, "");

/** Reads the CSV text into lines by field; errors name the file's line numbers (the header is line 1). */
export function readCsv(content: string, def: ImportDefinition<unknown>): ParsedCsv {
  const empty = `The file is empty. Choose a CSV file with a header row and ${def.rowNoun}.`;
  if (content.trim() === "") return fail(empty);
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
  if (!header) return fail(empty);
  const columns = header.record.map((h) => def.aliases[normalizeHeader(h)]);
  const missing = def.requiredColumns.filter(([field]) => !columns.includes(field)).map(([, message]) => message);
  if (missing.length > 0) return fail(...missing);
  if (body.length === 0) return fail(`The file has a header row but no ${def.noun[1]}.`);
  if (body.length > IMPORT_MAX_ROWS)
    return fail(
      `The file has ${body.length.toLocaleString("en-US")} rows; at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} can be imported at once.`,
    );
  const lines: Line[] = [];
  let previous = header.info;
  for (const { record, info } of body) {
    // A quoted field may span lines: the row starts after the previous one and any blank lines.
    const line = previous.lines + 1 + (info.empty_lines - previous.empty_lines);
    previous = info;
    const values: Record<string, string> = {};
    columns.forEach((field, i) => {
      if (field && values[field] === undefined) values[field] = record[i] ?? "";
    });
    lines.push({ line, values });
  }
  return { ok: true, lines };
}

/** "Line 5: Email: Enter a valid email address; Phone: …" */
export const lineError = (line: number, messages: string[]) => `Line ${line}: ${messages.join("; ")}`;

/** A zod error's messages, each led by its field's label. */
export function issueMessages(error: ZodError, labels: Record<string, string>) {
  return error.issues.map((issue) => {
    const field = issue.path[0];
    const label = typeof field === "string" ? labels[field] : undefined;
    return label ? `${label}: ${issue.message}` : issue.message;
  });
}

const capped = (errors: string[]) =>
  errors.length > SHOWN_ERRORS
    ? [...errors.slice(0, SHOWN_ERRORS), `and ${errors.length - SHOWN_ERRORS} more`]
    : errors;

/** A key for pg_advisory_xact_lock: one per kind. */
const lockKey = (kind: ImportKind) => `cabinetry.import.${kind}`;

export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; errors: string[] };

class LineErrors extends Error {
  constructor(readonly errors: string[]) {
    super("import refused");
  }
}

/** Checks and writes the lines all or nothing, under the kind's lock. */
export async function runImport<Row>(
  db: Executor,
  def: ImportDefinition<Row>,
  lines: Line[],
  opts: ImportOptions = {},
): Promise<ImportOutcome> {
  try {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey(def.kind)}))`);
      const { rows, errors } = await def.check(tx, lines, opts);
      if (errors.length > 0) throw new LineErrors(capped(errors));
      const result = await def.write(tx, rows, opts);
      await logActivity(tx, {
        type: def.activity,
        title: `${def.noun[1][0].toUpperCase()}${def.noun[1].slice(1)} imported`,
        description: `${importSummary(def, result)}${opts.fileName ? ` (${opts.fileName})` : ""}`,
        userId: opts.actorId ?? null,
      });
      return result;
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof LineErrors) return fail(...error.errors);
    // A model's refusal (a number taken meanwhile by someone else): nothing was written.
    if (isRefusal(error)) return fail(error.message);
    throw error;
  }
}

/** Reads and imports a file's text: the whole import in one call. */
export async function importCsv<Row>(
  db: Executor,
  def: ImportDefinition<Row>,
  content: string,
  opts: ImportOptions = {},
): Promise<ImportOutcome> {
  const parsed = readCsv(content, def as ImportDefinition<unknown>);
  if (!parsed.ok) return parsed;
  return runImport(db, def, parsed.lines, opts);
}

export function importSummary(def: { noun: [string, string] }, { added, skipped }: ImportResult) {
  const count = (n: number, [one, many]: [string, string]) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  return `Added ${count(added, def.noun)}, skipped ${count(skipped, ["duplicate", "duplicates"])}.`;
}
