// React's jsx() patched (patches/react+18.3.1.patch, docs/decisions/react-server-writes.md): in the
// production build the server and the browser bundle run, an element whose config carries no key,
// ref, __self or __source, of a type without defaultProps, takes the compiler's fresh config object
// as its props (as React 19 does) instead of copying it key by key. Everything else is as upstream:
// a key or ref in the config is lifted out of the props, defaultProps fill the gaps.
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, type ReactElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// The package exports no cjs/ path: the file is read from its folder (as the server loads it under NODE_ENV=production).
const { jsx, jsxs, Fragment } = require(
  path.join(path.dirname(require.resolve("react")), "cjs", "react-jsx-runtime.production.min.js"),
) as {
  jsx: (type: unknown, config: Record<string, unknown>, key?: unknown) => ReactElement & { ref: unknown };
  jsxs: (type: unknown, config: Record<string, unknown>, key?: unknown) => ReactElement;
  Fragment: unknown;
};
const { renderToStaticMarkup } = require(
  path.join(path.dirname(require.resolve("react-dom")), "cjs", "react-dom-server-legacy.node.production.min.js"),
) as { renderToStaticMarkup: (node: ReactNode) => string };

describe("jsx() in the production build", () => {
  it("takes a config without key or ref as the element's props, and a key argument as the key", () => {
    const config = { className: "rt-Text", children: "Due Nov 29" };
    const element = jsx("span", config, 12);
    expect(element.props).toBe(config);
    expect(element.key).toBe("12");
    expect(element.ref).toBeNull();
    expect(jsx("span", { id: "a" }).key).toBeNull();
  });

  it("lifts a key or ref out of the props and copies the rest, as upstream", () => {
    const ref = { current: null };
    const keyed = jsx("li", { key: 7, className: "row" });
    expect(keyed.key).toBe("7");
    expect(keyed.props).toEqual({ className: "row" });
    const withRef = jsx("input", { ref, name: "q" });
    expect(withRef.ref).toBe(ref);
    expect(withRef.props).toEqual({ name: "q" });
    // An explicit `ref: undefined` (a component passing its optional ref on) leaves no ref in the props.
    expect(jsx("input", { ref: undefined, name: "q" }).props).toEqual({ name: "q" });
  });

  it("fills defaultProps into a copy, leaving the caller's config alone", () => {
    function Badge(props: { color?: string; children?: ReactNode }) {
      return h("b", { "data-color": props.color }, props.children);
    }
    Badge.defaultProps = { color: "gray" };
    const config = { children: "Low" };
    const element = jsx(Badge, config);
    expect(element.props).toEqual({ color: "gray", children: "Low" });
    expect(config).toEqual({ children: "Low" });
  });

  it("renders the same markup as createElement", () => {
    const viaJsx = jsxs("ul", {
      className: "home-list",
      children: [
        jsx("li", { "data-testid": "my-task", children: [jsx("b", { children: "High" }), " Fit doors"] }, 1),
        jsx("li", { children: jsxs(Fragment, { children: ["Due ", "Dec 1"] }) }, 2),
      ],
    });
    const viaCreate = h(
      "ul",
      { className: "home-list" },
      h("li", { key: 1, "data-testid": "my-task" }, h("b", null, "High"), " Fit doors"),
      h("li", { key: 2 }, "Due ", "Dec 1"),
    );
    expect(renderToStaticMarkup(viaJsx)).toBe(renderToStaticMarkup(viaCreate));
  });
});
