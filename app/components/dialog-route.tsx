import { Box, Button, Card, Flex, Heading, Text } from "~/components/ui";
import { Dialog } from "~/components/ui/dialog";
import { Link, useLocation, useMatches, useNavigate } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useRouteErrorText } from "./error-boundary";

/**
 * A dialog that is a nested route (decisions §3): with JS a Radix dialog over its list (Escape or
 * Cancel navigates back to `closeTo`); without JS the same content in a CSS overlay.
 */
export function DialogRoute({
  title,
  description,
  closeTo,
  width = 560,
  children,
}: {
  title: string;
  description?: string;
  closeTo: string;
  width?: number;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // What had focus when the dialog opened (the link that navigated here, on the page underneath).
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  const tabbing = useRef<{ from: Element | null; back: boolean } | null>(null);
  if (hydrated) {
    return (
      <Dialog.Root open onOpenChange={(open) => !open && navigate(closeTo, { preventScrollReset: true })}>
        <Dialog.Content
          maxWidth={`${width}px`}
          aria-describedby={description ? undefined : undefined}
          // Escape, Cancel or saving gives focus back to the opener (Radix would focus its own trigger,
          // which a route dialog does not have); a menu item that has closed with its menu gives it to
          // the menu's button.
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo(opener);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          // Radix's focus trap moves focus to the dialog itself when a node is removed while focus is
          // between two fields (radix-ui/primitives#2436): a field's validation on blur re-renders part
          // of the form in the middle of a Tab. The Tab the user pressed is finished here.
          onKeyDownCapture={(event) => {
            if (event.key !== "Tab") return;
            tabbing.current = { from: document.activeElement, back: event.shiftKey };
            setTimeout(() => (tabbing.current = null), 0);
          }}
          onFocus={(event) => {
            const move = tabbing.current;
            if (!move || event.target !== event.currentTarget) return;
            neighbourTabbable(event.currentTarget, move.from, move.back)?.focus();
          }}
          // Escape in an open picker list closes the list, not the dialog.
          onEscapeKeyDown={(event) => {
            if ((event.target as Element | null)?.closest?.('[role="combobox"][aria-expanded="true"]'))
              event.preventDefault();
          }}
        >
          <Dialog.Title>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description size="2" mb="4">
              {description}
            </Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Root>
    );
  }
  return (
    <div className="route-overlay">
      <Card
        size="3"
        className="route-overlay-card"
        style={{ maxWidth: width }}
        role="dialog"
        aria-labelledby="route-dialog-title"
        // Without JS the page underneath stays in the Tab order: the dialog takes focus on load, so Tab
        // starts in its form instead of walking the sidebar and the whole list first.
        tabIndex={-1}
        autoFocus
      >
        <Heading as="h2" size="5" id="route-dialog-title" mb="1">
          {title}
        </Heading>
        {description ? (
          <Text as="p" size="2" color="gray" mb="4">
            {description}
          </Text>
        ) : (
          <Box mb="3" />
        )}
        {children}
      </Card>
    </div>
  );
}

function returnFocusTo(opener: Element | null): HTMLElement | null {
  if (!(opener instanceof HTMLElement) || opener === document.body) return null;
  // A page that was rendered anew underneath (the dialog sat on another route) has the same link.
  const href = opener.getAttribute("href");
  const target = opener.isConnected
    ? opener
    : href
      ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`)
      : null;
  if (!target) return null;
  if (target.checkVisibility()) return target;
  return target.closest("details")?.querySelector("summary") ?? null;
}

const TABBABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

/** The control Tab (or Shift+Tab) goes to from `from` inside `container`, in document order. */
function neighbourTabbable(container: HTMLElement, from: Element | null, back: boolean): HTMLElement | null {
  const list = Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.matches(":disabled, [type=hidden]") &&
      el.checkVisibility() &&
      getComputedStyle(el).visibility !== "hidden",
  );
  // A field re-rendered in the meantime is found again by its id.
  const anchor = from?.isConnected ? from : from?.id ? document.getElementById(from.id) : null;
  if (!anchor) return (back ? list.at(-1) : list[0]) ?? null;
  if (back)
    return (
      list.findLast(
        (el) => !el.contains(anchor) && anchor.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING,
      ) ??
      list.at(-1) ??
      null
    );
  return (
    list.find((el) => !anchor.contains(el) && anchor.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) ??
    list[0] ??
    null
  );
}

/** Parameters that say where a dialog came from, not which list it sits on. */
const ORIGIN_PARAMS = ["redirectTo", "returnTo", "from"];

/**
 * The error boundary of every dialog route: a 404 or a refusal shows inside the dialog, over the
 * list (the parent route) that stays rendered behind it; Close goes back to that list.
 */
export function DialogRouteError() {
  const { status, title, text } = useRouteErrorText();
  const matches = useMatches();
  const location = useLocation();
  const list = matches.at(-2)?.pathname.replace(/(.)\/$/, "$1") ?? "/";
  const search = new URLSearchParams(location.search);
  for (const name of ORIGIN_PARAMS) search.delete(name);
  const query = search.toString();
  const closeTo = query ? `${list}?${query}` : list;
  return (
    <DialogRoute title={title} closeTo={closeTo} width={440}>
      <Text as="p" color="gray" size="2" mb="1">
        Error {status}
      </Text>
      <Text as="p" mb="4">
        {text}
      </Text>
      <Flex justify="end">
        <Button asChild variant="soft" color="gray">
          <Link to={closeTo} preventScrollReset>
            Close
          </Link>
        </Button>
      </Flex>
    </DialogRoute>
  );
}
