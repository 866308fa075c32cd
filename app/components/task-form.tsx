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
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, TaskSchema } from "~/schemas/task";
import {
  CUSTOMER_AND_JOB_PICKERS,
  type CustomerPickerRow,
  type JobPickerRow,
  type PickerKind,
  type PickerLookups,
} from "~/utils/picker";
import { DefaultSubmit, ErrorList, Field, FormActions, TextareaField } from "./forms";
import { RecordPicker, validateUnlessFinding } from "./record-picker";
import { SelectField, toOptions } from "./select-field";

export type TaskFormOptions = {
  customers: CustomerPickerRow[];
  jobs: JobPickerRow[];
  /** Which pickers may search /api as you type (the user's permissions). */
  searchable: Record<PickerKind, boolean>;
  events: { id: number; label: string }[];
  users: { id: number; name: string }[];
  resources: { id: number; name: string }[];
};

const none = (label: string) => ({ value: "", label });

export function TaskForm({
  lastResult,
  pickers,
  defaultValue,
  options,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's word on the customer and job pickers (a Find's matches, the chosen records). */
  pickers?: PickerLookups | null;
  defaultValue?: Record<string, string | number | null | undefined>;
  options: TaskFormOptions;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "task-form",
    lastResult,
    defaultValue:
      defaultValue &&
      Object.fromEntries(
        Object.entries(defaultValue).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)]),
      ),
    constraint: getZodConstraint(TaskSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateUnlessFinding(formData, CUSTOMER_AND_JOB_PICKERS, TaskSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
        <TextareaField
          label="Description"
          textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }}
          errors={fields.description.errors}
        />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <SelectField
            label="Type"
            selectProps={getSelectProps(fields.type)}
            options={toOptions(TASK_TYPES)}
            errors={fields.type.errors}
          />
          <SelectField
            label="Priority"
            selectProps={getSelectProps(fields.priority)}
            options={toOptions(TASK_PRIORITIES)}
            errors={fields.priority.errors}
          />
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.status)}
            options={toOptions(TASK_STATUSES)}
            errors={fields.status.errors}
          />
        </Grid>
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <Field
            label="Due Date"
            inputProps={{ ...getInputProps(fields.dueDate, { type: "date" }), min: "1900-01-01" }}
            errors={fields.dueDate.errors}
          />
          <Field
            label="Estimated Hours"
            inputProps={{ ...getInputProps(fields.estimatedHours, { type: "text" }), inputMode: "numeric" }}
            errors={fields.estimatedHours.errors}
          />
          <Field
            label="Actual Hours"
            inputProps={{ ...getInputProps(fields.actualHours, { type: "text" }), inputMode: "numeric" }}
            errors={fields.actualHours.errors}
          />
        </Grid>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <RecordPicker
            kind="customer"
            label="Customer"
            field={fields.customerId}
            options={options.customers}
            lookup={pickers?.customerId}
            empty={none("No customer")}
            searchable={options.searchable.customer}
          />
          <RecordPicker
            kind="job"
            label="Job"
            field={fields.jobId}
            options={options.jobs}
            lookup={pickers?.jobId}
            empty={none("No job")}
            searchable={options.searchable.job}
          />
          <SelectField
            label="Schedule Event"
            selectProps={getSelectProps(fields.scheduleEventId)}
            options={[none("No event"), ...options.events.map((e) => ({ value: String(e.id), label: e.label }))]}
            errors={fields.scheduleEventId.errors}
          />
          <div />
          <SelectField
            label="Assign to user"
            selectProps={getSelectProps(fields.assignedToUserId)}
            options={[none("Nobody"), ...options.users.map((u) => ({ value: String(u.id), label: u.name }))]}
            errors={fields.assignedToUserId.errors}
          />
          <SelectField
            label="Or to a resource"
            selectProps={getSelectProps(fields.assignedToResourceId)}
            options={[none("No resource"), ...options.resources.map((r) => ({ value: String(r.id), label: r.name }))]}
            errors={fields.assignedToResourceId.errors}
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
