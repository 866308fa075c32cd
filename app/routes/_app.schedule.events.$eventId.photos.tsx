import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DialogRouteError } from "~/components/dialog-route";
import { PhotosDialog } from "~/components/photos-dialog";
import { useKeptQuery } from "~/components/use-kept-query";
import { photosDialogData } from "~/forms/photos-dialog.server";
import photoStyles from "~/styles/photos.css";
import { requireId } from "~/utils/params.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: photoStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await photosDialogData(request, "schedule", requireId(params.eventId, "Event")));
}

export default function EventPhotos() {
  const data = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  return <PhotosDialog data={data} path={`/schedule/events/${data.id}/photos`} closeTo={`/schedule${query}`} />;
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
