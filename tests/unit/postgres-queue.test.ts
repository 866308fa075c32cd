// postgres.js's queue (its pool's connection lists and each connection's sent queries), patched
// (patches/postgres+3.4.9.patch, docs/decisions/postgres-pool-queue.md): it must answer exactly as a
// first-in-first-out list with removal, and its work must not grow with how long the pool has been
// busy — upstream, every shift left a hole that later removals scanned, until the list ran empty.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";

type Queue<T> = { readonly length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };
type MakeQueue = <T>(initial?: T[]) => Queue<T>;

const require = createRequire(import.meta.url);
const packageDir = path.resolve(path.dirname(require.resolve("postgres")), "../..");
// The ESM build is what the web process and the worker load; the CommonJS one what `require` gets.
const builds: [string, () => Promise<MakeQueue>][] = [
  [
    "src (ESM)",
    async () =>
      ((await import(pathToFileURL(path.join(packageDir, "src/queue.js")).href)) as { default: MakeQueue }).default,
  ],
  ["cjs", async () => require(path.join(packageDir, "cjs/src/queue.js")) as MakeQueue],
];

type Op = { kind: "push" } | { kind: "shift" } | { kind: "remove"; pick: number; absent: boolean };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: "push" }),
  fc.constant<Op>({ kind: "shift" }),
  fc.record({ kind: fc.constant("remove" as const), pick: fc.nat(), absent: fc.boolean() }),
);

/** How long the arrays that `indexOf` searched were, and from where: the queue's own scans. */
function watchIndexOf() {
  const original = Array.prototype.indexOf;
  const seen = { longestArray: 0, longestScan: 0 };
  Array.prototype.indexOf = function (this: unknown[], ...args: Parameters<typeof original>) {
    seen.longestArray = Math.max(seen.longestArray, this.length);
    seen.longestScan = Math.max(seen.longestScan, this.length - (args[1] ?? 0));
    return original.apply(this, args);
  };
  restore = () => {
    Array.prototype.indexOf = original;
  };
  return seen;
}
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe.each(builds)("postgres.js queue, %s build", (_name, load) => {
  it("answers as a first-in-first-out list with removal, whatever the order of operations", async () => {
    const makeQueue = await load();
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const queue = makeQueue<{ n: number }>();
        const model: { n: number }[] = [];
        let next = 0;
        for (const o of ops) {
          if (o.kind === "push") {
            const item = { n: next++ };
            expect(queue.push(item)).toBe(item);
            model.push(item);
          } else if (o.kind === "shift") {
            expect(queue.shift()).toBe(model.shift());
          } else {
            const item = o.absent || !model.length ? { n: -1 } : model[o.pick % model.length];
            const at = model.indexOf(item);
            if (at >= 0) model.splice(at, 1);
            expect(queue.remove(item)).toBe(at >= 0 ? item : null);
          }
          expect(queue.length).toBe(model.length);
        }
        // What is left comes out in order.
        for (const item of model) expect(queue.shift()).toBe(item);
        expect(queue.length).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps its work bounded when a busy pool's list never runs empty", async () => {
    const makeQueue = await load();
    // Ten connections moving between "open" and "busy" as the pool moves them under steady load: a
    // query takes an open connection (or the longest-busy one when none is open), a finished query
    // moves its connection back; "busy" always holds some.
    const connections = Array.from({ length: 10 }, (_, n) => ({ n }));
    const open = makeQueue<{ n: number }>(connections.slice(5));
    const busy = makeQueue<{ n: number }>(connections.slice(0, 5));
    const busyList = connections.slice(0, 5);
    const seen = watchIndexOf();
    let random = 1;
    for (let i = 0; i < 60_000; i++) {
      random = (random * 48271) % 2147483647;
      if (random % 3 === 0 && busyList.length > 1) {
        // A query finished: its connection leaves "busy" from the middle of the list.
        const c = busyList.splice(random % busyList.length, 1)[0];
        expect(busy.remove(c)).toBe(c);
        open.push(c);
      } else if (open.length) {
        const c = open.shift()!;
        busy.push(c);
        busyList.push(c);
      } else {
        // Every connection busy: the longest-busy one takes the query too and goes to the back (the
        // pool's move() first removes it from the list it is on: no longer there, a miss).
        const c = busy.shift()!;
        expect(c).toBe(busyList.shift());
        expect(busy.remove(c)).toBeNull();
        busy.push(c);
        busyList.push(c);
      }
    }
    restore?.();
    expect(busy.length).toBe(busyList.length);
    // A removal searches the live entries only (upstream: every hole left since the list was last
    // empty, tens of thousands here), and the list's array stays within its compaction bound.
    expect(seen.longestScan).toBeLessThanOrEqual(connections.length);
    expect(seen.longestArray).toBeLessThanOrEqual(2 * 1024 + connections.length);
  });
});
