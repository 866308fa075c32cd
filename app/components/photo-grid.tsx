// The thumbnail grid of the Photos screen and the photos dialogs, and the strip on job and customer
// pages: the thumbnail (a placeholder until the worker has made it), the entity badge and name, the
// description and a few tags plus "+N". Safe in the browser.
import { Badge, Text } from "~/components/ui";
import { FastLink } from "./fast-link";
import { PlainBadge } from "./status-badge";
import { Link } from "@remix-run/react";
import type { PhotoEntity } from "~/schemas/photo";

export type PhotoCardData = {
  id: number;
  title: string | null;
  description: string | null;
  originalName: string;
  tags: string[];
  thumbnailPath: string | null;
  derivativeStatus: string;
  entity?: PhotoEntity | null;
  entityName?: string | null;
};

export const ENTITY_LABELS: Record<PhotoEntity, string> = {
  job: "Job",
  customer: "Customer",
  task: "Task",
  schedule: "Schedule",
};
const ENTITY_COLORS = { job: "blue", customer: "green", task: "orange", schedule: "purple" } as const;

export const photoName = (p: Pick<PhotoCardData, "title" | "originalName">) => p.title || p.originalName;

const thumbState = (p: Pick<PhotoCardData, "derivativeStatus">) =>
  p.derivativeStatus === "failed" ? "No preview" : "Processing…";

/**
 * A link around a thumbnail, named by its content ("Open" + the image's name): an aria-label would
 * hide the placeholder's visible "Processing…" from the name (WCAG 2.5.3, axe label-content-name-mismatch).
 */
function ThumbLink({
  photo,
  to,
  className,
  keepScroll = false,
}: {
  photo: PhotoCardData;
  to: string;
  className?: string;
  keepScroll?: boolean;
}) {
  return (
    <FastLink to={to} className={className} preventScrollReset={keepScroll}>
      <span className="visually-hidden">Open </span>
      <PhotoThumb photo={photo} />
    </FastLink>
  );
}

export function PhotoThumb({ photo, className = "photo-thumb" }: { photo: PhotoCardData; className?: string }) {
  if (photo.thumbnailPath) {
    return (
      <img
        src={`/photo-files/${photo.id}/thumb`}
        alt={photoName(photo)}
        className={className}
        loading="lazy"
        decoding="async"
        width={360}
        height={270}
      />
    );
  }
  return (
    <span className="photo-placeholder" role="img" aria-label={`${photoName(photo)} (thumbnail not ready)`}>
      {thumbState(photo)}
    </span>
  );
}

export function TagList({ tags, max }: { tags: string[]; max: number }) {
  if (!tags.length) return null;
  const shown = tags.slice(0, max);
  return (
    <span className="photo-tags">
      {shown.map((t) => (
        <PlainBadge key={t} color="gray" data-radius="full">
          {t}
        </PlainBadge>
      ))}
      {tags.length > max ? (
        <Badge color="gray" variant="outline" radius="full" title={tags.slice(max).join(", ")}>
          +{tags.length - max}
        </Badge>
      ) : null}
    </span>
  );
}

/** The grid: each card opens the viewer at `href(photo)`. */
export function PhotoGrid({
  photos,
  href,
  maxTags = 3,
  showEntity = true,
}: {
  photos: PhotoCardData[];
  href: (photo: PhotoCardData) => string;
  maxTags?: number;
  showEntity?: boolean;
}) {
  return (
    <ul className="photo-grid" data-testid="photo-grid">
      {photos.map((p) => (
        <li key={p.id} className="photo-card" data-testid="photo-card">
          <ThumbLink photo={p} to={href(p)} className="photo-card-link" keepScroll />
          <div className="photo-card-body">
            {showEntity && p.entity ? (
              <span className="photo-line">
                <PlainBadge color={ENTITY_COLORS[p.entity]}>{ENTITY_LABELS[p.entity]}</PlainBadge>{" "}
                <span className="small muted">{p.entityName}</span>
              </span>
            ) : null}
            <FastLink to={href(p)} className="photo-line plain strong" preventScrollReset>
              {photoName(p)}
            </FastLink>
            {p.description ? (
              <Text size="1" color="gray" className="photo-line" title={p.description}>
                {p.description}
              </Text>
            ) : null}
            <TagList tags={p.tags} max={maxTags} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A row of small thumbnails (job and customer pages). */
export function PhotoStrip({ photos, href }: { photos: PhotoCardData[]; href: (photo: PhotoCardData) => string }) {
  return (
    <div className="photo-strip" data-testid="photo-strip">
      {photos.map((p) => (
        <ThumbLink key={p.id} photo={p} to={href(p)} />
      ))}
    </div>
  );
}

/** The photo strip card of a job or customer page: the newest photos and the way to the dialog. */
export function PhotoStripCard({
  photos,
  total,
  dialogTo,
}: {
  photos: PhotoCardData[];
  total: number;
  dialogTo: string;
}) {
  return (
    <section className="photo-strip-card" aria-labelledby="photo-strip-heading">
      <div className="photo-strip-head">
        <h2 id="photo-strip-heading" className="photo-strip-title">
          Photos ({total})
        </h2>
        <Link to={dialogTo} preventScrollReset className="photo-strip-open">
          {total ? "Open gallery" : "Upload photos"}
        </Link>
      </div>
      {photos.length ? (
        <PhotoStrip photos={photos} href={(p) => `/photos/${p.id}`} />
      ) : (
        <Text size="2" color="gray">
          No photos yet.
        </Text>
      )}
    </section>
  );
}
