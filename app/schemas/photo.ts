// Photos (spec §3 photos, §7 /api/photos, §9): registering an uploaded object, editing title,
// description and tags, and the list's filters. Safe in the browser.
import { z } from "zod";
import { optionalText } from "./common";
import { optionalId } from "./ops-common";
import { PHOTO_ENTITIES } from "./choices";

export { PHOTO_ENTITIES };

export type PhotoEntity = (typeof PHOTO_ENTITIES)[number];

/** Spec §9: suggested tags per entity; the customer dialog adds its default tags. */
export const SUGGESTED_TAGS: Record<PhotoEntity, string[]> = {
  job: ["before", "during", "after", "progress"],
  customer: ["site", "requirements", "reference"],
  task: ["progress", "complete", "issue"],
  schedule: ["arrival", "progress", "completion"],
};
export const CUSTOMER_DEFAULT_TAGS = ["customer", "property", "site"];

/** Spec §9: the upload widget takes 10 files, the photos dialog 20. */
export const UPLOAD_WIDGET_MAX_FILES = 10;
export const DIALOG_MAX_FILES = 20;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/** Spec §9: tags are comma-separated, trimmed, empties dropped; also lower-cased and de-duplicated. */
export function parseTags(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(list)) return list;
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== "string") return list; // let zod name the error
    for (const part of item.split(",")) {
      const tag = part.trim().toLowerCase().replace(/\s+/g, " ");
      if (tag && !out.includes(tag)) out.push(tag);
    }
  }
  return out;
}

export const tagsField = z.preprocess(
  parseTags,
  z
    .array(z.string().max(MAX_TAG_LENGTH, `A tag may have at most ${MAX_TAG_LENGTH} characters`), {
      invalid_type_error: "Tags must be a list of text or comma-separated text",
    })
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags`),
);

const flag = z.preprocess(
  (v) => (v === "on" || v === "true" || v === "1" ? true : v === "false" || v === "0" || v === "" ? false : v),
  z.boolean({ invalid_type_error: "showInPortal must be true or false" }),
);

export const PhotoEditSchema = z.object({
  title: optionalText(200, "Title"),
  description: optionalText(2000, "Description"),
  tags: tagsField,
  showInPortal: flag.optional(),
});
export type PhotoEditInput = z.infer<typeof PhotoEditSchema>;

/** Where a photo belongs: at most one of each; none at all is allowed (spec §3: all optional). */
export const photoLinks = {
  customerId: optionalId("Customer"),
  jobId: optionalId("Job"),
  taskId: optionalId("Task"),
  scheduleEventId: optionalId("Schedule event"),
};

/**
 * POST /api/photos. `objectPath` names the uploaded object (the `objectPath` POST
 * /api/objects/upload returned, or the uploadURL itself); size and type are read from the stored
 * bytes, so `fileSize` and `mimeType` are accepted but not believed.
 */
export const PhotoRegisterSchema = PhotoEditSchema.extend({
  objectPath: z.string({ required_error: "objectPath is required" }).trim().min(1, "objectPath is required").max(500),
  originalName: optionalText(255, "originalName"),
  filename: optionalText(255, "filename"),
  fileSize: z.unknown().optional(),
  mimeType: z.unknown().optional(),
  sortOrder: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number().int("sortOrder must be a whole number").min(0).max(1_000_000).optional(),
  ),
  ...photoLinks,
});
export type PhotoRegisterInput = z.infer<typeof PhotoRegisterSchema>;

/**
 * The upload form's fields (the no-JS form and the page re-rendered with its errors): title,
 * description, the ticked suggested tags plus the typed ones, and where the photos belong — any
 * of the four or none (spec §3 photos: all optional).
 */
export const PhotoUploadSchema = z
  .object({
    title: optionalText(200, "Title"),
    description: optionalText(2000, "Description"),
    tags: tagsField,
    tagText: z.preprocess((v) => parseTags(v ?? ""), tagsField),
    ...photoLinks,
  })
  .superRefine((value, ctx) => {
    if (new Set([...value.tags, ...value.tagText]).size > MAX_TAGS)
      ctx.addIssue({ code: "custom", path: ["tagText"], message: `At most ${MAX_TAGS} tags` });
  })
  .transform(({ tagText, tags, ...rest }) => ({ ...rest, tags: [...new Set([...tags, ...tagText])] }));
