// Update Progress (installer Quick Action, issue 14 item 3): a job's status, optionally one of its
// phases, and a note. Choosing the job first (a GET form) lists its phases; works without JavaScript.
// The job is the shared record picker: its no-JS Find is part of that GET form, so the loader reads
// it (`readPickers` over the query) as the other forms' actions do.
import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Card, Flex, Text } from "~/components/ui";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormActions, TextareaField } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { RecordPicker } from "~/components/record-picker";
import { SelectField } from "~/components/select-field";
import { readPickers } from "~/forms/picker.server";
import { StatusBadge } from "~/components/status-badge";
import { fieldJobs, jobPhasesOf, updateProgress } from "~/models/field-report.server";
import { getSettings } from "~/models/settings.server";
import { PROGRESS_STATUSES, UpdateProgressSchema } from "~/schemas/field-report";
import { requirePermission } from "~/utils/auth.server";
import { businessToday } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { findNames, OPEN_JOB_PICKER, pickedId, searchablePickers, type PickerLookup } from "~/utils/picker";
import { refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Update Progress · Cabinetry Jobs" }];

const STATUS_LABEL: Record<string, string> = {
  approved: "Approved (not started)",
  "in-progress": "In Progress",
  completed: "Completed (installed)",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const db = await getDb();
  const query = new FormData();
  for (const [name, value] of new URL(request.url).searchParams) query.append(name, value);
  // A Find sent with the job step: its matches (a single one is chosen). Otherwise just the job asked for.
  const pickers = query.has(findNames("openJob").box) ? await readPickers(db, query, OPEN_JOB_PICKER) : {};
  const jobId = pickedId(query.get("jobId"));
  const jobs = await fieldJobs(db, user.id, { asked: jobId });
  const job = jobs.find((j) => j.id === jobId) ?? null;
  return json({
    jobs,
    job,
    phases: job ? await jobPhasesOf(db, job.id) : [],
    lookup: pickers.jobId?.search ? pickers.jobId : null,
    searchable: searchablePickers(user.viewRole).openJob,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "tasks", "write");
  const submission = parseWithZod(await request.formData(), { schema: UpdateProgressSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const db = await getDb();
  try {
    const today = businessToday((await getSettings(db)).system.timeZone);
    const job = await updateProgress(db, submission.value, user, today);
    return redirectWithToast(request, "/", {
      title: "Progress updated",
      description: `${job.title} is ${STATUS_LABEL[job.status] ?? job.status}.`,
    });
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json(reply, { status });
  }
}

export default function UpdateProgress() {
  const { jobs, job, phases, lookup, searchable } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Update Progress" subtitle="Move a job along and leave a note for the office." />
      <Card size="3" style={{ maxWidth: 640 }}>
        {/* Step 1: the job (GET), so its phases can be offered. A new Find draws it afresh; a job
            chosen in the combobox does not, so focus stays where the user is. */}
        <JobStep
          key={lookup?.search ?? ""}
          jobs={jobs}
          jobId={job?.id ?? null}
          lookup={lookup}
          searchable={searchable}
        />
        {/* Step 2, drawn afresh for each job: its status is the form's starting value. */}
        {job ? (
          <ProgressStep key={job.id} job={job} phases={phases} />
        ) : (
          <Text as="p" size="2" color="gray">
            Choose a job to update.
          </Text>
        )}
      </Card>
    </>
  );
}

function ProgressStep({
  job,
  phases,
}: {
  job: NonNullable<SerializeFrom<typeof loader>["job"]>;
  phases: SerializeFrom<typeof loader>["phases"];
}) {
  const lastResult = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "update-progress",
    lastResult,
    constraint: getZodConstraint(UpdateProgressSchema),
    defaultValue: { jobId: String(job.id), status: job.status, phaseStatus: "in-progress" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdateProgressSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name={fields.jobId.name} value={job.id} />
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          {job.title} · {job.customerName} · now <StatusBadge status={job.status} />
        </Text>
        <SelectField
          label="Status"
          selectProps={getSelectProps(fields.status)}
          options={PROGRESS_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
          errors={fields.status.errors}
        />
        {phases.length ? (
          <Flex gap="3" wrap="wrap">
            <div style={{ flex: 2, minWidth: 200 }}>
              <SelectField
                label="Phase (optional)"
                selectProps={getSelectProps(fields.phaseId)}
                errors={fields.phaseId.errors}
              >
                <option value="">No phase</option>
                {phases.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.status})
                  </option>
                ))}
              </SelectField>
            </div>
            <div style={{ flex: 1, minWidth: 140 }}>
              <SelectField
                label="Phase status"
                selectProps={getSelectProps(fields.phaseStatus)}
                options={[
                  { value: "planned", label: "Planned" },
                  { value: "in-progress", label: "In Progress" },
                  { value: "done", label: "Done" },
                ]}
                errors={fields.phaseStatus.errors}
              />
            </div>
          </Flex>
        ) : null}
        <TextareaField
          label="Note"
          textareaProps={{ ...getTextareaProps(fields.note), rows: 4 }}
          errors={fields.note.errors}
        />
        <FormActions cancelTo="/" pending={pending} submitLabel="Update Progress" pendingLabel="Saving…" />
      </Flex>
    </Form>
  );
}

function JobStep({
  jobs,
  jobId,
  lookup,
  searchable,
}: {
  jobs: SerializeFrom<typeof loader>["jobs"];
  jobId: number | null;
  lookup: PickerLookup | null;
  searchable: boolean;
}) {
  const [form, fields] = useForm({ id: "choose-job", defaultValue: { jobId: jobId ? String(jobId) : "" } });
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // With JavaScript the picker is a combobox: choosing a job (Enter or a click, never an arrow key
  // passing over it) loads its form below, with no "Choose Job" press. The page stays, and so does
  // focus (WCAG 3.2.2: new content, not a new context). The native select keeps its button.
  const loadsOnPick = hydrated && searchable;
  const onPick = (row: { id: number } | null) => {
    if ((row?.id ?? null) === jobId) return;
    navigate(row ? `?jobId=${row.id}` : ".", { replace: true, preventScrollReset: true });
  };
  return (
    <Form method="get" {...getFormProps(form)} noValidate>
      <Flex gap="2" align="end" wrap="wrap" mb="4">
        <div style={{ flex: 1, minWidth: 220 }}>
          <RecordPicker
            kind="openJob"
            label="Job"
            field={fields.jobId}
            options={jobs}
            lookup={lookup}
            empty={{ value: "", label: "Choose the job" }}
            searchable={searchable}
            onPick={loadsOnPick ? onPick : undefined}
          />
        </div>
        {loadsOnPick ? null : (
          <Button type="submit" variant="soft" size="3">
            Choose Job
          </Button>
        )}
      </Flex>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
