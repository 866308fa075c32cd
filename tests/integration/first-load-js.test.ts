// What a list screen's (and a record page's) first load carries (issue 16, goal 3): the browser modules its HTML loads —
// entry, root, the shell and the list route, with their static imports — read from the build's
// metafile. The forms' validation (zod, conform), the search's type-ahead (downshift) and a date
// library come with the dialogs and the first focus of the search box, not with the list.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Output = { imports?: { path: string; kind: string }[]; inputs: Record<string, unknown>; entryPoint?: string };
const meta = JSON.parse(fs.readFileSync(path.join(process.cwd(), "build/metafile.js.json"), "utf8")) as {
  outputs: Record<string, Output>;
};

/** The node_modules packages in the first load of `route` (app/routes/<route>.tsx). */
function firstLoadPackages(route: string) {
  const outputs = meta.outputs;
  // Route modules' entry points read "browser-route-module:routes/_app.jobs.tsx?browser".
  const wanted = ["root.tsx", "routes/_app.tsx", `routes/${route}.tsx`].map((m) => `browser-route-module:${m}?browser`);
  const starts = Object.keys(outputs).filter(
    (o) => o.includes("entry.client") || wanted.includes(outputs[o].entryPoint ?? ""),
  );
  expect(starts).toHaveLength(4);
  const seen = new Set<string>();
  const walk = (o: string) => {
    if (seen.has(o)) return;
    seen.add(o);
    for (const i of outputs[o].imports ?? []) if (i.kind === "import-statement") walk(i.path);
  };
  starts.forEach(walk);
  const packages = new Set<string>();
  for (const o of seen)
    for (const input of Object.keys(outputs[o].inputs)) {
      const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      if (m) packages.add(m[1]);
    }
  return packages;
}

const LISTS = ["customers", "jobs", "quotes", "invoices", "tasks", "schedule", "inbox", "photos", "inventory"];
const HEAVY = [
  "zod",
  "@conform-to/react",
  "@conform-to/dom",
  "@conform-to/zod",
  "downshift",
  "date-fns",
  "@date-fns/tz",
  // Only the dialog frame needs the dialog primitive (focus trap, scroll lock).
  "@radix-ui/react-dialog",
];

// The record pages and the other screens (their forms live in dialog routes or lazy chunks).
const PAGES = [
  "_app._index",
  "_app.reports",
  "_app.customers_.$customerId",
  "_app.jobs_.$jobId",
  "_app.quotes_.$quoteId",
  "_app.invoices_.$invoiceId",
];

describe("a list screen's first load", () => {
  it.each(LISTS)("/%s carries no form validation, type-ahead or date library", (list) => {
    const packages = firstLoadPackages(`_app.${list}`);
    expect(packages.has("react-dom")).toBe(true);
    expect(HEAVY.filter((p) => packages.has(p))).toEqual([]);
  });

  it.each(PAGES)("%s carries none of them either", (route) => {
    const packages = firstLoadPackages(route);
    expect(packages.has("react-dom")).toBe(true);
    expect(HEAVY.filter((p) => packages.has(p))).toEqual([]);
  });
});
