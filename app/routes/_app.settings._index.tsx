import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Badge, Button, Card, DataList, Flex, Grid, Heading, Text } from "~/components/ui";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckboxField, ErrorList, Field } from "~/components/forms";
import { officeOptIn } from "~/models/notifications.server";
import { ChangePasswordFields } from "~/components/password-fields";
import { getPasswordPolicy } from "~/models/settings.server";
import { twoFactorStatus } from "~/models/two-factor.server";
import { changeOwnPassword, profileNames, updateProfile } from "~/models/user.server";
import { describePolicy, makeChangePasswordSchema, ProfileSchema, type PasswordPolicy } from "~/schemas/user";
import { clientAddressOf, requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { ROLE_LABELS } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

// Settings → Profile (/settings): the signed-in user's own details and password (decisions §2).
// Every user who may open Settings (owner, office) edits their own profile here; installers
// cannot open Settings (spec §2 sidebar), so the owner resets their passwords under Staff.

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
/** The tabs that used to be addressed as /settings?tab=… (links such as the Send Email dialog's). */
const OLD_TABS = new Set(["business", "system", "security", "email", "staff"]);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const tab = new URL(request.url).searchParams.get("tab");
  if (tab && OLD_TABS.has(tab)) throw redirect(`/settings/${tab}`);
  const db = await getDb();
  return json({
    profile: {
      username: user.username,
      ...(await profileNames(db, user.id, user.name)),
      email: user.email,
      phone: user.phone,
      role: user.role,
      notifyEmail: await officeOptIn(db, user.id),
    },
    policy: await getPasswordPolicy(db),
    twoFactorOn: (await twoFactorStatus(db, user.id)).enrolled,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const form = await request.formData();
  const intent = form.get("intent");
  const db = await getDb();
  if (intent === "profile") {
    const submission = parseWithZod(form, { schema: ProfileSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await updateProfile(db, user.id, submission.value);
    return redirectWithToast(request, "/settings", {
      title: "Profile Updated",
      description: "Your profile has been saved.",
    });
  }
  if (intent === "password") {
    const submission = parseWithZod(form, { schema: makeChangePasswordSchema(await getPasswordPolicy(db)) });
    if (submission.status !== "success")
      return json({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
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
      return json({ intent, result: reply }, { status });
    }
    // This browser stays signed in with the new version; every other session of the user ends.
    return redirectWithToast(
      request,
      "/settings",
      {
        title: "Profile Updated",
        description: "Your password has been changed and your other sessions were signed out.",
      },
      { updateSession: (session) => session.set("sessionVersion", sessionVersion) },
    );
  }
  return json({ intent: null, result: null }, { status: 400 });
}

export default function ProfileSettings() {
  const { profile, policy, twoFactorOn } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <Grid columns={{ initial: "1", md: "2" }} gap="4" align="start">
      <ProfileCard
        profile={profile}
        lastResult={data?.intent === "profile" ? (data.result as SubmissionResult<string[]>) : undefined}
      />
      <PasswordCard
        policy={policy}
        lastResult={data?.intent === "password" ? (data.result as SubmissionResult<string[]>) : undefined}
      />
      <Card>
        <Heading as="h2" size="4" mb="1">
          Two-Factor Sign-In
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          A code from an authenticator app after your password.{" "}
          <Badge color={twoFactorOn ? "green" : "gray"} data-testid="profile-two-factor">
            {twoFactorOn ? "On" : "Off"}
          </Badge>
        </Text>
        <Button asChild variant="soft" size="3">
          <Link to="/two-factor">{twoFactorOn ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}</Link>
        </Button>
      </Card>
    </Grid>
  );
}

type Profile = {
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  role: keyof typeof ROLE_LABELS;
  notifyEmail: boolean;
};

function ProfileCard({ profile, lastResult }: { profile: Profile; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email ?? "",
      phone: profile.phone ?? "",
      notifyEmail: profile.notifyEmail ? "on" : undefined,
    },
    constraint: getZodConstraint(ProfileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  return (
    <Card>
      <Heading as="h2" size="4" mb="3">
        Profile Information
      </Heading>
      <DataList.Root size="2" mb="4">
        <DataList.Item>
          <DataList.Label>Username</DataList.Label>
          <DataList.Value>{profile.username}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Role</DataList.Label>
          <DataList.Value>
            <Badge data-testid="profile-role">{ROLE_LABELS[profile.role]}</Badge>
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <Field
              label="First Name"
              inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
              errors={fields.firstName.errors}
            />
            <Field
              label="Last Name"
              inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
              errors={fields.lastName.errors}
            />
          </Grid>
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
          <Field
            label="Phone"
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
            errors={fields.phone.errors}
          />
          <CheckboxField
            label="Email me notifications"
            inputProps={getInputProps(fields.notifyEmail, { type: "checkbox" })}
            errors={fields.notifyEmail.errors}
          />
          <Text size="1" color="gray">
            When e-mail notifications are on in Settings → System: a quote approved or changes requested in the portal,
            an online payment, and a morning digest of what needs attention.
          </Text>
          <Text size="1" color="gray">
            Your role is set by the owner under Settings → Staff.
          </Text>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" name="intent" value="profile" disabled={saving}>
              {saving ? "Saving..." : "Save Profile"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

function PasswordCard({ policy, lastResult }: { policy: PasswordPolicy; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const schema = makeChangePasswordSchema(policy);
  const [form, fields] = useForm({
    id: "password-form",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const hint = `${form.id}-hint`;
  return (
    <Card>
      <Heading as="h2" size="4" mb="1">
        Change Password
      </Heading>
      <Text as="p" size="2" color="gray" mb="3" id={hint}>
        {describePolicy(policy)} Changing it signs you out on your other devices.
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <ChangePasswordFields fields={fields} hint={hint} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Flex justify="end">
            <Button type="submit" name="intent" value="password" disabled={saving}>
              {saving ? "Saving..." : "Update Password"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
