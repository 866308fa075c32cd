import { Theme } from "@radix-ui/themes";
import radixStyles from "@radix-ui/themes/styles.css";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Toaster } from "./components/toaster";
import appStyles from "./styles/app.css";
import { DisplayProvider } from "./components/date-display";
import { getSettings } from "./models/settings.server";
import { getCurrentUser } from "./utils/auth.server";
import { getDb } from "./utils/db.server";
import { useNonce } from "./utils/nonce";
import { readPreferences } from "./utils/preferences.server";
import { popToast } from "./utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: radixStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, setCookie }, settings] = await Promise.all([
    getCurrentUser(request),
    popToast(request),
    getDb().then(getSettings),
  ]);
  const { timeZone, dateFormat, timeFormat, measurementUnit } = settings.system;
  return json(
    {
      user: user ? { id: user.id, name: user.name, role: user.role, viewRole: user.viewRole } : null,
      preferences: readPreferences(request),
      // How every screen writes dates, times and quantities (docs/decisions/formats.md).
      display: { timeZone, dateFormat, timeFormat, measurementUnit },
      toast,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export type RootData = ReturnType<typeof useRootData>;
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const theme = data?.preferences.theme ?? "light";
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-US" className={theme} style={{ colorScheme: theme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme appearance={theme} accentColor="brown" grayColor="sand" radius="medium">
          <DisplayProvider value={data?.display}>{children}</DisplayProvider>
          {data?.toast ? <Toaster key={data.toast.id} toast={data.toast} /> : null}
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
