import { Box, Button, Card, Flex, Grid, Heading, Text, TextArea, TextField } from "~/components/ui";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ItemsTable, TotalsSummary } from "~/components/items-table";
import { PortalFrame } from "~/components/portal-frame";
import { PortalDenied } from "~/components/portal-quotes";
import { PortalPhotos } from "~/components/portal-photos";
import { sharedPhotosOfCustomer } from "~/models/photos.server";
import photoStyles from "~/styles/photos.css";
import { StatusBadge } from "~/components/status-badge";
import { getPortalQuote, listPortalQuotes, verifyPortalToken } from "~/models/portal.server";
import { QUOTE_EXPIRED_MESSAGE } from "~/models/quote.server";
import { respondInPortal } from "~/services/notifications.server";
import { getSettings } from "~/models/settings.server";
import { businessToday, formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { parseRouteId } from "~/utils/params.server";
import { isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useDisplay } from "~/components/date-display";
import { SpriteIcon } from "~/components/sprite-icon";

export const meta: MetaFunction = () => [{ title: "Your Quotes" }, { name: "robots", content: "noindex" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const url = new URL(request.url);
  const customerId = parseRouteId(params.customerId);
  const token = url.searchParams.get("token");
  const { business, system } = await getSettings(db);
  const frame = { companyName: business.companyName, phone: business.phone, timeZone: system.timeZone };
  const customer = await verifyPortalToken(db, customerId, token);
  if (!customer || !token) return json({ ...frame, access: null }, { status: 403 });
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const quotes = await listPortalQuotes(db, customer.id, search);
  const selectedId = parseRouteId(url.searchParams.get("quote") ?? undefined);
  const selected = selectedId ? await getPortalQuote(db, customer.id, selectedId) : null;
  const today = businessToday(system.timeZone);
  // Approving asks first (docs/decisions/tablet-layout.md): `?confirm=approve&quote=ID` is the
  // server-rendered "Approve quote Q-… for $…?" step whose form does the POST.
  const confirmApprove = url.searchParams.get("confirm") === "approve";
  const photos = (await sharedPhotosOfCustomer(db, customer.id)).map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    jobTitle: p.jobTitle,
  }));
  return json({
    ...frame,
    access: {
      customer: { id: customer.id, name: customer.name },
      token,
      search,
      quotes,
      selected,
      today,
      confirmApprove,
      photos,
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const form = await request.formData();
  const customerId = parseRouteId(params.customerId);
  const token = String(form.get("token") ?? "");
  const customer = await verifyPortalToken(db, customerId, token);
  // Nothing happens and nothing is revealed: the visitor lands on the "use the e-mailed link" page.
  if (!customer) return redirect(`/client/quotes/${customerId ?? 0}`);
  const quoteId = parseRouteId(String(form.get("quoteId") ?? ""));
  const intent = form.get("intent");
  const back = `/client/quotes/${customer.id}?${new URLSearchParams({ token, ...(quoteId ? { quote: String(quoteId) } : {}) })}`;
  // A quote of another customer is simply "not found" for this one.
  const owned = quoteId ? await getPortalQuote(db, customer.id, quoteId) : null;
  if (!owned || (intent !== "approve" && intent !== "request-changes")) {
    return redirectWithToast(request, back, {
      type: "error",
      title: "Error",
      description: "Failed to process request. Please try again.",
    });
  }
  const message = String(form.get("message") ?? "").slice(0, 2000);
  try {
    if (intent === "approve") {
      await respondInPortal(db, owned.quote.id, { decision: "approved" });
      return redirectWithToast(request, back, {
        title: "Quote Approved",
        description: "Your quote has been approved successfully.",
      });
    }
    await respondInPortal(db, owned.quote.id, { decision: "rejected", message });
    return redirectWithToast(request, back, {
      title: "Quote Rejected",
      description: "Your feedback has been recorded.",
    });
  } catch (error) {
    // Expiry is decided in respondToQuote, under the quote's row lock.
    if (isRefusal(error) && error.message === QUOTE_EXPIRED_MESSAGE) {
      return redirectWithToast(request, back, { type: "error", title: "Quote expired", description: error.message });
    }
    if (isRefusal(error)) {
      return redirectWithToast(request, back, {
        type: "error",
        title: "Error",
        description:
          intent === "approve"
            ? "Failed to approve quote. Please try again."
            : "Failed to process request. Please try again.",
      });
    }
    throw error;
  }
}

export default function PortalQuotes() {
  const display = useDisplay();
  const { companyName, phone, access } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  if (!access) {
    return (
      <PortalFrame companyName={companyName} phone={phone}>
        <PortalDenied phone={phone} />
      </PortalFrame>
    );
  }
  const { customer, token, search, quotes, selected, today, confirmApprove, photos } = access;
  const answerable =
    selected?.quote.status === "sent" && !(selected.quote.validUntil && selected.quote.validUntil < today);
  const base = `/client/quotes/${customer.id}`;
  const link = (extra: Record<string, string>) =>
    `${base}?${new URLSearchParams({ token, ...(search ? { search } : {}), ...extra })}#quote-detail`;
  return (
    <PortalFrame companyName={companyName} phone={phone}>
      <Heading as="h1" size="7" mb="1">
        Your Quotes
      </Heading>
      <Text as="p" color="gray" mb="4">
        Hello {customer.name}. Review your quotes, approve them or ask us for changes.
      </Text>
      <Form method="get" role="search">
        <input type="hidden" name="token" value={token} />
        <Flex gap="2" mb="4">
          <TextField.Root
            name="search"
            type="search"
            defaultValue={search}
            placeholder="Search by title, number or description..."
            aria-label="Search quotes"
            style={{ flex: 1, maxWidth: 420 }}
          >
            <TextField.Slot>
              <SpriteIcon name="search" />
            </TextField.Slot>
          </TextField.Root>
          <Button type="submit" variant="soft">
            Search
          </Button>
        </Flex>
      </Form>
      <Grid columns={{ initial: "1", md: selected ? "2" : "1" }} gap="4" className="portal-grid">
        <Flex direction="column" gap="3">
          {quotes.length === 0 ? (
            <Card>
              <Text color="gray">{search ? "No matching quotes" : "No quotes yet"}</Text>
            </Card>
          ) : (
            quotes.map((q) => (
              <Card key={q.id} asChild data-testid="portal-quote-card">
                <Link to={link({ quote: String(q.id) })} className="plain" preventScrollReset>
                  <Flex justify="between" align="start" gap="2">
                    <Box>
                      <Text as="div" weight="bold">
                        {q.title}
                      </Text>
                      <Text as="div" size="1" color="gray">
                        {q.quoteNumber} · {formatDate(q.createdAt, display)}
                        {q.validUntil ? ` · Valid until ${formatDate(q.validUntil, display)}` : ""}
                      </Text>
                    </Box>
                    <Flex direction="column" align="end" gap="1">
                      <StatusBadge status={q.status} />
                      <Text weight="bold">{formatMoney(q.total)}</Text>
                    </Flex>
                  </Flex>
                  {q.description ? (
                    <Text as="p" size="2" color="gray" mt="2" className="truncate">
                      {q.description}
                    </Text>
                  ) : null}
                </Link>
              </Card>
            ))
          )}
        </Flex>
        {selected ? (
          <Card
            size={{ initial: "2", sm: "3" }}
            data-testid="portal-quote-detail"
            id="quote-detail"
            className="portal-detail"
          >
            <Flex justify="between" align="start" gap="2" mb="2">
              <Box minWidth="0">
                <Heading as="h2" size="5">
                  {selected.quote.title}
                </Heading>
                <Text size="2" color="gray">
                  {selected.quote.quoteNumber} · Created {formatDate(selected.quote.createdAt, display)}
                  {selected.quote.validUntil ? ` · Valid until ${formatDate(selected.quote.validUntil, display)}` : ""}
                </Text>
              </Box>
              <StatusBadge status={selected.quote.status} />
            </Flex>
            {selected.quote.description ? (
              <Text as="p" size="2" mb="3" style={{ whiteSpace: "pre-wrap" }}>
                {selected.quote.description}
              </Text>
            ) : null}
            <ItemsTable items={selected.items} />
            <TotalsSummary
              subtotal={selected.quote.subtotal}
              taxRate={selected.quote.taxRate}
              taxAmount={selected.quote.taxAmount}
              total={selected.quote.total}
            />
            {selected.quote.terms ? (
              <Box mt="3">
                <Text as="div" size="2" weight="medium">
                  Terms
                </Text>
                <Text as="p" size="2" color="gray" style={{ whiteSpace: "pre-wrap" }}>
                  {selected.quote.terms}
                </Text>
              </Box>
            ) : null}
            {selected.quote.changeRequest ? (
              <Box mt="3">
                <Text as="div" size="2" weight="medium">
                  Your requested changes
                </Text>
                <Text as="p" size="2" color="gray" style={{ whiteSpace: "pre-wrap" }}>
                  {selected.quote.changeRequest}
                </Text>
              </Box>
            ) : null}
            <Flex gap="2" mt="4" wrap="wrap">
              <Button asChild variant="soft">
                <a
                  href={`/client/quotes/${customer.id}/pdf?${new URLSearchParams({ quote: String(selected.quote.id), token })}`}
                >
                  Download PDF
                </a>
              </Button>
            </Flex>
            {answerable && confirmApprove ? (
              <Box
                mt="4"
                p="3"
                className="portal-confirm"
                data-testid="portal-confirm"
                role="group"
                aria-labelledby="confirm-approve"
              >
                <Text as="p" weight="bold" size="3" id="confirm-approve" mb="3">
                  Approve quote {selected.quote.quoteNumber} for {formatMoney(selected.quote.total)}?
                </Text>
                <Form method="post">
                  <input type="hidden" name="token" value={token} />
                  <input type="hidden" name="quoteId" value={selected.quote.id} />
                  <Flex gap="2" wrap="wrap">
                    <Button name="intent" value="approve" color="green" disabled={busy} size="3">
                      Yes, approve
                    </Button>
                    <Button asChild variant="soft" color="gray" size="3">
                      <Link to={link({ quote: String(selected.quote.id) })} preventScrollReset>
                        Cancel
                      </Link>
                    </Button>
                  </Flex>
                </Form>
              </Box>
            ) : answerable ? (
              <Flex direction="column" gap="3" mt="4">
                <Button asChild color="green" size="3">
                  <Link to={link({ quote: String(selected.quote.id), confirm: "approve" })} preventScrollReset>
                    Approve Quote
                  </Link>
                </Button>
                <Form method="post">
                  <input type="hidden" name="token" value={token} />
                  <input type="hidden" name="quoteId" value={selected.quote.id} />
                  <Text as="label" htmlFor="change-message" size="2" weight="medium">
                    What would you like us to change?
                  </Text>
                  <TextArea id="change-message" name="message" rows={3} maxLength={2000} mt="1" mb="2" />
                  <Button name="intent" value="request-changes" variant="soft" color="orange" disabled={busy}>
                    Request Changes
                  </Button>
                </Form>
              </Flex>
            ) : null}
          </Card>
        ) : null}
      </Grid>
      <PortalPhotos photos={photos} base={base} token={token} />
    </PortalFrame>
  );
}
