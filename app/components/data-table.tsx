import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { FastLinkScope } from "./fast-link";

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
 */
/** A header; `{ label, numeric: true }` right-aligns the column's heading (cells use className="num"). */
export type DataTableHeader = ReactNode | { label: ReactNode; numeric?: true; className?: string };

const isObject = (header: DataTableHeader): header is { label: ReactNode; numeric?: true; className?: string } =>
  typeof header === "object" && header !== null && "label" in header;

export function DataTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: DataTableHeader[];
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useRowMenus(ref);
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
        <tbody>
          <FastLinkScope value={true}>{children}</FastLinkScope>
        </tbody>
      </table>
    </div>
  );
}

/**
 * The rows' menus are plain <details> (they open without JS). With JS, one listener per table
 * keeps one open at a time and closes it on Escape (focus back on its button), on a click outside
 * and after a navigation — instead of three listeners per row.
 */
function useRowMenus(ref: React.RefObject<HTMLElement>) {
  const location = useLocation();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const openMenus = () => root.querySelectorAll<HTMLDetailsElement>("details.row-menu[open]");
    const onToggle = (event: Event) => {
      const target = event.target as HTMLDetailsElement;
      if (!target.matches?.("details.row-menu") || !target.open) return;
      openMenus().forEach((d) => d !== target && (d.open = false));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      openMenus().forEach((d) => {
        d.open = false;
        d.querySelector("summary")?.focus();
      });
    };
    const onPointer = (event: PointerEvent) => {
      openMenus().forEach((d) => !d.contains(event.target as Node) && (d.open = false));
    };
    root.addEventListener("toggle", onToggle, true);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      root.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [ref]);
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLDetailsElement>("details.row-menu[open]").forEach((d) => (d.open = false));
  }, [location.key, ref]);
}
