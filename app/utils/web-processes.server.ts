// Several web processes on one machine (docs/decisions/web-processes.md). Node runs a process's
// JavaScript on one core; with WEB_CONCURRENCY `npm start` forks that many web processes
// (node:cluster, sharing the port) when the jobs run in the worker (REDIS_URL) against PostgreSQL
// (DATABASE_URL). The web processes are stateless (decisions §8) but for short per-process caches;
// a save that forgets one here tells the other processes to forget theirs too, through the primary
// (`forgetEverywhere`).
import cluster from "node:cluster";
import os from "node:os";
import type { Env } from "./env.server";

/** At most this many for "auto": each process keeps its own database pool (DATABASE_POOL_SIZE). */
const AUTO_MAX = 4;
/** Memory a web process may take under load (~750 MiB measured, docs/performance.md → Memory), rounded up. */
const MEMORY_PER_PROCESS = 1024 ** 3;

/** This machine's cores and memory (a container's memory limit when it has one). */
export function thisMachine() {
  const limit = process.constrainedMemory?.() ?? 0;
  const memory = limit > 0 && limit < os.totalmem() ? limit : os.totalmem();
  return { cores: os.availableParallelism(), memory };
}

/**
 * How many web processes `npm start` runs: WEB_CONCURRENCY; unset, one. "auto": one per core, at
 * most 4 and at most one per GiB of memory — but one without Redis or without PostgreSQL (the jobs
 * then run inside the web process, and PGlite's files belong to one process), where a number above
 * 1 is refused.
 */
export function webProcessCount(
  config: Pick<Env, "WEB_CONCURRENCY" | "REDIS_URL" | "DATABASE_URL">,
  machine = thisMachine(),
) {
  const alone = !config.REDIS_URL || !config.DATABASE_URL;
  const wanted = config.WEB_CONCURRENCY ?? 1;
  if (wanted === "auto")
    return alone ? 1 : Math.max(1, Math.min(machine.cores, AUTO_MAX, Math.floor(machine.memory / MEMORY_PER_PROCESS)));
  if (alone && wanted > 1) {
    throw new Error(
      "WEB_CONCURRENCY above 1 needs REDIS_URL and DATABASE_URL: without them the jobs and the embedded database live in the one web process",
    );
  }
  return wanted;
}

// The listeners of this process, on globalThis: the server entry and the Remix bundle each load
// their own copy of the modules that cache, and both copies must forget.
const listenersKey = Symbol.for("cabinetry.web-processes.forget");
type Topic = "settings" | "inbox-unread";
type Message = { cabinetry: "forget"; topic: Topic };

function listeners(): Map<Topic, Set<() => void>> {
  const g = globalThis as typeof globalThis & { [listenersKey]?: Map<Topic, Set<() => void>> };
  if (!g[listenersKey]) {
    g[listenersKey] = new Map();
    // A sibling's save, relayed by the primary.
    if (cluster.isWorker) process.on("message", (message: unknown) => isForget(message) && forgetHere(message.topic));
  }
  return g[listenersKey];
}

function forgetHere(topic: Topic) {
  for (const forget of listeners().get(topic) ?? []) forget();
}

export function isForget(message: unknown): message is Message {
  return (message as Message | null)?.cabinetry === "forget";
}

/** Runs `forget` whenever `topic`'s figure changes in this or a sibling web process. */
export function onForget(topic: Topic, forget: () => void) {
  const all = listeners();
  if (!all.has(topic)) all.set(topic, new Set());
  all.get(topic)!.add(forget);
}

/** This process's caches of `topic` forget it now; the sibling web processes as soon as the message arrives. */
export function forgetEverywhere(topic: Topic) {
  forgetHere(topic);
  if (cluster.isWorker && process.send) process.send({ cabinetry: "forget", topic } satisfies Message);
}

/**
 * The primary: forks `count` web processes, relays their forget messages to the others, starts
 * another when one dies after it served (one that dies before it listens is a configuration problem:
 * all stop, exit code 1), and passes SIGTERM/SIGINT on for their graceful stop.
 */
export function runWebProcesses(count: number, port: number) {
  let stopping = false;
  let listening = 0;
  const serving = new WeakSet<object>();
  cluster.on("listening", (worker) => {
    serving.add(worker);
    if (++listening === count)
      console.log(`Cabinetry Jobs listening on http://localhost:${port} (${count} web processes)`);
  });
  cluster.on("message", (from, message) => {
    if (!isForget(message)) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
  });
  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  cluster.on("exit", (worker, code, signal) => {
    if (!stopping && !serving.has(worker)) {
      console.error(`a web process stopped before it served (${signal ?? `exit code ${code}`}); stopping`);
      stop("SIGTERM", 1);
    } else if (!stopping) {
      console.error(`web process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
      cluster.fork();
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) cluster.fork();
}
