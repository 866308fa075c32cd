import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteDialog } from "~/components/delete-dialog";
import { DialogRouteError } from "~/components/dialog-route";
import { photoName } from "~/components/photo-grid";
import { deleteAndReturn } from "~/forms/delete.server";
import { getPhotoRow } from "~/models/photos.server";
import { deletePhoto } from "~/services/photos.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "photos", "delete");
  const photo = requireFound(await getPhotoRow(await getDb(), requireId(params.photoId, "Photo")), "Photo");
  return json({ name: photoName(photo) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "photos", "delete");
  const id = requireId(params.photoId, "Photo");
  return deleteAndReturn(request, {
    list: "/photos",
    remove: async () => deletePhoto(await getDb(), id),
    done: (p) => ({ title: "Photo deleted", description: `${photoName(p)} has been deleted.` }),
  });
}

export default function DeletePhoto() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <DeleteDialog
      title="Delete Photo"
      name={`this photo (${name})`}
      list="/photos"
      note="This action cannot be undone."
    />
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
