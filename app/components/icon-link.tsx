import { IconButton } from "~/components/ui";
import type { ReactNode } from "react";
import { FastLink } from "./fast-link";

/**
 * A row action drawn as an icon: a link named by `label` (its accessible name, and its tooltip as the
 * browser's own title: no tooltip code in the page's JavaScript).
 */
export function IconLink({
  label,
  to,
  color,
  keepScroll = false,
  children,
}: {
  label: string;
  to: string;
  color?: "red";
  /** A link into a dialog over the list: the list stays where it was scrolled. */
  keepScroll?: boolean;
  children: ReactNode;
}) {
  return (
    <IconButton asChild variant="ghost" color={color} size="1" aria-label={label} title={label}>
      <FastLink to={to} preventScrollReset={keepScroll || undefined}>
        {children}
      </FastLink>
    </IconButton>
  );
}
