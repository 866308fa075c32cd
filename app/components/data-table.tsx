import { useLocation, useSearchParams } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { FastLinkScope } from "./fast-link";
import { useKeptQuery } from "./use-kept-query";

/**
 * A plain table styled with the theme's tokens. Lists render up to 50 rows on every request;
 * Radix's Table (scroll area, inline styles) costs several times more to server-render per row.
 *
 * One markup, two layouts (docs/decisions/tablet-layout.md): from 1024 px a table, below it each
 * row is a card, by CSS alone — when the rows have a `c-main` cell (a list of records; a small
 * table of figures without one stays a table). A cell's class says where it goes on the card:
 * - `c-main`    the record's name (a link) and a line under it — the card's first line;
 * - `c-actions` the row's menu (RowMenu) and at most one primary button — top right;
 * - `c-status`, `c-date`, `c-money` — the card's last line: badges, then dates, then money at the
 *   right (money and dates never wrap; `data-label="Due"` puts a label before the value on a card);
 * - `c-wide`    left out of the card (and of the table below 1280 px): a second date, a type;
 * - any other cell is a line of its own on the card (the customer, contact details).
 * Never a horizontal scroll: text cells wrap anywhere if they must.
 *
 * Row menus (docs/decisions/list-rows-once.md): a row carries only its "⋯" link (RowMenu), never
 * its items. `menus` names each row's menu key (`id` and what the items need) and how to draw the
 * items. Without JS the link is `?menu=<id>` (the list's query kept): the page comes back with that
 * row's menu drawn open under it, its ⋯ now linking back to the list. With JS a click opens the
 * same items in place (no request) from `menus.keys`; Escape, a click outside or a navigation
 * closes it.
 *
 * `markupOnly`: the rows were sent as HTML only (a document request: app/utils/list-rows.server.ts)
 * and are not in the page's data — the body keeps the server's markup until a client navigation
 * brings rows as data.
 */
/** A header; `{ label, numeric: true }` right-aligns the column's heading (cells use className="num"). */
export type DataTableHeader = ReactNode | { label: ReactNode; numeric?: true; className?: string };

/** Each row's menu: its key (from the loader's `menus`) and the items drawn for a key. */
export type RowMenus<K extends { id: number }> = { keys: readonly K[]; render: (key: K) => ReactNode };

const isObject = (header: DataTableHeader): header is { label: ReactNode; numeric?: true; className?: string } =>
  typeof header === "object" && header !== null && "label" in header;

type MenuContext = { path: string; query: string; open: string | null; items: (id: string) => ReactNode };
const Menus = createContext<MenuContext | null>(null);

export function DataTable<K extends { id: number }>({
  label,
  headers,
  menus,
  markupOnly,
  children,
}: {
  label: string;
  headers: DataTableHeader[];
  menus?: RowMenus<K>;
  markupOnly?: boolean;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const query = useKeptQuery();
  const items = (id: string) => {
    const key = menus?.keys.find((k) => String(k.id) === id);
    return key && menus ? menus.render(key) : null;
  };
  const openHere = useRowMenus(ref, menus ? items : null);
  const context: MenuContext = { path: pathname, query, open: params.get("menu"), items };
  return (
    // data-fast-links: the rows' links navigate client-side without a marker each (fast-link.tsx).
    <div className="data-table-wrap" ref={ref} data-fast-links="">
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {headers.map((header, i) =>
              isObject(header) ? (
                <th
                  key={i}
                  scope="col"
                  className={[header.numeric ? "num" : "", header.className ?? ""].join(" ").trim() || undefined}
                >
                  {header.label}
                </th>
              ) : (
                <th key={i} scope="col">
                  {header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <MarkupOnly as="tbody" markupOnly={markupOnly}>
          <Menus.Provider value={context}>
            <FastLinkScope value={true}>{children}</FastLinkScope>
          </Menus.Provider>
        </MarkupOnly>
      </table>
      {openHere}
    </div>
  );
}

/**
 * A row's "⋯": a link to the list with `menu=<id>` (the list's query kept). Drawn open (its items
 * under it, the link back to the closed list) when the URL names this row; with JS DataTable opens
 * it in place instead. `label` names the row ("Actions for Q-0012").
 */
export function RowMenu({ id, label }: { id: number; label: string }) {
  const menus = useContext(Menus);
  if (!menus) return null;
  const open = menus.open === String(id);
  // Relative to the list's own address; the open one links back to the list without `menu`.
  // No class: `a[aria-expanded]` in a row is its ⋯ (app.css), 50 rows × 24 bytes less.
  const href = open ? `${menus.path}${menus.query}` : `${menus.query || "?"}${menus.query ? "&" : ""}menu=${id}`;
  return (
    <>
      <a href={href} aria-label={label} aria-expanded={open}>
        ⋯
      </a>
      {open ? <div className="action-menu-panel">{menus.items(String(id))}</div> : null}
    </>
  );
}

/**
 * With JS, one listener per table: a click on a row's ⋯ opens its items in place (a portal into the
 * ⋯'s cell, right after the link: the next Tab reaches them), a second click, Escape (focus back
 * on the ⋯), a click outside or a navigation closes them. One menu is open at a time.
 */
function useRowMenus(ref: React.RefObject<HTMLElement>, items: ((id: string) => ReactNode) | null) {
  const location = useLocation();
  const [open, setOpen] = useState<{ id: string; link: HTMLAnchorElement } | null>(null);
  const hasItems = items !== null;

  useEffect(() => {
    const root = ref.current;
    if (!root || !hasItems) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[aria-expanded]") as HTMLAnchorElement | null;
      const id = link && root.contains(link) ? new URL(link.href).searchParams.get("menu") : null;
      if (!link || !id) return; // a menu the server drew open: its link goes back to the list
      event.preventDefault();
      setOpen((current) => (current?.link === link ? null : { id, link }));
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [ref, hasItems]);

  useEffect(() => {
    if (!open) return;
    open.link.setAttribute("aria-expanded", "true");
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(null);
      open.link.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!open.link.parentElement?.contains(target)) setOpen(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      open.link.setAttribute("aria-expanded", "false");
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  useEffect(() => setOpen(null), [location.key]);

  if (!open || !items || !open.link.parentElement?.isConnected) return null;
  return createPortal(<div className="action-menu-panel">{items(open.id)}</div>, open.link.parentElement);
}

/**
 * A list's body element (`as`: tbody, ul): its children, or — `markupOnly`, the rows were sent as
 * HTML only (app/utils/list-rows.server.ts) — an empty innerHTML that hydration leaves as the
 * server drew it (React does not patch a mismatched innerHTML). When rows arrive as data, the
 * other key makes React replace the element.
 */
export function MarkupOnly({
  as: Tag,
  markupOnly,
  children,
  ...rest
}: { as: "tbody" | "ul"; markupOnly?: boolean; children?: ReactNode } & React.HTMLAttributes<HTMLElement>) {
  if (markupOnly)
    return <Tag key="markup" {...rest} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <Tag key="rows" {...rest}>
      {children}
    </Tag>
  );
}
