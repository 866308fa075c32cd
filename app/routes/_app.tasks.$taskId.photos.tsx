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
  return json(await photosDialogData(request, "task", requireId(params.taskId, "Task")));
}

export default function TaskPhotos() {
  const data = useLoaderData<typeof loader>();
  const query = useKeptQuery();
  const path = `/tasks/${data.id}/photos`;
  return <PhotosDialog data={data} path={path} closeTo={data.fromDetail ? `/tasks/${data.id}` : `/tasks${query}`} />;
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
