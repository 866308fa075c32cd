import { Badge, Button, Flex, Text } from "~/components/ui";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { ENTITY_LABELS, PhotoThumb, TagList, photoName } from "~/components/photo-grid";
import { useKeptQuery } from "~/components/use-kept-query";
import { adjacentPhotos, getPhoto } from "~/models/photos.server";
import { PHOTO_ENTITIES } from "~/schemas/photo";
import { requirePermission } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceFilter, parseListSearch, valueFilter } from "~/utils/list-search";
import { requireId } from "~/utils/params.server";
import { can } from "~/utils/permissions";
import { requireFound } from "~/utils/refusal.server";
import { useDisplay } from "~/components/date-display";
import { SpriteIcon } from "~/components/sprite-icon";

// The photo viewer over the Photos list: the viewer size, the details, Previous/Next through the
// list as filtered, Edit, Delete and the original's download.

const FILTERS = { entity: choiceFilter(PHOTO_ENTITIES), tag: valueFilter((v) => v.length <= 40) };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "photos");
  const db = await getDb();
  const photo = requireFound(await getPhoto(db, requireId(params.photoId, "Photo")), "Photo");
  const list = parseListSearch(new URL(request.url).searchParams, FILTERS);
  const { prevId, nextId } = await adjacentPhotos(db, photo, list);
  const role = user.viewRole;
  return json({
    photo: {
      id: photo.id,
      title: photo.title,
      description: photo.description,
      originalName: photo.originalName,
      tags: photo.tags,
      thumbnailPath: photo.thumbnailPath,
      viewerPath: photo.viewerPath,
      derivativeStatus: photo.derivativeStatus,
      entity: photo.entity,
      entityName: photo.entityName,
      jobId: photo.jobId,
      jobTitle: photo.jobTitle,
      customerId: photo.customerId,
      customerName: photo.customerName,
      fileSize: photo.fileSize,
      width: photo.width,
      height: photo.height,
      showInPortal: photo.showInPortal,
      createdAt: photo.createdAt,
    },
    prevId,
    nextId,
    canEdit: can(role, "photos", "write"),
    canDelete: can(role, "photos", "delete"),
    canReadCustomers: can(role, "customers"),
  });
}

export default function PhotoViewer() {
  const display = useDisplay();
  const { photo, prevId, nextId, canEdit, canDelete, canReadCustomers } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const name = photoName(photo);
  const mb = (photo.fileSize / (1024 * 1024)).toFixed(1);
  return (
    <DialogRoute title={name} closeTo={`/photos${query}`} width={960}>
      <Flex direction="column" gap="3">
        {photo.viewerPath ? (
          <img
            src={`/photo-files/${photo.id}/view`}
            alt={name}
            className="photo-viewer-image"
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
            style={{ width: "auto", height: "auto" }}
          />
        ) : (
          <PhotoThumb photo={photo} />
        )}
        <nav className="photo-viewer-nav" aria-label="Photos">
          {prevId ? (
            <Button asChild variant="soft">
              <Link to={`/photos/${prevId}${query}`} preventScrollReset rel="prev">
                <SpriteIcon name="chevron-left" /> Previous
              </Link>
            </Button>
          ) : (
            <span />
          )}
          {nextId ? (
            <Button asChild variant="soft">
              <Link to={`/photos/${nextId}${query}`} preventScrollReset rel="next">
                Next <SpriteIcon name="chevron-right" />
              </Link>
            </Button>
          ) : null}
        </nav>
        {photo.description ? <Text as="p">{photo.description}</Text> : null}
        <TagList tags={photo.tags} max={20} />
        <Text as="p" size="2" color="gray">
          {photo.entity ? (
            <>
              <Badge variant="soft">{ENTITY_LABELS[photo.entity]}</Badge> {photo.entityName} ·{" "}
            </>
          ) : null}
          {photo.jobId && photo.entity !== "job" ? (
            <>
              Job <Link to={`/jobs/${photo.jobId}`}>{photo.jobTitle}</Link> ·{" "}
            </>
          ) : photo.jobId ? (
            <>
              <Link to={`/jobs/${photo.jobId}`}>Open job</Link> ·{" "}
            </>
          ) : null}
          {photo.customerId && canReadCustomers ? (
            <>
              Customer <Link to={`/customers/${photo.customerId}`}>{photo.customerName}</Link> ·{" "}
            </>
          ) : null}
          Uploaded {formatDate(photo.createdAt, display)} · {photo.originalName} · {mb} MB
          {photo.width && photo.height ? ` · ${photo.width} × ${photo.height}` : ""}
          {photo.showInPortal ? " · Shown in the customer portal" : ""}
        </Text>
        <Flex gap="3" justify="end" wrap="wrap">
          <Button asChild variant="soft" color="gray">
            <a href={`/api/photos/${photo.id}/download`} download>
              <SpriteIcon name="download" /> Original
            </a>
          </Button>
          {canDelete ? (
            <Button asChild variant="soft" color="red">
              <Link to={`/photos/${photo.id}/delete${query}`} preventScrollReset>
                Delete
              </Link>
            </Button>
          ) : null}
          {canEdit ? (
            <Button asChild>
              <Link to={`/photos/${photo.id}/edit${query}`} preventScrollReset>
                Edit
              </Link>
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
