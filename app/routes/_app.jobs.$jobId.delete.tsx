import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteDialog } from "~/components/delete-dialog";
import { deleteAndReturn } from "~/forms/delete.server";
import { deleteJob, getJob } from "~/models/job.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "delete");
  const job = await getJob(await getDb(), requireRouteId(params.jobId, "Job"));
  if (!job) throw new Response("Job not found", { status: 404 });
  return json({ name: job.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "jobs", "delete");
  const id = requireRouteId(params.jobId, "Job");
  return deleteAndReturn(request, {
    list: "/jobs",
    remove: async () => deleteJob(await getDb(), id),
    done: ({ title }) => ({ title: "Job deleted", description: `${title} has been deleted.` }),
  });
}

export default function DeleteJob() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <DeleteDialog
      title="Delete Job"
      name={name}
      list="/jobs"
      width={460}
      note="A job with invoices, schedule events or material usages cannot be deleted; its quotes stay and lose the link."
    />
  );
}
