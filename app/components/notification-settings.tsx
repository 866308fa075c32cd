import { Button, Flex, Heading, Text } from "~/components/ui";
import { Form, useNavigation } from "@remix-run/react";
import { CheckboxField, ErrorList } from "~/components/forms";

export const NOTIFICATION_SETTINGS_PATH = "/settings/system/notifications";

export type NotificationSettingsState = {
  emailNotifications: boolean;
  smsNotifications: boolean;
  /** Why SMS cannot be switched on (the server lacks the Twilio settings); null when it can. */
  smsUnavailable: string | null;
  /** Whether Settings → Email is active: without it no notification e-mail can go. */
  emailConfigured: boolean;
};

/**
 * Settings → System → Notifications (docs/decisions/notifications.md): the e-mail and SMS switches,
 * a plain form posted to NOTIFICATION_SETTINGS_PATH (works without JS). The SMS switch is disabled,
 * with the reason beside it, while the server has no SMS provider configured.
 */
export function NotificationSettingsForm({
  state,
  errors,
}: {
  state: NotificationSettingsState;
  errors?: Partial<Record<"emailNotifications" | "smsNotifications" | "form", string[]>>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === NOTIFICATION_SETTINGS_PATH;
  return (
    <Form method="post" action={NOTIFICATION_SETTINGS_PATH} aria-labelledby="notification-settings-heading">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="notification-settings-heading">
          Notifications
        </Heading>
        <div>
          <CheckboxField
            label="Email notifications"
            inputProps={{
              id: "emailNotifications",
              name: "emailNotifications",
              defaultChecked: state.emailNotifications,
              "aria-describedby": "email-notifications-hint",
            }}
            errors={errors?.emailNotifications}
          />
          <p className="settings-note" id="email-notifications-hint" style={{ margin: 0 }}>
            The office (everyone who opted in on their Profile) hears when a customer approves a quote or asks for
            changes in the portal and when an online payment arrives, and gets a digest of Needs Attention at 7:00 AM.
            Customers who asked for it get an email reminder the day before an install.
            {state.emailConfigured ? "" : " Nothing can be sent until email is set up in Settings → Email."}
          </p>
        </div>
        <div>
          <CheckboxField
            label="SMS notifications"
            inputProps={{
              id: "smsNotifications",
              name: "smsNotifications",
              defaultChecked: state.smsUnavailable ? false : state.smsNotifications,
              disabled: Boolean(state.smsUnavailable),
              "aria-describedby": "sms-notifications-hint",
            }}
            errors={errors?.smsNotifications}
          />
          <p className="settings-note" id="sms-notifications-hint" style={{ margin: 0 }}>
            {state.smsUnavailable ? (
              <Text color="amber" data-testid="sms-unavailable">
                {state.smsUnavailable}
              </Text>
            ) : (
              "Customers who asked for it get a text message reminder the day before an install."
            )}
          </p>
        </div>
        <ErrorList id="notification-settings-errors" errors={errors?.form} />
        <Flex justify="end">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Notifications"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
