import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { ResourceForm } from "~/components/resource-form";
import { createResource } from "~/models/resource.server";
import { ResourceSchema } from "~/schemas/resource";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "resources", "write");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "resources", "write");
  const submission = parseWithZod(await request.formData(), { schema: ResourceSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const resource = await createResource(await getDb(), submission.value);
  return redirectWithToast(request, "/schedule/resources", {
    title: "Resource Created",
    description: `${resource.name} has been added.`,
  });
}

export default function NewResource() {
  const lastResult = useActionData<typeof action>();
  return (
    <DialogRoute
      title="Add Resource"
      description="An installer, crew, vehicle or piece of equipment."
      closeTo="/schedule/resources"
    >
      <ResourceForm lastResult={lastResult} cancelTo="/schedule/resources" submitLabel="Add Resource" />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
