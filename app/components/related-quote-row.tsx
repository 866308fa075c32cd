// A quote as a row of a customer's or a job's page: its number (the link), title, status and total.
// Plain elements with Radix Themes' table classes and a FastLink: the markup Table.Row and Table.Cell
// drew, without their per-element work.
import { formatMoney } from "~/utils/money";
import { FastLink } from "./fast-link";
import { StatusBadge } from "./status-badge";

export function RelatedQuoteRow({
  quote,
}: {
  quote: { id: number; quoteNumber: string; title: string; status: string; total: string };
}) {
  return (
    <tr className="rt-TableRow">
      <td className="rt-TableCell">
        <FastLink to={`/quotes/${quote.id}`}>{quote.quoteNumber}</FastLink>
      </td>
      <td className="rt-TableCell">{quote.title}</td>
      <td className="rt-TableCell">
        <StatusBadge status={quote.status} />
      </td>
      <td className="rt-TableCell">{formatMoney(quote.total)}</td>
    </tr>
  );
}
