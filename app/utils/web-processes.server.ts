// Several web processes on one machine (docs/decisions/web-processes.md). Node runs a process's
// JavaScript on one core; with WEB_CONCURRENCY `npm start` forks that many web processes
// (node:cluster, sharing the port) when the jobs run in the worker (REDIS_URL) against PostgreSQL
// (DATABASE_URL). The web processes are stateless (decisions §8) but for short per-process caches;
// a save that forgets one here tells the other processes to forget theirs too, through the primary
// (`forgetEverywhere`).
import cluster, { type Worker } from "node:cluster";
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

// This process's relay state, on globalThis: the server entry and the Remix bundle each load their
// own copy of this module and of the modules that cache. Both copies' caches must forget, and a
// save in either copy is answered by the one message handler, so the saves waiting for an answer
// and their ids live here too (per copy, a bundle's save waited its whole RELAY_WAIT_MS for an
// answer the entry's handler looked up in the other copy's map).
const stateKey = Symbol.for("cabinetry.web-processes.forget");
type Topic = "settings" | "inbox-unread";
/**
 * `forget` goes from the saving process to the primary and on to its siblings; each sibling answers
 * `forgot` once its caches are clear; the primary tells the saving process `forgotten` when all
 * have, so the save's response leaves only after every process would answer with the new figure.
 */
type Message =
  | { cabinetry: "forget"; topic: Topic; id: string }
  | { cabinetry: "forgot"; id: string }
  | { cabinetry: "forgotten"; id: string };
/** How long a save waits for its siblings' answers at most (one that died meanwhile never answers). */
export const RELAY_WAIT_MS = 2_000;
type State = { listeners: Map<Topic, Set<() => void>>; waiting: Map<string, () => void>; nextId: number };

function state(): State {
  const g = globalThis as typeof globalThis & { [stateKey]?: State };
  if (!g[stateKey]) {
    const created: State = { listeners: new Map(), waiting: new Map(), nextId: 0 };
    g[stateKey] = created;
    // A sibling's save, relayed by the primary, and the primary's answer to one of ours.
    if (cluster.isWorker)
      process.on("message", (message: unknown) => {
        if (!isRelay(message)) return;
        if (message.cabinetry === "forget") {
          forgetHere(message.topic);
          process.send?.({ cabinetry: "forgot", id: message.id } satisfies Message);
        } else if (message.cabinetry === "forgotten") created.waiting.get(message.id)?.();
      });
  }
  return g[stateKey];
}

function forgetHere(topic: Topic) {
  for (const forget of state().listeners.get(topic) ?? []) forget();
}

function isRelay(message: unknown): message is Message {
  const kind = (message as Message | null)?.cabinetry;
  return kind === "forget" || kind === "forgot" || kind === "forgotten";
}

/** Runs `forget` whenever `topic`'s figure changes in this or a sibling web process. */
export function onForget(topic: Topic, forget: () => void) {
  const all = state().listeners;
  if (!all.has(topic)) all.set(topic, new Set());
  all.get(topic)!.add(forget);
}

/**
 * This process's caches of `topic` forget it now; the sibling web processes through the primary.
 * Resolves when they all have (at once with one process; after RELAY_WAIT_MS at most): a save
 * awaits it, so the page after the save shows the new figure whichever process serves it.
 */
export function forgetEverywhere(topic: Topic): Promise<void> {
  const { waiting } = state(); // this process answers its siblings from now on
  forgetHere(topic);
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return Promise.resolve();
  const id = `${process.pid}:${state().nextId++}`;
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve();
    };
    const timer = setTimeout(done, RELAY_WAIT_MS);
    waiting.set(id, done);
    send({ cabinetry: "forget", topic, id } satisfies Message);
  });
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
  // A relayed forget: the siblings still to answer, and who asked.
  const relays = new Map<string, { from: Worker; left: Set<number> }>();
  const finish = (id: string) => {
    const relay = relays.get(id);
    relays.delete(id);
    if (relay?.from.isConnected()) relay.from.send({ cabinetry: "forgotten", id } satisfies Message);
  };
  const answered = (id: string, workerId: number) => {
    const relay = relays.get(id);
    if (relay?.left.delete(workerId) && relay.left.size === 0) finish(id);
  };
  cluster.on("message", (from, message) => {
    if (!isRelay(message)) return;
    if (message.cabinetry === "forgot") return answered(message.id, from.id);
    if (message.cabinetry !== "forget") return;
    const siblings = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => !!worker && worker !== from && worker.isConnected(),
    );
    relays.set(message.id, { from, left: new Set(siblings.map((w) => w.id)) });
    if (siblings.length === 0) finish(message.id);
    for (const worker of siblings) worker.send(message);
  });
  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  cluster.on("exit", (worker, code, signal) => {
    // A sibling that died answers no more: the saves waiting on it go on.
    for (const id of [...relays.keys()]) answered(id, worker.id);
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
