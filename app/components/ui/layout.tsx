// Box, Flex, Grid, Container and Separator with Radix Themes 3.3's markup and classes.
import { createElement, forwardRef, type ComponentPropsWithoutRef, type ReactNode } from "react";
import {
  cx,
  extract,
  gap,
  layout,
  margin,
  size,
  element,
  type LayoutProps,
  type MarginProps,
  type Responsive,
  type Space,
} from "./props";

type DivProps = Omit<ComponentPropsWithoutRef<"div">, "color">;
type Columns = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

export type BoxProps = DivProps & MarginProps & LayoutProps;

export const Box = forwardRef<HTMLDivElement, BoxProps>(function Box(props, ref) {
  const { className, children, ...rest } = extract(props, layout, margin);
  return element("div", false, { ...rest, className: cx("rt-Box", className) }, children, ref);
});

const flexDefs = {
  direction: { className: "rt-r-fd", values: ["row", "column", "row-reverse", "column-reverse"] },
  align: { className: "rt-r-ai", values: ["start", "center", "end", "baseline", "stretch"] },
  justify: {
    className: "rt-r-jc",
    values: ["start", "center", "end", "between"],
    parse: (v: string) => (v === "between" ? "space-between" : v),
  },
  wrap: { className: "rt-r-fw", values: ["nowrap", "wrap", "wrap-reverse"] },
  ...gap,
};

export type FlexProps = DivProps &
  MarginProps &
  LayoutProps & {
    as?: "div" | "span";
    asChild?: boolean;
    direction?: Responsive<"row" | "column">;
    align?: Responsive<"start" | "center" | "end" | "baseline" | "stretch">;
    justify?: Responsive<"start" | "center" | "end" | "between">;
    wrap?: Responsive<"nowrap" | "wrap">;
    gap?: Responsive<Space>;
  };

export const Flex = forwardRef<HTMLDivElement, FlexProps>(function Flex({ as = "div", asChild, ...props }, ref) {
  const { className, children, ...rest } = extract(props, flexDefs, layout, margin);
  const own = { ...rest, className: cx("rt-Flex", className) };
  return element(as, asChild, own, children, ref);
});

const gridDefs = {
  columns: {
    className: "rt-r-gtc",
    values: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
    vars: ["--grid-template-columns"],
    parse: (v: string) => (/^\d+$/.test(v) && !/^[1-9]$/.test(v) ? `repeat(${v}, minmax(0, 1fr))` : v),
  },
  align: flexDefs.align,
  ...gap,
};

export type GridProps = DivProps &
  MarginProps & {
    /** A count ("2"), or a grid-template-columns value. */
    columns?: Responsive<Columns | `minmax(${string}`>;
    align?: Responsive<"start" | "center" | "end" | "baseline" | "stretch">;
    gap?: Responsive<Space>;
  };

export const Grid = forwardRef<HTMLDivElement, GridProps>(function Grid(props, ref) {
  const { className, children, ...rest } = extract(props, gridDefs, layout, margin);
  return element("div", false, { ...rest, className: cx("rt-Grid", className) }, children, ref);
});

export type ContainerProps = DivProps & LayoutProps & { size?: Responsive<"1" | "2" | "3" | "4"> };

const containerDefs = { size: size(["1", "2", "3", "4"], "4") };

export const Container = forwardRef<HTMLDivElement, ContainerProps>(function Container(props, ref) {
  const { className, children, ...rest } = extract(props, containerDefs, layout, margin);
  return createElement(
    "div",
    { ...rest, ref, className: cx("rt-Container", className) },
    <div className="rt-ContainerInner">{children as ReactNode}</div>,
  );
});

export type SeparatorProps = Omit<ComponentPropsWithoutRef<"span">, "color" | "children"> & {
  size?: Responsive<"1" | "2" | "3" | "4">;
  my?: Responsive<Space>;
};

const separatorDefs = {
  orientation: { className: "rt-r-orientation", values: ["horizontal", "vertical"], default: "horizontal" },
  size: size(["1", "2", "3", "4"], "1"),
};

/** Decorative, as Radix's default: no separator role. */
export const Separator = forwardRef<HTMLSpanElement, SeparatorProps>(function Separator(props, ref) {
  const { className, ...rest } = extract(props, separatorDefs, margin);
  return <span data-accent-color="gray" {...rest} ref={ref} className={cx("rt-Separator", className)} />;
});
