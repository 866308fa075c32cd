import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Flex, Grid } from "~/components/ui";
import { Form, Link, useNavigation } from "@remix-run/react";
import { RESOURCE_TYPES, ResourceSchema } from "~/schemas/resource";
import { ErrorList, Field, TextareaField } from "./forms";
import { SelectField, toOptions } from "./select-field";

export function ResourceForm({
  lastResult,
  defaultValue,
  cancelTo,
  submitLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { name?: string; type?: string; skills?: string; notes?: string | null; active?: string };
  cancelTo: string;
  submitLabel: string;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "resource-form",
    lastResult,
    defaultValue: { type: "installer", active: "true", ...defaultValue, notes: defaultValue?.notes ?? undefined },
    constraint: getZodConstraint(ResourceSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResourceSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="3">
        <Field label="Name" inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <SelectField
            label="Type"
            selectProps={getSelectProps(fields.type)}
            options={toOptions(RESOURCE_TYPES)}
            errors={fields.type.errors}
          />
          <SelectField
            label="Active"
            selectProps={getSelectProps(fields.active)}
            options={[
              { value: "true", label: "Active" },
              { value: "false", label: "Inactive" },
            ]}
            errors={fields.active.errors}
          />
        </Grid>
        <Field
          label="Skills (comma-separated)"
          inputProps={{ ...getInputProps(fields.skills, { type: "text" }), placeholder: "installation, scribing" }}
          errors={fields.skills.allErrors}
        />
        <TextareaField
          label="Notes"
          textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
          errors={fields.notes.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Flex gap="3" justify="end" mt="2">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : submitLabel}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
