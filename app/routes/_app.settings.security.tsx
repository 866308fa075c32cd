import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Card, Flex, Grid, Heading, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CheckboxField, Field } from "~/components/forms";
import { SettingsTabSave, useSettingsTabForm } from "~/components/settings-tab";
import { SelectField } from "~/components/select-field";
import { MIN_PASSWORD_LENGTHS, SecuritySettingsSchema, SESSION_TIMEOUTS } from "~/schemas/settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadSettingsTab, saveSettingsTab } from "~/forms/settings-tab.server";

// Settings → Security (spec §2, decisions §2), the owner's. The session timeout is checked on every
// request (a shorter one also ends sessions already older than it); the password rules apply to
// every password set from now on (Profile, Staff, /api/users), not to passwords already stored.
// Two-factor, login alerts and forced password changes: docs/decisions/security.md.

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ security: await loadSettingsTab(request, "security") });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveSettingsTab(request, "security");
}

const hours = (n: number) => `${n} hour${n === 1 ? "" : "s"}`;

export default function SecuritySettings() {
  const { security } = useLoaderData<typeof loader>();
  const [form, fields] = useSettingsTabForm("security-settings", SecuritySettingsSchema, {
    sessionTimeoutHours: String(security.sessionTimeoutHours),
    minPasswordLength: String(security.minPasswordLength),
    requireNumbers: security.requireNumbers ? "on" : undefined,
    requireSpecial: security.requireSpecial ? "on" : undefined,
    requireUppercase: security.requireUppercase ? "on" : undefined,
    portalLinkDays: String(security.portalLinkDays),
    twoFactor: security.twoFactor ? "on" : undefined,
    loginAlerts: security.loginAlerts ? "on" : undefined,
    forcePasswordChange: security.forcePasswordChange ? "on" : undefined,
    passwordMaxAgeDays: String(security.passwordMaxAgeDays),
  });
  return (
    <Card>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h2" size="4">
              Sessions
            </Heading>
            <Text as="p" size="2" color="gray">
              Everyone is signed out this long after signing in.
            </Text>
          </div>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <SelectField
              label="Session Timeout"
              selectProps={getSelectProps(fields.sessionTimeoutHours)}
              options={SESSION_TIMEOUTS.map((n) => ({ value: String(n), label: hours(n) }))}
              errors={fields.sessionTimeoutHours.errors}
            />
          </Grid>
          <div>
            <Heading as="h2" size="4">
              Password Rules
            </Heading>
            <Text as="p" size="2" color="gray">
              Apply whenever a password is set or changed; passwords already in use keep working.
            </Text>
          </div>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <SelectField
              label="Minimum Password Length"
              selectProps={getSelectProps(fields.minPasswordLength)}
              options={MIN_PASSWORD_LENGTHS.map((n) => ({ value: String(n), label: `${n} characters` }))}
              errors={fields.minPasswordLength.errors}
            />
          </Grid>
          <Flex direction="column" gap="2">
            <CheckboxField
              label="Require a number"
              inputProps={getInputProps(fields.requireNumbers, { type: "checkbox" })}
              errors={fields.requireNumbers.errors}
            />
            <CheckboxField
              label="Require a special character"
              inputProps={getInputProps(fields.requireSpecial, { type: "checkbox" })}
              errors={fields.requireSpecial.errors}
            />
            <CheckboxField
              label="Require upper and lower case letters"
              inputProps={getInputProps(fields.requireUppercase, { type: "checkbox" })}
              errors={fields.requireUppercase.errors}
            />
          </Flex>
          <div>
            <Heading as="h2" size="4">
              Client Portal
            </Heading>
            <Text as="p" size="2" color="gray">
              A portal link stops working this many days after it was made; sending the customer a quote renews their
              links. Links made before a change keep their date.
            </Text>
          </div>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <Field
              label="Portal link validity (days)"
              inputProps={{ ...getInputProps(fields.portalLinkDays, { type: "number" }), step: 1, min: 1, max: 3650 }}
              errors={fields.portalLinkDays.errors}
            />
          </Grid>
          <div>
            <Heading as="h2" size="4">
              Sign-In Protection
            </Heading>
            <Text as="p" size="2" color="gray">
              Anyone can turn on two-factor sign-in for themselves (sidebar → Two-factor sign-in). Reset a user who lost
              their phone under Staff.
            </Text>
          </div>
          <Flex direction="column" gap="2">
            <CheckboxField
              label="Require two-factor sign-in for everyone (users without it set it up at their next sign-in)"
              inputProps={getInputProps(fields.twoFactor, { type: "checkbox" })}
              errors={fields.twoFactor.errors}
            />
            <CheckboxField
              label="Login alerts: e-mail a user when their account signs in from a new browser"
              inputProps={getInputProps(fields.loginAlerts, { type: "checkbox" })}
              errors={fields.loginAlerts.errors}
            />
            <CheckboxField
              label="Force periodic password changes"
              inputProps={getInputProps(fields.forcePasswordChange, { type: "checkbox" })}
              errors={fields.forcePasswordChange.errors}
            />
          </Flex>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <Field
              label="Password change interval (days)"
              inputProps={{
                ...getInputProps(fields.passwordMaxAgeDays, { type: "number" }),
                step: 1,
                min: 1,
                max: 3650,
              }}
              errors={fields.passwordMaxAgeDays.errors}
            />
          </Grid>
          <Text as="p" size="2" color="gray">
            With forced changes on, a user whose password is older than this must choose a new one before anything else.
            Login alerts need e-mail set up (Settings → Email) and the user&apos;s e-mail address.
          </Text>
          <SettingsTabSave form={form} label="Save Security Settings" />
        </Flex>
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
