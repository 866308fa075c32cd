import { Badge, Button, Callout, Card, Flex, Heading, Text } from "~/components/ui";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CodeField, EnrolmentCode, RecoveryCodes } from "~/components/two-factor";
import { getSettings } from "~/models/settings.server";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  renewRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from "~/models/two-factor.server";
import { requireUser } from "~/utils/auth.server";
import { formatDateTime } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { conflict, isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";

// The signed-in user's two-factor sign-in (every role; linked from the sidebar and Profile):
// set it up (server-rendered QR code and the key as text, confirmed with a code, then ten recovery
// codes shown once), make new recovery codes, or turn it off — each with a current code. Plain
// forms: it all works without JavaScript. Decisions: docs/decisions/security.md.

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const [status, settings] = await Promise.all([twoFactorStatus(db, user.id), getSettings(db)]);
  const enrolment = !status.enrolled && status.pending ? await startEnrolment(db, user.id) : null;
  return json({
    status: {
      enrolled: status.enrolled,
      enabledAt: status.enabledAt ? formatDateTime(status.enabledAt, settings.system) : null,
      recoveryCodesLeft: status.recoveryCodesLeft,
    },
    required: settings.security.twoFactor,
    enrolment: enrolment ? { secret: enrolment.secret, qrSvg: enrolment.qrSvg } : null,
  });
}

type ActionData = { intent: string; error: string | null; codes: string[] | null };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = String(form.get("code") ?? "");
  try {
    switch (intent) {
      case "start":
        await startEnrolment(db, user.id);
        return redirect("/two-factor");
      case "cancel":
        await cancelEnrolment(db, user.id);
        return redirect("/two-factor");
      case "confirm":
        return json<ActionData>({ intent, error: null, codes: await confirmEnrolment(db, user.id, code) });
      case "renew":
        return json<ActionData>({ intent, error: null, codes: await renewRecoveryCodes(db, user.id, code) });
      case "disable": {
        if ((await getSettings(db)).security.twoFactor) {
          throw conflict("The owner requires two-factor sign-in for everyone: it cannot be turned off.");
        }
        await disableTwoFactor(db, user.id, code);
        return redirectWithToast(request, "/two-factor", {
          title: "Two-Factor Sign-In Off",
          description: "Signing in asks only for your password now.",
        });
      }
      default:
        return json<ActionData>({ intent, error: "Unknown action.", codes: null }, { status: 400 });
    }
  } catch (error) {
    if (isRefusal(error))
      return json<ActionData>({ intent, error: error.message, codes: null }, { status: error.status });
    throw error;
  }
}

export default function TwoFactorPage() {
  const { status, required, enrolment } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorFor = (intent: string) => (result?.intent === intent ? (result.error ?? undefined) : undefined);

  if (result?.codes) {
    return (
      <Card style={{ maxWidth: 640 }}>
        <Flex direction="column" gap="4">
          <Heading as="h1" size="5">
            {result.intent === "confirm" ? "Two-factor sign-in is on" : "New recovery codes"}
          </Heading>
          <RecoveryCodes codes={result.codes} />
          <Flex>
            <Button asChild size="3">
              <a href="/two-factor">I have saved them</a>
            </Button>
          </Flex>
        </Flex>
      </Card>
    );
  }

  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 640 }}>
      <Heading as="h1" size="6">
        Two-factor sign-in
      </Heading>
      <Card>
        <Flex direction="column" gap="3">
          <Flex gap="2" align="center" wrap="wrap">
            <Text weight="medium">Status:</Text>
            {status.enrolled ? (
              <Badge color="green" size="2" data-testid="two-factor-status">
                On
              </Badge>
            ) : (
              <Badge color="gray" size="2" data-testid="two-factor-status">
                Off
              </Badge>
            )}
            {required ? <Badge color="amber">Required by the owner</Badge> : null}
          </Flex>
          <Text as="p" size="2" color="gray">
            With two-factor sign-in, signing in asks for a 6-digit code from an authenticator app on your phone after
            your password, so a stolen password alone is not enough.
          </Text>
          {status.enrolled ? (
            <Text as="p" size="2">
              On since {status.enabledAt}. Recovery codes left: <strong>{status.recoveryCodesLeft}</strong> of 10.
            </Text>
          ) : null}
        </Flex>
      </Card>

      {!status.enrolled && !enrolment ? (
        <Card>
          <Form method="post">
            <Flex direction="column" gap="3" align="start">
              {errorFor("start") ? (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{errorFor("start")}</Callout.Text>
                </Callout.Root>
              ) : null}
              <Button type="submit" name="intent" value="start" size="3" disabled={busy}>
                Set up two-factor sign-in
              </Button>
            </Flex>
          </Form>
        </Card>
      ) : null}

      {!status.enrolled && enrolment ? (
        <Card>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              Set up
            </Heading>
            <EnrolmentCode qrSvg={enrolment.qrSvg} secret={enrolment.secret} />
            <Form method="post">
              <Flex direction="column" gap="3">
                <CodeField label="Code from the app" error={errorFor("confirm")} />
                <Flex gap="3" wrap="wrap">
                  <Button type="submit" name="intent" value="confirm" size="3" disabled={busy}>
                    Turn on
                  </Button>
                </Flex>
              </Flex>
            </Form>
            <Form method="post">
              <Button type="submit" name="intent" value="cancel" variant="soft" color="gray" size="3">
                Cancel set-up
              </Button>
            </Form>
          </Flex>
        </Card>
      ) : null}

      {status.enrolled ? (
        <>
          <Card>
            <Form method="post">
              <Flex direction="column" gap="3">
                <Heading as="h2" size="4">
                  New recovery codes
                </Heading>
                <Text as="p" size="2" color="gray">
                  Makes ten new codes; the old ones stop working. Enter a current code from your app.
                </Text>
                <CodeField label="Code from the app" error={errorFor("renew")} />
                <Flex>
                  <Button type="submit" name="intent" value="renew" size="3" disabled={busy}>
                    Make new recovery codes
                  </Button>
                </Flex>
              </Flex>
            </Form>
          </Card>
          {required ? null : (
            <Card>
              <Form method="post">
                <Flex direction="column" gap="3">
                  <Heading as="h2" size="4">
                    Turn off
                  </Heading>
                  <CodeField label="Code from the app or a recovery code" error={errorFor("disable")} allowRecovery />
                  <Flex>
                    <Button type="submit" name="intent" value="disable" size="3" color="red" disabled={busy}>
                      Turn off two-factor sign-in
                    </Button>
                  </Flex>
                </Flex>
              </Form>
            </Card>
          )}
        </>
      ) : null}
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
