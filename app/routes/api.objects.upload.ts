import { json, type ActionFunctionArgs } from "@remix-run/node";
import { issueUploadUrl } from "~/services/photos.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

// POST /api/objects/upload (spec §7): a signed, single-use upload URL for this user, valid for
// 10 minutes. PUT the file there, then register it with POST /api/photos.
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "photos", "write");
  return json(await issueUploadUrl(await getDb(), user.id, new URL(request.url).origin));
}
