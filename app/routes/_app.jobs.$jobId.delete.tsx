import { Button, Flex, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { deleteJob, getJob } from "~/models/job.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useJobsQuery } from "./_app.jobs";
import { requireFound } from "~/utils/refusal.server";
import { refusalToast } from "~/utils/refusal-response.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "delete");
  const job = requireFound(await getJob(await getDb(), requireId(params.jobId, "Job")), "Job");
  return json({ job: { id: job.id, title: job.title } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "jobs", "delete");
  const id = requireId(params.jobId, "Job");
  const back = `/jobs${new URL(request.url).search}`;
  try {
    const { title } = await deleteJob(await getDb(), id);
    return redirectWithToast(request, back, { title: "Job deleted", description: `${title} has been deleted.` });
  } catch (error) {
    return refusalToast(request, back, error);
  }
}

export default function DeleteJob() {
  const { job } = useLoaderData<typeof loader>();
  const query = useJobsQuery();
  const pending = useNavigation().state === "submitting";
  return (
    <DialogRoute title="Delete Job" closeTo={`/jobs${query}`} width={460}>
      <Form method="post">
        <Text as="p" mb="2">
          Are you sure you want to delete {job.title}?
        </Text>
        <Text as="p" size="2" color="gray" mb="4">
          A job with invoices, schedule events or material usages cannot be deleted; its quotes stay and lose the link.
        </Text>
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={`/jobs${query}`} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" color="red" disabled={pending}>
            {pending ? "Deleting..." : "Delete"}
          </Button>
        </Flex>
      </Form>
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
