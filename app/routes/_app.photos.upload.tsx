import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { PhotoUploader } from "~/components/photo-uploader";
import { RecordPicker } from "~/components/record-picker";
import { useKeptQuery } from "~/components/use-kept-query";
import { readPickers } from "~/forms/picker.server";
import { customerOptions, customerPickerScope } from "~/models/customer.server";
import { jobOptions } from "~/models/job.server";
import { checkPhotoLinks, photoEntityName } from "~/models/photos.server";
import { DIALOG_MAX_FILES, PhotoUploadSchema, SUGGESTED_TAGS, UPLOAD_WIDGET_MAX_FILES } from "~/schemas/photo";
import { parseUpload, type FileFailure, type Parsed } from "~/services/photo-form.server";
import { discardFormUploads, registerFormUpload } from "~/services/photos.server";
import photoStyles from "~/styles/photos.css";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idParam } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS, requestedFind, searchablePickers, type PickerLookups } from "~/utils/picker";
import { isBodyTooLarge } from "~/utils/request-guards.server";
import { invalid, isRefusal } from "~/utils/refusal.server";
import { formDataProblem, refusalReply } from "~/utils/refusal-response.server";
import { redirectWithToast } from "~/utils/toast.server";

// Upload Photos (the Photos screen's button, Home's quick action, and the Upload tab of every
// photos dialog, which posts here). The user chooses what the photos belong to — a customer or a
// job with the shared record picker, or none (spec §3: all optional); the dialogs send their task
// or event as a hidden field. Without JavaScript the form is streamed through busboy: each file goes
// to a temporary file and the object store as it arrives, cut at 10 MB, never held whole in memory;
// the fields come first in the form. A refused upload comes back here with a 4xx: the files refused
// by name next to the form, the choices kept. docs/decisions/photos.md.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

const FORM_ID = "photo-upload";

function suggestedFor(links: { customerId?: number | null; jobId?: number | null; taskId?: number | null }) {
  return links.taskId
    ? SUGGESTED_TAGS.task
    : links.jobId
      ? SUGGESTED_TAGS.job
      : links.customerId
        ? SUGGESTED_TAGS.customer
        : [...new Set([...SUGGESTED_TAGS.job, ...SUGGESTED_TAGS.customer])];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "photos", "write");
  const url = new URL(request.url);
  const db = await getDb();
  const customerId = idParam(url, "customerId") ?? null;
  const jobId = idParam(url, "jobId") ?? null;
  const scope = customerPickerScope(user.viewRole);
  const [customers, jobs] = await Promise.all([
    customerOptions(db, { includeId: customerId, scope }),
    jobOptions(db, { includeId: jobId }),
  ]);
  return json({
    options: { customers, jobs, searchable: searchablePickers(user.viewRole) },
    defaults: { customerId, jobId },
    suggestedTags: suggestedFor({ customerId, jobId }),
  });
}

type Fixed = { taskId?: number; scheduleEventId?: number; names: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "photos", "write");
  const db = await getDb();
  const scope = customerPickerScope(user.viewRole);
  const toFormData = (fields: Map<string, string[]>) => {
    const data = new FormData();
    for (const [name, values] of fields) for (const value of values) data.append(name, value);
    return data;
  };
  // A no-JS "Find" in a picker sends the files too: they are dropped unread.
  let parsed: Parsed;
  try {
    if (!request.body) throw new Error("no body");
    parsed = await parseUpload(db, request, user.id, (fields) =>
      Boolean(requestedFind(toFormData(fields), CUSTOMER_AND_JOB_PICKERS)),
    );
  } catch {
    // Not a multipart form at all (no browser sends that): refused as unreadable.
    throw invalid("The upload could not be read: send the form as multipart/form-data.");
  }
  const formData = toFormData(parsed.fields);
  // Read here, not before the action (the body is streamed): a form conform cannot read is a 400.
  const unreadable = formDataProblem(formData);
  if (unreadable) {
    await discardFormUploads(
      db,
      parsed.stored.map((f) => f.uploadId),
    );
    throw invalid(unreadable);
  }
  const returnTo = safeRedirect(formData.get("returnTo"), "/photos");
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS, scope);
  const submission = parseWithZod(formData, { schema: PhotoUploadSchema });
  const fixed = await fixedLinks(db, submission.payload);
  const page = (result: SubmissionResult<string[]>, status: number, extra: Partial<UploadAnswer> = {}) =>
    json<UploadAnswer>({ result, pickers, fixed, files: parsed.failures, uploaded: 0, returnTo, ...extra }, { status });
  const discard = () =>
    discardFormUploads(
      db,
      parsed.stored.map((f) => f.uploadId),
    );

  if (parsed.broken) {
    await discard();
    const message = isBodyTooLarge(parsed.broken)
      ? `One upload may carry at most ${DIALOG_MAX_FILES} photos of 10 MB each. Nothing was uploaded.`
      : "The upload broke off before it was complete. Nothing was uploaded; try again.";
    return page(submission.reply({ formErrors: [message] }), isBodyTooLarge(parsed.broken) ? 413 : 400);
  }
  const notSaved = parsed.fileCount
    ? ["Nothing was uploaded: correct the marked fields and choose the photos again."]
    : undefined;
  // A Find: the form again with the matches, nothing saved.
  if (submission.status !== "success") {
    await discard();
    return submission.status === "error"
      ? page(submission.reply({ formErrors: notSaved }), 400, { files: [] })
      : page(submission.reply(), 200, { files: [] });
  }
  try {
    await checkPhotoLinks(db, submission.value, scope);
  } catch (error) {
    await discard();
    const { reply, status } = refusalReply(submission, error);
    return page(
      status === 400 && notSaved ? submission.reply({ formErrors: notSaved, ...fieldErrorsOf(error) }) : reply,
      status,
      {
        files: [],
      },
    );
  }
  if (parsed.fileCount === 0)
    return page(submission.reply({ formErrors: ["Choose or take at least one photo."] }), 400);

  const failures: FileFailure[] = [...parsed.failures];
  let uploaded = 0;
  for (const file of parsed.stored) {
    try {
      await registerFormUpload(db, user.id, file.uploadId, file.name, submission.value, scope);
      uploaded++;
    } catch (error) {
      await discardFormUploads(db, [file.uploadId]);
      failures.push({
        name: file.name,
        message: isRefusal(error) ? error.message : `"${file.name}" could not be saved.`,
        status: isRefusal(error) ? error.status : 400,
      });
    }
  }
  if (failures.length === 0) {
    return redirectWithToast(request, returnTo, {
      title: "Upload successful",
      description: `Successfully uploaded ${uploaded} photo(s)`,
    });
  }
  // Every file refused for its size: 413; otherwise 400. The uploaded ones are saved; the page says so.
  const status = failures.every((f) => f.status === 413) && uploaded === 0 ? 413 : 400;
  return page(submission.reply(), status, { files: failures, uploaded });
}

function fieldErrorsOf(error: unknown) {
  return isRefusal(error) && error.fieldErrors ? { fieldErrors: error.fieldErrors } : {};
}

type UploadAnswer = {
  result: SubmissionResult<string[]>;
  pickers: PickerLookups;
  fixed: Fixed;
  files: FileFailure[];
  uploaded: number;
  returnTo: string;
};

/** The task or event a dialog's form carried (hidden), named for the page shown again. */
async function fixedLinks(db: Awaited<ReturnType<typeof getDb>>, payload: Record<string, unknown>): Promise<Fixed> {
  const id = (v: unknown) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
  const taskId = id(payload.taskId);
  const scheduleEventId = id(payload.scheduleEventId);
  const names: string[] = [];
  if (taskId) names.push(`Task: ${(await photoEntityName(db, "task", taskId)) ?? `#${taskId}`}`);
  if (scheduleEventId)
    names.push(`Event: ${(await photoEntityName(db, "schedule", scheduleEventId)) ?? `#${scheduleEventId}`}`);
  return { taskId, scheduleEventId, names };
}

export default function UploadPhotos() {
  const { options, defaults, suggestedTags } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const query = useKeptQuery();
  const returnTo = answer?.returnTo ?? `/photos${query}`;
  const [form, fields] = useForm<{
    customerId?: string;
    jobId?: string;
    title?: string;
    description?: string;
    tagText?: string;
    tags?: string[];
  }>({
    id: FORM_ID,
    lastResult: answer?.result,
    defaultValue: {
      customerId: defaults.customerId ? String(defaults.customerId) : undefined,
      jobId: defaults.jobId ? String(defaults.jobId) : undefined,
    },
  });
  const initial = (answer?.result?.initialValue ?? {}) as Record<string, string | string[] | undefined>;
  const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);
  const tags = list(initial.tags);
  return (
    <DialogRoute title="Upload Photos" closeTo={returnTo} width={640}>
      <PhotoUploader
        formId={form.id}
        links={{ taskId: answer?.fixed.taskId, scheduleEventId: answer?.fixed.scheduleEventId }}
        suggestedTags={[...new Set([...suggestedTags, ...tags])]}
        defaultTags={tags}
        values={{
          title: list(initial.title)[0],
          description: list(initial.description)[0],
          tagText: list(initial.tagText)[0],
        }}
        errors={{
          form: form.errors,
          title: fields.title.errors,
          description: fields.description.errors,
          tagText: fields.tagText.errors,
          files: answer?.files,
        }}
        uploaded={answer?.uploaded}
        maxFiles={UPLOAD_WIDGET_MAX_FILES}
        returnTo={returnTo}
        attach={
          <fieldset className="photo-attach">
            <legend>
              <Text size="2" weight="medium">
                Attach to (optional)
              </Text>
            </legend>
            {answer?.fixed.names.length ? (
              <Text as="p" size="2" mb="2">
                {answer.fixed.names.join(" · ")}
              </Text>
            ) : null}
            <div className="photo-attach-pickers">
              <RecordPicker
                kind="customer"
                label="Customer"
                field={fields.customerId}
                options={options.customers}
                lookup={answer?.pickers.customerId}
                empty={{ value: "", label: "No customer" }}
                searchable={options.searchable.customer}
              />
              <RecordPicker
                kind="job"
                label="Job"
                field={fields.jobId}
                options={options.jobs}
                lookup={answer?.pickers.jobId}
                empty={{ value: "", label: "No job" }}
                searchable={options.searchable.job}
              />
            </div>
            <Text as="p" size="1" color="gray" mt="1">
              A job&apos;s photos also show on its customer. Leave both empty to keep the photos unattached.
            </Text>
          </fieldset>
        }
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
