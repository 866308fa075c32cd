import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/components/page-header";
import { requirePermission } from "~/utils/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Photos · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "photos");
  return null;
}

export default function Screen() {
  return <NotBuiltYet title="Photos" area="/photos" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
