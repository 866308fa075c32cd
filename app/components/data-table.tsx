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
 * row is a card, by CSS alone — for a list of records (a small table of figures stays a table).
 * Each column plays a part on the card:
 * - `main`    the record's name (a link) and a line under it — the card's first line; with
 *   `number` the link is a record's number (Q-2026-0012): a link's colour, never wrapped;
 * - `actions` the row's menu (RowMenu) and at most one primary button — top right;
 * - `status`, `date`, `money` — the card's last line: badges, then dates, then money at the
 *   right (money and dates never wrap; a `card` label, e.g. "Due", goes before the value on a card);
 * - `wide`    left out of the card (and of the table below 1280 px): a second date, a type;
 * - `spare`   left out of the table from 1024 to 1279 px only (beside the sidebar), kept on the card
 *   and from 1280 px: what a long table (the inventory ledger) can spare where it is squeezed;
 * - `num`     right-aligned, tabular figures;
 * - any other cell is a line of its own on the card (the customer, contact details).
 * A list of 50 rows names the parts once, in its headers (`col`, `card`): the table carries them
 * as `data-<part>="<column numbers>"` and the card labels as `--l<n>` (app.css styles the cells by
 * position), so no cell repeats a class (docs/decisions/list-rows-once.md). `main` is the first
 * column and `actions` the last. The smaller tables whose rows hydrate name the part on each cell
 * instead (`className="c-main"`, `c-actions`, `c-status`, `c-date`, `c-money`, `c-wide`,
 * `data-label`): the same styles.
 * Never a horizontal scroll: text cells wrap anywhere if they must.
 *
 * Row menus (docs/decisions/list-rows-once.md): a row carries only its "⋯" link (RowMenu), never
 * its items. `menus` names each row's menu key (`id` and what the items need) and how to draw the
 * items. Without JS the link is `?menu=<id>` (the list's query kept): the page comes back with that
 * row's menu drawn open under it, its ⋯ now linking back to the list. With JS a click opens the
 * same items in place (no request) from `menus.keys` (or the row's id); Escape, a click outside or
 * a navigation closes it.
 *
 * `markupOnly`: the rows were sent as HTML only (a document request: app/utils/list-rows.server.ts)
 * and are not in the page's data — the body keeps the server's markup until a client navigation
 * brings rows as data.
 */
/** A column's part on a row's card and in the table (see DataTable). */
export type ColumnPart = "main" | "number" | "actions" | "status" | "date" | "money" | "wide" | "spare" | "num";

/**
 * A header; `{ label, numeric: true }` right-aligns the column's heading (cells use className="num",
 * or `col: "num"`); `col` names the column's part(s) for every cell, `card` the label before a cell's
 * value on a card.
 */
export type DataTableHeader = ReactNode | HeaderObject;
type HeaderObject = {
  label: ReactNode;
  numeric?: true;
  className?: string;
  col?: ColumnPart | ColumnPart[];
  card?: string;
};

const isObject = (header: DataTableHeader): header is HeaderObject =>
  typeof header === "object" && header !== null && "label" in header;

/** The last column of a list: its rows' ⋯ (RowMenu), named for assistive technology only. */
export const ACTIONS_HEADER: DataTableHeader = {
  label: <span className="visually-hidden">Actions</span>,
  col: "actions",
};

/** The table's attributes naming its columns' parts (`data-date="5 6"`) and card labels (`--l5`). */
function columnAttributes(headers: DataTableHeader[]) {
  const parts: Record<string, number[]> = {};
  const labels: Record<string, string> = {};
  headers.forEach((header, i) => {
    if (!isObject(header)) return;
    for (const part of [header.col ?? []].flat()) (parts[part] ??= []).push(i + 1);
    if (header.card) labels[`--l${i + 1}`] = JSON.stringify(header.card);
  });
  if (headers.length > 9 && Object.keys(parts).length > 0)
    throw new Error("DataTable: app.css styles columns by part up to the 9th");
  if (
    (parts.main && parts.main.join() !== "1") ||
    (parts.number && !parts.main) ||
    (parts.actions && parts.actions.join() !== String(headers.length))
  )
    throw new Error("DataTable: `main` is the first column, `actions` the last");
  const attributes: Record<string, string> = {};
  for (const [part, columns] of Object.entries(parts))
    attributes[`data-${part}`] = ["main", "number", "actions"].includes(part) ? "" : columns.join(" ");
  return { attributes, style: Object.keys(labels).length > 0 ? (labels as React.CSSProperties) : undefined };
}

/**
 * Each row's menu: its key and the items drawn for a key. `keys` (the loader's `menus`) when the
 * items need more than the row's id; without them a row's key is `{ id }`, read from its ⋯ link
 * (nothing per row in the page's data).
 */
export type RowMenus<K extends { id: number } = { id: number }> = {
  keys?: readonly K[];
  render: (key: K) => ReactNode;
};

type MenuContext = {
  path: string;
  query: string;
  open: string | null;
  items: (id: string) => ReactNode;
  rowIds?: string;
};
const Menus = createContext<MenuContext | null>(null);

export function DataTable<K extends { id: number }>({
  label,
  headers,
  menus,
  markupOnly,
  rowIds,
  children,
}: {
  label: string;
  headers: DataTableHeader[];
  menus?: RowMenus<K>;
  markupOnly?: boolean;
  /**
   * Each row's name (its title link) has the id `<rowIds><id>` ("j12"): the rows' ⋯ are then named
   * "Actions for" + that name by aria-labelledby instead of repeating a long title in an aria-label
   * (RowMenu). Only the HTML is shorter; the name is the same.
   */
  rowIds?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const query = useKeptQuery();
  const items = (id: string) => {
    if (!menus) return null;
    // Without keys K is { id } (nothing else to infer it from).
    if (!menus.keys) return /^\d+$/.test(id) ? menus.render({ id: Number(id) } as K) : null;
    const key = menus.keys.find((k) => String(k.id) === id);
    return key ? menus.render(key) : null;
  };
  const openHere = useRowMenus(ref, menus ? items : null);
  const context: MenuContext = { path: pathname, query, open: params.get("menu"), items, rowIds };
  const columns = columnAttributes(headers);
  return (
    // data-fast-links: the rows' links navigate client-side without a marker each (fast-link.tsx).
    <div className="data-table-wrap" ref={ref} data-fast-links="">
      {rowIds ? (
        <span id={`${rowIds}a`} hidden>
          Actions for
        </span>
      ) : null}
      <table className="data-table" aria-label={label} {...columns.attributes} style={columns.style}>
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
 * it in place instead. `label` names the row ("Actions for Q-0012") — or, in a DataTable with
 * `rowIds`, the row's title does ("Actions for" + the element `<rowIds><id>`, aria-labelledby).
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
      <a
        href={href}
        aria-label={menus.rowIds ? undefined : label}
        aria-labelledby={menus.rowIds ? `${menus.rowIds}a ${menus.rowIds}${id}` : undefined}
        aria-expanded={open}
      >
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

/** A row's "—" where other rows have a value: shown in the table, left out of the row's card (`c-empty`). */
export function EmptyCell() {
  return (
    <td className="c-empty">
      <span className="muted">—</span>
    </td>
  );
}

/**
 * A list's body element (`as`: tbody, ul, ol): its children, or — `markupOnly`, the rows were sent as
 * HTML only (app/utils/list-rows.server.ts) — an empty innerHTML that hydration leaves as the
 * server drew it (React does not patch a mismatched innerHTML). When rows arrive as data, the
 * other key makes React replace the element.
 */
export function MarkupOnly({
  as: Tag,
  markupOnly,
  children,
  ...rest
}: { as: "tbody" | "ul" | "ol"; markupOnly?: boolean; children?: ReactNode } & React.HTMLAttributes<HTMLElement>) {
  if (markupOnly)
    return <Tag key="markup" {...rest} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <Tag key="rows" {...rest}>
      {children}
    </Tag>
  );
}
