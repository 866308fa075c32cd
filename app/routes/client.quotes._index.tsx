import { Card, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PortalFrame } from "~/components/portal-frame";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Your Quotes" }];

// Token access and the quote list arrive with the money-flow release; until then every visitor
// sees the same page, which reveals nothing about any customer (decisions §2).
export async function loader(_args: LoaderFunctionArgs) {
  const { business } = await getSettings(await getDb());
  return json({ companyName: business.companyName, phone: business.phone });
}

export default function PortalQuotes() {
  const { companyName, phone } = useLoaderData<typeof loader>();
  return (
    <PortalFrame companyName={companyName} phone={phone}>
      <Card size="3">
        <Heading as="h1" size="6" mb="2">
          Your Quotes
        </Heading>
        <Text as="p">To see your quotes, please open the link from the e-mail we sent you.</Text>
        <Text as="p" color="gray" size="2" mt="2">
          If the link does not work, call us at {phone} and we will send you a new one.
        </Text>
      </Card>
    </PortalFrame>
  );
}
