import { Button, Text } from "~/components/ui";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect, ListFilters } from "~/components/list-filters";
import { ListCard, ListPage } from "~/components/list-page";
import { PhotoGrid } from "~/components/photo-grid";
import { keepListQuery, useKeptQuery } from "~/components/use-kept-query";
import { listPhotos, photoTags } from "~/models/photos.server";
import { PHOTO_ENTITIES } from "~/schemas/choices";
import photoStyles from "~/styles/photos.css";
import { getDb } from "~/utils/db.server";
import { choiceFilter, valueFilter } from "~/utils/list-search";
import { redirectPastLastPage, requireListSearch } from "~/utils/list-search.server";
import { can } from "~/utils/permissions";
import { SpriteIcon } from "~/components/sprite-icon";

// Photos (spec: Photos screen; docs/decisions/photos.md): search by title or description, the
// entity filter, the tag filter from the photos' own tags, a grid of thumbnails, 24 a page.

export const meta: MetaFunction = () => [{ title: "Photos · Cabinetry Jobs" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

const PHOTO_FILTERS = {
  entity: choiceFilter(PHOTO_ENTITIES),
  tag: valueFilter((v) => v.length <= 40),
};
const PHOTOS_PAGE_SIZE = 24;

export const handle = keepListQuery(PHOTO_FILTERS);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, list: parsed } = await requireListSearch(request, "photos", PHOTO_FILTERS);
  const list = {
    ...parsed,
    pageSize: PHOTOS_PAGE_SIZE,
    limit: PHOTOS_PAGE_SIZE,
    offset: (parsed.page - 1) * PHOTOS_PAGE_SIZE,
  };
  const db = await getDb();
  const [{ rows, total }, tags] = await Promise.all([listPhotos(db, list), photoTags(db)]);
  redirectPastLastPage(request, list, total);
  const photos = rows.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    originalName: p.originalName,
    tags: p.tags,
    thumbnailPath: p.thumbnailPath,
    derivativeStatus: p.derivativeStatus,
    entity: p.entity,
    entityName: p.entityName,
  }));
  // The chosen tag stays a choice even when it is not among the most used.
  const tagOptions = list.tag && !tags.includes(list.tag) ? [list.tag, ...tags] : tags;
  return json({ photos, total, list, tagOptions, canUpload: can(user.viewRole, "photos", "write") });
}

export default function Photos() {
  const { photos, total, list, tagOptions, canUpload } = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/photos";
  const empty =
    photos.length === 0 ? (
      <EmptyState
        title={list.filtered ? "No photos match these filters." : "No photos yet."}
        hint={list.filtered ? undefined : "Upload photos from a job, a customer, a task or an event, or here."}
      />
    ) : null;
  return (
    <ListPage
      title="Photos"
      subtitle="Site photos from measure to install"
      actions={
        canUpload ? (
          <Button asChild>
            <Link to={`upload${query}`} preventScrollReset>
              <SpriteIcon name="upload" /> Upload Photos
            </Link>
          </Button>
        ) : null
      }
      filters={
        <ListFilters
          list={list}
          searchLabel="Search photos"
          placeholder="Search by title or description..."
          submitLabel="Search"
        >
          <FilterSelect
            name="entity"
            value={list.entity}
            allLabel="All photos"
            label="Filter by record type"
            options={[
              { value: "job", label: "Jobs" },
              { value: "customer", label: "Customers" },
              { value: "task", label: "Tasks" },
              { value: "schedule", label: "Schedule" },
            ]}
          />
          <FilterSelect
            name="tag"
            value={list.tag}
            allLabel="All tags"
            label="Filter by tag"
            options={tagOptions.map((t) => ({ value: t, label: t }))}
          />
        </ListFilters>
      }
    >
      <ListCard
        heading="All Photos"
        total={total}
        countTestId="photo-count"
        list={list}
        empty={empty}
        aside={
          loading ? (
            <Text size="2" color="gray">
              Loading photos...
            </Text>
          ) : null
        }
      >
        <PhotoGrid photos={photos} href={(p) => `/photos/${p.id}${query}`} />
      </ListCard>
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
