import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Badge, Button, Flex, Heading, Separator, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { EditUserForm, ResetPasswordForm } from "~/components/staff-form";
import { getPasswordPolicy } from "~/models/settings.server";
import { removeTwoFactor, twoFactorStatus } from "~/models/two-factor.server";
import { getStaffUser, resetStaffPassword, updateStaffUser } from "~/models/user.server";
import { makeResetPasswordSchema, StaffUpdateSchema } from "~/schemas/user";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFound } from "~/utils/refusal.server";

// Edit a staff account (role, active, contact) and reset its password: two forms, one action that
// switches on `intent`. The last active owner cannot be demoted or deactivated (the model refuses).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, "staff", "write");
  const db = await getDb();
  const user = requireFound(await getStaffUser(db, requireId(params.userId, "User")), "User");
  const [policy, twoFactor] = await Promise.all([getPasswordPolicy(db), twoFactorStatus(db, user.id)]);
  return json({ user, isMe: user.id === me.id, policy, twoFactorOn: twoFactor.enrolled });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, "staff", "write");
  const id = requireId(params.userId, "User");
  const db = await getDb();
  const target = requireFound(await getStaffUser(db, id), "User");
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "update") {
    const submission = parseWithZod(form, { schema: StaffUpdateSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    const v = submission.value;
    try {
      const user = await updateStaffUser(db, id, { ...v, email: v.email ?? null, phone: v.phone ?? null }, me.id);
      // An owner who made themselves office staff may no longer see Staff.
      const back = user.id === me.id && user.role !== "owner" ? "/settings" : "/settings/staff";
      return redirectWithToast(request, back, { title: "User Updated", description: `${user.name} has been saved.` });
    } catch (error) {
      const { reply, status } = refusalReply(submission, error);
      return json({ intent, result: reply }, { status });
    }
  }

  if (intent === "reset-password") {
    const submission = parseWithZod(form, { schema: makeResetPasswordSchema(await getPasswordPolicy(db)) });
    if (submission.status !== "success")
      return json({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    if (id === me.id) {
      // Resetting would end this very session; Profile checks the current password and keeps it.
      const result = submission.reply({
        fieldErrors: { password: ["Change your own password under Settings → Profile."] },
        hideFields: ["password"],
      });
      return json({ intent, result }, { status: 400 });
    }
    await resetStaffPassword(db, id, submission.value.password);
    return redirectWithToast(request, "/settings/staff", {
      title: "Password Reset",
      description: `${target.name} has a new password and was signed out everywhere.`,
    });
  }

  if (intent === "reset-two-factor") {
    // A user who lost their phone and their recovery codes: they sign in with the password again
    // (and set it up anew at once when the owner requires it).
    await removeTwoFactor(db, id);
    return redirectWithToast(request, "/settings/staff", {
      title: "Two-Factor Sign-In Reset",
      description: `${target.name} signs in with the password alone until they set it up again.`,
    });
  }

  return json({ intent: null, result: null }, { status: 400 });
}

export default function EditUser() {
  const { user, isMe, policy, twoFactorOn } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const resultFor = (intent: string) =>
    data?.intent === intent ? (data.result as SubmissionResult<string[]>) : undefined;
  return (
    <DialogRoute title={`Edit ${user.name}`} description={`Username: ${user.username}`} closeTo="/settings/staff">
      <EditUserForm user={user} lastResult={resultFor("update")} />
      <Separator size="4" my="4" />
      <Heading as="h3" size="3" mb="2">
        Reset Password
      </Heading>
      {isMe ? (
        <Text as="p" size="2" color="gray">
          Change your own password under Settings → Profile: it asks for your current password and keeps you signed in.
        </Text>
      ) : (
        <ResetPasswordForm policy={policy} lastResult={resultFor("reset-password")} />
      )}
      <Separator size="4" my="4" />
      <Heading as="h3" size="3" mb="2">
        Two-Factor Sign-In
      </Heading>
      <Flex direction="column" gap="3" align="start">
        <Text as="p" size="2">
          Status:{" "}
          <Badge color={twoFactorOn ? "green" : "gray"} data-testid="staff-two-factor">
            {twoFactorOn ? "On" : "Off"}
          </Badge>
        </Text>
        {twoFactorOn ? (
          <Form method="post">
            <Flex direction="column" gap="2" align="start">
              <Text as="p" size="2" color="gray">
                For a user who lost their phone and recovery codes: turns it off and removes their recovery codes.
              </Text>
              <Button type="submit" name="intent" value="reset-two-factor" color="red" variant="soft" size="3">
                Reset two-factor sign-in
              </Button>
            </Flex>
          </Form>
        ) : null}
      </Flex>
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
