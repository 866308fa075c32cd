import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { AddUserForm } from "~/components/staff-form";
import { getPasswordPolicy } from "~/models/settings.server";
import { createStaffUser } from "~/models/user.server";
import { makeStaffCreateSchema } from "~/schemas/user";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { ROLE_LABELS } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "staff", "write");
  return json({ policy: await getPasswordPolicy(await getDb()) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "staff", "write");
  const db = await getDb();
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: makeStaffCreateSchema(await getPasswordPolicy(db)) });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const user = await createStaffUser(db, submission.value);
    return redirectWithToast(request, "/settings/staff", {
      title: "User Added",
      description: `${user.name} (${ROLE_LABELS[user.role]}) can now sign in as ${user.username}.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error, { hideFields: ["password"] });
    return json(reply, { status });
  }
}

export default function NewUser() {
  const { policy } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <DialogRoute
      title="Add User"
      description="A staff account that signs in with a username and password."
      closeTo="/settings/staff"
    >
      <AddUserForm policy={policy} lastResult={lastResult} />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
