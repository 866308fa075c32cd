// A customer's page (its route, app/routes/_app.customers_.$customerId.tsx), also drawn under a dialog
// opened from it (app/utils/dialog-behind.server.ts).
import { Button, Card, Grid, Heading, Text } from "~/components/ui";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ActionMenu, ActionMenuLink } from "~/components/action-menu";
import { HistoryCard } from "~/components/document-detail";
import { LinkedEmails } from "~/components/linked-emails";
import { PhotoStripCard } from "~/components/photo-grid";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { useDisplay } from "~/components/date-display";
import type { customerPageData } from "~/services/customer-page.server";
import { RelatedInvoices, RelatedQuotes, RelatedTable } from "~/components/related-table";
import { FastLink } from "./fast-link";
import { SpriteIcon } from "./sprite-icon";

export type CustomerPageData = SerializeFrom<Awaited<ReturnType<typeof customerPageData>>>;

export function CustomerPage({ detail, activity, portalLinkSince, mail, photos }: CustomerPageData) {
  const display = useDisplay();
  const { customer, counts } = detail;
  const location = [customer.address, customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <Text size="2" asChild>
        <Link to="/customers" className="back-link">
          ← Customers
        </Link>
      </Text>
      <PageHeader
        title={customer.name}
        subtitle={`Customer since ${formatDate(customer.createdAt, display)}`}
        actions={
          <>
            <Button asChild>
              <Link to={`/quotes/new?customerId=${customer.id}`}>New Quote</Link>
            </Button>
            <ActionMenu>
              <ActionMenuLink to={`/invoices/new?customerId=${customer.id}`}>New Invoice</ActionMenuLink>
              <ActionMenuLink to={`/customers/${customer.id}/edit?from=detail`} icon={<SpriteIcon name="pencil" />}>
                Edit
              </ActionMenuLink>
              <ActionMenuLink
                to={`/customers/${customer.id}/delete?from=detail`}
                icon={<SpriteIcon name="trash" />}
                danger
              >
                Delete
              </ActionMenuLink>
            </ActionMenu>
          </>
        }
      />
      <Grid columns={{ initial: "1", md: "2", lg: "4" }} gap="4" mb="4">
        <Card>
          <Heading as="h2" size="3" mb="2">
            Contact
          </Heading>
          <Text as="p" size="2">
            {customer.phone ?? "No phone listed"}
          </Text>
          <Text as="p" size="2">
            {customer.email ? (
              <a href={`mailto:${customer.email}`} className="block-link">
                {customer.email}
              </a>
            ) : (
              "No email"
            )}
          </Text>
          <Text as="p" size="2" color="gray">
            {location || "No address"}
          </Text>
        </Card>
        <Card>
          <Heading as="h2" size="3" mb="2">
            Summary
          </Heading>
          <Text as="p" size="2">
            {counts.jobs} jobs · {counts.quotes} quotes · {counts.invoices} invoices
          </Text>
          <Text as="p" size="2">
            Outstanding balance: <strong>{formatMoney(detail.outstanding)}</strong>
          </Text>
        </Card>
        <PortalLinkCard since={portalLinkSince} />
        <Card>
          <Heading as="h2" size="3" mb="2">
            Notes
          </Heading>
          <Text as="p" size="2" style={{ whiteSpace: "pre-wrap" }}>
            {customer.notes ?? "No notes"}
          </Text>
        </Card>
      </Grid>

      <Grid columns={{ initial: "1", lg: "2" }} gap="4">
        <RelatedTable
          title="Jobs"
          empty="No jobs for this customer yet."
          headers={["Job", "Status", { label: "Estimate", numeric: true }, "Start"]}
        >
          {detail.jobs.map((j) => (
            <tr key={j.id}>
              <td className="c-main">
                <FastLink to={`/jobs/${j.id}`}>{j.title}</FastLink>
              </td>
              <td className="c-status">
                <StatusBadge status={j.status} />
              </td>
              <td className="c-money">{j.estimatedCost ? formatMoney(j.estimatedCost) : "—"}</td>
              <td className="c-date" data-label={j.startDate ? "Start" : undefined}>
                {formatDate(j.startDate, display)}
              </td>
            </tr>
          ))}
        </RelatedTable>
        <RelatedQuotes quotes={detail.quotes} empty="No quotes for this customer yet." />
        <RelatedInvoices invoices={detail.invoices} empty="No invoices for this customer yet." />
        <PhotoStripCard {...photos} dialogTo={`/customers/${customer.id}/photos?from=detail`} />
        {mail ? <LinkedEmails mail={mail} search={customer.email} /> : null}
        <HistoryCard history={activity} />
      </Grid>
    </>
  );
}

function PortalLinkCard({ since }: { since: string | null }) {
  const display = useDisplay();
  // The page's action answers a new link (its route's action); elsewhere there is none.
  const data = useActionData<{ portalLink?: string | null } | undefined>();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const link = data?.portalLink ?? null;
  return (
    <Card data-testid="portal-link-card">
      <Heading as="h2" size="3" mb="2">
        Portal link
      </Heading>
      {link ? (
        <>
          <Text as="p" size="2" mb="2">
            Send this link to the customer. It is shown only now; generating a new one disables it.
          </Text>
          <input
            className="native-select full"
            readOnly
            value={link}
            aria-label="Portal link"
            data-testid="portal-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          {hydrated ? (
            <Button
              size="1"
              variant="soft"
              mt="2"
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(link).then(() => {
                  setCopied(true);
                  setTimeout(() => setCopied(false), 2000);
                });
              }}
            >
              {copied ? "Copied" : "Copy"}
            </Button>
          ) : null}
        </>
      ) : (
        <Text as="p" size="2" color="gray" mb="2">
          {since ? `A portal link is active (created ${formatDate(since, display)}).` : "No portal link yet."}
        </Text>
      )}
      <Form method="post">
        <Button
          name="intent"
          value="portal-link"
          size="1"
          mt="2"
          variant={since || link ? "soft" : "solid"}
          disabled={busy}
        >
          {since || link ? "Regenerate link" : "Generate portal link"}
        </Button>
      </Form>
      {since || link ? (
        <Text as="p" size="1" color="gray" mt="1">
          Regenerating revokes every older link.
        </Text>
      ) : null}
    </Card>
  );
}
