// How a Radix Themes 3.3 component turns its props into class names and CSS variables
// (node_modules/@radix-ui/themes/dist/esm/helpers/extract-props.js), kept for the props the app sets.
// The classes are the ones app/styles/radix.css styles (docs/decisions/ui-layer.md).
import { Children, cloneElement, isValidElement, type CSSProperties, type ReactElement, type Ref } from "react";
import { jsx } from "react/jsx-runtime";

export type Breakpoint = "initial" | "xs" | "sm" | "md" | "lg";
/** One value, or one per breakpoint (`{ initial: "1", sm: "2" }`); xl is left out of radix.css. */
export type Responsive<T extends string> = T | Partial<Record<Breakpoint, T>>;

export type Space = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
export type AccentColor = "gray" | "brown" | "yellow" | "amber" | "orange" | "red" | "purple" | "blue" | "green";
export type Weight = "light" | "regular" | "medium" | "bold";

/** A prop that becomes a class: `values` are the ones with a class of their own (`rt-r-mt-3`). */
export type PropDef = {
  className: string;
  values?: readonly string[];
  /** Any other value sets these CSS variables and the bare class (`rt-r-ml` + `--ml: auto`). */
  vars?: readonly string[];
  /** A boolean prop: the class when true. */
  boolean?: true;
  default?: string;
  parse?: (value: string) => string;
};
export type PropDefs = Record<string, PropDef>;

const SPACE = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
const MARGIN = [...SPACE, "-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9"] as const;

export const margin = {
  mt: { className: "rt-r-mt", values: MARGIN, vars: ["--mt"] },
  mb: { className: "rt-r-mb", values: MARGIN, vars: ["--mb"] },
  ml: { className: "rt-r-ml", values: MARGIN, vars: ["--ml"] },
  my: { className: "rt-r-my", values: MARGIN, vars: ["--mt", "--mb"] },
} satisfies PropDefs;
export type MarginProps = { mt?: Responsive<Space>; mb?: Responsive<Space>; ml?: Responsive<Space | "auto"> };

export const padding = {
  p: { className: "rt-r-p", values: SPACE, vars: ["--p"] },
  py: { className: "rt-r-py", values: SPACE, vars: ["--pt", "--pb"] },
  pt: { className: "rt-r-pt", values: SPACE, vars: ["--pt"] },
} satisfies PropDefs;
export type PaddingProps = { p?: Responsive<Space>; py?: Responsive<Space>; pt?: Responsive<Space> };

export const width = {
  width: { className: "rt-r-w", vars: ["--width"] },
  minWidth: { className: "rt-r-min-w", vars: ["--min-width"] },
  maxWidth: { className: "rt-r-max-w", vars: ["--max-width"] },
} satisfies PropDefs;

/** Box, Flex and Grid's layout props the app sets (Radix's layoutPropDefs, in its order). */
export const layout = {
  p: padding.p,
  py: padding.py,
  pt: padding.pt,
  minWidth: width.minWidth,
  flexShrink: { className: "rt-r-fs", values: ["0", "1"], vars: ["--flex-shrink"] },
} satisfies PropDefs;
export type LayoutProps = PaddingProps & { minWidth?: string; flexShrink?: "0" | "1" };

export const gap = { gap: { className: "rt-r-gap", values: SPACE, vars: ["--gap"] } } satisfies PropDefs;

export const size = (values: readonly string[], dflt?: string): PropDef => ({
  className: "rt-r-size",
  values,
  default: dflt,
});
export const variant = (values: readonly string[], dflt: string): PropDef => ({
  className: "rt-variant",
  values,
  default: dflt,
});
export const weight: PropDef = { className: "rt-r-weight", values: ["light", "regular", "medium", "bold"] };
export const textAlign: PropDef = { className: "rt-r-ta", values: ["left", "center", "right"] };
export const highContrast: PropDef = { className: "rt-high-contrast", boolean: true };

function token(className: string, value: string, parse?: (v: string) => string) {
  const parsed = parse ? parse(value) : value;
  return parsed.startsWith("-") ? `-${className}-${parsed.slice(1)}` : `${className}-${parsed}`;
}

/** One prop of a `defs` list: its definition and its place in the list (the classes' order). */
type Entry = { name: string; def: PropDef; order: number };
/** A `defs` list merged once: its props by name, and the ones with a default. */
type Merged = { byName: Map<string, Entry>; defaults: Entry[] };

// Merged lists by their def objects (the components' module constants), one WeakMap level per object.
type Level = { merged?: Merged; next?: WeakMap<PropDefs, Level> };
const mergedLists = new WeakMap<PropDefs, Level>();

function merge(defs: PropDefs[]): Merged {
  let level: Level | undefined;
  let map = mergedLists;
  for (const set of defs) {
    level = map.get(set);
    if (!level) map.set(set, (level = {}));
    map = level.next ??= new WeakMap();
  }
  if (level?.merged) return level.merged;
  const merged: Merged = { byName: new Map(), defaults: [] };
  let order = 0;
  for (const set of defs)
    for (const name in set) {
      if (merged.byName.has(name)) continue;
      const entry = { name, def: set[name], order: order++ };
      merged.byName.set(name, entry);
      if (entry.def.default !== undefined) merged.defaults.push(entry);
    }
  if (level) level.merged = merged;
  return merged;
}

/**
 * Splits `props` into the classes and CSS variables `defs` give them and the rest (passed on to the
 * element). `className` and `style` from the caller come after the generated ones, as in Radix.
 * Every component of every row renders through here: `defs` are merged once (pass module
 * constants), and only the props given are looked at, not every prop the defs know.
 */
export function extract(
  props: { className?: string; style?: CSSProperties },
  ...defs: PropDefs[]
): Record<string, unknown> & { className?: string; style?: CSSProperties } {
  const given = props as Record<string, unknown>;
  const { byName, defaults } = merge(defs);
  // The rest is copied key by key, not spread and then deleted from: deleting turns the object into
  // a slow dictionary.
  const rest: Record<string, unknown> = {};
  let set: Entry[] | undefined;
  for (const key in given) {
    const entry = byName.get(key);
    if (entry === undefined) rest[key] = given[key];
    else if (given[key] !== undefined) (set ??= []).push(entry);
  }
  for (const entry of defaults) if (given[entry.name] === undefined) (set ??= []).push(entry);
  const out: Generated = { classes: "" };
  if (set) {
    if (set.length > 1) set.sort((a, b) => a.order - b.order);
    for (const { name, def } of set) {
      const value = (given[name] as string | Partial<Record<Breakpoint, string>> | boolean | undefined) ?? def.default;
      if (value === undefined || value === "" || value === false) continue;
      if (def.boolean) addClass(out, def.className);
      else if (typeof value !== "object") add(out, def, "initial", String(value));
      else {
        // One value per breakpoint, the default as the initial one unless given.
        const perBreakpoint: Partial<Record<Breakpoint, string>> = { initial: def.default, ...value };
        for (const bp in perBreakpoint) {
          const v = perBreakpoint[bp as Breakpoint];
          if (v !== undefined) add(out, def, bp as Breakpoint, v);
        }
      }
    }
  }
  rest.className = cx(out.classes, props.className) || undefined;
  rest.style = out.style || props.style ? { ...out.style, ...props.style } : undefined;
  return rest;
}

type Generated = { classes: string; style?: Record<string, string> };

function addClass(out: Generated, name: string) {
  out.classes = out.classes ? `${out.classes} ${name}` : name;
}

/** A prop's class (`sm:rt-r-mt-3`), or its bare class and CSS variables (`--mt-sm`), at `bp`. */
function add(out: Generated, def: PropDef, bp: Breakpoint, value: string) {
  const prefix = bp === "initial" ? "" : `${bp}:`;
  if (def.values?.includes(value)) addClass(out, prefix + token(def.className, value, def.parse));
  else if (def.vars) {
    addClass(out, prefix + def.className);
    const parsed = def.parse ? def.parse(value) : value;
    out.style ??= {};
    for (const cssVar of def.vars) out.style[bp === "initial" ? cssVar : `${cssVar}-${bp}`] = parsed;
  }
}

/** Class names joined, the empty ones left out. */
export function cx(...names: (string | false | null | undefined)[]) {
  let joined = "";
  for (const name of names) if (name) joined = joined ? `${joined} ${name}` : name;
  return joined;
}

type AnyProps = Record<string, unknown>;

/**
 * `asChild`: the props go onto the one child element (as Radix's Slot does: classes joined, styles
 * merged, handlers both called, the child's other props win).
 */
/** The element `tag` with `props` and `children`, or with `asChild` the one child given those props. */
export function element(
  tag: string,
  asChild: boolean | undefined,
  props: AnyProps,
  children: unknown,
  ref?: Ref<unknown>,
) {
  if (asChild) return slot(props, children, ref);
  // No `ref` key when there is none (always, on the server): React's jsx() then takes this object
  // as the props without copying it (patches/react+18.3.1.patch).
  return jsx(tag as "div", ref ? { ...props, ref, children } : { ...props, children });
}

export function slot(props: AnyProps, children: unknown, ref?: Ref<unknown>) {
  const child = Children.only(children) as ReactElement<AnyProps>;
  if (!isValidElement(child)) return null;
  const childProps = child.props as AnyProps;
  const merged: AnyProps = { ...props };
  for (const key in childProps) {
    const own = props[key];
    const theirs = childProps[key];
    if (key === "className") merged[key] = cx(own as string, theirs as string);
    else if (key === "style") merged[key] = { ...(own as object), ...(theirs as object) };
    else if (/^on[A-Z]/.test(key) && typeof own === "function" && typeof theirs === "function")
      merged[key] = (...args: unknown[]) => {
        (theirs as (...a: unknown[]) => unknown)(...args);
        (own as (...a: unknown[]) => unknown)(...args);
      };
    else merged[key] = theirs;
  }
  const childRef = (child as unknown as { ref?: Ref<unknown> }).ref;
  if (ref) merged.ref = childRef ? composeRefs(ref, childRef) : ref;
  return cloneElement(child, merged);
}

function composeRefs(...refs: Ref<unknown>[]) {
  return (node: unknown) => {
    for (const r of refs) {
      if (typeof r === "function") r(node);
      else if (r) (r as { current: unknown }).current = node;
    }
  };
}
