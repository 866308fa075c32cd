// Cards shared by the quote, invoice and customer detail pages.
import { Button, Card, Flex, Heading, Text } from "~/components/ui";
import { Form, Link } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { formatDate, formatDateTime } from "~/utils/dates";
import { ItemsTable, TotalsSummary } from "./items-table";
import { useDisplay } from "./date-display";

export function DetailCard({
  title,
  children,
  ...rest
}: { title: string; children: ReactNode } & ComponentProps<typeof Card>) {
  return (
    <Card {...rest}>
      <Heading as="h2" size="3" mb="2">
        {title}
      </Heading>
      {children}
    </Card>
  );
}

type CustomerSummary = { id: number; name: string; phone: string | null; email?: string | null };

/** The document's customer: a link to their page, phone (and e-mail when given). */
export function CustomerCard({
  customer,
  showEmail = false,
}: {
  customer: CustomerSummary | null;
  showEmail?: boolean;
}) {
  return (
    <DetailCard title="Customer">
      {customer ? (
        <>
          <Link to={`/customers/${customer.id}`}>{customer.name}</Link>
          <Text as="p" size="2" color="gray">
            {customer.phone ?? "No phone listed"}
          </Text>
          {showEmail ? (
            <Text as="p" size="2" color="gray">
              {customer.email ?? ""}
            </Text>
          ) : null}
        </>
      ) : (
        <Text color="gray">Unknown Customer</Text>
      )}
    </DetailCard>
  );
}

type Totals = ComponentProps<typeof TotalsSummary>;

/** Description, the line items and the totals of a quote or an invoice. */
export function ItemsCard({
  description,
  items,
  totals,
}: {
  description: string | null;
  items: ComponentProps<typeof ItemsTable>["items"];
  totals: Totals;
}) {
  return (
    <DetailCard title="Items" mb="4">
      {description ? (
        <Text as="p" size="2" mb="2" style={{ whiteSpace: "pre-wrap" }}>
          {description}
        </Text>
      ) : null}
      <ItemsTable items={items} />
      <TotalsSummary {...totals} />
    </DetailCard>
  );
}

type Activity = { id: number; title: string; description: string | null; createdAt: string };

/** The activity log of a record, newest first; with a time zone the time of day is shown too. */
export function HistoryCard({
  history,
  timeZone,
  testId,
}: {
  history: Activity[];
  timeZone?: string;
  testId?: string;
}) {
  const display = useDisplay();
  return (
    <DetailCard title="History">
      {history.length === 0 ? (
        <Text size="2" color="gray">
          No recent activity
        </Text>
      ) : (
        <Flex direction="column" gap="2" data-testid={testId}>
          {/* Per entry the markup of a Box with two Texts, as plain elements. */}
          {history.map((a) => (
            <div key={a.id}>
              <div className="rt-Text rt-r-size-2 rt-r-weight-medium">{a.title}</div>
              <div data-accent-color="gray" className="rt-Text rt-r-size-1">
                {[a.description, timeZone ? formatDateTime(a.createdAt, display) : formatDate(a.createdAt, display)]
                  .filter(Boolean)
                  .join(" · ")}
              </div>
            </div>
          ))}
        </Flex>
      )}
    </DetailCard>
  );
}

/** The quote and invoice pages' delete confirmation (`?confirm=delete`, opened from the action menu). */
export function ConfirmDelete({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Card mb="4" data-testid="confirm-delete">
      <Form method="post">
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2">Are you sure you want to delete {label}?</Text>
          <Button name="intent" value="delete" color="red" disabled={busy}>
            Delete
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to=".">Cancel</Link>
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
