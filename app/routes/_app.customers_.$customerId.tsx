import { Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Card, Grid, Heading, Table, Text } from "@radix-ui/themes";
import {
  json,
  type LinksFunction,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ActionMenu, ActionMenuLink } from "~/components/action-menu";
import { HistoryCard } from "~/components/document-detail";
import { EmptyState } from "~/components/empty-state";
import { LinkedEmails } from "~/components/linked-emails";
import { PhotoStripCard } from "~/components/photo-grid";
import { photoStrip } from "~/models/photos.server";
import photoStyles from "~/styles/photos.css";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { recentActivity } from "~/models/activity.server";
import { getCustomer, getCustomerDetail } from "~/models/customer.server";
import { linkedEmails } from "~/models/inbox.server";
import { createPortalToken, hasActivePortalToken, portalPath } from "~/models/portal.server";
import { env } from "~/utils/env.server";
import { requirePermission } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requireId } from "~/utils/params.server";
import { getDb } from "~/utils/db.server";
import { can } from "~/utils/permissions";
import { requireFound } from "~/utils/refusal.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useDisplay } from "~/components/date-display";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.customer.name ?? "Customer"} · Cabinetry Jobs` },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "customers");
  const id = requireId(params.customerId, "Customer");
  const db = await getDb();
  const showEmails = can(user.viewRole, "inbox");
  const [detail, activity, portal, mail, photos] = await Promise.all([
    getCustomerDetail(db, id),
    recentActivity(db, { customerId: id, limit: 10 }),
    hasActivePortalToken(db, id),
    showEmails ? linkedEmails(db, { customerId: id }) : null,
    photoStrip(db, { customerId: id }),
  ]);
  return json({
    detail: requireFound(detail, "Customer"),
    activity,
    portalLinkSince: portal?.createdAt ?? null,
    mail,
    photos,
  });
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
  const display = useDisplay();
  const { detail, activity, portalLinkSince, mail, photos } = useLoaderData<typeof loader>();
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
              <ActionMenuLink to={`/customers/${customer.id}/edit`} icon={<Pencil1Icon />}>
                Edit
              </ActionMenuLink>
              <ActionMenuLink to={`/customers/${customer.id}/delete`} icon={<TrashIcon />} danger>
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
          headers={["Job", "Status", "Estimate", "Start"]}
        >
          {detail.jobs.map((j) => (
            <Table.Row key={j.id}>
              <Table.Cell>
                <Link to={`/jobs/${j.id}`}>{j.title}</Link>
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={j.status} />
              </Table.Cell>
              <Table.Cell>{j.estimatedCost ? formatMoney(j.estimatedCost) : "—"}</Table.Cell>
              <Table.Cell>{formatDate(j.startDate, display)}</Table.Cell>
            </Table.Row>
          ))}
        </RelatedTable>
        <RelatedTable
          title="Quotes"
          empty="No quotes for this customer yet."
          headers={["Quote #", "Title", "Status", "Total"]}
        >
          {detail.quotes.map((q) => (
            <Table.Row key={q.id}>
              <Table.Cell>
                <Link to={`/quotes/${q.id}`}>{q.quoteNumber}</Link>
              </Table.Cell>
              <Table.Cell>{q.title}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={q.status} />
              </Table.Cell>
              <Table.Cell>{formatMoney(q.total)}</Table.Cell>
            </Table.Row>
          ))}
        </RelatedTable>
        <RelatedTable
          title="Invoices"
          empty="No invoices for this customer yet."
          headers={["Invoice #", "Status", "Total", "Balance", "Due"]}
        >
          {detail.invoices.map((i) => (
            <Table.Row key={i.id}>
              <Table.Cell>
                <Link to={`/invoices/${i.id}`}>{i.invoiceNumber}</Link>
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={i.status} />
              </Table.Cell>
              <Table.Cell>{formatMoney(i.total)}</Table.Cell>
              <Table.Cell>{formatMoney(i.balance)}</Table.Cell>
              <Table.Cell>{formatDate(i.dueDate, display)}</Table.Cell>
            </Table.Row>
          ))}
        </RelatedTable>
        <PhotoStripCard {...photos} dialogTo={`/customers/${customer.id}/photos?from=detail`} />
        {mail ? <LinkedEmails mail={mail} search={customer.email} /> : null}
        <HistoryCard history={activity} />
      </Grid>
    </>
  );
}

function PortalLinkCard({ since }: { since: string | null }) {
  const display = useDisplay();
  const data = useActionData<typeof action>();
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

function RelatedTable({
  title,
  empty,
  headers,
  children,
}: {
  title: string;
  empty: string;
  headers: string[];
  children: React.ReactNode[];
}) {
  return (
    <Card>
      <Heading as="h2" size="3" mb="2">
        {title}
      </Heading>
      {children.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <div className="data-table-wrap">
          <Table.Root size="1">
            <Table.Header>
              <Table.Row>
                {headers.map((h) => (
                  <Table.ColumnHeaderCell key={h}>{h}</Table.ColumnHeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>{children}</Table.Body>
          </Table.Root>
        </div>
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
