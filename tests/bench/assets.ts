// What a first visit to a page downloads: every <script src>, <link rel="modulepreload"> and
// <link rel="stylesheet"> in its HTML (plus modules imported by inline module scripts and static
// imports of the fetched modules, which the browser would also load), each gzipped with zlib.
import { gzipSync } from "node:zlib";

export type AssetFile = { url: string; kind: "js" | "css"; raw: number; gzip: number; via: string };
export type AssetReport = {
  files: AssetFile[];
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
  extra: string[];
};

function attrs(tag: string) {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    out[m[1].toLowerCase()] = (m[3] ?? m[4] ?? m[5] ?? "").replace(/&amp;/g, "&");
  }
  return out;
}

/** Static import specifiers of an ES module ("import x from '…'", "import '…'", "export … from '…'"). */
function staticImports(code: string) {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g))
    found.add(m[1]);
  return [...found];
}

export async function firstVisitAssets(pageUrl: string, headers: Record<string, string>): Promise<AssetReport> {
  const res = await fetch(pageUrl, { headers: { ...headers, Accept: "text/html" }, redirect: "manual" });
  if (res.status !== 200) throw new Error(`GET ${pageUrl} answered ${res.status}`);
  const html = await res.text();

  const queue: { url: string; kind: "js" | "css"; via: string }[] = [];
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    const a = attrs(m[0]);
    if (a.src) queue.push({ url: a.src, kind: "js", via: "script src" });
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attrs(m[0]);
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (a.href && rel.includes("modulepreload")) queue.push({ url: a.href, kind: "js", via: "modulepreload" });
    if (a.href && rel.includes("stylesheet")) queue.push({ url: a.href, kind: "css", via: "stylesheet" });
  }
  const listed = new Set(queue.map((q) => new URL(q.url, pageUrl).href));
  // Inline module scripts (Remix's route-module imports) load modules too.
  for (const m of html.matchAll(/<script\b[^>]*type=["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const spec of staticImports(m[1])) queue.push({ url: spec, kind: "js", via: "inline import" });
  }

  const files: AssetFile[] = [];
  const seen = new Set<string>();
  const extra: string[] = [];
  while (queue.length) {
    const item = queue.shift()!;
    const url = new URL(item.url, pageUrl).href;
    if (seen.has(url) || new URL(url).origin !== new URL(pageUrl).origin) continue;
    seen.add(url);
    const r = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
    if (!r.ok) throw new Error(`GET ${url} answered ${r.status}`);
    const body = Buffer.from(await r.arrayBuffer());
    files.push({
      url: new URL(url).pathname,
      kind: item.kind,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      via: item.via,
    });
    if (!listed.has(url)) extra.push(new URL(url).pathname);
    if (item.kind === "js") {
      for (const spec of staticImports(body.toString("utf8"))) {
        if (spec.startsWith(".") || spec.startsWith("/"))
          queue.push({ url: new URL(spec, url).href, kind: "js", via: "static import" });
      }
    }
  }
  const sum = (kind: "js" | "css", key: "raw" | "gzip") =>
    files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0);
  return {
    files,
    js: { raw: sum("js", "raw"), gzip: sum("js", "gzip") },
    css: { raw: sum("css", "raw"), gzip: sum("css", "gzip") },
    extra,
  };
}
