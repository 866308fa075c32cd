import { sql } from "drizzle-orm";
import { rows, type Executor } from "../../db/client.server";

/**
 * The next document number for the business year, e.g. Q-2026-0001
 * (docs/decisions/document-numbers.md). One upsert … returning on number_sequences inside the
 * caller's transaction: the row lock serialises concurrent creators, and a rolled-back create gives
 * its number back.
 */
export async function nextNumber(tx: Executor, prefix: "Q" | "INV" | "PO", today: string) {
  const key = `${prefix}-${today.slice(0, 4)}`;
  const [row] = await rows<{ last_value: number }>(
    tx,
    sql`insert into number_sequences (key, last_value) values (${key}, 1)
        on conflict (key) do update set last_value = number_sequences.last_value + 1
        returning last_value`,
  );
  return `${key}-${String(row.last_value).padStart(4, "0")}`;
}
