// The loader of the photos dialog of a customer, job, task or schedule event (Gallery and Upload
// tabs): the record's name, its photos (newest first) and whether this user may upload.
import { ENTITY_FILTER_KEY, listPhotos, photoEntityName } from "~/models/photos.server";
import type { PhotoEntity } from "~/schemas/photo";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { can } from "~/utils/permissions";
import { requireFound } from "~/utils/refusal.server";

export const DIALOG_GALLERY_LIMIT = 60;

export async function photosDialogData(request: Request, entity: PhotoEntity, id: number) {
  const user = await requirePermission(request, "photos");
  const db = await getDb();
  const name = requireFound(await photoEntityName(db, entity, id), "Record");
  const { rows, total } = await listPhotos(db, {
    [ENTITY_FILTER_KEY[entity]]: id,
    limit: DIALOG_GALLERY_LIMIT,
    offset: 0,
  });
  const url = new URL(request.url);
  return {
    entity,
    id,
    name,
    total,
    tab: url.searchParams.get("tab") === "upload" ? ("upload" as const) : ("gallery" as const),
    fromDetail: url.searchParams.get("from") === "detail",
    canUpload: can(user.viewRole, "photos", "write"),
    photos: rows.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      originalName: p.originalName,
      tags: p.tags,
      thumbnailPath: p.thumbnailPath,
      derivativeStatus: p.derivativeStatus,
      entity: p.entity,
      entityName: p.entityName,
    })),
  };
}
