import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { cachedUnreadCount } from "~/models/inbox.server";
import { useRootData } from "~/root";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { can } from "~/utils/permissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The Inbox's unread count beside its nav item, for the roles that see the Inbox.
  return { inboxUnread: can(user.viewRole, "inbox") ? await cachedUnreadCount(await getDb()) : null };
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  // On the Inbox, its own count wins: it is read after opening a message marked it read (the
  // loaders run in parallel, so this layout's count may be from just before).
  const inbox = useRouteLoaderData<{ unread: number }>("routes/_app.inbox");
  if (!root?.user) return <>{children}</>;
  return (
    <AppShell
      user={root.user}
      sidebarOpen={root.preferences.sidebarOpen}
      theme={root.preferences.theme}
      counts={{ "/inbox": inbox?.unread ?? data?.inboxUnread }}
    >
      {children}
    </AppShell>
  );
}

export default function AppLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}
