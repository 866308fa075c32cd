import { TabNav } from "~/components/ui";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import settingsStyles from "~/styles/settings.css";
import { requirePermission } from "~/utils/auth.server";
import { can } from "~/utils/permissions";
import { GeneralErrorBoundary } from "~/components/error-boundary";

// Settings is a layout: one nested route per tab (/settings is Profile), each with its own loader,
// action and permission. Staff and Security are the owner's; the spec's other tabs are owner+office.

export const meta: MetaFunction = () => [{ title: "Settings · Cabinetry Jobs" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

export const SETTINGS_TABS = [
  { id: "profile", label: "Profile", to: "/settings" },
  { id: "business", label: "Business", to: "/settings/business" },
  { id: "system", label: "System", to: "/settings/system" },
  { id: "security", label: "Security", to: "/settings/security" },
  { id: "email", label: "Email", to: "/settings/email" },
  { id: "staff", label: "Staff", to: "/settings/staff" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const tabs = SETTINGS_TABS.filter((t) =>
    t.id === "staff" ? can(user.viewRole, "staff") : t.id === "security" ? can(user.viewRole, "security") : true,
  );
  return json({ tabs: tabs.map((t) => t.id) });
}

export default function Settings() {
  const { tabs } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const current =
    SETTINGS_TABS.find((t) => t.to !== "/settings" && (pathname === t.to || pathname.startsWith(`${t.to}/`)))?.id ??
    "profile";
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your account and business preferences" />
      <TabNav.Root mb="4" aria-label="Settings sections" className="wrapping-tabs">
        {SETTINGS_TABS.filter((t) => tabs.includes(t.id)).map((t) => (
          <TabNav.Link key={t.id} asChild active={t.id === current}>
            <Link to={t.to} aria-current={t.id === current ? "page" : undefined}>
              {t.label}
            </Link>
          </TabNav.Link>
        ))}
      </TabNav.Root>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
