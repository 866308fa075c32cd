import { Card, Link as RadixLink } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { BackupSection } from "~/components/backup-section";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { backupAction, loadBackupSection } from "~/forms/backups.server";
import { requirePermission } from "~/utils/auth.server";

// Settings → System → Backups (docs/decisions/backups.md): the System tab's backup forms post here.
// The owner's only. A form with errors comes back on this page (without JavaScript too); a save or
// "Back up now" goes back to the System tab with a toast.

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "backups");
  return json({ data: (await loadBackupSection(request))! });
}

export async function action({ request }: ActionFunctionArgs) {
  return backupAction(request);
}

export default function BackupSettings() {
  const { data } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult | undefined;
  return (
    <Card>
      <BackupSection data={data} lastResult={lastResult} />
      <RadixLink asChild size="2">
        <Link to="/settings/system">Back to System settings</Link>
      </RadixLink>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
