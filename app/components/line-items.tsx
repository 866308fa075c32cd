import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Button, Card, Flex, Grid, Table, Text, TextField } from "@radix-ui/themes";
import { computeTotals, formatMoney, percentToRate, rateToPercent, toCents, toRateUnits } from "~/utils/money";
import { ErrorList, Field } from "./forms";

type Item = { description: string; quantity: string; unitPrice: string };

// Conform's list intents: "Add row" / "Remove" are submit buttons (name="__intent__"); without JS
// the server applies the intent and re-renders the form with every entered value kept, with JS
// conform applies it in the browser.

/** The line-item rows of a quote or invoice form with live totals from the money module. */
export function LineItemsEditor<Schema extends Record<string, unknown>>({
  form,
  items,
  taxRate,
}: {
  form: FormMetadata<Schema, string[]>;
  items: FieldMetadata<Item[] | undefined, Schema, string[]>;
  taxRate: FieldMetadata<string | undefined, Schema, string[]>;
}) {
  // A hand-made post whose `items` is not a list (items=x, items.0.x) re-renders without rows, not a 500.
  const rows = Array.isArray(items.initialValue ?? []) ? items.getFieldList() : [];
  const values = rows.map((row) => {
    const f = row.getFieldset();
    return { quantity: String(f.quantity.value ?? ""), unitPrice: String(f.unitPrice.value ?? "") };
  });
  const safe = (v: string, fallback: string) => (toCents(v) === null ? fallback : v);
  // Typed as a percent (8.75); the totals take the rate (0.0875), computed as the server will.
  const percentText = String(taxRate.value ?? "");
  const totals = computeTotals(
    values.map((v) => ({ quantity: safe(v.quantity, "0"), unitPrice: safe(v.unitPrice, "0") })),
    toRateUnits(percentText) === null ? "0" : percentToRate(percentText),
  );
  return (
    <Flex direction="column" gap="3">
      <Text size="2" weight="medium">
        Line Items
      </Text>
      <div className="data-table-wrap">
        <Table.Root size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell width="90px">Qty</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell width="120px">Unit Price</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell width="110px" align="right">
                Line Total
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell width="70px">
                <span className="visually-hidden">Remove</span>
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => {
              const f = row.getFieldset();
              const rowErrors = [
                ...(f.description.errors ?? []),
                ...(f.quantity.errors ?? []),
                ...(f.unitPrice.errors ?? []),
              ];
              return (
                <Table.Row key={row.key} data-testid="line-item">
                  <Table.Cell>
                    <TextField.Root
                      {...getInputProps(f.description, { type: "text" })}
                      key={f.description.key}
                      placeholder="Item description"
                      aria-label={`Item ${index + 1} description`}
                    />
                    <ErrorList errors={rowErrors} />
                  </Table.Cell>
                  <Table.Cell>
                    <TextField.Root
                      {...getInputProps(f.quantity, { type: "number" })}
                      key={f.quantity.key}
                      step="0.01"
                      min="0"
                      aria-label={`Item ${index + 1} quantity`}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <TextField.Root
                      {...getInputProps(f.unitPrice, { type: "number" })}
                      key={f.unitPrice.key}
                      step="0.01"
                      min="0"
                      aria-label={`Item ${index + 1} unit price`}
                    />
                  </Table.Cell>
                  <Table.Cell align="right">
                    <output data-testid="line-total" aria-label={`Item ${index + 1} line total`}>
                      {formatMoney(totals.lines[index])}
                    </output>
                  </Table.Cell>
                  <Table.Cell>
                    {rows.length > 1 ? (
                      <Button
                        {...form.remove.getButtonProps({ name: items.name, index })}
                        variant="ghost"
                        color="red"
                        size="1"
                        aria-label={`Remove row ${index + 1}`}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </div>
      <ErrorList id={items.errorId} errors={items.errors} />
      <Flex>
        <Button
          {...form.insert.getButtonProps({
            name: items.name,
            defaultValue: { description: "", quantity: "1.00", unitPrice: "0.00" },
          })}
          variant="soft"
          size="1"
        >
          Add row
        </Button>
      </Flex>
      <Card variant="surface">
        <Grid columns="2" gap="2" style={{ maxWidth: 360, marginLeft: "auto" }}>
          <Text size="2">Subtotal</Text>
          <Text size="2" align="right" data-testid="subtotal">
            {formatMoney(totals.subtotal)}
          </Text>
          <Text size="2" as="div">
            Tax rate
          </Text>
          <div>
            <Field
              label="Tax rate (%)"
              inputProps={{
                ...getInputProps(taxRate, { type: "number" }),
                key: taxRate.key,
                step: "0.0001",
                min: "0",
                max: "99.9999",
                size: "1",
                inputMode: "decimal",
              }}
              errors={taxRate.errors}
            />
          </div>
          <Text size="2">Tax</Text>
          <Text size="2" align="right" data-testid="tax-amount">
            {formatMoney(totals.taxAmount)}
          </Text>
          <Text size="3" weight="bold">
            Total
          </Text>
          <Text size="3" weight="bold" align="right" data-testid="total">
            {formatMoney(totals.total)}
          </Text>
        </Grid>
      </Card>
    </Flex>
  );
}

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
