import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Button, Flex, Grid } from "~/components/ui";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { INVOICE_STATUSES, makeInvoiceSchema, PAYMENT_TERMS } from "~/schemas/invoice";
import { formatMoney, rateToPercent } from "~/utils/money";
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

export type InvoiceFormDefaults = {
  quoteId?: string;
  customerId?: string;
  jobId?: string;
  title?: string;
  description?: string;
  status?: string;
  issueDate?: string;
  dueDate?: string;
  paymentTerms?: string;
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
export type QuoteChoice = { id: number; quoteNumber: string; title: string; total: string; customerName: string };

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  sent: "Sent",
  partial: "Partial Payment",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
};

export function InvoiceForm({
  lastResult,
  pickers,
  defaultValue,
  customers,
  jobs,
  quotes,
  today,
  allowPastDueDate,
  loadQuoteTo,
  inventory,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's word on the customer and job pickers (a Find's matches, the chosen record). */
  pickers?: PickerLookups | null;
  defaultValue: InvoiceFormDefaults;
  customers: CustomerPickerRow[];
  jobs: JobPickerRow[];
  quotes: QuoteChoice[];
  today: string;
  allowPastDueDate?: string | null;
  /** Where "Load quote" goes (a GET with quoteId); absent on edit. */
  loadQuoteTo?: string;
  /** "Add from inventory" (money roles): the items offered and the server's message. */
  inventory?: { choices: InventoryChoice[]; error?: string | null };
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const pending =
    navigation.state === "submitting" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    !navigation.formData?.get("__intent__");
  const schema = useMemo(
    () => makeInvoiceSchema(today, { allowPastDueDate, taxAsPercent: true }),
    [today, allowPastDueDate],
  );
  const [form, fields] = useForm({
    id: "invoice-form",
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
        <Flex gap="2" align="end">
          <div style={{ flex: 1 }}>
            <SelectField
              label="Quote (optional)"
              selectProps={{
                ...getSelectProps(fields.quoteId),
                key: fields.quoteId.key,
                // With JS choosing a quote loads it at once; without JS the "Load quote" button does.
                onChange: loadQuoteTo
                  ? (event) => {
                      const value = event.currentTarget.value;
                      if (value)
                        navigate(`${loadQuoteTo}${loadQuoteTo.includes("?") ? "&" : "?"}quoteId=${value}`, {
                          replace: true,
                          preventScrollReset: true,
                        });
                    }
                  : undefined,
              }}
              errors={fields.quoteId.errors}
            >
              <option value="">No quote</option>
              {quotes.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.quoteNumber} — {q.customerName}: {q.title} ({formatMoney(q.total)})
                </option>
              ))}
            </SelectField>
          </div>
          {loadQuoteTo && !hydrated ? (
            <Button
              type="submit"
              formMethod="get"
              formAction={loadQuoteTo.split("?")[0]}
              formNoValidate
              variant="soft"
              name="loadQuote"
              value="1"
            >
              Load quote
            </Button>
          ) : null}
        </Flex>
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="3">
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
          <SelectField
            label="Status"
            selectProps={{ ...getSelectProps(fields.status), key: fields.status.key }}
            errors={fields.status.errors}
          >
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </Grid>
        <Field
          label="Title"
          inputProps={{ ...getInputProps(fields.title, { type: "text" }), key: fields.title.key }}
          errors={fields.title.errors}
        />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <Field
            label="Issue Date"
            inputProps={{ ...getInputProps(fields.issueDate, { type: "date" }), key: fields.issueDate.key }}
            errors={fields.issueDate.errors}
          />
          <Field
            label="Due Date"
            inputProps={{
              ...getInputProps(fields.dueDate, { type: "date" }),
              key: fields.dueDate.key,
              min: allowPastDueDate && allowPastDueDate < today ? allowPastDueDate : today,
            }}
            errors={fields.dueDate.errors}
          />
          <SelectField
            label="Payment Terms"
            selectProps={{ ...getSelectProps(fields.paymentTerms), key: fields.paymentTerms.key }}
            errors={fields.paymentTerms.errors}
          >
            {PAYMENT_TERMS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
        </Grid>
        <TextareaField
          label="Description"
          textareaProps={{ ...getTextareaProps(fields.description), key: fields.description.key, rows: 2 }}
          errors={fields.description.errors}
        />
        <LineItemsEditor form={form} items={fields.items} taxRate={fields.taxRate} inventory={inventory} />
        <TextareaField
          label="Notes"
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
