import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { PhotoUploader } from "~/components/photo-uploader";
import { useKeptQuery } from "~/components/use-kept-query";
import {
  SUGGESTED_TAGS,
  DIALOG_MAX_FILES,
  PhotoEditSchema,
  photoLinks,
  UPLOAD_WIDGET_MAX_FILES,
} from "~/schemas/photo";
import { registerFormUpload } from "~/services/photos.server";
import { parseUpload, type Parsed } from "~/services/photo-form.server";
import photoStyles from "~/styles/photos.css";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idParam } from "~/utils/params.server";
import { isBodyTooLarge } from "~/utils/request-guards.server";
import { isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { z } from "zod";

// Upload Photos (the Photos screen's button, Home's quick action, and the Upload tab of every
// photos dialog, which posts here). Without JavaScript the form is streamed through busboy: each
// file goes to a temporary file and the object store as it arrives, cut at 10 MB, never held whole
// in memory; the fields come first in the form. docs/decisions/photos.md.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "photos", "write");
  const url = new URL(request.url);
  const jobId = idParam(url, "jobId");
  return json({
    links: { jobId },
    suggestedTags: jobId ? SUGGESTED_TAGS.job : [],
  });
}

const LinksSchema = z.object(photoLinks);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "photos", "write");
  const db = await getDb();
  let parsed: Parsed;
  try {
    if (!request.body) throw new Error("no body");
    parsed = await parseUpload(db, request, user.id);
  } catch (error) {
    const message = isBodyTooLarge(error)
      ? `One upload may carry at most ${DIALOG_MAX_FILES} photos of 10 MB each.`
      : "The upload could not be read. Try again.";
    return redirectWithToast(request, "/photos", { title: "Upload failed", description: message, type: "error" });
  }
  const one = (name: string) => parsed.fields.get(name)?.[0];
  const returnTo = safeRedirect(one("returnTo"), "/photos");
  const linkResult = LinksSchema.safeParse({
    customerId: one("customerId"),
    jobId: one("jobId"),
    taskId: one("taskId"),
    scheduleEventId: one("scheduleEventId"),
  });
  const meta = PhotoEditSchema.safeParse({
    title: one("title"),
    description: one("description"),
    tags: [...(parsed.fields.get("tags") ?? []), ...(parsed.fields.get("tagText") ?? [])],
  });
  const failures = [...parsed.failures];
  let uploaded = 0;
  if (!linkResult.success || !meta.success) {
    failures.unshift(
      (linkResult.success ? undefined : linkResult.error.issues[0]?.message) ??
        (meta.success ? undefined : meta.error.issues[0]?.message) ??
        "Invalid input",
    );
  } else {
    for (const file of parsed.stored) {
      try {
        await registerFormUpload(db, user.id, file.uploadId, file.name, { ...meta.data, ...linkResult.data });
        uploaded++;
      } catch (error) {
        failures.push(isRefusal(error) ? error.message : `"${file.name}" could not be saved.`);
      }
    }
  }
  if (failures.length === 0) {
    return redirectWithToast(request, returnTo, {
      title: "Upload successful",
      description: `Successfully uploaded ${uploaded} photo(s)`,
    });
  }
  return redirectWithToast(request, returnTo, {
    title: uploaded ? "Upload error" : "Upload failed",
    description: `${uploaded ? `Uploaded ${uploaded} photo(s). ` : ""}${failures.slice(0, 5).join(" ")}`,
    type: "error",
  });
}

export default function UploadPhotos() {
  const { links: photoLinks, suggestedTags } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  return (
    <DialogRoute title="Upload Photos" closeTo={`/photos${query}`} width={640}>
      <PhotoUploader
        links={{ jobId: photoLinks.jobId ?? undefined }}
        suggestedTags={suggestedTags}
        maxFiles={UPLOAD_WIDGET_MAX_FILES}
        returnTo={`/photos${query}`}
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
