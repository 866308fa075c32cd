// Radix Themes 3.3's TabNav markup without its NavigationMenu: tabs that are links between routes,
// the current one marked by the caller (`active`, from the URL). Tab moves between them as between
// any links (NavigationMenu's arrow keys are not kept).
import { cloneElement, isValidElement, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from "react";
import { cx, extract, margin, size, type MarginProps } from "./props";

type RootProps = ComponentPropsWithoutRef<"nav"> & MarginProps;

const rootDefs = { size: size(["1", "2"], "2") };

function Root(props: RootProps) {
  const { className, children, ...rest } = extract(props, rootDefs, margin);
  return (
    <nav data-orientation="horizontal" dir="ltr" className="rt-TabNavRoot" {...rest}>
      <div style={{ position: "relative" }}>
        <ul
          data-orientation="horizontal"
          className={cx("rt-reset", "rt-BaseTabList", "rt-TabNavList", className)}
          dir="ltr"
        >
          {children as ReactNode}
        </ul>
      </div>
    </nav>
  );
}

/** One tab: its only child is the link (a Remix `Link`); its text is drawn twice, as in Radix. */
function Link({
  active,
  children,
}: {
  asChild: true;
  active?: boolean;
  children: ReactElement<{ children?: ReactNode }>;
}) {
  if (!isValidElement(children)) return null;
  const label = children.props.children;
  return (
    <li className="rt-TabNavItem">
      {cloneElement(
        children as ReactElement<Record<string, unknown>>,
        {
          "aria-current": active ? "page" : undefined,
          "data-active": active ? "" : undefined,
          className: "rt-reset rt-BaseTabListTrigger rt-TabNavLink",
          "data-radix-collection-item": "",
        },
        <>
          <span className="rt-BaseTabListTriggerInner rt-TabNavLinkInner">{label}</span>
          <span className="rt-BaseTabListTriggerInnerHidden rt-TabNavLinkInnerHidden">{label}</span>
        </>,
      )}
    </li>
  );
}

export const TabNav = { Root, Link };
