// GET /pay/authorizenet/:reference — the Authorize.Net payment link a customer opens. Accept
// Hosted takes its token only by form POST, so this page is that form: a plain button that works
// without JavaScript, submitted automatically when JavaScript runs (our own bundle — the CSP has no
// inline-script hole; app/server.ts lets this page's forms post to the hosted form's origin).
import { Button, Card, Flex, Heading, Text } from "~/components/ui";
import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { PortalFrame } from "~/components/portal-frame";
import { openHostedPaymentPage } from "~/services/payment-links.server";
import { getSettings } from "~/models/settings.server";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Pay your invoice" }, { name: "robots", content: "noindex" }];

// The page carries a live payment token: never cached, never stored for the back button.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
const NO_STORE = { "Cache-Control": "no-store" };

const STATUS = { ready: 200, paid: 200, closed: 410, unavailable: 503 } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const { business } = await getSettings(db);
  const frame = { companyName: business.companyName, phone: business.phone };
  const appUrl = (process.env.APP_URL ?? new URL(request.url).origin).replace(/\/$/, "");
  const page = await openHostedPaymentPage(db, params.reference ?? "", appUrl);
  // An unknown reference says nothing about whether the invoice exists.
  if (!page) return json({ ...frame, page: null }, { status: 404, headers: NO_STORE });
  return json({ ...frame, page }, { status: STATUS[page.state], headers: NO_STORE });
}

/** Submits once per tab: coming back from the hosted form shows the button instead of looping. */
function useAutoSubmit(form: RefObject<HTMLFormElement>, key: string | null) {
  useEffect(() => {
    if (!key || !form.current) return;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      return; // no storage: the customer presses the button
    }
    form.current.submit();
  }, [form, key]);
}

export default function PayWithAuthorizeNet() {
  const { companyName, phone, page } = useLoaderData<typeof loader>();
  const { reference } = useParams();
  const form = useRef<HTMLFormElement>(null);
  useAutoSubmit(form, page?.state === "ready" ? `anet-pay:${reference}` : null);
  return (
    <PortalFrame companyName={companyName} phone={phone}>
      <Flex justify="center">
        <Card size="3" style={{ maxWidth: 520, width: "100%" }} data-testid="anet-pay">
          {!page ? (
            <>
              <Heading as="h1" size="6" mb="2">
                Payment link not found
              </Heading>
              <Text as="p">Please use the payment link from the e-mail we sent you, or call us at {phone}.</Text>
            </>
          ) : (
            <Flex direction="column" gap="3">
              <Heading as="h1" size="6">
                Invoice {page.invoiceNumber}
              </Heading>
              {page.state === "ready" ? (
                // A plain form, not Remix's <Form>: the browser itself must POST to Authorize.Net.
                <form ref={form} method="post" action={page.formUrl}>
                  <input type="hidden" name="token" value={page.token} />
                  <Flex direction="column" gap="3">
                    <Text as="p">
                      Amount due: <strong data-testid="anet-amount">{formatMoney(page.amount)}</strong>
                    </Text>
                    <Text as="p" color="gray" size="2">
                      You will enter your card details on Authorize.Net&apos;s secure payment page.
                    </Text>
                    <Button type="submit" size="3">
                      Continue to secure payment
                    </Button>
                  </Flex>
                </form>
              ) : page.state === "paid" ? (
                <Text as="p">This invoice is paid. Thank you!</Text>
              ) : page.state === "closed" ? (
                <Text as="p">This invoice can no longer be paid online. Please call us at {phone}.</Text>
              ) : (
                <Text as="p">
                  The secure payment page cannot be opened right now. Please try again in a few minutes, or call us at{" "}
                  {phone}.
                </Text>
              )}
            </Flex>
          )}
        </Card>
      </Flex>
    </PortalFrame>
  );
}
