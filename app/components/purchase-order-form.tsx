// The New/Edit purchase order form (issue 13 item 6): supplier, expected date, notes and lines
// (item, quantity in the item's purchase unit, cost of one purchase unit, optional job). "Add line"
// and "Remove" are conform list intents: without JavaScript the server re-renders the form with
// every value kept, as quote lines do.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Card, Flex, Grid, Text, TextField } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import { PurchaseOrderSchema } from "~/schemas/purchasing";
import { DefaultSubmit, ErrorList, FormActions, listRows } from "./forms";
import { formatCost, formatQuantity } from "./inventory";

export type PoFormOptions = {
  suppliers: { id: number; name: string }[];
  items: {
    id: number;
    sku: string;
    name: string;
    unit: string;
    purchaseUnit: string | null;
    unitMultiplier: string;
    lastCost: string | null;
  }[];
  jobs: { id: number; title: string }[];
};

export type PoFormValue = {
  supplierId: string;
  expectedDate: string;
  notes: string;
  lines: { itemId: string; quantity: string; unitCost: string; jobId: string }[];
};

const BLANK_LINE = { itemId: "", quantity: "", unitCost: "", jobId: "" };

/** "box of 100 each" when an item is bought in a unit that holds several of its stock unit. */
export function purchaseUnitText(item: { unit: string; purchaseUnit: string | null; unitMultiplier: string }) {
  const multiplier = formatQuantity(item.unitMultiplier);
  if (multiplier === "1") return item.purchaseUnit ?? item.unit;
  return `${item.purchaseUnit ?? item.unit} of ${multiplier} ${item.unit}`;
}

export function PurchaseOrderForm({
  options,
  defaultValue,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  options: PoFormOptions;
  defaultValue: PoFormValue;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
  submitLabel: string;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "purchase-order-form",
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PurchaseOrderSchema }),
  });
  const rows = listRows(fields.lines);
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <div>
            <Text as="label" size="2" weight="medium" className="field-label" htmlFor={fields.supplierId.id}>
              Supplier
            </Text>
            <select
              {...getSelectProps(fields.supplierId)}
              className="native-select full"
              defaultValue={String(fields.supplierId.initialValue ?? "")}
            >
              <option value="">Select a supplier</option>
              {options.suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.supplierId.errorId} errors={fields.supplierId.errors} />
          </div>
          <div>
            <Text as="label" size="2" weight="medium" className="field-label" htmlFor={fields.expectedDate.id}>
              Expected date (optional)
            </Text>
            <TextField.Root {...getInputProps(fields.expectedDate, { type: "date" })} />
            <ErrorList id={fields.expectedDate.errorId} errors={fields.expectedDate.errors} />
          </div>
        </Grid>
        {rows.map((row, index) => {
          const f = row.getFieldset();
          const errors = [
            ...(f.itemId.errors ?? []),
            ...(f.quantity.errors ?? []),
            ...(f.unitCost.errors ?? []),
            ...(f.jobId.errors ?? []),
          ];
          return (
            <Card key={row.key} variant="surface" data-testid="po-line">
              <Grid columns={{ initial: "1", sm: "6" }} gap="2" align="end">
                <div className="line-wide">
                  <Text as="label" size="2" weight="medium" className="field-label" htmlFor={f.itemId.id}>
                    Item {index + 1}
                  </Text>
                  <select
                    {...getSelectProps(f.itemId)}
                    className="native-select full"
                    defaultValue={String(f.itemId.initialValue ?? "")}
                  >
                    <option value="">Select an item</option>
                    {options.items.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.sku} · {o.name} (per {purchaseUnitText(o)}
                        {o.lastCost ? `, last ${formatCost(o.lastCost)}/${o.unit}` : ""})
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <Text as="label" size="2" weight="medium" className="field-label" htmlFor={f.quantity.id}>
                    Quantity (purchase units)
                  </Text>
                  <TextField.Root
                    {...getInputProps(f.quantity, { type: "text" })}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </div>
                <div>
                  <Text as="label" size="2" weight="medium" className="field-label" htmlFor={f.unitCost.id}>
                    Cost per purchase unit
                  </Text>
                  <TextField.Root
                    {...getInputProps(f.unitCost, { type: "text" })}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="Last cost"
                  />
                </div>
                <div>
                  <Text as="label" size="2" weight="medium" className="field-label" htmlFor={f.jobId.id}>
                    For job (optional)
                  </Text>
                  <select
                    {...getSelectProps(f.jobId)}
                    className="native-select full"
                    defaultValue={String(f.jobId.initialValue ?? "")}
                  >
                    <option value="">No job</option>
                    {options.jobs.map((j) => (
                      <option key={j.id} value={j.id}>
                        {j.title}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  {rows.length > 1 ? (
                    <Button
                      {...form.remove.getButtonProps({ name: fields.lines.name, index })}
                      variant="ghost"
                      color="red"
                      aria-label={`Remove line ${index + 1}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
              </Grid>
              <ErrorList errors={errors} />
            </Card>
          );
        })}
        <ErrorList id={fields.lines.errorId} errors={fields.lines.errors} />
        <div>
          <Button {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: BLANK_LINE })} variant="soft">
            Add line
          </Button>
        </div>
        <div>
          <Text as="label" size="2" weight="medium" className="field-label" htmlFor={fields.notes.id}>
            Notes for the supplier (optional)
          </Text>
          <TextField.Root {...getInputProps(fields.notes, { type: "text" })} maxLength={5000} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} pendingLabel="Saving..." />
      </Flex>
    </Form>
  );
}

export const emptyPurchaseOrder = (supplierId = ""): PoFormValue => ({
  supplierId,
  expectedDate: "",
  notes: "",
  lines: [BLANK_LINE],
});
