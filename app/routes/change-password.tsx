import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Box, Button, Card, Flex, Heading, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { ChangePasswordFields } from "~/components/password-fields";
import { getPasswordPolicy, getSettings } from "~/models/settings.server";
import { changeOwnPassword } from "~/models/user.server";
import { describePolicy, makeChangePasswordSchema } from "~/schemas/user";
import { clientAddressOf, requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

// Security → forced password change (docs/decisions/security.md): a user whose password is older
// than the owner allows is sent here from every other page until they choose a new one (the
// project's password rules, not the current password). A standalone page, like sign-in: nothing
// else of the app opens meanwhile. Only "Sign out" leads elsewhere. Any signed-in user may also
// open it to change their password (installers have no Profile page).

export const meta: MetaFunction = () => [{ title: "Choose a new password · Cabinetry Jobs" }];

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const [policy, settings] = await Promise.all([getPasswordPolicy(db), getSettings(db)]);
  return json({
    name: user.name,
    policy,
    days: settings.security.passwordMaxAgeDays,
    forced: user.mustChangePassword,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const submission = parseWithZod(await request.formData(), {
    schema: makeChangePasswordSchema(await getPasswordPolicy(db)),
  });
  if (submission.status !== "success") return json(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  let sessionVersion: number;
  try {
    sessionVersion = await changeOwnPassword(
      db,
      user,
      submission.value.currentPassword,
      submission.value.newPassword,
      clientAddressOf(context),
    );
  } catch (error) {
    const { reply, status } = refusalReply(submission, error, { hideFields: PASSWORD_FIELDS });
    return json(reply, { status });
  }
  return redirectWithToast(
    request,
    "/",
    { title: "Password Changed", description: "Your new password is set. Your other sessions were signed out." },
    { updateSession: (session) => session.set("sessionVersion", sessionVersion) },
  );
}

export default function ChangePassword() {
  const { name, policy, days, forced } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const schema = makeChangePasswordSchema(policy);
  const [form, fields] = useForm({
    id: "forced-password-form",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const hint = `${form.id}-hint`;
  return (
    <Flex asChild align="center" justify="center" style={{ minHeight: "100vh" }} p="4">
      <main>
        <Card size="4" style={{ width: "100%", maxWidth: 440 }}>
          <Flex direction="column" gap="4">
            <Box>
              <Heading as="h1" size="6">
                {forced ? "Choose a new password" : "Change your password"}
              </Heading>
              <Text as="p" color="gray" size="2" mt="1">
                {forced
                  ? `${name}, your password is more than ${days} day${days === 1 ? "" : "s"} old. The business asks everyone to choose a new one every ${days} day${days === 1 ? "" : "s"} before going on.`
                  : `${name}, changing it signs you out on your other devices.`}
              </Text>
            </Box>
            <Text as="p" size="2" id={hint}>
              {describePolicy(policy)} It must differ from your current password.
            </Text>
            <Form method="post" {...getFormProps(form)}>
              <Flex direction="column" gap="3">
                <ChangePasswordFields fields={fields} hint={hint} />
                <ErrorList id={form.errorId} errors={form.errors} />
                <Button type="submit" size="3" disabled={busy}>
                  {busy ? "Saving..." : "Set New Password"}
                </Button>
              </Flex>
            </Form>
            {forced ? (
              <Form method="post" action="/logout">
                <Button type="submit" variant="ghost" size="3">
                  Sign out
                </Button>
              </Form>
            ) : (
              <Button asChild variant="ghost" size="3">
                <Link to="/">Back to the app</Link>
              </Button>
            )}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
