import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/components/page-header";
import { requirePermission } from "~/utils/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Reports · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "reports");
  return null;
}

export default function Screen() {
  return <NotBuiltYet title="Reports" area="/reports" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
