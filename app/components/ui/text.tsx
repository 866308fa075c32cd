// Text, Heading, Code, Link and DataList with Radix Themes 3.3's markup and classes.
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import {
  cx,
  extract,
  margin,
  size,
  element,
  textAlign,
  variant,
  weight,
  type AccentColor,
  type MarginProps,
  type Responsive,
  type Weight,
} from "./props";

type Size9 = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
const SIZES = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

export type TextProps = Omit<ComponentPropsWithoutRef<"label">, "color"> &
  MarginProps & {
    as?: "span" | "div" | "label" | "p";
    asChild?: boolean;
    size?: Responsive<Size9>;
    weight?: Responsive<Weight>;
    align?: Responsive<"left" | "center" | "right">;
    color?: AccentColor;
  };

const textDefs = { size: size(SIZES), weight, align: textAlign };

export const Text = forwardRef<HTMLSpanElement, TextProps>(function Text(
  { as = "span", asChild, color, ...props },
  ref,
) {
  const { className, children, ...rest } = extract(props, textDefs, margin);
  const own = { "data-accent-color": color, ...rest, className: cx("rt-Text", className) };
  return element(as, asChild, own, children, ref);
});

export type HeadingProps = Omit<ComponentPropsWithoutRef<"h1">, "color"> &
  MarginProps & {
    as?: "h1" | "h2" | "h3";
    size?: Responsive<Size9>;
  };

const headingDefs = { size: size(SIZES, "6") };

export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(function Heading({ as = "h1", ...props }, ref) {
  const { className, children, ...rest } = extract(props, headingDefs, margin);
  return element(as, false, { ...rest, className: cx("rt-Heading", className) }, children, ref);
});

export type CodeProps = Omit<ComponentPropsWithoutRef<"code">, "color"> & { size?: Responsive<Size9> };

const codeDefs = { size: size(SIZES), variant: variant(["solid", "soft", "outline", "ghost"], "soft") };

export const Code = forwardRef<HTMLElement, CodeProps>(function Code(props, ref) {
  const { className, ...rest } = extract(props, codeDefs);
  return <code data-accent-color="" {...rest} ref={ref} className={cx("rt-reset", "rt-Code", className)} />;
});

export type LinkProps = Omit<ComponentPropsWithoutRef<"a">, "color"> & {
  asChild?: boolean;
  size?: Responsive<Size9>;
};

const linkDefs = {
  size: size(SIZES),
  underline: { className: "rt-underline", values: ["auto", "always", "hover", "none"], default: "auto" },
};

/** Radix's Link: a text link (`asChild` puts its classes on the one child, e.g. a Remix Link). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ asChild, ...props }, ref) {
  const { className, children, ...rest } = extract(props, linkDefs);
  const own = { ...rest, "data-accent-color": "", className: cx("rt-Text", "rt-reset", "rt-Link", className) };
  return element("a", asChild, own, children, ref);
});

type DataListRootProps = ComponentPropsWithoutRef<"dl"> & MarginProps & { size?: Responsive<"1" | "2" | "3"> };

const dataListDefs = {
  orientation: { className: "rt-r-orientation", values: ["horizontal", "vertical"], default: "horizontal" },
  size: size(["1", "2", "3"], "2"),
};

const DataListRoot = forwardRef<HTMLDListElement, DataListRootProps>(function DataListRoot(props, ref) {
  const { className, ...rest } = extract(props, dataListDefs, margin);
  return <dl {...rest} ref={ref} className={cx("rt-Text", "rt-DataListRoot", className)} />;
});

const DataListItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function DataListItem(
  { className, ...props },
  ref,
) {
  return <div {...props} ref={ref} className={cx("rt-DataListItem", className)} />;
});

const DataListLabel = forwardRef<HTMLElement, ComponentPropsWithoutRef<"dt">>(function DataListLabel(
  { className, ...props },
  ref,
) {
  return <dt {...props} ref={ref} className={cx("rt-DataListLabel", className)} />;
});

const DataListValue = forwardRef<HTMLElement, ComponentPropsWithoutRef<"dd">>(function DataListValue(
  { className, ...props },
  ref,
) {
  return <dd {...props} ref={ref} className={cx(className, "rt-DataListValue")} />;
});

export const DataList = { Root: DataListRoot, Item: DataListItem, Label: DataListLabel, Value: DataListValue };
