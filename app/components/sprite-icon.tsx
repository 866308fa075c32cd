// Every icon the app draws comes from one cached SVG sprite instead of inline path data
// (tests/tools/icon-sprite.ts writes app/styles/icons.svg from @radix-ui/react-icons;
// docs/decisions/radix-css.md). Decorative: hidden from assistive technology,
// the control around it carries the name.
import sprite from "~/styles/icons.svg";
import type { SpriteIconName } from "./sprite-icons";

export type { SpriteIconName };

export function SpriteIcon({ name, size = 15 }: { name: SpriteIconName; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
