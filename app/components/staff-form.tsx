import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Flex, Grid, Text } from "~/components/ui";
import { Form, Link, useNavigation } from "@remix-run/react";
import {
  describePolicy,
  makeResetPasswordSchema,
  makeStaffCreateSchema,
  StaffUpdateSchema,
  type PasswordPolicy,
} from "~/schemas/user";
import { ROLE_LABELS, ROLES } from "~/utils/permissions";
import { ErrorList, Field } from "./forms";
import { PasswordFields } from "./password-fields";
import { SelectField } from "./select-field";

// Settings → Staff: Add User, Edit User and Reset Password (owner only;
// docs/decisions/staff-accounts-and-passwords.md).

const roleOptions = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function AddUserForm({
  policy,
  lastResult,
}: {
  policy: PasswordPolicy;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const saving = useSubmitting("create");
  const schema = makeStaffCreateSchema(policy);
  const [form, fields] = useForm({
    id: "add-user",
    lastResult,
    defaultValue: { role: "installer" },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label="Username"
            inputProps={{
              ...getInputProps(fields.username, { type: "text" }),
              autoComplete: "off",
              autoCapitalize: "off",
              spellCheck: false,
            }}
            errors={fields.username.errors}
          />
          <SelectField
            label="Role"
            selectProps={getSelectProps(fields.role)}
            options={roleOptions}
            errors={fields.role.errors}
          />
        </Grid>
        <Field
          label="Full Name"
          inputProps={getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
        />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label="Email"
            inputProps={getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
          />
          <Field label="Phone" inputProps={getInputProps(fields.phone, { type: "tel" })} errors={fields.phone.errors} />
        </Grid>
        <PasswordFields single>
          {(input) => (
            <Field
              label="Initial Password"
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                ...input,
                autoComplete: "new-password",
              }}
              errors={fields.password.errors}
            />
          )}
        </PasswordFields>
        <Text size="1" color="gray">
          {describePolicy(policy)} Give it to the new user in person; owners and office staff can change their own under
          Settings → Profile.
        </Text>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Flex gap="3" justify="end" mt="2">
          <Button asChild variant="soft" color="gray">
            <Link to="/settings/staff">Cancel</Link>
          </Button>
          <Button type="submit" name="intent" value="create" disabled={saving}>
            {saving ? "Adding..." : "Add User"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

export type StaffDetails = { name: string; email: string | null; phone: string | null; role: string; active: boolean };

export function EditUserForm({
  user,
  lastResult,
}: {
  user: StaffDetails;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const saving = useSubmitting("update");
  const [form, fields] = useForm({
    id: "edit-user",
    lastResult,
    defaultValue: {
      name: user.name,
      email: user.email ?? "",
      phone: user.phone ?? "",
      role: user.role,
      active: String(user.active),
    },
    constraint: getZodConstraint(StaffUpdateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StaffUpdateSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="3">
        <Field
          label="Full Name"
          inputProps={getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
        />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field
            label="Email"
            inputProps={getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
          />
          <Field label="Phone" inputProps={getInputProps(fields.phone, { type: "tel" })} errors={fields.phone.errors} />
          <SelectField
            label="Role"
            selectProps={getSelectProps(fields.role)}
            options={roleOptions}
            errors={fields.role.errors}
          />
          <SelectField
            label="Status"
            selectProps={getSelectProps(fields.active)}
            options={[
              { value: "true", label: "Active (can sign in)" },
              { value: "false", label: "Deactivated (cannot sign in)" },
            ]}
            errors={fields.active.errors}
          />
        </Grid>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to="/settings/staff">Cancel</Link>
          </Button>
          <Button type="submit" name="intent" value="update" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

export function ResetPasswordForm({
  policy,
  lastResult,
}: {
  policy: PasswordPolicy;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const saving = useSubmitting("reset-password");
  const schema = makeResetPasswordSchema(policy);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="3">
        <PasswordFields single>
          {(input) => (
            <Field
              label="New Password"
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                ...input,
                autoComplete: "new-password",
              }}
              errors={fields.password.errors}
            />
          )}
        </PasswordFields>
        <Text size="1" color="gray">
          {describePolicy(policy)} The user is signed out everywhere and signs in with the new password.
        </Text>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          <Button type="submit" name="intent" value="reset-password" color="orange" disabled={saving}>
            {saving ? "Resetting..." : "Reset Password"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
