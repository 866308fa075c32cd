// Report Issue (installer Quick Action, issue 14 item 3): a task of type issue on the job, then
// the photos of it. A plain page with a POST form; works without JavaScript.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Card, Flex } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormActions, TextareaField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { SelectField, toOptions } from "~/components/select-field";
import { parseRouteId } from "~/utils/params.server";
import { fieldJobs, reportIssue } from "~/models/field-report.server";
import { ReportIssueSchema } from "~/schemas/field-report";
import { TASK_PRIORITIES } from "~/schemas/task";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Report Issue · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const jobId = new URL(request.url).searchParams.get("jobId") ?? "";
  return json({ jobs: await fieldJobs(await getDb(), user.id, { asked: parseRouteId(jobId) }), jobId });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const submission = parseWithZod(await request.formData(), { schema: ReportIssueSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    const { task, job } = await reportIssue(await getDb(), submission.value, user);
    return redirectWithToast(request, "/", {
      title: "Issue reported",
      description: `"${task.title}" is on ${job.title} for the office. Add photos of it from Photos.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json(reply, { status });
  }
}

export default function ReportIssue() {
  const { jobs, jobId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "report-issue",
    lastResult,
    constraint: getZodConstraint(ReportIssueSchema),
    defaultValue: { jobId, priority: "high" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReportIssueSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <>
      <PageHeader title="Report Issue" subtitle="Tell the office what is wrong on a job; it becomes a task for them." />
      <Card size="3" style={{ maxWidth: 640 }}>
        <Form method="post" {...getFormProps(form)}>
          <Flex direction="column" gap="4">
            <SelectField label="Job" selectProps={getSelectProps(fields.jobId)} errors={fields.jobId.errors}>
              <option value="">Choose the job</option>
              {jobs.map((j) => (
                <option key={j.id} value={j.id}>
                  {j.title} — {j.customerName}
                </option>
              ))}
            </SelectField>
            <Field
              label="Issue"
              inputProps={getInputProps(fields.title, { type: "text" })}
              errors={fields.title.errors}
            />
            <TextareaField
              label="Details"
              textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
              errors={fields.description.errors}
            />
            <SelectField
              label="Priority"
              selectProps={getSelectProps(fields.priority)}
              options={toOptions(TASK_PRIORITIES)}
              errors={fields.priority.errors}
            />
            <FormActions cancelTo="/" pending={pending} submitLabel="Report Issue" pendingLabel="Reporting…" />
          </Flex>
        </Form>
      </Card>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
