// `npm run db:seed`: loads the demo shop or the large dataset into DATABASE_URL, or into the
// embedded PGlite database when it is unset (docs/decisions/seed-data.md).
//
//   npx tsx db/seed/index.ts              the demo shop; refuses when users already exist
//   npx tsx db/seed/index.ts --if-empty   the demo shop only when the database has no users (npm run demo)
//   npx tsx db/seed/index.ts --large      the large dataset (20k customers … 500k inventory transactions)
//   npx tsx db/seed/index.ts --large --scale=0.1   the same at a tenth of the size
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, dbKind, getDb } from "../client.server";
import { DEMO_PASSWORD } from "./catalogue";
import { seedDemo } from "./demo";
import { seedLarge } from "./large";
import { SeedError, countUsers } from "./shared";

export { seedDemo, seedLarge };

function parseArgs(argv: string[]) {
  const flags = { large: false, ifEmpty: false, scale: 1, help: false };
  for (const arg of argv) {
    if (arg === "--large") flags.large = true;
    else if (arg === "--if-empty") flags.ifEmpty = true;
    else if (arg === "--help" || arg === "-h") flags.help = true;
    else if (arg.startsWith("--scale=")) flags.scale = Number(arg.slice("--scale=".length));
    else throw new SeedError(`Unknown option ${arg}. Usage: tsx db/seed/index.ts [--if-empty] [--large [--scale=0.1]]`);
  }
  return flags;
}

async function main() {
  const flags = parseArgs(process.argv.slice(2));
  if (flags.help) {
    console.log(
      "Usage: tsx db/seed/index.ts [--if-empty]        load the demo shop (refuses if users exist)\n" +
        "       tsx db/seed/index.ts --large [--scale=N]  load the large dataset",
    );
    return;
  }
  const db = await getDb();
  const kind = await dbKind();
  if (flags.large) {
    console.log(`Loading the benchmark dataset${flags.scale === 1 ? "" : ` at scale ${flags.scale}`} into ${kind}…`);
    const result = await seedLarge(db, { scale: flags.scale });
    console.log(`Benchmark data loaded in ${(result.totalMs / 1000).toFixed(1)} s.`);
    if (result.createdUsers) printLogins();
    return;
  }
  if ((await countUsers(db)) > 0) {
    if (flags.ifEmpty) {
      console.log("Database already has data; not seeding.");
      return;
    }
    throw new SeedError("Database already has users; refusing to load demo data (use --if-empty to skip quietly).");
  }
  const t0 = Date.now();
  const summary = await seedDemo(db);
  console.log(
    `Loaded into ${kind} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
      Object.entries(summary)
        .map(([k, v]) => `${v} ${k}`)
        .join(", "),
  );
  console.log("Demo data loaded.");
  printLogins();
}

function printLogins() {
  console.log("Demo logins (password for all: " + DEMO_PASSWORD + "):");
  console.log("  owner     / " + DEMO_PASSWORD);
  console.log("  office    / " + DEMO_PASSWORD);
  console.log("  installer / " + DEMO_PASSWORD);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main()
    .then(async () => {
      await closeDb();
    })
    .catch(async (error) => {
      const message =
        error instanceof SeedError
          ? error.message
          : `Seeding failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(message);
      if (!(error instanceof SeedError) && error instanceof Error && error.stack && process.env.DEBUG)
        console.error(error.stack);
      await closeDb().catch(() => {});
      process.exit(1);
    });
}
