// A record's related records (a customer's jobs, quotes and invoices; a job's schedule, tasks, quotes
// and invoices): a card with a heading and the shared list (app/components/data-table.tsx) — a table
// from 1024 px, a card per record below it, so a long title or a six-figure total never runs past
// the page on a phone (docs/decisions/tablet-layout.md).
import type { ReactNode } from "react";
import { Card, Heading } from "~/components/ui";
import { DataTable, type DataTableHeader } from "~/components/data-table";
import { useDisplay } from "~/components/date-display";
import { EmptyState } from "~/components/empty-state";
import { FastLink } from "~/components/fast-link";
import { StatusBadge } from "~/components/status-badge";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

export function RelatedTable({
  title,
  empty,
  headers,
  size = "1",
  children,
}: {
  title: string;
  empty: string;
  headers: DataTableHeader[];
  /** The page's card size: "2" on a job's page (its sections' larger cards and headings). */
  size?: "1" | "2";
  children: ReactNode[];
}) {
  return (
    <Card size={size}>
      <Heading as="h2" size={size === "2" ? "4" : "3"} mb={size === "2" ? "3" : "2"}>
        {title}
      </Heading>
      {children.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <DataTable label={title} headers={headers}>
          {children}
        </DataTable>
      )}
    </Card>
  );
}

type Size = { size?: "1" | "2"; empty: string };
// The number column is named in the headers (`main` + `number`: a link's colour, never wrapped), so
// its cells carry no class; the other cells name their part as the page's other related lists do.

/** A customer's or a job's quotes: number (a link), title, status, total. */
export function RelatedQuotes({
  quotes,
  ...card
}: Size & { quotes: { id: number; quoteNumber: string; title: string; status: string; total: string }[] }) {
  return (
    <RelatedTable
      title="Quotes"
      {...card}
      headers={[{ label: "Quote #", col: ["main", "number"] }, "Title", "Status", { label: "Total", numeric: true }]}
    >
      {quotes.map((q) => (
        <tr key={q.id}>
          <td>
            <FastLink to={`/quotes/${q.id}`}>{q.quoteNumber}</FastLink>
          </td>
          <td>{q.title}</td>
          <td className="c-status">
            <StatusBadge status={q.status} />
          </td>
          <td className="c-money">{formatMoney(q.total)}</td>
        </tr>
      ))}
    </RelatedTable>
  );
}

/**
 * A customer's or a job's invoices: number (a link) with its due date under it, status, total,
 * balance — four columns, so the table fits the half-width card of a 1280 px page.
 */
export function RelatedInvoices({
  invoices,
  ...card
}: Size & {
  invoices: {
    id: number;
    invoiceNumber: string;
    status: string;
    total: string;
    balance: string;
    dueDate: string | null;
  }[];
}) {
  const display = useDisplay();
  return (
    <RelatedTable
      title="Invoices"
      {...card}
      headers={[
        { label: "Invoice #", col: ["main", "number"] },
        "Status",
        { label: "Total", numeric: true },
        { label: "Balance", numeric: true },
      ]}
    >
      {invoices.map((i) => (
        <tr key={i.id}>
          <td>
            <FastLink to={`/invoices/${i.id}`}>{i.invoiceNumber}</FastLink>
            {i.dueDate ? <div>Due {formatDate(i.dueDate, display)}</div> : null}
          </td>
          <td className="c-status">
            <StatusBadge status={i.status} />
          </td>
          <td className="c-money">{formatMoney(i.total)}</td>
          <td className="c-money" data-label="Balance">
            {formatMoney(i.balance)}
          </td>
        </tr>
      ))}
    </RelatedTable>
  );
}
