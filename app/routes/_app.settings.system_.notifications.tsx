import { parseWithZod } from "@conform-to/zod";
import { Card, Flex, Link as RadixLink } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NotificationSettingsForm } from "~/components/notification-settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationSettingsSchema } from "~/schemas/notifications";
import { notificationSettingsState, saveNotificationSettings } from "~/services/notifications.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";

// Settings → System → Notifications (docs/decisions/notifications.md): the System tab posts its
// Notifications form here; a refused save (SMS without a provider) shows the form again on this
// page with the reason (400), a saved one goes back to the tab with a toast.

/** Opened directly (a bookmark, or after a refused save): the form on its own page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return json({ state: await notificationSettingsState(await getDb()) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "settings", "write");
  const db = await getDb();
  const submission = parseWithZod(await request.formData(), { schema: NotificationSettingsSchema });
  const refuse = async (errors: Record<string, string[]>) =>
    json({ state: await notificationSettingsState(db), errors }, { status: 400 });
  if (submission.status !== "success") {
    const fieldErrors = (submission.reply().error ?? {}) as Record<string, string[] | null>;
    return refuse(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k || "form", v ?? []])));
  }
  try {
    await saveNotificationSettings(db, submission.value);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return refuse(error.fieldErrors ?? { form: [error.message] });
  }
  return redirectWithToast(request, "/settings/system", {
    title: "Notification Settings Updated",
    description: "Your notification settings have been saved.",
  });
}

export default function NotificationSettingsPage() {
  const { state } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <Card>
      <Flex direction="column" gap="3">
        <NotificationSettingsForm state={data?.state ?? state} errors={data?.errors} />
        <RadixLink asChild size="2">
          <Link to="/settings/system">Back to System settings</Link>
        </RadixLink>
      </Flex>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
