// Links in server-rendered lists (list pages, a record page's related rows, Home's lists) and the
// sidebar: a plain <a href> (free to render), turned into a client-side navigation by one click
// listener for the whole document once React runs.
// Remix's <Link> resolves its path and sets up prefetching per instance, which made up about a
// tenth of a list page's server time (tests/bench); without JS both are ordinary links anyway.
//
// Inside a FastLinkScope (a DataTable's rows) the links carry no marker at all: every <a> under an
// element with `data-fast-links` is one (50 rows × 5 links of `data-fast-link=""` were ~5 KB of a
// list's HTML), and the ones into a dialog over the page — a path two or more steps under the
// page's own, as /jobs/12/edit from /jobs — keep the scroll position (no `data-keep-scroll` each).
import { useNavigate } from "@remix-run/react";
import { createContext, forwardRef, useContext, useEffect, type AnchorHTMLAttributes } from "react";

const Scope = createContext(false);
/** Wraps an element that has `data-fast-links`: the FastLinks inside need no marker of their own. */
export const FastLinkScope = Scope.Provider;

type FastLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path ("/customers/12?tab=x"): no relative resolution happens here. */
  to: string;
  /** Keep the scroll position (a dialog route opening over the list); in a FastLinkScope its path decides. */
  preventScrollReset?: boolean;
};

// forwardRef: Radix's `asChild` (Button, Badge) hands its ref to the anchor.
export const FastLink = forwardRef<HTMLAnchorElement, FastLinkProps>(function FastLink(
  { to, preventScrollReset, ...rest },
  ref,
) {
  const scoped = useContext(Scope);
  const props = scoped
    ? { href: to, ...rest }
    : { href: to, "data-fast-link": preventScrollReset ? "keep-scroll" : "", ...rest };
  // No `ref` key when there is none (always, on the server): React's jsx() then takes the props
  // object as it is (patches/react+18.3.1.patch).
  return ref ? <a ref={ref} {...props} /> : <a {...props} />;
});

/** A path two or more steps under the page's own (/jobs/12/edit under /jobs): a dialog route over it. */
function opensOver(path: string, page: string) {
  const base = page.replace(/\/$/, "");
  return (
    path.startsWith(`${base}/`) &&
    path
      .slice(base.length + 1)
      .split("/")
      .filter(Boolean).length >= 2
  );
}

/** Mount once inside the router: plain left clicks on a FastLink navigate without a page load. */
export function useFastLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.(
        "a[data-fast-link], [data-fast-links] a[href]",
      ) as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`, {
        preventScrollReset:
          anchor.dataset.fastLink === "keep-scroll" ||
          (!anchor.dataset.fastLink && opensOver(url.pathname, window.location.pathname)),
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
