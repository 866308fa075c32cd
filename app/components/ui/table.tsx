// Radix Themes 3.3's Table markup. Its Table.Root wraps the table in a Radix ScrollArea; the markup
// that leaves in the page once hydrated is written out here (radix.css leaves the ScrollArea's own
// styles out, so only these inline styles apply): a box that scrolls with its scrollbars hidden.
// Radix rendered `overflow: hidden` until hydration, which clipped a wide table without JavaScript.
import { forwardRef, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from "react";
import { cx, extract, margin, size, width, type MarginProps, type Responsive } from "./props";

const HIDE_SCROLLBARS =
  "[data-radix-scroll-area-viewport]{scrollbar-width:none;-ms-overflow-style:none;-webkit-overflow-scrolling:touch;}[data-radix-scroll-area-viewport]::-webkit-scrollbar{display:none}";

type RootProps = ComponentPropsWithoutRef<"div"> &
  MarginProps & { size?: Responsive<"1" | "2" | "3">; variant?: "surface" | "ghost" };

const rootDefs = {
  size: size(["1", "2", "3"], "2"),
  variant: { className: "rt-variant", values: ["surface", "ghost"], default: "ghost" },
};

const Root = forwardRef<HTMLDivElement, RootProps>(function TableRoot(props, ref) {
  const { className, children, ...rest } = extract(props, rootDefs, margin);
  return (
    <div ref={ref} className={cx("rt-TableRoot", className)} {...rest}>
      <div
        dir="ltr"
        className="rt-ScrollAreaRoot"
        style={
          {
            position: "relative",
            "--radix-scroll-area-corner-width": "0px",
            "--radix-scroll-area-corner-height": "0px",
          } as CSSProperties
        }
      >
        <style dangerouslySetInnerHTML={{ __html: HIDE_SCROLLBARS }} />
        <div
          data-radix-scroll-area-viewport=""
          className="rt-ScrollAreaViewport"
          style={{ overflowX: "scroll", overflowY: "scroll" }}
        >
          <div style={{ minWidth: "100%", display: "table" }}>
            <table className="rt-TableRootTable">{children as ReactNode}</table>
          </div>
        </div>
        <div className="rt-ScrollAreaViewportFocusRing" />
      </div>
    </div>
  );
});

const Header = forwardRef<HTMLTableSectionElement, ComponentPropsWithoutRef<"thead">>(function TableHeader(
  { className, ...props },
  ref,
) {
  return <thead {...props} ref={ref} className={cx("rt-TableHeader", className)} />;
});

const Body = forwardRef<HTMLTableSectionElement, ComponentPropsWithoutRef<"tbody">>(function TableBody(
  { className, ...props },
  ref,
) {
  return <tbody {...props} ref={ref} className={cx("rt-TableBody", className)} />;
});

const Row = forwardRef<HTMLTableRowElement, ComponentPropsWithoutRef<"tr">>(function TableRow(
  { className, ...props },
  ref,
) {
  return <tr {...props} ref={ref} className={cx("rt-TableRow", className)} />;
});

const cellDefs = { width: width.width };

type CellProps = Omit<ComponentPropsWithoutRef<"td">, "width"> & { align?: "right"; width?: string };

const Cell = forwardRef<HTMLTableCellElement, CellProps>(function TableCell(props, ref) {
  const { className, ...rest } = extract(props, cellDefs);
  return <td className={cx("rt-TableCell", className)} ref={ref} {...rest} />;
});

const ColumnHeaderCell = forwardRef<HTMLTableCellElement, CellProps>(function TableColumnHeaderCell(props, ref) {
  const { className, ...rest } = extract(props, cellDefs);
  return <th className={cx("rt-TableCell", "rt-TableColumnHeaderCell", className)} scope="col" ref={ref} {...rest} />;
});

export const Table = { Root, Header, Body, Row, Cell, ColumnHeaderCell };
