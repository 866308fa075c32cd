// app/styles/radix.css is the part of Radix Themes the app uses (tests/tools/radix-css.ts,
// docs/decisions/radix-css.md): it must match its generator, and no screen may start using a
// component, colour or layout prop it leaves out (the screen would render unstyled).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { iconSprite, SPRITE } from "../tools/icon-sprite";
import { COLORS, OUTPUT, UNUSED, UNUSED_PROPS, radixCss } from "../tools/radix-css";

const appDir = path.resolve(path.dirname(OUTPUT), "..");
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}
const files = sources(appDir).map((file) => ({
  file: path.relative(appDir, file),
  text: fs.readFileSync(file, "utf8"),
}));

/** The JSX prop names behind the utility classes left out. */
const PROP_NAMES: Record<string, string> = {
  cg: "gapX",
  rg: "gapY",
  "min-h": "minHeight",
  "max-h": "maxHeight",
  ox: "overflowX",
  oy: "overflowY",
  ga: "gridArea",
  gc: "gridColumn",
  gcs: "gridColumnStart",
  gce: "gridColumnEnd",
  gr: "gridRow",
  grs: "gridRowStart",
  gre: "gridRowEnd",
  fb: "flexBasis",
  fg: "flexGrow",
  gaf: "flow",
  ac: "alignContent",
  lt: "trim",
};

describe("app/styles/radix.css", () => {
  it("is what tests/tools/radix-css.ts generates (run `npm run css:radix` after a Radix upgrade)", () => {
    expect(fs.readFileSync(OUTPUT, "utf8") === radixCss()).toBe(true);
  });

  it("and app/styles/icons.svg are what their generators write (`npm run css:radix`, `npm run icons`)", () => {
    expect(fs.readFileSync(SPRITE, "utf8") === iconSprite()).toBe(true);
  });

  it("keeps every Radix component the app imports (from its layer, app/components/ui)", () => {
    const used = new Set<string>();
    for (const { text } of files)
      for (const m of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*"~\/components\/ui"/g))
        for (const name of m[1].split(","))
          used.add(
            name
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0],
          );
    const missing = [...used].filter((name) => UNUSED.some((u) => name === u || name.startsWith(u)));
    expect(missing).toEqual([]);
  });

  it("keeps every colour a screen names", () => {
    const scales =
      /"(tomato|red|ruby|crimson|pink|plum|purple|violet|iris|indigo|blue|cyan|teal|jade|green|grass|brown|orange|sky|mint|lime|yellow|amber|gold|bronze|gray|mauve|slate|sage|olive|sand)"/g;
    const named = new Set(files.flatMap(({ text }) => [...text.matchAll(scales)].map((m) => m[1])));
    expect([...named].filter((c) => !COLORS.includes(c))).toEqual([]);
  });

  it("keeps every layout prop a screen sets", () => {
    const props = UNUSED_PROPS.filter((p) => !p.endsWith("-inset")).map((p) => PROP_NAMES[p] ?? p);
    const pattern = new RegExp(`\\s(${props.join("|")})=[{"]`);
    const offending = files
      .filter(({ text }) => pattern.test(text))
      .map(({ file, text }) => `${file}: ${pattern.exec(text)![0]}`);
    expect(offending).toEqual([]);
  });
});
