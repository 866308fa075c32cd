import {
  json,
  type LinksFunction,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CustomerPage } from "~/components/customer-page";
import photoStyles from "~/styles/photos.css";
import { getCustomer } from "~/models/customer.server";
import { createPortalToken, portalPath } from "~/models/portal.server";
import { customerPageData } from "~/services/customer-page.server";
import { env } from "~/utils/env.server";
import { requirePermission } from "~/utils/auth.server";
import { requireId } from "~/utils/params.server";
import { getDb } from "~/utils/db.server";
import { requireFound } from "~/utils/refusal.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.customer.name ?? "Customer"} · Cabinetry Jobs` },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "customers");
  return json(await customerPageData(await getDb(), user, requireId(params.customerId, "Customer")));
}

/** Portal link (decisions §2): a new token revokes older links; the link is shown once, here. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "customers", "write");
  const id = requireId(params.customerId, "Customer");
  const form = await request.formData();
  if (form.get("intent") !== "portal-link") return json({ error: "Unknown action", portalLink: null }, { status: 400 });
  const db = await getDb();
  requireFound(await getCustomer(db, id), "Customer");
  const token = await createPortalToken(db, id, user.id);
  const origin = env().APP_URL ?? new URL(request.url).origin;
  return json({ error: null, portalLink: `${origin.replace(/\/$/, "")}${portalPath(id, token)}` });
}

export default function CustomerDetail() {
  return <CustomerPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
