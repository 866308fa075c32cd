// The photos dialog of a customer, job, task or schedule event (spec: Gallery and Upload Photos
// tabs; §9: 20 files, suggested tags per entity, the customer's default tags). The tabs are links
// (`?tab=upload`), so they work without JavaScript.
import { TabNav, Text } from "~/components/ui";
import { Link } from "@remix-run/react";
import { DialogRoute } from "./dialog-route";
import { PhotoGrid, type PhotoCardData } from "./photo-grid";
import { PhotoUploader } from "./photo-uploader";
import { CUSTOMER_DEFAULT_TAGS, DIALOG_MAX_FILES, SUGGESTED_TAGS, type PhotoEntity } from "~/schemas/photo";

const LINK_KEY = { job: "jobId", customer: "customerId", task: "taskId", schedule: "scheduleEventId" } as const;

export function PhotosDialog({
  data,
  path,
  closeTo,
}: {
  data: {
    entity: PhotoEntity;
    id: number;
    name: string;
    total: number;
    tab: "gallery" | "upload";
    fromDetail: boolean;
    canUpload: boolean;
    photos: PhotoCardData[];
  };
  /** This dialog's path, e.g. /jobs/12/photos. */
  path: string;
  closeTo: string;
}) {
  const keep = data.fromDetail ? "from=detail&" : "";
  const gallery = `${path}?${keep}tab=gallery`;
  const upload = `${path}?${keep}tab=upload`;
  const suggested =
    data.entity === "customer"
      ? [...new Set([...SUGGESTED_TAGS.customer, ...CUSTOMER_DEFAULT_TAGS])]
      : SUGGESTED_TAGS[data.entity];
  return (
    <DialogRoute title={`Photos · ${data.name}`} closeTo={closeTo} width={860}>
      <TabNav.Root mb="3" aria-label="Photos">
        <TabNav.Link asChild active={data.tab === "gallery"}>
          <Link to={gallery} preventScrollReset replace>
            Gallery ({data.total})
          </Link>
        </TabNav.Link>
        {data.canUpload ? (
          <TabNav.Link asChild active={data.tab === "upload"}>
            <Link to={upload} preventScrollReset replace>
              Upload Photos
            </Link>
          </TabNav.Link>
        ) : null}
      </TabNav.Root>
      {data.tab === "upload" && data.canUpload ? (
        <PhotoUploader
          links={{ [LINK_KEY[data.entity]]: data.id }}
          suggestedTags={suggested}
          defaultTags={data.entity === "customer" ? CUSTOMER_DEFAULT_TAGS : []}
          maxFiles={DIALOG_MAX_FILES}
          returnTo={gallery}
        />
      ) : data.photos.length ? (
        <>
          <PhotoGrid photos={data.photos} href={(p) => `/photos/${p.id}`} maxTags={2} showEntity={false} />
          {data.total > data.photos.length ? (
            <Text as="p" size="2" mt="3" color="gray">
              The newest {data.photos.length} of {data.total} photos.
            </Text>
          ) : null}
        </>
      ) : (
        <Text as="p" color="gray" size="2">
          No photos yet.{" "}
          {data.canUpload ? (
            <Link to={upload} preventScrollReset replace>
              Upload the first
            </Link>
          ) : null}
        </Text>
      )}
    </DialogRoute>
  );
}
