// An invoice's page (its route, app/routes/_app.invoices_.$invoiceId.tsx), also drawn under a dialog
// opened from it (app/utils/dialog-behind.server.ts).
import { Badge, Button, Card, Flex, Grid, Heading, Text } from "~/components/ui";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useNavigation, useSearchParams } from "@remix-run/react";
import { ActionMenu, ActionMenuLink, ActionMenuSubmit } from "~/components/action-menu";
import { ConfirmDelete, CustomerCard, HistoryCard, ItemsCard } from "~/components/document-detail";
import { PageHeader } from "~/components/page-header";
import { RelatedTable } from "~/components/related-table";
import { StatusBadge } from "~/components/status-badge";
import { PaymentLinkPopover } from "~/components/payment-link";
import { useDisplay } from "~/components/date-display";
import type { getInvoicePage } from "~/models/invoice.server";
import { PAYMENT_METHOD_LABELS } from "~/schemas/choices";
import { formatDate } from "~/utils/dates";
import { isPayable } from "~/utils/invoice-rules";
import { formatMoney } from "~/utils/money";
import { SpriteIcon } from "./sprite-icon";

export type InvoicePageData = SerializeFrom<NonNullable<Awaited<ReturnType<typeof getInvoicePage>>>>;

export function InvoicePage({
  invoice,
  items,
  payments,
  refunds,
  customer,
  quote,
  job,
  history,
  timeZone,
  overdue,
}: InvoicePageData) {
  const display = useDisplay();
  // Payments and refunds in one history, newest first (a refund shows as a negative amount).
  const paymentHistory = [
    ...payments.map((p) => ({
      key: `p${p.id}`,
      at: p.receivedAt,
      what: PAYMENT_METHOD_LABELS[p.method as keyof typeof PAYMENT_METHOD_LABELS] ?? p.method,
      reference: p.reference ?? "",
      amount: formatMoney(p.amount),
      refund: false,
    })),
    ...refunds.map((r) => ({
      key: `r${r.id}`,
      at: r.refundedAt,
      what: r.provider ? `Refund (${r.provider})` : "Refund",
      reference: r.reason ?? "",
      amount: `−${formatMoney(r.amount)}`,
      refund: true,
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const manualPayments = payments.some((p) => !p.provider);
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const confirmDelete = params.get("confirm") === "delete";
  const payable = isPayable(invoice);
  const here = encodeURIComponent(`/invoices/${invoice.id}`);
  return (
    <>
      <Text size="2" asChild>
        <Link to="/invoices" className="back-link">
          ← Invoices
        </Link>
      </Text>
      <PageHeader
        title={`${invoice.invoiceNumber} · ${invoice.title}`}
        subtitle={`Issued ${formatDate(invoice.issueDate, display)} · Due ${formatDate(invoice.dueDate, display)}${invoice.paymentTerms ? ` · ${invoice.paymentTerms}` : ""}`}
        actions={
          <>
            {payable ? (
              <Button asChild>
                <Link to={`/invoices/${invoice.id}/pay?redirectTo=${here}`}>Record Payment</Link>
              </Button>
            ) : (
              <Button disabled>Record Payment</Button>
            )}
            <ActionMenu>
              <ActionMenuLink to={`/invoices/${invoice.id}/send?redirectTo=${here}`}>Send Email</ActionMenuLink>
              {manualPayments ? (
                <ActionMenuLink to={`/invoices/${invoice.id}/refund?redirectTo=${here}`}>Record Refund</ActionMenuLink>
              ) : null}
              <ActionMenuLink to={`/invoices/${invoice.id}/pdf`} reloadDocument icon={<SpriteIcon name="download" />}>
                PDF
              </ActionMenuLink>
              <ActionMenuLink
                to={`/invoices/${invoice.id}/edit?redirectTo=${here}`}
                icon={<SpriteIcon name="pencil" />}
              >
                Edit
              </ActionMenuLink>
              {invoice.status === "draft" ? (
                <ActionMenuSubmit
                  intent="send"
                  disabled={busy}
                  title="Marks the invoice as sent without e-mailing it (e.g. handed over in person)"
                >
                  Mark as sent
                </ActionMenuSubmit>
              ) : null}
              {payments.length === 0 ? (
                <ActionMenuLink to="?confirm=delete" icon={<SpriteIcon name="trash" />} danger>
                  Delete invoice
                </ActionMenuLink>
              ) : null}
            </ActionMenu>
          </>
        }
      />
      <Flex gap="2" mb="4" wrap="wrap" align="center">
        <span data-testid="invoice-status">
          <StatusBadge status={invoice.status} />
        </span>
        {overdue && invoice.status !== "overdue" ? <Badge color="red">Overdue</Badge> : null}
        <PaymentLinkPopover
          invoiceId={invoice.id}
          invoiceNumber={invoice.invoiceNumber}
          action={`/invoices/${invoice.id}`}
          url={invoice.paymentLinkUrl}
          provider={invoice.paymentLinkProvider}
          disabled={!payable}
          open={params.get("paymentLink") === String(invoice.id)}
        />
      </Flex>
      {payments.length === 0 && confirmDelete ? <ConfirmDelete label={invoice.invoiceNumber} busy={busy} /> : null}
      <Grid columns={{ initial: "1", md: "3" }} gap="4" mb="4">
        <CustomerCard customer={customer} />
        <Card>
          <Heading as="h2" size="3" mb="2">
            Quote and job
          </Heading>
          {quote ? (
            <Text as="p" size="2">
              <Link to={`/quotes/${quote.id}`}>
                {quote.quoteNumber} · {quote.title}
              </Link>
            </Text>
          ) : (
            <Text as="p" size="2" color="gray">
              Not from a quote
            </Text>
          )}
          {job ? (
            <Text as="p" size="2" mt="2" data-testid="invoice-job">
              Job: <Link to={`/jobs/${job.id}`}>{job.title}</Link> <StatusBadge status={job.status} />
            </Text>
          ) : (
            <Text as="p" size="2" mt="2" color="gray">
              Not linked to a job
            </Text>
          )}
        </Card>
        <Card>
          <Heading as="h2" size="3" mb="2">
            Balance
          </Heading>
          <Text as="p" size="6" weight="bold" data-testid="invoice-balance">
            {formatMoney(invoice.balance)}
          </Text>
          <Text as="p" size="2" color="gray">
            Paid {formatMoney(invoice.paidTotal)} of {formatMoney(invoice.total)}
          </Text>
        </Card>
      </Grid>
      <ItemsCard
        description={invoice.description}
        items={items}
        totals={{
          subtotal: invoice.subtotal,
          taxRate: invoice.taxRate,
          taxAmount: invoice.taxAmount,
          total: invoice.total,
          extra: [
            ["Paid", invoice.paidTotal],
            ["Balance", invoice.balance],
          ],
        }}
      />
      <Grid columns={{ initial: "1", md: "2" }} gap="4">
        {/* The shared related-records list: a table from 1024 px, a card per payment below it (a
            three-line date and a two-line method in a four-column table on a phone). */}
        <RelatedTable
          title="Payments"
          empty="No payments yet"
          headers={[
            { label: "Method", col: "main" },
            { label: "Date", col: "date" },
            { label: "Amount", numeric: true, col: "money" },
          ]}
        >
          {paymentHistory.map((p) => (
            <tr key={p.key} data-testid={p.refund ? "refund-row" : undefined}>
              <td>
                <div>{p.what}</div>
                {p.reference ? <div>{p.reference}</div> : null}
              </td>
              <td>{formatDate(p.at, display)}</td>
              <td>{p.amount}</td>
            </tr>
          ))}
        </RelatedTable>
        <HistoryCard history={history} timeZone={timeZone} />
        <Card>
          <Heading as="h2" size="3" mb="2">
            Notes and terms
          </Heading>
          <Text as="p" size="2" color="gray" style={{ whiteSpace: "pre-wrap" }}>
            {invoice.notes || "No notes"}
          </Text>
          <Text as="p" size="2" mt="2" style={{ whiteSpace: "pre-wrap" }}>
            {invoice.terms || ""}
          </Text>
        </Card>
      </Grid>
    </>
  );
}
