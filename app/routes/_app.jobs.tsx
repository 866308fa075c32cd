import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NotBuiltYet } from "~/components/page-header";
import { requirePermission } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Jobs · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs");
  return null;
}

export default function Screen() {
  return <NotBuiltYet title="Jobs" area="/jobs" />;
}
