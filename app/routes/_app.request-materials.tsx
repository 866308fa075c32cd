// Request Materials (installer Quick Action, issue 14 item 3): a task for the office naming the
// items and quantities needed on a job. Five rows of item and quantity; works without JavaScript.
// The job is the shared record picker (Find without JavaScript, type-ahead with).
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Card, Flex, Grid, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DefaultSubmit, ErrorList, Field, FormActions, TextareaField, listRows } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { RecordPicker, validateUnlessFinding } from "~/components/record-picker";
import { readPickers } from "~/forms/picker.server";
import { parseRouteId } from "~/utils/params.server";
import { fieldJobs, requestMaterials } from "~/models/field-report.server";
import { MATERIAL_ROWS, RequestMaterialsSchema } from "~/schemas/field-report";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { OPEN_JOB_PICKER, searchablePickers } from "~/utils/picker";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Request Materials · Cabinetry Jobs" }];

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
  const submission = parseWithZod(formData, { schema: RequestMaterialsSchema });
  // A "Find" (no JS) re-renders the form with the values kept.
  if (submission.status !== "success")
    return json({ result: submission.reply(), pickers }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const { job, lines } = await requestMaterials(db, submission.value, user);
    return redirectWithToast(request, "/", {
      title: "Materials requested",
      description: `${lines.join(", ")} for ${job.title}: the office has the task.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers }, { status });
  }
}

export default function RequestMaterials() {
  const { jobs, jobId, searchable } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "request-materials",
    lastResult: data?.result,
    constraint: getZodConstraint(RequestMaterialsSchema),
    defaultValue: { jobId, items: Array.from({ length: MATERIAL_ROWS }, () => ({ name: "", quantity: "" })) },
    onValidate: ({ formData }) => validateUnlessFinding(formData, OPEN_JOB_PICKER, RequestMaterialsSchema),
    shouldRevalidate: "onBlur",
  });
  const rows = listRows(fields.items);
  return (
    <>
      <PageHeader title="Request Materials" subtitle="Name what you need and how many; the office gets a task." />
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
            <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <legend>
                <Text size="2" weight="medium">
                  Items and quantities
                </Text>
              </legend>
              <Flex direction="column" gap="2">
                {rows.map((row, i) => {
                  const line = row.getFieldset();
                  return (
                    <Grid key={row.key} columns="minmax(0, 3fr) minmax(0, 1fr)" gap="2" data-testid="material-row">
                      <Field
                        label={`Item ${i + 1}`}
                        inputProps={{
                          ...getInputProps(line.name, { type: "text" }),
                          placeholder: 'e.g. Birch ply 3/4"',
                        }}
                        errors={line.name.errors}
                      />
                      <Field
                        label="Quantity"
                        inputProps={{ ...getInputProps(line.quantity, { type: "text" }), inputMode: "decimal" }}
                        errors={line.quantity.errors}
                      />
                    </Grid>
                  );
                })}
              </Flex>
              <ErrorList id={fields.items.errorId} errors={fields.items.errors} />
            </fieldset>
            <Field
              label="Needed by"
              inputProps={getInputProps(fields.neededBy, { type: "date" })}
              errors={fields.neededBy.errors}
            />
            <TextareaField
              label="Notes"
              textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }}
              errors={fields.notes.errors}
            />
            <FormActions cancelTo="/" pending={pending} submitLabel="Request Materials" pendingLabel="Requesting…" />
          </Flex>
        </Form>
      </Card>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
