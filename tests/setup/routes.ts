// The app's routes, read from the file names under app/routes (Remix flat routes), so tests that
// walk every route (fuzz, role × route matrix) cover a new route file without being edited.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const routesDir = path.join(root, "app/routes");

export type RouteFile = {
  /** The file (or folder of a folder route) under app/routes. */
  file: string;
  /** The URL pattern: `/customers/:customerId/edit`, `*` for a splat. */
  pattern: string;
  /** `:name` parameters in order (`*` for a splat). */
  params: string[];
  kind: "api" | "page" | "resource";
  /** Rendered inside the signed-in shell (`_app.*`). */
  inShell: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  /** An index route (`_index`): its form posts need `?index`. */
  isIndex: boolean;
  source: string;
};

/** `_app.customers_.$customerId.tsx` → `/customers/:customerId` (flat routes: `_x` pathless, `x_` un-nested). */
export function patternOf(base: string) {
  const segments: string[] = [];
  for (const raw of base.split(".")) {
    if (raw === "_index" || raw.startsWith("_")) continue;
    const seg = raw.endsWith("_") ? raw.slice(0, -1) : raw;
    if (seg === "$") segments.push("*");
    else if (seg.startsWith("$")) segments.push(`:${seg.slice(1)}`);
    else segments.push(seg);
  }
  return `/${segments.join("/")}`;
}

let cached: RouteFile[] | undefined;

export function routeFiles(): RouteFile[] {
  if (cached) return cached;
  const out: RouteFile[] = [];
  for (const entry of fs.readdirSync(routesDir, { withFileTypes: true })) {
    let base: string;
    let file: string;
    if (entry.isDirectory()) {
      const inner = ["route.tsx", "route.ts"].find((f) => fs.existsSync(path.join(routesDir, entry.name, f)));
      if (!inner) continue;
      base = entry.name;
      file = path.join(entry.name, inner);
    } else {
      if (!/\.(tsx?|jsx?)$/.test(entry.name) || /\.test\.[jt]sx?$/.test(entry.name) || entry.name.startsWith("."))
        continue;
      base = entry.name.replace(/\.(tsx?|jsx?)$/, "");
      file = entry.name;
    }
    const source = fs.readFileSync(path.join(routesDir, file), "utf8");
    const pattern = patternOf(base);
    const params = pattern
      .split("/")
      .filter((s) => s.startsWith(":") || s === "*")
      .map((s) => (s === "*" ? "*" : s.slice(1)));
    const exported = (name: string) =>
      new RegExp(`export\\s+(async\\s+)?(function\\s+${name}\\b|const\\s+${name}\\b)`).test(source) ||
      new RegExp(`export\\s*\\{[^}]*\\b${name}\\b`).test(source);
    const hasDefault = /export\s+default\b/.test(source);
    out.push({
      file,
      pattern,
      params,
      kind: pattern === "/api" || pattern.startsWith("/api/") ? "api" : hasDefault ? "page" : "resource",
      inShell: base.startsWith("_app.") || base === "_app",
      hasLoader: exported("loader"),
      hasAction: exported("action"),
      isIndex: base.split(".").includes("_index"),
      source,
    });
  }
  cached = out.sort((a, b) => a.pattern.localeCompare(b.pattern));
  return cached;
}

/** Fills a pattern's parameters; `values` maps a parameter name (or `*`) to its value (already encoded or not). */
export function fillPattern(pattern: string, values: Record<string, string | number>) {
  return pattern.replace(/:([A-Za-z0-9_]+)|\*/g, (m, name: string | undefined) => {
    const value = values[name ?? "*"];
    if (value === undefined) throw new Error(`no value for ${m} in ${pattern}`);
    return String(value);
  });
}

/** The query parameter names the app reads anywhere (`searchParams.get("…")`), for query-string fuzzing. */
export function queryParamNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(tsx?)$/.test(entry.name)) {
        const text = fs.readFileSync(p, "utf8");
        for (const m of text.matchAll(/searchParams\.(?:get|getAll|has)\(\s*"([^"]+)"/g)) names.add(m[1]);
        for (const m of text.matchAll(/(?:idParam|choiceParam|instantParam|dateParam)\(\s*url,\s*"([^"]+)"/g))
          names.add(m[1]);
      }
    }
  };
  walk(path.join(root, "app"));
  return [...names].sort();
}
