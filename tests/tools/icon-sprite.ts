// `npm run icons`: writes app/styles/icons.svg, one SVG sprite of every Radix icon the app draws
// (docs/decisions/radix-css.md). Inline, each icon is ~1.5 KB of path data in every page's HTML
// (the sidebar alone was 24 KB); from the sprite a page carries `<svg><use href="…#home"/></svg>`
// and the browser caches the sprite (a fingerprinted asset).
// tests/unit/radix-css.test.ts fails when the file is stale.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as icons from "@radix-ui/react-icons";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SPRITE_ICONS } from "../../app/components/sprite-icons";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SPRITE = path.join(root, "app/styles/icons.svg");

export function iconSprite() {
  const symbols = Object.entries(SPRITE_ICONS).map(([id, component]) => {
    const icon = (icons as unknown as Record<string, Parameters<typeof createElement>[0]>)[component];
    if (!icon) throw new Error(`@radix-ui/react-icons has no ${component}`);
    const svg = renderToStaticMarkup(createElement(icon));
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? "0 0 15 15";
    const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="${id}" viewBox="${viewBox}" fill="none">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SPRITE, iconSprite());
  console.log(`wrote ${path.relative(root, SPRITE)}`);
}
