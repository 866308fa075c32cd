// Report Issue (installer Quick Action, issue 14 item 3): a task of type issue on the job, then
// the photos of it. A plain page with a POST form; works without JavaScript. The job is the shared
// record picker (a large shop has thousands of open jobs: Find without JavaScript, type-ahead with).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Card, Flex } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DefaultSubmit, Field, FormActions, TextareaField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { RecordPicker, validateUnlessFinding } from "~/components/record-picker";
import { SelectField, toOptions } from "~/components/select-field";
import { readPickers } from "~/forms/picker.server";
import { parseRouteId } from "~/utils/params.server";
import { fieldJobs, reportIssue } from "~/models/field-report.server";
import { ReportIssueSchema } from "~/schemas/field-report";
import { TASK_PRIORITIES } from "~/schemas/task";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { OPEN_JOB_PICKER, searchablePickers } from "~/utils/picker";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Report Issue · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const jobId = new URL(request.url).searchParams.get("jobId") ?? "";
  const jobs = await fieldJobs(await getDb(), user.id, { asked: parseRouteId(jobId) });
  return json({ jobs, jobId, searchable: searchablePickers(user.viewRole).openJob });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const db = await getDb();
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, OPEN_JOB_PICKER);
  const submission = parseWithZod(formData, { schema: ReportIssueSchema });
  // A "Find" (no JS) re-renders the form with the values kept.
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const { task, job } = await reportIssue(db, submission.value, user);
    return redirectWithToast(request, "/", {
      title: "Issue reported",
      description: `"${task.title}" is on ${job.title} for the office. Add photos of it from Photos.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers }, { status });
  }
}

export default function ReportIssue() {
  const { jobs, jobId, searchable } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "report-issue",
    lastResult: data?.result,
    constraint: getZodConstraint(ReportIssueSchema),
    defaultValue: { jobId, priority: "high" },
    onValidate: ({ formData }) => validateUnlessFinding(formData, OPEN_JOB_PICKER, ReportIssueSchema),
    shouldRevalidate: "onBlur",
  });
  return (
    <>
      <PageHeader title="Report Issue" subtitle="Tell the office what is wrong on a job; it becomes a task for them." />
      <Card size="3" style={{ maxWidth: 640 }}>
        <Form method="post" {...getFormProps(form)}>
          <DefaultSubmit />
          <Flex direction="column" gap="4">
            <RecordPicker
              kind="openJob"
              label="Job"
              field={fields.jobId}
              options={jobs}
              lookup={data?.pickers?.jobId}
              empty={{ value: "", label: "Choose the job" }}
              searchable={searchable}
            />
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
