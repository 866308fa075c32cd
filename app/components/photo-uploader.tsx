// The photo upload form (spec §9; docs/decisions/photos.md). Without JavaScript: a plain multipart
// form posting to /photos/upload, with "Take photo" (the camera) and "Choose photos" (several).
// With JavaScript: the same form feeds a queue — each file gets a signed URL
// (POST /api/objects/upload), is PUT there with a progress bar, then registered (POST /api/photos);
// failed files can be retried; after a fully successful batch the queue clears in 2 s.
import { Button, Callout, Flex, Text, TextField } from "~/components/ui";
import { useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CUSTOMER_AND_JOB_PICKERS, requestedFind } from "~/utils/picker";
import { ErrorList } from "./forms";

export type PhotoLinks = { customerId?: number; jobId?: number; taskId?: number; scheduleEventId?: number };
const LINK_NAMES = ["customerId", "jobId", "taskId", "scheduleEventId"] as const;

/** What the server said of a refused no-JS upload: the form's and fields' errors, the files by name. */
export type UploadErrors = {
  form?: string[];
  title?: string[];
  description?: string[];
  tagText?: string[];
  files?: Array<{ name: string; message: string }>;
};

const MAX_BYTES = 10 * 1024 * 1024;
const CLEAR_AFTER_MS = 2000;

type Item = {
  key: string;
  file: File;
  status: "pending" | "uploading" | "uploaded" | "error";
  progress: number;
  error?: string;
};

function isImageFile(file: File) {
  return file.type.startsWith("image/") || /\.(heic|heif)$/i.test(file.name);
}

async function errorText(res: Response) {
  try {
    const body = (await res.json()) as { error?: string };
    if (body?.error) return body.error;
  } catch {
    // not JSON
  }
  return `${res.status}: ${res.statusText}`;
}

/** PUT with upload progress (fetch has none). */
function putWithProgress(url: string, file: File, onProgress: (fraction: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `${xhr.status}: ${xhr.statusText}`;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: string }).error ?? message;
      } catch {
        // keep the status
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error("Failed to upload file to object storage"));
    xhr.send(file);
  });
}

export function PhotoUploader({
  links,
  suggestedTags,
  defaultTags = [],
  maxFiles,
  returnTo,
  formId,
  attach,
  values = {},
  errors = {},
  uploaded = 0,
}: {
  links: PhotoLinks;
  suggestedTags: string[];
  defaultTags?: string[];
  maxFiles: number;
  /** Where the no-JS form lands after the upload. */
  returnTo: string;
  /** The form's id (a conform form around record pickers). */
  formId?: string;
  /** Where the photos belong, chosen in the form (the Upload Photos page's pickers), before the fields. */
  attach?: ReactNode;
  /** The fields as submitted, when the server shows the form again. */
  values?: { title?: string; description?: string; tagText?: string };
  errors?: UploadErrors;
  /** Files of a partly refused no-JS upload that were saved. */
  uploaded?: number;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const id = useId();
  const busy = items.some((i) => i.status === "uploading" || i.status === "pending");

  function update(key: string, change: Partial<Item>) {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }

  function fields() {
    const data = new FormData(formRef.current!);
    const tags = [
      ...String(data.get("tagText") ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
      ...data.getAll("tags").map(String),
    ];
    // Where the photos belong: the dialog's hidden fields or the page's pickers (the same names).
    const chosen: PhotoLinks = {};
    for (const name of LINK_NAMES) {
      const value = String(data.get(name) ?? "");
      if (/^\d{1,9}$/.test(value)) chosen[name] = Number(value);
    }
    return {
      title: String(data.get("title") ?? ""),
      description: String(data.get("description") ?? ""),
      tags,
      ...chosen,
    };
  }

  async function uploadOne(item: Item, meta: ReturnType<typeof fields>) {
    update(item.key, { status: "uploading", progress: 0, error: undefined });
    try {
      const slotRes = await fetch("/api/objects/upload", { method: "POST", headers: { Accept: "application/json" } });
      if (!slotRes.ok) throw new Error(await errorText(slotRes));
      const slot = (await slotRes.json()) as { uploadURL: string; objectPath: string };
      await putWithProgress(slot.uploadURL, item.file, (f) => update(item.key, { progress: Math.round(f * 90) }));
      const res = await fetch("/api/photos", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...meta, objectPath: slot.objectPath, originalName: item.file.name }),
      });
      if (!res.ok) throw new Error(await errorText(res));
      update(item.key, { status: "uploaded", progress: 100 });
      return true;
    } catch (error) {
      update(item.key, { status: "error", error: `Failed to upload ${item.file.name}: ${(error as Error).message}` });
      return false;
    }
  }

  async function run(batch: Item[]) {
    const meta = fields();
    let ok = 0;
    for (const item of batch) if (await uploadOne(item, meta)) ok++;
    revalidator.revalidate();
    return ok;
  }

  function finish(ok: number, failed: number) {
    if (failed === 0 && ok > 0) {
      setNotice({ kind: "success", text: `Successfully uploaded ${ok} photo(s)` });
      formRef.current?.reset();
      setTimeout(() => setItems([]), CLEAR_AFTER_MS);
    } else if (failed > 0) {
      setNotice({ kind: "error", text: "Some files failed to upload" });
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    // A picker's Find (its button, or Enter in its box) is the server's: the form is posted plainly.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (requestedFind(new FormData(event.currentTarget, submitter), CUSTOMER_AND_JOB_PICKERS)) return;
    event.preventDefault();
    if (busy) return;
    const inputs = Array.from(formRef.current!.querySelectorAll<HTMLInputElement>('input[type="file"]'));
    const files = inputs.flatMap((input) => Array.from(input.files ?? []));
    const refused: Item[] = [];
    const accepted: Item[] = [];
    for (const file of files.slice(0, maxFiles)) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      if (!isImageFile(file))
        refused.push({ key, file, status: "error", progress: 0, error: `${file.name} is not an image file` });
      else if (file.size > MAX_BYTES)
        refused.push({ key, file, status: "error", progress: 0, error: `${file.name} is larger than 10MB` });
      else accepted.push({ key, file, status: "pending", progress: 0 });
    }
    if (!files.length) {
      setNotice({ kind: "error", text: "Choose or take at least one photo." });
      return;
    }
    setNotice(null);
    setItems([...refused, ...accepted]);
    const ok = await run(accepted);
    finish(ok, refused.length + accepted.length - ok);
  }

  async function retry(item: Item) {
    const ok = await run([item]);
    const stillFailed = items.filter((i) => i.key !== item.key && i.status === "error").length + (ok ? 0 : 1);
    if (stillFailed === 0) finish(items.filter((i) => i.status === "uploaded").length + ok, 0);
  }

  useEffect(() => {
    if (!items.length && notice?.kind === "success") {
      const t = setTimeout(() => setNotice(null), 3000);
      return () => clearTimeout(t);
    }
  }, [items.length, notice]);

  return (
    <form
      ref={formRef}
      id={formId}
      method="post"
      action="/photos/upload"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      data-testid="photo-upload-form"
    >
      <Flex direction="column" gap="3">
        {/* The fields come before the files: the server reads them first while streaming. */}
        <input type="hidden" name="returnTo" value={returnTo} />
        {Object.entries(links).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        {errors.form?.length || errors.files?.length ? (
          <Callout.Root color="red" role="alert" data-testid="upload-errors">
            <Callout.Text>
              {uploaded ? `Uploaded ${uploaded} photo(s). ` : ""}
              {errors.files?.length
                ? `${errors.files.length} file${errors.files.length === 1 ? " was" : "s were"} not uploaded:`
                : null}
            </Callout.Text>
            {errors.form?.map((message) => (
              <Callout.Text key={message}>{message}</Callout.Text>
            ))}
            {errors.files?.length ? (
              <ul className="upload-refused">
                {errors.files.map((file, i) => (
                  <li key={`${file.name}-${i}`} data-file={file.name}>
                    <strong>{file.name}</strong>: {withoutName(file.message, file.name)}
                  </li>
                ))}
              </ul>
            ) : null}
            {errors.files?.length ? <Callout.Text>Choose those files again to retry.</Callout.Text> : null}
          </Callout.Root>
        ) : null}
        {attach}
        <div>
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-title`}>
            Title (optional)
          </Text>
          <TextField.Root
            id={`${id}-title`}
            name="title"
            maxLength={200}
            defaultValue={values.title}
            aria-invalid={errors.title?.length ? true : undefined}
            aria-describedby={errors.title?.length ? `${id}-title-error` : undefined}
          />
          <ErrorList id={`${id}-title-error`} errors={errors.title} />
        </div>
        <div>
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-description`}>
            Description (optional)
          </Text>
          <TextField.Root
            id={`${id}-description`}
            name="description"
            maxLength={2000}
            defaultValue={values.description}
            aria-invalid={errors.description?.length ? true : undefined}
            aria-describedby={errors.description?.length ? `${id}-description-error` : undefined}
          />
          <ErrorList id={`${id}-description-error`} errors={errors.description} />
        </div>
        {suggestedTags.length ? (
          <fieldset className="tag-choices">
            <legend>
              <Text size="2" weight="medium">
                Tags
              </Text>
            </legend>
            {suggestedTags.map((tag) => (
              <label key={tag} className="tag-choice">
                <input type="checkbox" name="tags" value={tag} defaultChecked={defaultTags.includes(tag)} />
                <Text size="2">{tag}</Text>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div>
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-tags`}>
            Other tags (comma-separated)
          </Text>
          <TextField.Root
            id={`${id}-tags`}
            name="tagText"
            maxLength={400}
            placeholder="kitchen, north wall"
            defaultValue={values.tagText}
            aria-invalid={errors.tagText?.length ? true : undefined}
            aria-describedby={errors.tagText?.length ? `${id}-tags-error` : undefined}
          />
          <ErrorList id={`${id}-tags-error`} errors={errors.tagText} />
        </div>
        <div className="upload-inputs">
          <label className="upload-input">
            <Text size="2" weight="medium">
              Take photo
            </Text>
            <input type="file" name="photos" accept="image/*" capture="environment" />
          </label>
          <label className="upload-input">
            <Text size="2" weight="medium">
              Choose photos
            </Text>
            <input type="file" name="photos" accept="image/*,.heic,.heif" multiple />
            <Text size="1" color="gray">
              Up to {maxFiles} photos, 10 MB each: JPEG, PNG, WebP or HEIC.
            </Text>
          </label>
        </div>
        {notice ? (
          <Callout.Root color={notice.kind === "success" ? "green" : "red"} role="status">
            <Callout.Text>{notice.text}</Callout.Text>
          </Callout.Root>
        ) : null}
        {items.length ? (
          <ul className="upload-queue" aria-label="Upload queue" data-testid="upload-queue">
            {items.map((item) => (
              <li key={item.key} data-status={item.status}>
                <Flex justify="between" align="center" gap="2">
                  <Text size="2" className="photo-line">
                    {item.file.name}
                  </Text>
                  <Text size="1" color={item.status === "error" ? "red" : "gray"}>
                    {item.status === "uploaded"
                      ? "Uploaded"
                      : item.status === "error"
                        ? "Failed"
                        : item.status === "uploading"
                          ? `${item.progress}%`
                          : "Waiting"}
                  </Text>
                </Flex>
                <progress max={100} value={item.progress} aria-label={`Upload progress of ${item.file.name}`} />
                {item.error ? (
                  <Flex justify="between" align="center" gap="2">
                    <Text size="1" color="red">
                      {item.error}
                    </Text>
                    {isImageFile(item.file) && item.file.size <= MAX_BYTES ? (
                      <Button type="button" size="1" variant="soft" onClick={() => void retry(item)} disabled={busy}>
                        Retry
                      </Button>
                    ) : null}
                  </Flex>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <Flex justify="end">
          <Button type="submit" disabled={busy}>
            {busy ? "Uploading..." : "Upload"}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** A refusal names the file in quotes first; the list shows the name already. */
function withoutName(message: string, name: string) {
  const quoted = `"${name}" `;
  return message.startsWith(quoted) ? message.slice(quoted.length) : message;
}
