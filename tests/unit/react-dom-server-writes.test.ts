// React's streaming server renderer, patched (patches/react-dom+18.3.1.patch,
// docs/decisions/react-server-writes.md): it gathers a flush's markup as one string and hands the
// destination a few Buffers, where upstream copied every chunk into 2 KB views. The page must be
// byte for byte what React renders without the patch; the patch's only visible effect is fewer,
// larger writes — and no NUL bytes: upstream wrote a whole 2 KB view when a multi-byte character did
// not fit in its tail (facebook/react#31134; the owner's /tasks page had two before a row's "⋯").
// Both builds are loaded by file: production is what the server runs, development `npm run dev`.
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement as h, Fragment, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type Stream = { pipe: (w: Writable) => void };
type Fizz = {
  renderToPipeableStream: (
    node: ReactNode,
    opts: { onAllReady?: () => void; onShellReady?: () => void; onError?: (e: unknown) => void },
  ) => Stream;
};
// The package exports no cjs/ path: the files are read from its folder.
const cjs = (file: string) => path.join(path.dirname(require.resolve("react-dom")), "cjs", file);
const builds = ["production.min", "development"].map(
  (build) => [build, require(cjs(`react-dom-server.node.${build}.js`)) as Fizz] as const,
);
// The legacy renderer is another file, not patched: the reference for the markup.
const legacy = require(cjs("react-dom-server-legacy.node.production.min.js")) as {
  renderToString: (node: ReactNode) => string;
};

/** Renders as app/entry.server.tsx does (pipe when all is ready, or at the shell) and records each write. */
function render(fizz: Fizz, node: ReactNode, at: "onAllReady" | "onShellReady" = "onAllReady") {
  return new Promise<{ html: string; writes: Buffer[] }>((resolve, reject) => {
    const writes: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(chunk);
        done();
      },
      final(done) {
        resolve({ html: Buffer.concat(writes).toString("utf8"), writes });
        done();
      },
    });
    const stream = fizz.renderToPipeableStream(node, { [at]: () => stream.pipe(body), onError: reject });
  });
}

// Text with two- and three-byte characters long enough to cross the patch's 4,096-character flush
// in the middle of a character run, attributes and styles (cached chunks), lists and a fragment.
const rows = Array.from({ length: 300 }, (_, i) =>
  h(
    "tr",
    { key: i, className: i % 2 ? "odd" : undefined, "data-id": i },
    h("td", { style: { paddingLeft: 4, fontWeight: "bold" } }, `Crème brûlée ✓ №${i}`),
    h("td", null, h("a", { href: `/jobs/${i}?q=a&b="c"` }, "Müller & Søn <Kitchen>")),
    h("td", null, i, " · ", "€ 1 234,50"),
  ),
);
const page = h(
  "main",
  null,
  h("h1", null, "Jobs ✓"),
  h("table", null, h("tbody", null, rows)),
  h(Fragment, null, "é".repeat(5000)),
  h(Suspense, { fallback: h("p", null, "…") }, h("p", null, "ready")),
);

/** Where two strings first differ (-1: equal), so a failure does not print 80 KB of markup. */
function firstDifference(a: string, b: string) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe.each(builds)("React's server renderer (%s build), as patched", (_build, fizz) => {
  it("renders the same markup as React's unpatched renderer", async () => {
    const { html } = await render(fizz, page);
    expect(html.length).toBeGreaterThan(40_000);
    expect(html.includes("\0")).toBe(false);
    const expected = legacy.renderToString(page);
    expect(firstDifference(html, expected), html.slice(0, 200)).toBe(-1);
  });

  it("hands the destination a few Buffers, none large enough to report backpressure", async () => {
    const { html, writes } = await render(fizz, page);
    const bytes = Buffer.byteLength(html);
    // Upstream wrote a 2,048-byte view at a time: ~bytes / 2,048 writes (~45 here); the patch
    // one Buffer per 4,096 characters (≥ 4,096 bytes).
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(bytes / 4096) + 1);
    for (const w of writes) {
      expect(Buffer.isBuffer(w)).toBe(true);
      // Writable's default highWaterMark: a larger write returns false and stalls the flush.
      expect(w.byteLength).toBeLessThan(16 * 1024);
    }
  });

  it("streams a boundary that resolves after the shell with its ids and script intact", async () => {
    let resolveData!: () => void;
    const data = new Promise<void>((r) => (resolveData = r));
    let ready = false;
    void data.then(() => (ready = true));
    function Late(): ReactNode {
      if (!ready) throw data;
      return h("p", null, "Später geladen ✓");
    }
    const rendering = render(
      fizz,
      h(
        "div",
        null,
        h(Suspense, { fallback: h("p", null, "Lädt…") }, h(Late)),
        h(Suspense, { fallback: "x" }, h(Late)),
      ),
      "onShellReady",
    );
    setTimeout(resolveData, 5);
    const { html } = await rendering;
    expect(html).toContain('<!--$?--><template id="B:0"></template><p>Lädt…</p><!--/$-->');
    expect(html).toContain('<div hidden id="S:0"><p>Später geladen ✓</p></div>');
    expect(html).toContain('$RC("B:0","S:0")');
    expect(html).toContain('$RC("B:1","S:1")');
  });
});
