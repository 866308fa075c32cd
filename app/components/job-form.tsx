import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Flex, Grid } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import { JOB_STATUSES, JobSchema } from "~/schemas/job";
import { CUSTOMER_PICKER, type CustomerPickerRow, type PickerLookups } from "~/utils/picker";
import { DefaultSubmit, ErrorList, Field, FormActions, TextareaField } from "./forms";
import { RecordPicker, validateUnlessFinding } from "./record-picker";
import { SelectField, toOptions } from "./select-field";

export type JobDefaults = Partial<
  Record<
    | "customerId"
    | "title"
    | "description"
    | "status"
    | "estimatedCost"
    | "actualCost"
    | "startDate"
    | "completionDate"
    | "notes",
    string | number | null
  >
>;

export function JobForm({
  lastResult,
  pickers,
  defaultValue,
  customers,
  minStartDate,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's word on the customer picker (a Find's matches, the chosen customer). */
  pickers?: PickerLookups | null;
  defaultValue?: JobDefaults;
  customers: CustomerPickerRow[];
  /** On create, the business day: the start date may not lie before it (spec §5). */
  minStartDate?: string;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "job-form",
    lastResult,
    defaultValue:
      defaultValue &&
      Object.fromEntries(
        Object.entries(defaultValue).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)]),
      ),
    constraint: getZodConstraint(JobSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateUnlessFinding(formData, CUSTOMER_PICKER, JobSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <RecordPicker
          kind="customer"
          label="Customer"
          field={fields.customerId}
          options={customers}
          lookup={pickers?.customerId}
          empty={{ value: "", label: "Select a customer" }}
        />
        <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
        <TextareaField
          label="Description"
          textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
          errors={fields.description.errors}
        />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.status)}
            options={toOptions(JOB_STATUSES)}
            errors={fields.status.errors}
          />
          <Field
            label="Estimated Cost"
            inputProps={{
              ...getInputProps(fields.estimatedCost, { type: "number" }),
              step: "0.01",
              min: 0,
              inputMode: "decimal",
            }}
            errors={fields.estimatedCost.errors}
          />
          <Field
            label="Actual Cost"
            inputProps={{
              ...getInputProps(fields.actualCost, { type: "number" }),
              step: "0.01",
              min: 0,
              inputMode: "decimal",
            }}
            errors={fields.actualCost.errors}
          />
        </Grid>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label="Start Date"
            inputProps={{ ...getInputProps(fields.startDate, { type: "date" }), min: minStartDate }}
            errors={fields.startDate.errors}
          />
          <Field
            label="Completion Date"
            inputProps={getInputProps(fields.completionDate, { type: "date" })}
            errors={fields.completionDate.errors}
          />
        </Grid>
        <TextareaField
          label="Notes"
          textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
          errors={fields.notes.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </Flex>
    </Form>
  );
}
