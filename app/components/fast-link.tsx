// Links in long server-rendered lists and the sidebar: a plain <a href> (free to render), turned
// into a client-side navigation by one click listener for the whole document once React runs.
// Remix's <Link> resolves its path and sets up prefetching per instance, which made up about a
// tenth of a list page's server time (tests/bench); without JS both are ordinary links anyway.
import { useNavigate } from "@remix-run/react";
import { forwardRef, useEffect, type AnchorHTMLAttributes } from "react";

type FastLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path ("/customers/12?tab=x"): no relative resolution happens here. */
  to: string;
  /** Keep the scroll position (a dialog route opening over the list). */
  preventScrollReset?: boolean;
};

// forwardRef: Radix's `asChild` (Button, Badge) hands its ref to the anchor.
export const FastLink = forwardRef<HTMLAnchorElement, FastLinkProps>(function FastLink(
  { to, preventScrollReset, ...rest },
  ref,
) {
  return <a ref={ref} href={to} data-fast-link={preventScrollReset ? "keep-scroll" : ""} {...rest} />;
});

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
      const anchor = (event.target as Element | null)?.closest?.("a[data-fast-link]") as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`, {
        preventScrollReset: anchor.dataset.fastLink === "keep-scroll",
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
