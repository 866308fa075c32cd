// The Add/Edit Item form (spec §3 inventory_items, every field; §5 rules) and the Receive/Adjust
// stock forms. Plain conform forms: they work without JavaScript.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Flex, Grid, Text } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { ITEM_TYPES, ItemSchema, UNITS } from "~/schemas/inventory";
import { DefaultSubmit, ErrorList, Field, FormActions, TextareaField } from "./forms";
import { SelectField, toOptions, type Option } from "./select-field";

const decimal = (label: string) => ({
  inputMode: "decimal" as const,
  autoComplete: "off",
  "aria-label": undefined,
  placeholder: label,
});

export function ItemForm({
  lastResult,
  defaultValue,
  categories,
  suppliers,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  categories: Option[];
  suppliers: Option[];
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "item-form",
    lastResult,
    defaultValue: {
      type: "material",
      unit: "each",
      trackStock: "true",
      active: "true",
      reorderPoint: "0",
      safetyStock: "0",
      unitMultiplier: "1",
      ...defaultValue,
    },
    constraint: getZodConstraint(ItemSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ItemSchema }),
  });
  const yesNo = (yes: string, no: string) => [
    { value: "true", label: yes },
    { value: "false", label: no },
  ];
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label="SKU"
            inputProps={{ ...getInputProps(fields.sku, { type: "text" }), placeholder: "PLY-34-MAPLE" }}
            errors={fields.sku.errors}
          />
          <Field label="Name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
          <SelectField
            label="Type"
            selectProps={getSelectProps(fields.type)}
            options={toOptions(ITEM_TYPES)}
            errors={fields.type.errors}
          />
          <SelectField
            label="Category"
            selectProps={getSelectProps(fields.categoryId)}
            errors={fields.categoryId.errors}
          >
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Unit"
            selectProps={getSelectProps(fields.unit)}
            options={UNITS.map((u) => ({ value: u, label: u }))}
            errors={fields.unit.errors}
          />
          <SelectField
            label="Purchase unit"
            selectProps={getSelectProps(fields.purchaseUnit)}
            errors={fields.purchaseUnit.errors}
          >
            <option value="">Same as unit</option>
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectField>
          <Field
            label="Units per purchase unit"
            inputProps={{ ...getInputProps(fields.unitMultiplier, { type: "text" }), ...decimal("1") }}
            errors={fields.unitMultiplier.errors}
          />
          <SelectField
            label="Track stock"
            selectProps={getSelectProps(fields.trackStock)}
            options={yesNo("Track stock", "Do not track")}
            errors={fields.trackStock.errors}
          />
          <Field
            label="Reorder point"
            inputProps={{ ...getInputProps(fields.reorderPoint, { type: "text" }), ...decimal("0") }}
            errors={fields.reorderPoint.errors}
          />
          <Field
            label="Reorder quantity"
            inputProps={{ ...getInputProps(fields.reorderQty, { type: "text" }), ...decimal("") }}
            errors={fields.reorderQty.errors}
          />
          <Field
            label="Safety stock"
            inputProps={{ ...getInputProps(fields.safetyStock, { type: "text" }), ...decimal("0") }}
            errors={fields.safetyStock.errors}
          />
          <Field
            label="Location"
            inputProps={{ ...getInputProps(fields.location, { type: "text" }), placeholder: "Rack A" }}
            errors={fields.location.errors}
          />
          <SelectField
            label="Preferred supplier"
            selectProps={getSelectProps(fields.preferredSupplierId)}
            errors={fields.preferredSupplierId.errors}
          >
            <option value="">None</option>
            {suppliers.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <Field
            label="Last cost (per unit)"
            inputProps={{ ...getInputProps(fields.lastCost, { type: "text" }), ...decimal("0.0000") }}
            errors={fields.lastCost.errors}
          />
          <Field
            label="Sell price (per unit)"
            inputProps={{ ...getInputProps(fields.sellPrice, { type: "text" }), ...decimal("0.00") }}
            errors={fields.sellPrice.errors}
          />
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.active)}
            options={yesNo("Active", "Inactive")}
            errors={fields.active.errors}
          />
        </Grid>
        <Field
          label="Tags (comma-separated)"
          inputProps={{ ...getInputProps(fields.tags, { type: "text" }), placeholder: "maple, prefinished" }}
          errors={fields.tags.allErrors}
        />
        <TextareaField
          label="Description"
          textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
          errors={fields.description.errors}
        />
        <Text size="1" color="gray">
          Stock on hand and average cost come from the ledger: receive stock after creating the item.
        </Text>
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </Flex>
    </Form>
  );
}

/** Receive (quantity, unit cost, supplier, reference) or Adjust (signed quantity, reason). */
export function StockForm<S extends z.ZodTypeAny>({
  kind,
  schema,
  lastResult,
  unit,
  defaultValue,
  suppliers,
  cancelTo,
}: {
  kind: "receive" | "adjust";
  schema: S;
  lastResult?: SubmissionResult<string[]> | null;
  unit: string;
  defaultValue?: Record<string, unknown>;
  suppliers?: Option[];
  cancelTo: string;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `${kind}-form`,
    lastResult,
    defaultValue: { type: kind, ...defaultValue },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <input type="hidden" name="type" value={kind} />
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label={kind === "receive" ? `Quantity received (${unit})` : `Change in stock (${unit}, negative to remove)`}
            inputProps={{
              ...getInputProps(fields.quantity, { type: "text" }),
              inputMode: kind === "receive" ? "decimal" : "text",
              autoComplete: "off",
            }}
            errors={fields.quantity.errors}
          />
          {kind === "receive" ? (
            <Field
              label={`Unit cost (per ${unit})`}
              inputProps={{
                ...getInputProps(fields.unitCost, { type: "text" }),
                inputMode: "decimal",
                autoComplete: "off",
              }}
              errors={fields.unitCost.errors}
            />
          ) : null}
          {kind === "receive" && suppliers ? (
            <SelectField
              label="Supplier"
              selectProps={getSelectProps(fields.supplierId)}
              errors={fields.supplierId.errors}
            >
              <option value="">None</option>
              {suppliers.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </SelectField>
          ) : null}
          <Field
            label="Reference"
            inputProps={{
              ...getInputProps(fields.reference, { type: "text" }),
              placeholder: kind === "receive" ? "Packing slip #" : "Count sheet",
            }}
            errors={fields.reference.errors}
          />
        </Grid>
        <TextareaField
          label={kind === "adjust" ? "Reason" : "Notes"}
          textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
          errors={fields.notes.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions
          cancelTo={cancelTo}
          pending={pending}
          submitLabel={kind === "receive" ? "Receive Stock" : "Adjust Stock"}
          pendingLabel="Saving..."
        />
      </Flex>
    </Form>
  );
}
