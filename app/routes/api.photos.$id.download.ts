import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPhotoRow } from "~/models/photos.server";
import { objectResponse, originalObjectKey } from "~/services/photos.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

// GET /api/photos/{id}/download (spec §7): the original as uploaded (staff only; its metadata is
// intact, so it never goes to the portal), with its SHA-256 in a header.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "photos");
  const photo = requireFound(await getPhotoRow(await getDb(), requireId(params.id, "Photo")), "Photo");
  const response = await objectResponse(originalObjectKey(photo), {
    filename: photo.originalName,
    disposition: "attachment",
  });
  if (photo.sha256) response.headers.set("X-Content-SHA256", photo.sha256);
  return response;
}
