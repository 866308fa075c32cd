// A quote's or invoice's line items and totals as the detail pages and the portal show them
// (read-only). Apart from the editor (line-items.tsx) so a page that only shows them does not load
// the form library and the record picker.
import { Grid, Text } from "~/components/ui";
import { formatMoney, rateToPercent } from "~/utils/money";

/**
 * The line items of a quote or invoice as the detail pages and the portal show them: a table, and on
 * a phone stacked rows (the description, then "qty × price = total"), so no column is ever clipped
 * (docs/decisions/tablet-layout.md).
 */
export function ItemsTable({
  items,
}: {
  items: Array<{ id: number; description: string; quantity: string; unitPrice: string; lineTotal: string }>;
}) {
  if (items.length === 0)
    return (
      <Text color="gray" size="2">
        No line items.
      </Text>
    );
  return (
    <table className="data-table items-table">
      <thead>
        <tr>
          <th>Description</th>
          <th className="num">Qty</th>
          <th className="num">Unit Price</th>
          <th className="num">Line Total</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-testid="item-row">
            <td className="item-description">{item.description}</td>
            <td className="num item-quantity">{item.quantity}</td>
            <td className="num item-price">
              <span className="item-op" aria-hidden>
                ×{" "}
              </span>
              {formatMoney(item.unitPrice)}
            </td>
            <td className="num item-total">
              <span className="item-op" aria-hidden>
                ={" "}
              </span>
              {formatMoney(item.lineTotal)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TotalsSummary({
  subtotal,
  taxRate,
  taxAmount,
  total,
  extra,
}: {
  subtotal: string;
  taxRate: string;
  taxAmount: string;
  total: string;
  extra?: Array<[string, string]>;
}) {
  const pct = rateToPercent(taxRate);
  return (
    <Grid columns="2" gap="1" style={{ maxWidth: 320, marginLeft: "auto" }} mt="3">
      <Text size="2">Subtotal</Text>
      <Text size="2" align="right">
        {formatMoney(subtotal)}
      </Text>
      <Text size="2">Tax ({pct}%)</Text>
      <Text size="2" align="right">
        {formatMoney(taxAmount)}
      </Text>
      <Text weight="bold">Total</Text>
      <Text weight="bold" align="right" data-testid="doc-total">
        {formatMoney(total)}
      </Text>
      {extra?.map(([label, value]) => (
        <FragmentRow key={label} label={label} value={value} />
      ))}
    </Grid>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text size="2">{label}</Text>
      <Text size="2" align="right" data-testid={`doc-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        {formatMoney(value)}
      </Text>
    </>
  );
}
