// A quote's page (its route, app/routes/_app.quotes_.$quoteId.tsx), also drawn under a dialog opened
// from it (app/utils/dialog-behind.server.ts).
import { Button, Callout, Card, Flex, Grid, Heading, Text } from "~/components/ui";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { ActionMenu, ActionMenuLink, ActionMenuSubmit } from "~/components/action-menu";
import { ConfirmDelete, CustomerCard, HistoryCard, ItemsCard } from "~/components/document-detail";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { useDisplay } from "~/components/date-display";
import type { getQuotePage } from "~/models/quote.server";
import { SpriteIcon } from "./sprite-icon";

export type QuotePageData = SerializeFrom<NonNullable<Awaited<ReturnType<typeof getQuotePage>>>>;

export function QuotePage({ quote, items, customer, job, invoices, history, timeZone }: QuotePageData) {
  const display = useDisplay();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [params] = useSearchParams();
  const confirmDelete = params.get("confirm") === "delete";
  // A quote is invoiced once (a cancelled invoice frees it): then the invoice is linked instead.
  const billedBy = invoices.find((i) => i.status !== "cancelled");
  const here = encodeURIComponent(`/quotes/${quote.id}`);
  return (
    <>
      <Text size="2" asChild>
        <Link to="/quotes" className="back-link">
          ← Quotes
        </Link>
      </Text>
      <PageHeader
        title={`${quote.quoteNumber} · ${quote.title}`}
        subtitle={`Created ${formatDate(quote.createdAt, display)}${quote.validUntil ? ` · Valid until ${formatDate(quote.validUntil, display)}` : ""}`}
        actions={
          <>
            <Button asChild>
              <Link to={`/quotes/${quote.id}/send?redirectTo=${here}`}>Send Email</Link>
            </Button>
            <ActionMenu>
              <ActionMenuLink to={`/quotes/${quote.id}/pdf`} reloadDocument icon={<SpriteIcon name="download" />}>
                PDF
              </ActionMenuLink>
              <ActionMenuLink to={`/quotes/${quote.id}/edit?redirectTo=${here}`} icon={<SpriteIcon name="pencil" />}>
                Edit
              </ActionMenuLink>
              {quote.status === "draft" ? (
                <ActionMenuSubmit
                  intent="send"
                  disabled={busy}
                  title="Marks the quote as sent without e-mailing it (e.g. handed over in person)"
                >
                  Mark as sent
                </ActionMenuSubmit>
              ) : null}
              {invoices.length === 0 ? (
                <ActionMenuLink to="?confirm=delete" icon={<SpriteIcon name="trash" />} danger>
                  Delete quote
                </ActionMenuLink>
              ) : null}
            </ActionMenu>
          </>
        }
      />
      <Flex gap="2" mb="4" wrap="wrap" align="center">
        <StatusBadge status={quote.status} />
        {quote.status === "sent" ? (
          <Form method="post">
            <Flex gap="2" wrap="wrap">
              <Button
                name="intent"
                value="approve"
                variant="soft"
                color="green"
                disabled={busy}
                title="Record the customer's approval"
              >
                Mark approved
              </Button>
              <Button
                name="intent"
                value="reject"
                variant="soft"
                color="orange"
                disabled={busy}
                title="Record that the customer declined"
              >
                Mark rejected
              </Button>
            </Flex>
          </Form>
        ) : null}
        {billedBy ? (
          <Text size="2" data-testid="quote-invoiced">
            Invoiced as <Link to={`/invoices/${billedBy.id}`}>{billedBy.invoiceNumber}</Link>
          </Text>
        ) : quote.status === "approved" ? (
          <Form method="post">
            <Button name="intent" value="convert" disabled={busy}>
              Convert to invoice
            </Button>
          </Form>
        ) : null}
      </Flex>
      {invoices.length === 0 && confirmDelete ? <ConfirmDelete label={quote.quoteNumber} busy={busy} /> : null}
      {quote.changeRequest ? (
        <Callout.Root color="amber" mb="4">
          <Callout.Text>
            <strong>Customer's change request:</strong> {quote.changeRequest}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Grid columns={{ initial: "1", md: "3" }} gap="4" mb="4">
        <CustomerCard customer={customer} showEmail />
        <Card>
          <Heading as="h2" size="3" mb="2">
            Job
          </Heading>
          {job ? (
            <Text as="p" size="2">
              <Link to={`/jobs/${job.id}`}>{job.title}</Link> <StatusBadge status={job.status} />
            </Text>
          ) : (
            <Text size="2" color="gray">
              Not linked to a job
            </Text>
          )}
        </Card>
        <Card>
          <Heading as="h2" size="3" mb="2">
            Invoices
          </Heading>
          {invoices.length === 0 ? (
            <Text size="2" color="gray">
              No invoices yet
            </Text>
          ) : (
            invoices.map((i) => (
              <Text as="p" size="2" key={i.id}>
                <Link to={`/invoices/${i.id}`}>{i.invoiceNumber}</Link> · {formatMoney(i.total)} ·{" "}
                <StatusBadge status={i.status} />
              </Text>
            ))
          )}
        </Card>
      </Grid>
      <ItemsCard
        description={quote.description}
        items={items}
        totals={{ subtotal: quote.subtotal, taxRate: quote.taxRate, taxAmount: quote.taxAmount, total: quote.total }}
      />
      <Grid columns={{ initial: "1", md: "2" }} gap="4">
        <Card>
          <Heading as="h2" size="3" mb="2">
            Notes and terms
          </Heading>
          <Text as="p" size="2" weight="medium">
            Internal notes
          </Text>
          <Text as="p" size="2" color="gray" mb="2" style={{ whiteSpace: "pre-wrap" }}>
            {quote.notes || "None"}
          </Text>
          <Text as="p" size="2" weight="medium">
            Terms
          </Text>
          <Text as="p" size="2" color="gray" style={{ whiteSpace: "pre-wrap" }}>
            {quote.terms || "None"}
          </Text>
        </Card>
        <HistoryCard history={history} timeZone={timeZone} testId="quote-history" />
      </Grid>
    </>
  );
}
