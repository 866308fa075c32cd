// What a phone or tablet user cannot reach although the page itself does not scroll sideways: a
// table wider than the box that holds it (its last columns scrolled out of sight, cut off, or spilt
// over the next card), and a control (link, button, field, tab) that lies partly outside a box
// that clips it, outside its card or dialog, or outside the screen. The accessibility walk (tests/e2e/a11y.test.ts) runs it on every screen at 390 and 768 px;
// its fixture (tests/setup/screens.ts) has the large dataset's lengths, where these showed up.
import type { Page } from "playwright-core";

/**
 * Boxes that scroll sideways by design, with nothing in them a user needs to reach at once: a
 * record's photo strip (thumbnails) and a received e-mail's own HTML.
 */
export const SCROLLS_BY_DESIGN = [".photo-strip", ".email-body"];

/** One line per finding: "<what> <where>: <its left–right> outside <the box's left–right>". */
export async function findClipped(page: Page, screen: string): Promise<string[]> {
  const findings = await page.evaluate((exempt) => {
    const out: string[] = [];
    const viewport = { left: 0, right: document.documentElement.clientWidth };
    const name = (el: Element) => {
      const text = (el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).name || "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 40);
      const cls = typeof el.className === "string" ? el.className.split(/\s+/).filter(Boolean)[0] : "";
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""} "${text}"`;
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false; // visually hidden (1 px) or not drawn
      // Not drawn although laid out: a closed <details>' content (content-visibility), a hidden box.
      return el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true });
    };
    const clips = (el: Element) => getComputedStyle(el).overflowX !== "visible";
    /**
     * The boxes `el` must stay inside: its clipping ancestors, the card or dialog it is drawn in
     * (a table running past its card spills over the next one), then the screen.
     */
    const clippers = (el: Element) => {
      const boxes: { box: string; left: number; right: number }[] = [];
      const card = el.parentElement?.closest(".rt-BaseCard, [role=dialog]");
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        if (p === document.body || (p !== card && !clips(p))) continue;
        const r = p.getBoundingClientRect();
        boxes.push({ box: name(p), left: r.left, right: r.right });
      }
      boxes.push({ box: "the screen", ...viewport });
      return boxes;
    };
    const px = (n: number) => Math.round(n);
    const check = (el: Element, what: string) => {
      const r = el.getBoundingClientRect();
      for (const box of clippers(el)) {
        if (r.left < box.left - 1 || r.right > box.right + 1) {
          out.push(
            `${what} ${name(el)} at ${px(r.left)}–${px(r.right)} outside ${box.box} ${px(box.left)}–${px(box.right)}`,
          );
          return;
        }
      }
    };
    for (const table of document.querySelectorAll("table")) {
      if (table.closest(exempt.join(",")) || !shown(table)) continue;
      check(table, "table");
    }
    const controls = "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab]";
    for (const control of document.querySelectorAll(controls)) {
      if (control.closest(exempt.join(",")) || !shown(control)) continue;
      // A visually hidden control is 1 px (not shown) or outside on purpose until focused.
      if (control.closest(".visually-hidden, .rt-VisuallyHidden")) continue;
      check(control, "control");
    }
    return out;
  }, SCROLLS_BY_DESIGN);
  return findings.map((finding) => `${screen}: ${finding}`);
}

/**
 * Figures drawn on more than one line: a money amount anywhere ("$141,024,55" above "2.44"), or a
 * date standing alone in its element ("Mar" / "4," / "2022" in a phone's narrow table cell). Each is
 * read as one figure, so it never breaks (a figure tile shrinks its type instead: StatValue; a list
 * of records is a card per row on a phone: DataTable). A date inside a sentence may wrap as words do.
 * One line per finding: "<screen>: <figure> in <its element> on <n> lines".
 */
export async function findBrokenFigures(page: Page, screen: string): Promise<string[]> {
  const findings = await page.evaluate(() => {
    const out: string[] = [];
    const amount = /[−-]?\$\d[\d,]*(\.\d+)?/g;
    const date = /^(?:[A-Z][a-z]{2} \d{1,2}, \d{4}|\d{1,2}[/.]\d{1,2}[/.]\d{4}|\d{4}-\d{2}-\d{2})$/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const lines = (node: Node, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    const where = (node: Node) => {
      const el = node.parentElement!;
      const cls = typeof el.className === "string" ? el.className.split(/\s+/).filter(Boolean)[0] : "";
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}`;
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(amount)) {
        const n = lines(node, match.index, match.index + match[0].length);
        if (n > 1) out.push(`${match[0]} in ${where(node)} on ${n} lines`);
      }
      const trimmed = text.trim();
      if (date.test(trimmed) && node.parentElement?.textContent?.trim() === trimmed) {
        const start = text.indexOf(trimmed);
        const n = lines(node, start, start + trimmed.length);
        if (n > 1) out.push(`${trimmed} in ${where(node)} on ${n} lines`);
      }
    }
    return out;
  });
  return findings.map((finding) => `${screen}: ${finding}`);
}

/**
 * Controls smaller than a finger on a touch layout (below 1024 px, app.css's touch-target rule):
 * every button, select, text field, tab and button-styled link at least 44 × 44 px. Links inside
 * running text are exempt, as WCAG 2.5.5 allows; a text field is measured by its drawn box (Radix's
 * root), whose border surrounds the 42 px input. One line per finding: "<screen>: <control> w×h".
 */
export async function findSmallTargets(page: Page, screen: string): Promise<string[]> {
  const findings = await page.evaluate(() => {
    const out: string[] = [];
    const targets =
      "button, select, summary, [role=button], [role=tab], a.rt-BaseButton, .row-action, .link-button, .rt-TextFieldRoot, .rt-SelectTrigger";
    for (const el of document.querySelectorAll(targets)) {
      if (el.closest(".visually-hidden, .rt-VisuallyHidden, [aria-hidden=true]")) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      if (!el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
      if (r.width >= 43.5 && r.height >= 43.5) continue;
      const text = (el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).name || "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 40);
      const cls = typeof el.className === "string" ? el.className.split(/\s+/).filter(Boolean)[0] : "";
      out.push(
        `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""} "${text}" ${Math.round(r.width)}×${Math.round(r.height)}`,
      );
    }
    return out;
  });
  return findings.map((finding) => `${screen}: ${finding}`);
}
