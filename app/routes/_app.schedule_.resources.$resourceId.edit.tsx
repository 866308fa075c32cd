import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { ResourceForm } from "~/components/resource-form";
import { getResource, updateResource } from "~/models/resource.server";
import { ResourceSchema } from "~/schemas/resource";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "resources", "write");
  const resource = requireFound(await getResource(await getDb(), requireId(params.resourceId, "Resource")), "Resource");
  return json({ resource });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "resources", "write");
  const id = requireId(params.resourceId, "Resource");
  const submission = parseWithZod(await request.formData(), { schema: ResourceSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const resource = await updateResource(await getDb(), id, submission.value);
  return redirectWithToast(request, "/schedule/resources", {
    title: "Resource Updated",
    description: `${resource.name} has been updated.`,
  });
}

export default function EditResource() {
  const { resource } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <DialogRoute title="Edit Resource" description={resource.name} closeTo="/schedule/resources">
      <ResourceForm
        lastResult={lastResult}
        defaultValue={{
          name: resource.name,
          type: resource.type,
          skills: resource.skills.join(", "),
          notes: resource.notes,
          active: String(resource.active),
        }}
        cancelTo="/schedule/resources"
        submitLabel="Save Changes"
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
