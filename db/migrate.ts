// Applies the committed drizzle-kit migrations to DATABASE_URL, or to the embedded PGlite
// database when it is unset (both runtime migrators keep the same journal table).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, dbKind, getDb } from "./client.server";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export async function migrate() {
  const db = await getDb();
  if ((await dbKind()) === "pglite") {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import("drizzle-orm/postgres-js/migrator");
    await run(db, { migrationsFolder });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  migrate()
    .then(async () => {
      console.log(`Migrations applied (${await dbKind()}).`);
      await closeDb();
    })
    .catch(async (error) => {
      console.error("Migration failed:", error instanceof Error ? error.message : error);
      await closeDb();
      process.exit(1);
    });
}
