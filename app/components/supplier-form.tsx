// Supplier and category forms of the Inventory screen (spec §3; supplier defaults §9).
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Flex, Grid } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import { CategorySchema, SupplierSchema } from "~/schemas/inventory";
import { DefaultSubmit, ErrorList, Field, FormActions, TextareaField } from "./forms";
import { SelectField, type Option } from "./select-field";

const ACTIVE = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
];

export function SupplierForm({
  lastResult,
  defaultValue,
  cancelTo,
  submitLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  cancelTo: string;
  submitLabel: string;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "supplier-form",
    lastResult,
    defaultValue: { leadTimeDays: "7", paymentTerms: "Net 30", active: "true", ...defaultValue },
    constraint: getZodConstraint(SupplierSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SupplierSchema }),
  });
  const text = (name: keyof typeof fields, label: string, type: "text" | "email" | "tel" | "url" = "text") => (
    <Field label={label} inputProps={getInputProps(fields[name], { type })} errors={fields[name].errors} />
  );
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          {text("name", "Name")}
          {text("contactName", "Contact name")}
          {text("email", "Email", "email")}
          {text("phone", "Phone", "tel")}
          {text("website", "Website")}
          {text("address", "Address")}
          {text("city", "City")}
          {text("state", "State")}
          {text("zipCode", "ZIP code")}
          <Field
            label="Lead time (days)"
            inputProps={{ ...getInputProps(fields.leadTimeDays, { type: "number" }), min: 0, max: 365, step: 1 }}
            errors={fields.leadTimeDays.errors}
          />
          <SelectField
            label="Payment terms"
            selectProps={getSelectProps(fields.paymentTerms)}
            options={["Due on Receipt", "Net 15", "Net 30", "Net 45", "Net 60"].map((t) => ({ value: t, label: t }))}
            errors={fields.paymentTerms.errors}
          />
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.active)}
            options={ACTIVE}
            errors={fields.active.errors}
          />
        </Grid>
        <TextareaField
          label="Notes"
          textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
          errors={fields.notes.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} pendingLabel="Saving..." />
      </Flex>
    </Form>
  );
}

export function CategoryForm({
  lastResult,
  defaultValue,
  parents,
  cancelTo,
  submitLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  parents: Option[];
  cancelTo: string;
  submitLabel: string;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "category-form",
    lastResult,
    defaultValue: { sortOrder: "0", active: "true", ...defaultValue },
    constraint: getZodConstraint(CategorySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategorySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Field label="Name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <SelectField
            label="Parent category"
            selectProps={getSelectProps(fields.parentId)}
            errors={fields.parentId.errors}
          >
            <option value="">None</option>
            {parents.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </SelectField>
          <Field
            label="Sort order"
            inputProps={{ ...getInputProps(fields.sortOrder, { type: "number" }), step: 1 }}
            errors={fields.sortOrder.errors}
          />
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.active)}
            options={ACTIVE}
            errors={fields.active.errors}
          />
        </Grid>
        <TextareaField
          label="Description"
          textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
          errors={fields.description.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} pendingLabel="Saving..." />
      </Flex>
    </Form>
  );
}
