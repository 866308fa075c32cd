import { Button, Flex, Text, TextArea, TextField } from "~/components/ui";
import { Form, Link, useNavigation } from "@remix-run/react";

export type SendState = "no-customer" | "no-email" | "not-configured" | "ready";

const LABELS: Record<SendState, string> = {
  "no-customer": "No Customer",
  "no-email": "No Email",
  "not-configured": "Email Not Configured",
  ready: "Send Email",
};

/** The Send Email dialog's form (spec: read-only recipient, optional message, button states). */
export function SendEmailForm({
  state,
  recipient,
  cancelTo,
  error,
}: {
  state: SendState;
  recipient: string | null;
  cancelTo: string;
  error?: string | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <Form method="post">
      <Flex direction="column" gap="3">
        <div>
          <Text as="label" htmlFor="send-email-to" size="2" weight="medium" mb="1" style={{ display: "block" }}>
            To
          </Text>
          <TextField.Root
            id="send-email-to"
            name="to"
            readOnly
            value={recipient ?? ""}
            placeholder="The customer has no email address"
          />
        </div>
        <div>
          <Text as="label" htmlFor="send-email-message" size="2" weight="medium" mb="1" style={{ display: "block" }}>
            Additional message (optional)
          </Text>
          <TextArea id="send-email-message" name="customMessage" rows={4} maxLength={5000} />
        </div>
        {state === "not-configured" ? (
          <Text size="2" color="orange">
            Set up and activate e-mail in <Link to="/settings?tab=email">Settings → Email</Link> first.
          </Text>
        ) : null}
        {error ? (
          <Text size="2" color="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Flex gap="3" justify="end" mt="2">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" disabled={state !== "ready" || sending}>
            {sending ? "Sending..." : LABELS[state]}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
