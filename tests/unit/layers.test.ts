// The layering rule (docs/decisions/layering-check.md), read from the import lines of the source:
// routes → forms/services → models → utils/schemas/integrations → db. A model never imports jobs/,
// an integration, a service, a form helper or Remix/conform (it returns plain data, not HTTP);
// nothing below the models (app/utils, app/schemas, app/integrations) imports a model, service,
// form helper, route or jobs/; only services reach jobs/, and only through jobs/queues.ts.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Imports that break the rule today, each with who removes it. An entry that is no longer needed
 * fails the test too, so the list only shrinks: delete the entry when you fix the import.
 */
const TEMPORARY_EXCEPTIONS: Record<string, { imports: string[]; why: string }> = {
  "app/utils/model-api.server.ts": {
    imports: ["app/models/errors.server"],
    why: "issue 9 item 1 (refusals engineer): goes with ModelError",
  },
  "app/utils/ops-api.server.ts": {
    imports: ["app/models/job.server", "app/models/schedule.server", "app/models/task.server"],
    why: "issue 9 item 1 (refusals engineer): goes with the models' link error classes",
  },
  "app/utils/auth.server.ts": {
    imports: ["app/models/settings.server", "app/models/user.server"],
    why: "the route guard (requireUser reads the user and the session timeout) sits above the models; it moves out of app/utils/ once the session work of issue 10 has landed",
  },
};

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  let names: string[];
  try {
    names = readdirSync(full);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** Every module a file imports (static, type-only, re-exports, dynamic), as written. */
export function importSpecifiers(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bimport\s+(?:type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/g,
    /\bexport\s+(?:type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** A specifier as a path from the repository root without extension ("app/models/x.server"), or the package name. */
function resolve(file: string, specifier: string): string {
  let target: string;
  if (specifier.startsWith("~/")) target = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith("."))
    target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  else return specifier;
  return target.replace(/\.(tsx?|jsx?)$/, "").replace(/\/index$/, "");
}

type Rule = { name: string; files: string[]; forbidden: (target: string, file: string) => boolean };

const under = (folder: string) => (target: string) => target === folder || target.startsWith(`${folder}/`);
const any =
  (...tests: Array<(target: string) => boolean>) =>
  (target: string) =>
    tests.some((test) => test(target));

const RULES: Rule[] = [
  {
    name: "a model imports no jobs/, integration, service, form helper, route, Remix or conform",
    files: sourceFiles("app/models"),
    forbidden: any(
      under("jobs"),
      under("app/integrations"),
      under("app/services"),
      under("app/forms"),
      under("app/routes"),
      (t) => t.startsWith("@remix-run/") || t.startsWith("@conform-to/"),
    ),
  },
  {
    name: "nothing below the models (utils, schemas, integrations) imports a model, service, form helper, route or jobs/",
    files: [...sourceFiles("app/utils"), ...sourceFiles("app/schemas"), ...sourceFiles("app/integrations")],
    forbidden: any(under("app/models"), under("app/services"), under("app/forms"), under("app/routes"), under("jobs")),
  },
  {
    name: "only services reach jobs/, and only through jobs/queues.ts",
    // app/server.ts, the process entry, also starts jobs/in-process.ts when there is no Redis.
    files: sourceFiles("app").filter((file) => file !== "app/server.ts"),
    forbidden: (target, file) => under("jobs")(target) && !(target === "jobs/queues" && under("app/services")(file)),
  },
];

function violations(rule: Rule) {
  return rule.files.flatMap((file) => {
    const source = readFileSync(path.join(root, file), "utf8");
    return importSpecifiers(source)
      .map((specifier) => resolve(file, specifier))
      .filter((target) => rule.forbidden(target, file))
      .map((target) => ({ file, target }));
  });
}

describe("layers", () => {
  it("finds the imports it checks", () => {
    expect(
      importSpecifiers(
        `import { a } from "./a";\nimport type { B } from '../b';\nexport * from "~/c";\n` +
          `import "./d";\nconst e = await import("../../jobs/e");\nimport {\n  f,\n  g,\n} from "./f";`,
      ),
    ).toEqual(["./a", "../b", "./f", "~/c", "./d", "../../jobs/e"]);
    expect(resolve("app/models/x.server.ts", "../../jobs/queues")).toBe("jobs/queues");
    expect(resolve("app/utils/y.ts", "~/models/z.server")).toBe("app/models/z.server");
    expect(sourceFiles("app/models").length).toBeGreaterThan(10);
    expect(sourceFiles("app/utils").length).toBeGreaterThan(10);
  });

  const all = RULES.flatMap((rule) => violations(rule).map((v) => ({ ...v, rule: rule.name })));

  for (const rule of RULES) {
    it(rule.name, () => {
      const unexpected = violations(rule)
        .filter(({ file, target }) => !TEMPORARY_EXCEPTIONS[file]?.imports.includes(target))
        .map(({ file, target }) => `${file} imports ${target}`);
      expect(unexpected).toEqual([]);
    });
  }

  it("lists only exceptions that are still needed", () => {
    const stale = Object.entries(TEMPORARY_EXCEPTIONS).flatMap(([file, { imports }]) =>
      imports
        .filter((target) => !all.some((v) => v.file === file && v.target === target))
        .map((target) => `${file} no longer imports ${target}: remove it from TEMPORARY_EXCEPTIONS`),
    );
    expect(stale).toEqual([]);
  });
});
