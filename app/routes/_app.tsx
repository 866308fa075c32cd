import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/root";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  if (!root?.user) return <>{children}</>;
  return (
    <AppShell user={root.user} sidebarOpen={root.preferences.sidebarOpen} theme={root.preferences.theme}>
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
