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
import {
  APPOINTMENT_REMINDER_LABELS,
  APPOINTMENT_REMINDERS,
  CustomerSchema,
  type CustomerInput,
} from "~/schemas/customer";
import { ErrorList, Field, FormActions, TextareaField } from "./forms";
import { SelectField } from "./select-field";

export function CustomerForm({
  lastResult,
  defaultValue,
  cancelTo,
  submitLabel,
  pendingLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<Record<keyof CustomerInput, string | null>>;
  cancelTo: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "customer-form",
    lastResult,
    defaultValue: { appointmentReminders: "none", ...defaultValue },
    constraint: getZodConstraint(CustomerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CustomerSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="3">
        <Field
          label="Name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoFocus: true }}
          errors={fields.name.errors}
        />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field label="Phone" inputProps={getInputProps(fields.phone, { type: "tel" })} errors={fields.phone.errors} />
          <Field
            label="Email"
            inputProps={getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
          />
        </Grid>
        <Field
          label="Address"
          inputProps={getInputProps(fields.address, { type: "text" })}
          errors={fields.address.errors}
        />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          <Field label="City" inputProps={getInputProps(fields.city, { type: "text" })} errors={fields.city.errors} />
          <Field
            label="State"
            inputProps={getInputProps(fields.state, { type: "text" })}
            errors={fields.state.errors}
          />
          <Field
            label="ZIP Code"
            inputProps={getInputProps(fields.zipCode, { type: "text" })}
            errors={fields.zipCode.errors}
          />
        </Grid>
        <SelectField
          label="Appointment Reminders"
          selectProps={{ ...getSelectProps(fields.appointmentReminders), style: { width: "100%" } }}
          options={APPOINTMENT_REMINDERS.map((value) => ({ value, label: APPOINTMENT_REMINDER_LABELS[value] }))}
          errors={fields.appointmentReminders.errors}
        />
        <Text as="p" size="1" color="gray">
          The day before an install, the customer gets a reminder if they asked for one (when notifications are on in
          Settings → System).
        </Text>
        <TextareaField
          label="Notes"
          textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }}
          errors={fields.notes.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelTo={cancelTo} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
      </Flex>
    </Form>
  );
}
