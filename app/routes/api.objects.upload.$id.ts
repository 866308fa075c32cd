import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { receiveUpload, verifyUploadUrl } from "~/services/photos.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { PHOTO_MAX_BYTES } from "~/utils/images.server";
import { invalid, tooLarge } from "~/utils/refusal.server";

// PUT {uploadURL} (spec §7): the file's bytes, streamed to storage. The URL is signed for the user
// who asked for it, expires, and takes one upload; the bytes must be a JPEG, PNG, WebP or HEIC of
// at most 10 MB (the web process cuts the body there: app/utils/request-guards.server.ts).
export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const user = await requireApiPermission(request, "photos", "write");
  const id = (params.id ?? "").toLowerCase();
  verifyUploadUrl(id, new URL(request.url), user.id);
  if (Number(request.headers.get("content-length") ?? 0) > PHOTO_MAX_BYTES)
    throw tooLarge("The file is larger than 10MB");
  if (!request.body) throw invalid("Send the file as the request body");
  const db = await getDb();
  const stored = await receiveUpload(
    db,
    id,
    user.id,
    Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>),
  );
  return json({
    objectPath: `/objects/${stored.id}`,
    mimeType: stored.mimeType,
    fileSize: stored.fileSize,
    sha256: stored.sha256,
    width: stored.width,
    height: stored.height,
  });
}
