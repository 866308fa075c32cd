import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DialogRoute } from "~/components/dialog-route";
import { JobForm } from "~/components/job-form";
import { customerOptions } from "~/models/customer.server";
import { getJob, MissingCustomerError, updateJob } from "~/models/job.server";
import { readPickers } from "~/forms/picker.server";
import { JobSchema } from "~/schemas/job";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";
import { CUSTOMER_PICKER } from "~/utils/picker";
import { redirectWithToast } from "~/utils/toast.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const db = await getDb();
  const job = await getJob(db, requireRouteId(params.jobId, "Job"));
  if (!job) throw new Response("Job not found", { status: 404 });
  return json({ job, customers: await customerOptions(db, { includeId: job.customerId }) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "jobs", "write");
  const id = requireRouteId(params.jobId, "Job");
  const db = await getDb();
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_PICKER);
  const submission = parseWithZod(formData, { schema: JobSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const job = await updateJob(db, id, submission.value);
    if (!job) throw new Response("Job not found", { status: 404 });
    const url = new URL(request.url);
    const back = url.searchParams.get("from") === "detail" ? `/jobs/${id}` : `/jobs${url.search}`;
    return redirectWithToast(request, back, { title: "Job updated", description: `${job.title} has been updated.` });
  } catch (error) {
    if (error instanceof MissingCustomerError)
      return json(
        { result: submission.reply({ fieldErrors: { customerId: ["Customer not found"] } }), pickers },
        { status: 400 },
      );
    throw error;
  }
}

export default function EditJob() {
  const { job, customers } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  const [params] = useSearchParams();
  const back = params.get("from") === "detail" ? `/jobs/${job.id}` : `/jobs${query}`;
  return (
    <DialogRoute title="Edit Job" description={job.title} closeTo={back}>
      <JobForm
        lastResult={data?.result}
        pickers={data?.pickers}
        defaultValue={job}
        customers={customers}
        cancelTo={back}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}
