// PostgreSQL's client programs pg_dump and pg_restore (docs/decisions/backups.md). pg_dump must be at
// least the server's major version (it refuses to dump a newer server), so the tool is looked up
// in PG_BIN_DIR when it is set (only there), else Debian's /usr/lib/postgresql/<major>/bin, then
// PATH, and its --version is checked. The password never goes on the command line (other users of the machine can read it):
// it travels in PGPASSWORD, the rest of the URL as --dbname. Knows nothing about our tables.
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

export type PgTool = "pg_dump" | "pg_restore";

/** The tool is absent (or too old for the server): the message says what to install. */
export class PgToolMissingError extends Error {
  constructor(
    readonly tool: PgTool,
    readonly serverMajor: number | null,
    found?: { path: string; major: number },
  ) {
    const need = serverMajor ? `PostgreSQL ${serverMajor} (or newer) client tools` : "the PostgreSQL client tools";
    super(
      found
        ? `${tool} at ${found.path} is version ${found.major}, older than the database server (${serverMajor}): ` +
            `install ${need} (Debian: postgresql-client-${serverMajor}) or set PG_BIN_DIR.`
        : `${tool} was not found: install ${need} (Debian: postgresql-client${serverMajor ? `-${serverMajor}` : ""}) ` +
            `or set PG_BIN_DIR to the folder that holds it.`,
    );
    this.name = "PgToolMissingError";
  }
}

async function executable(file: string) {
  try {
    await fs.access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs a program; resolves with its exit code and the last 4 KB of stderr/stdout. */
function run(file: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-4096)));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4096)));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** "pg_dump (PostgreSQL) 15.20 (Debian …)" → 15. */
async function toolMajor(file: string): Promise<number | null> {
  try {
    const { code, stdout } = await run(file, ["--version"]);
    const match = /\)\s+(\d+)/.exec(stdout) ?? /(\d+)\.\d+/.exec(stdout);
    return code === 0 && match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The path of a tool whose major version is at least `serverMajor`; throws PgToolMissingError. */
export async function findPgTool(
  tool: PgTool,
  serverMajor: number | null,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const dirs = (
    env.PG_BIN_DIR
      ? [env.PG_BIN_DIR]
      : [serverMajor ? `/usr/lib/postgresql/${serverMajor}/bin` : undefined, ...(env.PATH ?? "").split(path.delimiter)]
  ).filter((d): d is string => Boolean(d));
  let tooOld: { path: string; major: number } | undefined;
  for (const dir of [...new Set(dirs)]) {
    const file = path.join(dir, tool);
    if (!(await executable(file))) continue;
    const major = await toolMajor(file);
    if (major === null) continue;
    if (serverMajor === null || major >= serverMajor) return file;
    tooOld ??= { path: file, major };
  }
  throw new PgToolMissingError(tool, serverMajor, tooOld);
}

/** A connection URL split into a password-free --dbname and the environment carrying the password. */
export function connectionArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The words of a failed tool's stderr worth showing (the last lines; never the environment). */
function failure(tool: PgTool, code: number, stderr: string) {
  const lines = stderr.trim().split("\n").filter(Boolean).slice(-3).join(" ");
  return new Error(`${tool} failed (exit ${code})${lines ? `: ${lines}` : ""}`);
}

/**
 * Dumps the database at `url` to `file` in pg_dump's custom format (compressed, restorable by
 * pg_restore, table by table). `snapshot` (pg_export_snapshot() of an open transaction) makes the
 * dump see exactly what that transaction sees.
 */
export async function pgDump(opts: { url: string; file: string; serverMajor: number | null; snapshot?: string }) {
  const bin = await findPgTool("pg_dump", opts.serverMajor);
  const { dbname, env } = connectionArgs(opts.url);
  const args = ["--format=custom", "--no-password", `--file=${opts.file}`];
  if (opts.snapshot) args.push(`--snapshot=${opts.snapshot}`);
  args.push(`--dbname=${dbname}`);
  const { code, stderr } = await run(bin, args, env);
  if (code !== 0) throw failure("pg_dump", code, stderr);
}

/**
 * Restores a custom-format dump into the database at `url`, in one transaction (all or nothing),
 * without the source's owners and grants (the target's user owns everything). `clean` drops the
 * dump's objects first.
 */
export async function pgRestore(opts: { url: string; file: string; serverMajor: number | null; clean?: boolean }) {
  const bin = await findPgTool("pg_restore", opts.serverMajor);
  const { dbname, env } = connectionArgs(opts.url);
  const args = ["--no-owner", "--no-privileges", "--no-password", "--exit-on-error", "--single-transaction"];
  if (opts.clean) args.push("--clean", "--if-exists");
  args.push(`--dbname=${dbname}`, opts.file);
  const { code, stderr } = await run(bin, args, env);
  if (code !== 0) throw failure("pg_restore", code, stderr);
}
