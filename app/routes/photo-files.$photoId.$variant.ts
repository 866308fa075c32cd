import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPhotoRow, PHOTO_VARIANTS, type PhotoVariant } from "~/models/photos.server";
import { objectResponse } from "~/services/photos.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { notFound, requireFound } from "~/utils/refusal.server";

// A photo's grid thumbnail or viewer size for signed-in staff (metadata stripped by the worker);
// cached immutably, since a photo's derivatives never change.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "photos");
  const variant = params.variant as PhotoVariant;
  if (!PHOTO_VARIANTS.includes(variant)) throw notFound("Photo file not found");
  const photo = requireFound(await getPhotoRow(await getDb(), requireId(params.photoId, "Photo")), "Photo");
  const key = variant === "thumb" ? photo.thumbnailPath : photo.viewerPath;
  if (!key) throw notFound("This photo is still being processed");
  return objectResponse(key, { immutable: true });
}
