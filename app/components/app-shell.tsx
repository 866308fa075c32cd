import { Badge, Box, Flex, IconButton, Text } from "~/components/ui";
import { Form, Link, useLocation } from "@remix-run/react";
import { HeaderSearch } from "./header-search";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { navFor, ROLE_LABELS, ROLES, type Role } from "~/utils/permissions";
import { FastLink, FastLinkScope, useFastLinks } from "./fast-link";
import { SpriteIcon } from "./sprite-icon";
import type { SpriteIconName } from "./sprite-icons";

type ShellUser = { name: string; role: Role; viewRole: Role };

const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** A nav item's count as its badge shows it: "99+" above 99, so it fits the collapsed rail's icon. */
export function navCountText(count: number) {
  return count > 99 ? "99+" : String(count);
}

export function AppShell({
  user,
  sidebarOpen: initialOpen,
  theme,
  counts = {},
  children,
}: {
  user: ShellUser;
  sidebarOpen: boolean;
  theme: "light" | "dark";
  /** Unread counts by nav path (the Inbox's), shown next to the item when above zero. */
  counts?: Record<string, number | null | undefined>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initialOpen);
  const location = useLocation();
  const returnTo = location.pathname + location.search;

  const toggle = useCallback(() => {
    setOpen((value) => {
      document.cookie = `sidebar_state=${!value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
      return !value;
    });
  }, []);

  // Spec: ctrl/meta + b collapses and expands the sidebar.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // With JS the theme is mirrored to local storage (key `theme`, spec §2).
  useEffect(() => {
    window.localStorage.setItem("theme", theme);
  }, [theme]);

  // The phone sheet (and the expanded tablet rail) closes after navigating, and on Escape with
  // focus back on its button (docs/decisions/tablet-layout.md).
  useEffect(() => {
    const box = document.getElementById("sidebar-mobile-toggle") as HTMLInputElement | null;
    if (box) box.checked = false;
  }, [location.pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const box = document.getElementById("sidebar-mobile-toggle") as HTMLInputElement | null;
      if (event.key !== "Escape" || !box?.checked) return;
      box.checked = false;
      box.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useFastLinks();
  const items = navFor(user.viewRole);
  const isActive = (to: string) =>
    to === "/" ? location.pathname === "/" : location.pathname === to || location.pathname.startsWith(`${to}/`);
  return (
    <div className="shell" data-sidebar={open ? "expanded" : "collapsed"}>
      {/* Tapping outside the open sheet closes it (the checkbox in the header drives it, no JS needed). */}
      <label htmlFor="sidebar-mobile-toggle" className="sidebar-backdrop" aria-hidden />
      <aside className="sidebar" id="sidebar" aria-label="Main navigation">
        <Flex align="center" gap="2" className="sidebar-brand">
          <span className="logo-mark" aria-hidden>
            CJ
          </span>
          <Text weight="bold" className="sidebar-label">
            Cabinetry Jobs
          </Text>
        </Flex>
        <nav>
          {/* Every page draws these 12 links: no class, marker or wrapper each (app.css styles
              `.sidebar-nav a`, the current one by aria-current, the label as the link's classless
              <span>, like the other `.sidebar-label`s; data-fast-links: fast-link.tsx). */}
          <ul className="sidebar-nav" data-fast-links="">
            <FastLinkScope value={true}>
              {items.map((item) => (
                <li key={item.to}>
                  <FastLink to={item.to} aria-current={isActive(item.to) ? "page" : undefined}>
                    <SpriteIcon name={item.icon as SpriteIconName} />
                    <span>{item.title}</span>
                    {counts[item.to] ? (
                      <span
                        className="sidebar-count"
                        data-testid={`nav-count-${item.to.slice(1)}`}
                        aria-label={`${counts[item.to]} unread`}
                      >
                        {navCountText(counts[item.to]!)}
                      </span>
                    ) : null}
                  </FastLink>
                </li>
              ))}
            </FastLinkScope>
          </ul>
        </nav>
        <Box className="sidebar-foot">
          <Text as="div" size="2" weight="bold" className="sidebar-label" data-testid="sidebar-user">
            {user.name}
          </Text>
          <Text as="div" size="1" color="gray" className="sidebar-label" data-testid="sidebar-role">
            {ROLE_LABELS[user.viewRole]}
          </Text>
          <div className="sidebar-label">
            <Link to="/two-factor" className="link-button">
              Two-factor sign-in
            </Link>
          </div>
          <Form method="post" action="/logout" className="sidebar-label">
            <button type="submit" className="link-button">
              Sign out
            </button>
          </Form>
        </Box>
      </aside>

      <div className="shell-main">
        <header className="header">
          {/* Below 1024px: on a phone this checkbox slides in the sheet, on a tablet it expands the icon
              rail; CSS alone (:has) reacts to it, so it works without JS (docs/decisions/tablet-layout.md). */}
          <label className="mobile-menu-button">
            <input type="checkbox" id="sidebar-mobile-toggle" aria-label="Open menu" aria-controls="sidebar" />
            <SpriteIcon name="menu" />
          </label>
          <Form
            method="post"
            action="/preferences"
            className="wide-only"
            onSubmit={(event) => {
              event.preventDefault();
              toggle();
            }}
          >
            <input type="hidden" name="intent" value="sidebar" />
            <input type="hidden" name="value" value={open ? "false" : "true"} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <IconButton
              type="submit"
              variant="ghost"
              color="gray"
              aria-label="Toggle sidebar"
              title={`${open ? "Collapse" : "Expand"} sidebar (Ctrl+B)`}
            >
              <SpriteIcon name="sidebar" />
            </IconButton>
          </Form>
          <HeaderSearch />
          <Flex align="center" gap="3" ml="auto">
            <RoleSwitcher user={user} returnTo={returnTo} />
            <Form method="post" action="/preferences">
              <input type="hidden" name="intent" value="theme" />
              <input type="hidden" name="value" value={theme === "dark" ? "light" : "dark"} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <IconButton
                type="submit"
                variant="ghost"
                color="gray"
                aria-label={theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
              >
                <SpriteIcon name={theme === "dark" ? "sun" : "moon"} />
              </IconButton>
            </Form>
          </Flex>
        </header>
        <main className="content">{children}</main>
      </div>
    </div>
  );
}

/**
 * "View as" (docs/decisions/view-as.md): an owner may preview the office or installer view; the
 * server narrows what it shows. Others see their own role only.
 */
function RoleSwitcher({ user, returnTo }: { user: ShellUser; returnTo: string }) {
  if (user.role !== "owner") {
    return (
      <Flex align="center" gap="2">
        <Badge color="gray">{ROLE_LABELS[user.role]}</Badge>
        <Text size="2" className="desktop-only">
          {user.name}
        </Text>
      </Flex>
    );
  }
  return (
    <Form method="post" action="/view-as" className="role-switcher">
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor="view-as" className="visually-hidden">
        View as
      </label>
      <Text size="2" color="gray" className="desktop-only">
        View as
      </Text>
      <select
        id="view-as"
        name="role"
        defaultValue={user.viewRole}
        key={user.viewRole}
        className="native-select"
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="small-button">
          Apply
        </button>
      </noscript>
    </Form>
  );
}
