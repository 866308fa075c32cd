// Creates an owner account on a production database (no demo users there;
// docs/decisions/staff-accounts-and-passwords.md):
//
//   OWNER_PASSWORD='…' npx tsx db/create-owner.ts --username alice --name "Alice Smith" [--email a@b.c] [--phone …]
//
// Without OWNER_PASSWORD the password is asked for (twice, not echoed) when stdin is a terminal.
// Uses DATABASE_URL, or the embedded PGlite database when it is unset.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { hashPassword } from "../app/utils/password.server";
import { closeDb, getDb, rows, type Executor } from "./client.server";
import { users } from "./schema";

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 200; // the sign-in form rejects longer ones
const MAX_USERNAME_LENGTH = 100;

export class CreateOwnerError extends Error {}

export type OwnerInput = {
  username: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  password: string;
};

export function validateOwner(input: OwnerInput) {
  const username = input.username.trim();
  if (!username) throw new CreateOwnerError("--username is required.");
  if (username.length > MAX_USERNAME_LENGTH)
    throw new CreateOwnerError(`The username must be at most ${MAX_USERNAME_LENGTH} characters.`);
  if (/\s/.test(username)) throw new CreateOwnerError("The username must not contain spaces.");
  const name = input.name.trim();
  if (!name) throw new CreateOwnerError("--name is required.");
  const email = input.email?.trim() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new CreateOwnerError(`"${email}" is not a valid e-mail address.`);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new CreateOwnerError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (input.password.length > MAX_PASSWORD_LENGTH) {
    throw new CreateOwnerError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
  return { username, name, email, phone: input.phone?.trim() || null, password: input.password };
}

async function usernameTaken(db: Executor, username: string) {
  const found = await rows(db, sql`select 1 from users where lower(username) = lower(${username}) limit 1`);
  return found.length > 0;
}

/** Inserts an active owner; refuses a username that exists in any letter case. Returns the new id. */
export async function createOwner(db: Executor, input: OwnerInput) {
  const owner = validateOwner(input);
  if (await usernameTaken(db, owner.username)) {
    throw new CreateOwnerError(`A user named "${owner.username}" already exists; choose another username.`);
  }
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: owner.username,
        name: owner.name,
        email: owner.email,
        phone: owner.phone,
        role: "owner",
        active: true,
        passwordHash: await hashPassword(owner.password),
      })
      .returning({ id: users.id });
    return row.id;
  } catch (error) {
    // Lost a race with another insert of the same name (users_username_key is on lower(username)).
    if ((error as { code?: string } | null)?.code === "23505" || String(error).includes("users_username_key")) {
      throw new CreateOwnerError(`A user named "${owner.username}" already exists; choose another username.`);
    }
    throw error;
  }
}

// ---------------------------------------------------------------- command line

const USAGE =
  'Usage: OWNER_PASSWORD=… npx tsx db/create-owner.ts --username alice --name "Alice Smith"\n' +
  '         [--email alice@example.com] [--phone "(704) 555-0100"]\n' +
  "       (without OWNER_PASSWORD, run it in a terminal to be asked for the password)";

function parseArgs(argv: string[]) {
  const known = new Set(["username", "name", "email", "phone"]);
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") return null;
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    if (!match || !known.has(match[1])) throw new CreateOwnerError(`Unknown argument ${arg}.\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new CreateOwnerError(`--${match[1]} needs a value.\n${USAGE}`);
    values[match[1]] = value;
  }
  return values;
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  const output = process.stdout;
  return new Promise((resolve, reject) => {
    let value = "";
    output.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener("data", onData);
      output.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish();
        if (ch === "\u0003") return finish(new CreateOwnerError("Cancelled."));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else if (ch >= " ") value += ch;
      }
    };
    input.on("data", onData);
  });
}

async function readPassword() {
  const fromEnv = process.env.OWNER_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CreateOwnerError("Set OWNER_PASSWORD, or run this in a terminal to be asked for the password.");
  }
  const first = await promptHidden(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `);
  if (first.length < MIN_PASSWORD_LENGTH) {
    throw new CreateOwnerError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const second = await promptHidden("Repeat the password: ");
  if (first !== second) throw new CreateOwnerError("The passwords do not match.");
  return first;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return;
  }
  if (!args.username?.trim()) throw new CreateOwnerError(`--username is required.\n${USAGE}`);
  if (!args.name?.trim()) throw new CreateOwnerError(`--name is required.\n${USAGE}`);
  // Check everything but the password before asking for it.
  validateOwner({ ...args, username: args.username, name: args.name, password: "x".repeat(MIN_PASSWORD_LENGTH) });
  const db = await getDb();
  if (await usernameTaken(db, args.username.trim())) {
    throw new CreateOwnerError(`A user named "${args.username.trim()}" already exists; choose another username.`);
  }
  const password = await readPassword();
  await createOwner(db, { username: args.username, name: args.name, email: args.email, phone: args.phone, password });
  console.log(`Owner ${args.username.trim()} created.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main()
    .then(async () => {
      await closeDb();
    })
    .catch(async (error) => {
      console.error(
        error instanceof CreateOwnerError
          ? error.message
          : `Could not create the owner: ${error instanceof Error ? error.message : String(error)}`,
      );
      await closeDb().catch(() => {});
      process.exit(1);
    });
}
