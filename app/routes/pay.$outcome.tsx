// Where a payment provider sends the customer back: /pay/complete or /pay/cancelled. Public, with
// nothing about the invoice in it (the URL carries no id): the customer is not a staff user, so the
// staff invoice page would only show them the sign-in screen. The payment itself is recorded from
// the provider's signed webhook, never from this redirect.
import { Card, Heading, Text } from "~/components/ui";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PortalFrame } from "~/components/portal-frame";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/utils/db.server";
import { notFound } from "~/utils/refusal.server";

const OUTCOMES = {
  complete: {
    title: "Thank you for your payment",
    text: "Your payment was submitted. It will show on your invoice as soon as the payment provider confirms it. You can close this page.",
  },
  cancelled: {
    title: "Payment cancelled",
    text: "No payment was taken. You can use the payment link in your e-mail again at any time.",
  },
} as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Payment" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const key = params.outcome;
  if (key !== "complete" && key !== "cancelled") throw notFound("Not found");
  const outcome = OUTCOMES[key];
  const { business } = await getSettings(await getDb());
  return json({ ...outcome, companyName: business.companyName, phone: business.phone });
}

export default function PaymentOutcome() {
  const { title, text, companyName, phone } = useLoaderData<typeof loader>();
  return (
    <PortalFrame companyName={companyName} phone={phone}>
      <Card size="3" style={{ maxWidth: 560, margin: "2rem auto" }}>
        <Heading as="h1" size="6" mb="3">
          {title}
        </Heading>
        <Text as="p">{text}</Text>
      </Card>
    </PortalFrame>
  );
}
