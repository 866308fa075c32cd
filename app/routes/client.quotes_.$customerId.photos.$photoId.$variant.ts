import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPhotoRow } from "~/models/photos.server";
import { verifyPortalToken } from "~/models/portal.server";
import { objectResponse } from "~/services/photos.server";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";

// A shared photo in the portal: the same token check as the page, the customer's own photos
// marked "show in portal" only, and only the derivatives (no metadata). One 404 for every refusal.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const url = new URL(request.url);
  const customer = await verifyPortalToken(db, parseRouteId(params.customerId), url.searchParams.get("token"));
  const photoId = parseRouteId(params.photoId);
  const photo = customer && photoId ? await getPhotoRow(db, photoId) : null;
  const key =
    photo && customer && photo.customerId === customer.id && photo.showInPortal
      ? params.variant === "thumb"
        ? photo.thumbnailPath
        : params.variant === "view"
          ? photo.viewerPath
          : null
      : null;
  if (!key) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const response = await objectResponse(key, { immutable: false });
  // The URL carries the token: never kept by shared caches.
  response.headers.set("Cache-Control", "private, max-age=300");
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
