// CSV downloads (Settings → System Export, docs/decisions/csv-export-and-import.md). csv-stringify
// does the quoting; rows are read and written one batch at a time, so a 60k-row table never sits in
// memory.
import { stringify } from "csv-stringify/sync";

/** A column of an export: `text` cells are user input and escaped against formula injection. */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  kind?: "text" | "plain";
};

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @ tab or CR as a formula,
 * so such text gets a leading apostrophe. Numbers, dates and ids we format ourselves are "plain"
 * and left exact (a negative stock "-2.0000" stays a number).
 */
export function escapeFormula(value: string) {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function cell<Row>(column: CsvColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null || value === undefined) return "";
  const text = String(value);
  return column.kind === "plain" ? text : escapeFormula(text);
}

/**
 * A streamed `text/csv` attachment: the header row, then `batches()` one batch per pull (the
 * stream's back-pressure paces the database reads).
 */
export function csvResponse<Row>(filename: string, columns: CsvColumn<Row>[], batches: AsyncIterable<Row[]>) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(stringify([columns.map((c) => c.header)])));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) return controller.close();
        if (next.value.length > 0)
          controller.enqueue(encoder.encode(stringify(next.value.map((row) => columns.map((c) => cell(c, row))))));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
