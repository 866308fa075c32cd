// Every icon the app draws comes from one cached SVG sprite instead of inline path data
// (tests/tools/icon-sprite.ts writes app/styles/icons.svg from @radix-ui/react-icons;
// docs/decisions/radix-css.md). Decorative: hidden from assistive technology,
// the control around it carries the name.
import sprite from "~/styles/icons.svg";
import type { SpriteIconName } from "./sprite-icons";

export type { SpriteIconName };

export function SpriteIcon({ name, size = 15 }: { name: SpriteIconName; size?: number }) {
  return (
    // 15 px comes from app.css (18 icons a page); no focusable="false": only Internet Explorer put
    // an <svg> in the tab order.
    <svg width={size === 15 ? undefined : size} height={size === 15 ? undefined : size} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
