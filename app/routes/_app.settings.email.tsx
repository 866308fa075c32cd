import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Box, Button, Callout, Card, Flex, Grid, Heading, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorList, Field } from "~/components/forms";
import { SelectField } from "~/components/select-field";
import { getEmailConfig, saveEmailConfig } from "~/models/email-config.server";
import { EmailConfigSchema } from "~/schemas/email";
import { dispatchTestEmail } from "~/services/email-dispatch.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { refusalToast } from "~/utils/refusal-response.server";

// Settings → Email (spec §2): the provider form, the test e-mail and the setup instructions.

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  // The password is never sent to the page: only whether one is stored.
  return json({ config: await getEmailConfig(await getDb()) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings", "write");
  const form = await request.formData();
  const intent = form.get("intent");
  const db = await getDb();
  const here = "/settings/email";
  if (intent === "test") {
    try {
      const outcome = await dispatchTestEmail(db, user.id);
      if (outcome.ok)
        return redirectWithToast(request, here, {
          title: "Email Test Successful",
          description: "Test email sent successfully! Check your inbox.",
        });
      return redirectWithToast(request, here, {
        type: "error",
        title: "Email Test Failed",
        description: outcome.error,
      });
    } catch (error) {
      return refusalToast(request, here, error, "Email Test Failed");
    }
  }
  const submission = parseWithZod(form, { schema: EmailConfigSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["appPassword"] }), { status: 400 });
  try {
    await saveEmailConfig(db, submission.value);
  } catch (error) {
    if (isRefusal(error))
      return redirectWithToast(request, here, {
        type: "error",
        title: "Error",
        description: "Failed to save email settings. Please try again.",
      });
    throw error;
  }
  return redirectWithToast(request, here, {
    title: "Email Settings Saved",
    description: "Your email configuration has been updated.",
  });
}

export default function EmailSettings() {
  const { config } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const testing = navigation.state === "submitting" && navigation.formData?.get("intent") === "test";
  const [form, fields] = useForm({
    id: "email-settings",
    lastResult,
    defaultValue: {
      provider: config?.provider ?? "gmail",
      senderEmail: config?.senderEmail ?? "",
      senderName: config?.senderName ?? "",
      isActive: config?.isActive ? "on" : undefined,
    },
    constraint: getZodConstraint(EmailConfigSchema),
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailConfigSchema }),
  });
  const hydrated = useHydrated();
  // Disabled while invalid only with JS: without it the server is the validator.
  const invalid = hydrated && Boolean(form.allErrors && Object.keys(form.allErrors).length > 0);
  return (
    <Grid columns={{ initial: "1", md: "2" }} gap="4">
      <Card>
        <Heading size="4" mb="3">
          Email Configuration
        </Heading>
        <Form method="post" {...getFormProps(form)}>
          <Flex direction="column" gap="3">
            <SelectField
              label="Provider"
              selectProps={getSelectProps(fields.provider)}
              options={[
                { value: "gmail", label: "Gmail" },
                { value: "outlook", label: "Outlook / Microsoft 365" },
              ]}
              errors={fields.provider.errors}
            />
            <Field
              label="Sender Email"
              inputProps={getInputProps(fields.senderEmail, { type: "email" })}
              errors={fields.senderEmail.errors}
            />
            <Field
              label="Sender Name"
              inputProps={getInputProps(fields.senderName, { type: "text" })}
              errors={fields.senderName.errors}
            />
            <Field
              label="App Password"
              inputProps={{
                ...getInputProps(fields.appPassword, { type: "password" }),
                defaultValue: undefined,
                autoComplete: "new-password",
                placeholder: config?.hasPassword ? "Saved — leave blank to keep it" : "The provider's app password",
              }}
              errors={fields.appPassword.errors}
            />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <input {...getInputProps(fields.isActive, { type: "checkbox" })} />
                Active (send and sync e-mail with this account)
              </Flex>
            </Text>
            <ErrorList id={form.errorId} errors={form.errors} />
            <Flex gap="3" justify="end">
              <Button type="submit" name="intent" value="save" disabled={saving || invalid}>
                {saving ? "Saving..." : "Save Email Settings"}
              </Button>
            </Flex>
          </Flex>
        </Form>
        <Form method="post">
          <Flex gap="3" justify="end" mt="3">
            <Button type="submit" name="intent" value="test" variant="soft" disabled={!config?.isActive || testing}>
              {testing ? "Sending..." : "Send Test Email"}
            </Button>
          </Flex>
        </Form>
        {!config?.isActive ? (
          <Text size="1" color="gray">
            Save an active configuration to send a test email.
          </Text>
        ) : null}
      </Card>
      <Card>
        <Heading size="4" mb="3">
          Setup Instructions
        </Heading>
        <Box mb="3">
          <Heading size="3">Gmail</Heading>
          <ol>
            <li>Turn on 2-Step Verification for the Google account.</li>
            <li>Open Google Account → Security → App passwords and create one for "Mail".</li>
            <li>Paste the 16-character app password here with your Gmail address as sender email.</li>
            <li>IMAP must be enabled in Gmail settings (Forwarding and POP/IMAP) for the Inbox.</li>
          </ol>
        </Box>
        <Box>
          <Heading size="3">Outlook / Microsoft 365</Heading>
          <ol>
            <li>Turn on two-step verification for the Microsoft account.</li>
            <li>Open Security → Advanced security options → App passwords and create one.</li>
            <li>Paste it here with your Outlook address; your admin must allow SMTP AUTH for the mailbox.</li>
          </ol>
        </Box>
        <Callout.Root mt="3" size="1">
          <Callout.Text>The app password is stored encrypted and is never shown again.</Callout.Text>
        </Callout.Root>
      </Card>
    </Grid>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
