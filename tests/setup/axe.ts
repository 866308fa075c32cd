// axe-core (devDependency) in Debian's Chromium through playwright-core. The script is evaluated in
// the page through the DevTools protocol rather than added as a <script> tag, so the app's
// Content-Security-Policy (script nonces) does not block it. In a page loaded with JavaScript
// disabled (its DOM is the server's HTML, <noscript> content included, never hydrated) evaluating
// still works and promises settle, but timers never fire, and axe waits on setTimeout: there the
// timers axe uses are replaced by microtasks before it runs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export type AxeImpact = "minor" | "moderate" | "serious" | "critical";
export type AxeFinding = { rule: string; impact: AxeImpact; help: string; nodes: string[] };

/**
 * axe's violations on the page as it is now (WCAG 2.x A/AA and axe's best practices, the default
 * rule set), each with the CSS selectors of up to five of its nodes.
 */
export async function runAxe(
  page: Page,
  opts: { disableRules?: string[]; pageScriptsDisabled?: boolean } = {},
): Promise<AxeFinding[]> {
  if (opts.pageScriptsDisabled)
    await page.evaluate(() => {
      const soon = ((fn: (...a: unknown[]) => void, ...args: unknown[]) => {
        void Promise.resolve().then(() => fn(...args));
        return 0;
      }) as unknown as typeof setTimeout;
      Object.assign(window, {
        setTimeout: soon,
        clearTimeout: () => {},
        requestAnimationFrame: soon,
        cancelAnimationFrame: () => {},
        requestIdleCallback: soon,
      });
    });
  return axeInPage(page, opts.disableRules ?? []);
}

async function axeInPage(page: Page, disableRules: string[]): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (disable) => {
    type Result = {
      id: string;
      impact: string;
      help: string;
      nodes: Array<{ target: unknown[]; failureSummary?: string }>;
    };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: Result[] }> } })
      .axe;
    const rules = Object.fromEntries(disable.map((id) => [id, { enabled: false }]));
    // preload: false — no fetching of stylesheets for the CSSOM (no rule we run needs it).
    const { violations } = await axe.run(document, { resultTypes: ["violations"], rules, preload: false });
    return violations.map((v) => ({
      rule: v.id,
      impact: v.impact as AxeImpact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => {
        const summary = (n.failureSummary ?? "").split("\n").slice(1, 2).join(" ").trim();
        return `${JSON.stringify(n.target)}${summary ? ` — ${summary.slice(0, 160)}` : ""}`;
      }),
    }));
  }, disableRules);
}

/** One line per finding and node, for a failure message that names screen, rule and node. */
export function describeFindings(screen: string, findings: AxeFinding[]): string[] {
  return findings.flatMap((f) => f.nodes.map((node) => `${screen}: ${f.impact} ${f.rule} (${f.help}) at ${node}`));
}
