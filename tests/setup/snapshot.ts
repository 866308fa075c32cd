// A test's reads of "the newest N" depend on what other files insert meanwhile (they run in
// parallel): `inSnapshot` runs checks in one REPEATABLE READ transaction, which sees its own rows and
// a fixed snapshot of everyone else's, and is rolled back at the end.
import { getDb, type Tx } from "../../db/client.server";

export async function inSnapshot(work: (tx: Tx) => Promise<void>) {
  const db = await getDb();
  const rollback = new Error("rollback");
  await db
    .transaction(
      async (tx) => {
        await work(tx);
        throw rollback;
      },
      { isolationLevel: "repeatable read" },
    )
    .catch((error) => {
      if (error !== rollback) throw error;
    });
}
