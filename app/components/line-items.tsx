import { getInputProps, parse, type FieldMetadata, type FormMetadata, type Submission } from "@conform-to/react";
import { Button, Card, Flex, Grid, Table, Text, TextField } from "~/components/ui";
import type { input, output, ZodTypeAny } from "zod";
import { ADD_FROM_INVENTORY, INVENTORY_PICK } from "~/utils/line-items";
import { computeTotals, formatMoney, percentToRate, toCents, toRateUnits } from "~/utils/money";
import type { PickerFields } from "~/utils/picker";
import { ErrorList, Field, listRows } from "./forms";
import { validateUnlessFinding } from "./record-picker";
import { SelectField } from "./select-field";

type Item = {
  description: string;
  quantity: string;
  unitPrice: string;
  inventoryItemId?: number | string;
  unitCost?: string;
};

/** An item the "Add from inventory" select offers. */
export type InventoryChoice = { id: number; sku: string; name: string; unit: string };

/**
 * The quote and invoice forms' validation in the browser: none for a Find or an "Add from
 * inventory" (the server answers those with the form as typed), else the schema.
 */
export function validateDocumentForm<Schema extends ZodTypeAny>(
  formData: FormData,
  fields: PickerFields,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  if (formData.has(ADD_FROM_INVENTORY))
    return parse<input<Schema>, string[]>(formData, { resolve: () => ({ error: null }) });
  return validateUnlessFinding(formData, fields, schema);
}

// Conform's list intents: "Add row" / "Remove" are submit buttons (name="__intent__"); without JS
// the server applies the intent and re-renders the form with every entered value kept, with JS
// conform applies it in the browser.

/** The line-item rows of a quote or invoice form with live totals from the money module. */
export function LineItemsEditor<Schema extends Record<string, unknown>>({
  form,
  items,
  taxRate,
  inventory,
}: {
  form: FormMetadata<Schema, string[]>;
  items: FieldMetadata<Item[] | undefined, Schema, string[]>;
  taxRate: FieldMetadata<string | undefined, Schema, string[]>;
  /** "Add from inventory": the items offered, and the server's word when none was chosen. */
  inventory?: { choices: InventoryChoice[]; error?: string | null };
}) {
  const rows = listRows(items);
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
        <Table.Root size="1" variant="surface" className="line-items-editor">
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
                    {f.inventoryItemId.value ? (
                      <>
                        <input type="hidden" name={f.inventoryItemId.name} value={String(f.inventoryItemId.value)} />
                        <input type="hidden" name={f.unitCost.name} value={String(f.unitCost.value ?? "")} />
                        <Text as="div" size="1" color="gray" data-testid="line-cost">
                          From inventory · cost {formatCost(String(f.unitCost.value ?? ""))} each
                        </Text>
                      </>
                    ) : null}
                    <ErrorList errors={rowErrors} />
                  </Table.Cell>
                  <Table.Cell data-label="Qty">
                    <TextField.Root
                      {...getInputProps(f.quantity, { type: "number" })}
                      key={f.quantity.key}
                      step="0.01"
                      min="0"
                      aria-label={`Item ${index + 1} quantity`}
                    />
                  </Table.Cell>
                  <Table.Cell data-label="Unit price">
                    <TextField.Root
                      {...getInputProps(f.unitPrice, { type: "number" })}
                      key={f.unitPrice.key}
                      step="0.01"
                      min="0"
                      aria-label={`Item ${index + 1} unit price`}
                    />
                  </Table.Cell>
                  <Table.Cell align="right" data-label="Line total">
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
      {inventory ? <AddFromInventory {...inventory} /> : null}
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

/** A cost per unit has 4 decimals; shown as money with the extra places only when they count. */
function formatCost(cost: string) {
  const match = /^(\d+)\.(\d{2})(\d{0,2})$/.exec(cost);
  if (!match || /^0*$/.test(match[3])) return formatMoney(cost ? cost.replace(/^(\d+\.\d{2})\d*$/, "$1") : "0");
  return `${formatMoney(`${match[1]}.${match[2]}`)}${match[3].replace(/0+$/, "")}`;
}

/**
 * "Add from inventory": a select of items and a submit button; the server adds the item as a line
 * (its name and unit, its price, its cost kept) and shows the form again (app/forms/inventory-line.server.ts).
 */
function AddFromInventory({ choices, error }: { choices: InventoryChoice[]; error?: string | null }) {
  if (choices.length === 0) return null;
  return (
    <Flex gap="2" align="end" wrap="wrap" className="add-from-inventory">
      <div style={{ flex: "1 1 16rem" }}>
        <SelectField
          label="Add from inventory"
          selectProps={{ name: INVENTORY_PICK, defaultValue: "" }}
          errors={error ? [error] : undefined}
        >
          <option value="">Choose an item</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} · {c.sku} ({c.unit})
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" name={ADD_FROM_INVENTORY} value="1" variant="soft" formNoValidate>
        Add item
      </Button>
    </Flex>
  );
}
