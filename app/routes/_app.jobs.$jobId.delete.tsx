import { Button, Flex, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DialogRoute } from "~/components/dialog-route";
import { deleteJob, getJob } from "~/models/job.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "jobs", "delete");
  const job = await getJob(await getDb(), requireRouteId(params.jobId, "Job"));
  if (!job) throw new Response("Job not found", { status: 404 });
  return json({ job: { id: job.id, title: job.title } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "jobs", "delete");
  const result = await deleteJob(await getDb(), requireRouteId(params.jobId, "Job"));
  const back = `/jobs${new URL(request.url).search}`;
  if (!result.ok)
    return redirectWithToast(request, back, { type: "error", title: "Error", description: result.message });
  return redirectWithToast(request, back, { title: "Job deleted", description: `${result.title} has been deleted.` });
}

export default function DeleteJob() {
  const { job } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
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
