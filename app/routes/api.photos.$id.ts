import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getPhoto, photoJson, updatePhoto } from "~/models/photos.server";
import { PhotoEditSchema } from "~/schemas/photo";
import { deletePhoto } from "~/services/photos.server";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "photos");
  const photo = await getPhoto(await getDb(), requireId(params.id, "Photo"));
  return json(photoJson(requireFound(photo, "Photo")));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT":
    case "PATCH": {
      await requireApiPermission(request, "photos", "write");
      const id = requireId(params.id, "Photo");
      const input = await parseBody(request, PhotoEditSchema);
      return json(photoJson(await updatePhoto(await getDb(), id, input)));
    }
    case "DELETE": {
      await requireApiPermission(request, "photos", "delete");
      await deletePhoto(await getDb(), requireId(params.id, "Photo"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
