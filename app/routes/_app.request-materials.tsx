// Request Materials (installer Quick Action, issue 14 item 3): a task for the office naming the
// items and quantities needed on a job. Five rows of item and quantity; works without JavaScript.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Card, Flex, Grid, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, FormActions, TextareaField, listRows } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { SelectField } from "~/components/select-field";
import { parseRouteId } from "~/utils/params.server";
import { fieldJobs, requestMaterials } from "~/models/field-report.server";
import { MATERIAL_ROWS, RequestMaterialsSchema } from "~/schemas/field-report";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Request Materials · Cabinetry Jobs" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const jobId = new URL(request.url).searchParams.get("jobId") ?? "";
  return json({ jobs: await fieldJobs(await getDb(), user.id, { asked: parseRouteId(jobId) }), jobId });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const submission = parseWithZod(await request.formData(), { schema: RequestMaterialsSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    const { job, lines } = await requestMaterials(await getDb(), submission.value, user);
    return redirectWithToast(request, "/", {
      title: "Materials requested",
      description: `${lines.join(", ")} for ${job.title}: the office has the task.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json(reply, { status });
  }
}

export default function RequestMaterials() {
  const { jobs, jobId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "request-materials",
    lastResult,
    constraint: getZodConstraint(RequestMaterialsSchema),
    defaultValue: { jobId, items: Array.from({ length: MATERIAL_ROWS }, () => ({ name: "", quantity: "" })) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RequestMaterialsSchema }),
    shouldRevalidate: "onBlur",
  });
  const rows = listRows(fields.items);
  return (
    <>
      <PageHeader title="Request Materials" subtitle="Name what you need and how many; the office gets a task." />
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
