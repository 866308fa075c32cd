import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PortalFrame } from "~/components/portal-frame";
import { PortalDenied } from "~/components/portal-quotes";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Your Quotes" }];

// Without a customer and token there is nothing to show: the same page as a wrong token (decisions §2).
export async function loader(_args: LoaderFunctionArgs) {
  const { business } = await getSettings(await getDb());
  return json({ companyName: business.companyName, phone: business.phone }, { status: 404 });
}

export default function PortalQuotesIndex() {
  const { companyName, phone } = useLoaderData<typeof loader>();
  return (
    <PortalFrame companyName={companyName} phone={phone}>
      <PortalDenied phone={phone} />
    </PortalFrame>
  );
}
