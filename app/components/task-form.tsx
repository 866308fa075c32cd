import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Flex, Grid } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "@remix-run/react";
import { TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES, TaskSchema } from "~/schemas/task";
import { ErrorList, Field, TextareaField } from "./forms";
import { SelectField, toOptions } from "./select-field";

export type TaskFormOptions = {
  customers: { id: number; name: string }[];
  jobs: { id: number; title: string; customerName: string }[];
  events: { id: number; label: string }[];
  users: { id: number; name: string }[];
  resources: { id: number; name: string }[];
};

const none = (label: string) => ({ value: "", label });

export function TaskForm({
  lastResult,
  defaultValue,
  options,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
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
    defaultValue: defaultValue && Object.fromEntries(Object.entries(defaultValue).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)])),
    constraint: getZodConstraint(TaskSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TaskSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="3">
        <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
        <TextareaField label="Description" textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }} errors={fields.description.errors} />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <SelectField label="Type" selectProps={getSelectProps(fields.type)} options={toOptions(TASK_TYPES)} errors={fields.type.errors} />
          <SelectField label="Priority" selectProps={getSelectProps(fields.priority)} options={toOptions(TASK_PRIORITIES)} errors={fields.priority.errors} />
          <SelectField label="Status" selectProps={getSelectProps(fields.status)} options={toOptions(TASK_STATUSES)} errors={fields.status.errors} />
        </Grid>
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <Field label="Due Date" inputProps={{ ...getInputProps(fields.dueDate, { type: "date" }), min: "1900-01-01" }} errors={fields.dueDate.errors} />
          <Field label="Estimated Hours" inputProps={{ ...getInputProps(fields.estimatedHours, { type: "text" }), inputMode: "numeric" }} errors={fields.estimatedHours.errors} />
          <Field label="Actual Hours" inputProps={{ ...getInputProps(fields.actualHours, { type: "text" }), inputMode: "numeric" }} errors={fields.actualHours.errors} />
        </Grid>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <SelectField
            label="Customer"
            selectProps={getSelectProps(fields.customerId)}
            options={[none("No customer"), ...options.customers.map((c) => ({ value: String(c.id), label: c.name }))]}
            errors={fields.customerId.errors}
          />
          <SelectField
            label="Job"
            selectProps={getSelectProps(fields.jobId)}
            options={[none("No job"), ...options.jobs.map((j) => ({ value: String(j.id), label: `${j.title} (${j.customerName})` }))]}
            errors={fields.jobId.errors}
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
        <TextareaField label="Notes" textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }} errors={fields.notes.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Flex gap="3" justify="end" mt="2">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/** The Complete action: a plain POST form (works without JS) to the current route. */
export function CompleteTaskForm({ taskId, title }: { taskId: number; title: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("taskId") === String(taskId);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="taskId" value={taskId} />
      <Button type="submit" size="1" variant="soft" color="green" disabled={pending} aria-label={`Complete ${title}`}>
        {pending ? "Completing..." : "Complete"}
      </Button>
    </Form>
  );
}
