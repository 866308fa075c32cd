// The Add/Edit Phase dialog's form (job phases; docs/decisions/job-phases.md).
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
import { JobPhaseSchema, PHASE_STATUS_LABELS, PHASE_STATUSES } from "~/schemas/job-phase";
import { DefaultSubmit, ErrorList, Field, FormActions, TextareaField } from "./forms";
import { SelectField } from "./select-field";

export function PhaseForm({
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
    id: "phase-form",
    lastResult,
    defaultValue: { status: "planned", ...defaultValue },
    constraint: getZodConstraint(JobPhaseSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: JobPhaseSchema }),
  });
  const date = (name: "plannedStart" | "plannedEnd" | "actualStart" | "actualEnd", label: string) => (
    <Field label={label} inputProps={getInputProps(fields[name], { type: "date" })} errors={fields[name].errors} />
  );
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label="Name"
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), placeholder: "e.g. Install" }}
            errors={fields.name.errors}
          />
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.status)}
            options={PHASE_STATUSES.map((s) => ({ value: s, label: PHASE_STATUS_LABELS[s] }))}
            errors={fields.status.errors}
          />
          {date("plannedStart", "Planned start")}
          {date("plannedEnd", "Planned end")}
          {date("actualStart", "Actual start")}
          {date("actualEnd", "Actual end")}
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
