import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { rateToPercent } from "~/utils/money";
import { getZodConstraint } from "@conform-to/zod";
import { Flex, Grid } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { makeQuoteSchema, QUOTE_STATUSES } from "~/schemas/quote";
import {
  CUSTOMER_AND_JOB_PICKERS,
  type CustomerPickerRow,
  type JobPickerRow,
  type PickerLookups,
} from "~/utils/picker";
import { DefaultSubmit, ErrorList, Field, FormActions, TextareaField } from "./forms";
import { LineItemsEditor, validateDocumentForm, type InventoryChoice } from "./line-items";
import { RecordPicker } from "./record-picker";
import { SelectField } from "./select-field";

export type QuoteFormDefaults = {
  customerId?: string;
  jobId?: string;
  title?: string;
  description?: string;
  status?: string;
  validUntil?: string;
  taxRate?: string;
  notes?: string;
  terms?: string;
  items?: Array<{
    description: string;
    quantity: string;
    unitPrice: string;
    inventoryItemId?: string;
    unitCost?: string;
  }>;
};

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  sent: "Sent",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};

export function QuoteForm({
  lastResult,
  pickers,
  defaultValue,
  customers,
  jobs,
  today,
  allowPastValidUntil,
  inventory,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's word on the customer picker (a Find's matches, the chosen customer). */
  pickers?: PickerLookups | null;
  defaultValue: QuoteFormDefaults;
  customers: CustomerPickerRow[];
  jobs: JobPickerRow[];
  today: string;
  allowPastValidUntil?: string | null;
  /** "Add from inventory" (money roles): the items offered and the server's message. */
  inventory?: { choices: InventoryChoice[]; error?: string | null };
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    !navigation.formData?.get("__intent__");
  const schema = useMemo(
    () => makeQuoteSchema(today, { allowPastValidUntil, taxAsPercent: true }),
    [today, allowPastValidUntil],
  );
  const [form, fields] = useForm({
    id: "quote-form",
    lastResult,
    // Stored as a rate (0.0875), typed as a percent (8.75).
    defaultValue: {
      ...defaultValue,
      taxRate: defaultValue.taxRate && rateToPercent(defaultValue.taxRate),
    } as typeof defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateDocumentForm(formData, CUSTOMER_AND_JOB_PICKERS, schema),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <RecordPicker
            kind="customer"
            label="Customer"
            field={fields.customerId}
            options={customers}
            lookup={pickers?.customerId}
            empty={{ value: "", label: "Select a customer" }}
          />
          <RecordPicker
            kind="job"
            label="Job (optional)"
            field={fields.jobId}
            options={jobs}
            lookup={pickers?.jobId}
            empty={{ value: "", label: "No job" }}
          />
        </Grid>
        <Field
          label="Title"
          inputProps={{ ...getInputProps(fields.title, { type: "text" }), key: fields.title.key }}
          errors={fields.title.errors}
        />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <SelectField
            label="Status"
            selectProps={{ ...getSelectProps(fields.status), key: fields.status.key }}
            errors={fields.status.errors}
          >
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Valid Until"
            inputProps={{
              ...getInputProps(fields.validUntil, { type: "date" }),
              key: fields.validUntil.key,
              min: allowPastValidUntil && allowPastValidUntil < today ? allowPastValidUntil : today,
            }}
            errors={fields.validUntil.errors}
          />
        </Grid>
        <TextareaField
          label="Description"
          textareaProps={{ ...getTextareaProps(fields.description), key: fields.description.key, rows: 2 }}
          errors={fields.description.errors}
        />
        <LineItemsEditor form={form} items={fields.items} taxRate={fields.taxRate} inventory={inventory} />
        <TextareaField
          label="Notes (internal)"
          textareaProps={{ ...getTextareaProps(fields.notes), key: fields.notes.key, rows: 2 }}
          errors={fields.notes.errors}
        />
        <TextareaField
          label="Terms"
          textareaProps={{ ...getTextareaProps(fields.terms), key: fields.terms.key, rows: 2 }}
          errors={fields.terms.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </Flex>
    </Form>
  );
}
