// `node --import ./tests/bench/io-count.ts`: counts what a bench child process sends to PostgreSQL
// and Redis, by reading its own outgoing protocol bytes (net.Socket#write), so the figures are exact
// and need no server extension: SQL statements (Execute and simple Query messages, BEGIN and COMMIT
// included), PostgreSQL round trips (Sync and simple Query messages: one wait for an answer each),
// Redis commands (RESP arrays; a Lua script is one) and Redis writes (a pipeline is one write).
// On SIGUSR2, and at exit, the counts go to $IO_COUNT_DIR/<pid>.json: the bench asks for them before
// and after its measured window (a timer writing them was itself ~3% of a process's CPU under load).
// Loaded only by benches (tests/bench/webhooks.ts), never by the app.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export type IoCounts = { sqlStatements: number; sqlRoundTrips: number; redisCommands: number; redisWrites: number };

const dir = process.env.IO_COUNT_DIR;
const counts: IoCounts = { sqlStatements: 0, sqlRoundTrips: 0, redisCommands: 0, redisWrites: 0 };

type PgState = { started: boolean; pending: Buffer };
type RedisState = { pending: string };
const pgStates = new WeakMap<net.Socket, PgState>();
const redisStates = new WeakMap<net.Socket, RedisState>();

const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === "string")
    return Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding);
  return null;
};

/** Frontend messages: type byte + int32 length; the first message of a connection has no type byte. */
function countPg(socket: net.Socket, data: Buffer) {
  let state = pgStates.get(socket);
  if (!state) pgStates.set(socket, (state = { started: false, pending: Buffer.alloc(0) }));
  let buf = state.pending.length ? Buffer.concat([state.pending, data]) : data;
  let at = 0;
  for (;;) {
    if (!state.started) {
      if (buf.length - at < 8) break;
      const len = buf.readInt32BE(at);
      if (buf.length - at < len) break;
      // An SSLRequest (80877103) is followed by another untyped startup message.
      if (buf.readInt32BE(at + 4) !== 80877103) state.started = true;
      at += len;
      continue;
    }
    if (buf.length - at < 5) break;
    const type = String.fromCharCode(buf[at]);
    const len = buf.readInt32BE(at + 1);
    if (buf.length - at < len + 1) break;
    if (type === "E" || type === "Q") counts.sqlStatements += 1;
    if (type === "S" || type === "Q") counts.sqlRoundTrips += 1;
    at += len + 1;
  }
  buf = buf.subarray(at);
  state.pending = Buffer.from(buf);
}

/** RESP commands: `*<n>\r\n` then n bulk strings `$<len>\r\n<bytes>\r\n`. */
function countRedis(socket: net.Socket, data: Buffer) {
  counts.redisWrites += 1;
  let state = redisStates.get(socket);
  if (!state) redisStates.set(socket, (state = { pending: "" }));
  const text = state.pending + data.toString("latin1");
  let at = 0;
  outer: for (;;) {
    if (text[at] !== "*") break;
    const headEnd = text.indexOf("\r\n", at);
    if (headEnd < 0) break;
    const parts = Number(text.slice(at + 1, headEnd));
    let p = headEnd + 2;
    for (let i = 0; i < parts; i++) {
      const lenEnd = text.indexOf("\r\n", p);
      if (lenEnd < 0 || text[p] !== "$") break outer;
      const len = Number(text.slice(p + 1, lenEnd));
      p = lenEnd + 2 + len + 2;
      if (p > text.length) break outer;
    }
    counts.redisCommands += 1;
    at = p;
  }
  state.pending = text.slice(at);
}

if (dir) {
  const pgPort = Number(new URL(process.env.DATABASE_URL ?? "postgres://x:5432/").port || 5432);
  const redisPort = Number(new URL(process.env.REDIS_URL ?? "redis://x:6379").port || 6379);
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    try {
      const port = this.remotePort;
      if (port === pgPort || port === redisPort) {
        const data = toBuffer(chunk, rest[0]);
        if (data) (port === pgPort ? countPg : countRedis)(this, data);
      }
    } catch {
      // counting never breaks the process
    }
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof net.Socket.prototype.write;
  // ioredis writes through writev when it has several commands at once (cork/uncork).
  const file = path.join(dir, `${process.pid}.json`);
  fs.mkdirSync(dir, { recursive: true });
  // Written whole, then renamed: the bench never reads half a file.
  const flush = () => {
    fs.writeFileSync(`${file}.part`, JSON.stringify(counts));
    fs.renameSync(`${file}.part`, file);
  };
  process.on("SIGUSR2", flush);
  process.on("exit", flush);
}

/** Asks child processes for their counts (SIGUSR2), then reads them (zeros from one that wrote none). */
export async function collectIoCounts(countDir: string, pids: (number | undefined)[]): Promise<IoCounts[]> {
  for (const pid of pids) if (pid) fs.rmSync(path.join(countDir, `${pid}.json`), { force: true });
  for (const pid of pids) if (pid) process.kill(pid, "SIGUSR2");
  const until = Date.now() + 5_000;
  while (Date.now() < until && pids.some((pid) => pid && !fs.existsSync(path.join(countDir, `${pid}.json`))))
    await new Promise((resolve) => setTimeout(resolve, 20));
  return pids.map((pid) => readIoCounts(countDir, pid));
}

function readIoCounts(countDir: string, pid: number | undefined): IoCounts {
  try {
    return JSON.parse(fs.readFileSync(path.join(countDir, `${pid}.json`), "utf8")) as IoCounts;
  } catch {
    return { sqlStatements: 0, sqlRoundTrips: 0, redisCommands: 0, redisWrites: 0 };
  }
}
