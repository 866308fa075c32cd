// The one overflow menu of the detail pages' header (docs/decisions/tablet-layout.md): the primary
// action stays a visible button, the rest live here. A <details> disclosure, so it opens and its
// links and forms work without JS; with JS it also closes on Escape (focus back on its button), on
// a click outside and after a navigation.
import { Button } from "~/components/ui";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { FastLink } from "./fast-link";
import { SpriteIcon } from "./sprite-icon";

export function ActionMenu({ label = "More actions", children }: { label?: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  return (
    <details ref={ref} className="action-menu" data-testid="action-menu">
      <Button asChild variant="soft" color="gray">
        <summary aria-label={label}>
          <SpriteIcon name="dots" /> More
        </summary>
      </Button>
      <div className="action-menu-panel">{children}</div>
    </details>
  );
}

type ItemLook = { icon?: ReactNode; danger?: boolean; children: ReactNode };

/** A menu item that navigates: a route (a dialog route, `?confirm=…`) or a document such as a PDF. */
export function ActionMenuLink({
  to,
  reloadDocument,
  icon,
  danger,
  children,
}: ItemLook & { to: string; reloadDocument?: boolean }) {
  return (
    <Link to={to} reloadDocument={reloadDocument} className={danger ? "action-menu-item danger" : "action-menu-item"}>
      {icon}
      {children}
    </Link>
  );
}

/** A menu item that POSTs `intent` (and any hidden `fields`) to the page's own action. */
export function ActionMenuSubmit({
  intent,
  fields,
  disabled,
  title,
  icon,
  danger,
  children,
}: ItemLook & { intent: string; fields?: Record<string, string | number>; disabled?: boolean; title?: string }) {
  return (
    <Form method="post" preventScrollReset={fields ? true : undefined}>
      {fields
        ? Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
        : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={disabled}
        title={title}
        className={danger ? "action-menu-item danger" : "action-menu-item"}
      >
        {icon}
        {children}
      </button>
    </Form>
  );
}

/** An item of a RowMenu: a link; `keepScroll` for a dialog route over the list. */
export function RowMenuLink({
  to,
  keepScroll,
  danger,
  children,
}: {
  to: string;
  keepScroll?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <FastLink to={to} preventScrollReset={keepScroll} className={danger ? "danger" : undefined}>
      {children}
    </FastLink>
  );
}
