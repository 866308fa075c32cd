// The no-JavaScript photo upload (docs/decisions/photos.md): the multipart body streamed through
// busboy; fields collected, each file stored as it arrives (cut at 10 MB, at most 20 files), never
// held whole in memory. The route registers the stored files with the fields afterwards.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { DIALOG_MAX_FILES } from "../schemas/photo";
import type { Executor } from "../../db/client.server";
import { PHOTO_MAX_BYTES } from "../utils/images.server";
import { isRefusal } from "../utils/refusal.server";
import { receiveFormFile } from "./photos.server";

export type Parsed = {
  fields: Map<string, string[]>;
  stored: Array<{ uploadId: string; name: string }>;
  failures: string[];
};

/** Streams the multipart body: fields collected, each file stored as it arrives. */
export async function parseUpload(db: Executor, request: Request, userId: number): Promise<Parsed> {
  const parsed: Parsed = { fields: new Map(), stored: [], failures: [] };
  const pending: Promise<void>[] = [];
  let fileCount = 0;
  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        limits: { fileSize: PHOTO_MAX_BYTES, files: DIALOG_MAX_FILES, fields: 60, fieldSize: 10_000 },
      });
    } catch {
      return reject(new Error("not multipart"));
    }
    parser.on("field", (name, value) => {
      const list = parsed.fields.get(name) ?? [];
      list.push(value);
      parsed.fields.set(name, list);
    });
    parser.on("file", (_name, stream, info) => {
      // An empty file input still sends a part with no name.
      if (!info.filename) return void stream.resume();
      fileCount++;
      const name = info.filename;
      pending.push(
        receiveFormFile(db, userId, { stream, name, truncated: () => Boolean(stream.truncated) }).then(
          (uploadId) => void parsed.stored.push({ uploadId, name }),
          (error: unknown) => {
            stream.resume();
            parsed.failures.push(isRefusal(error) ? error.message : `"${name}" could not be uploaded.`);
          },
        ),
      );
    });
    parser.on("filesLimit", () =>
      parsed.failures.push(`At most ${DIALOG_MAX_FILES} photos per upload; the rest were left out.`),
    );
    parser.on("close", () => resolve());
    parser.on("error", reject);
    const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    body.on("error", reject);
    body.pipe(parser);
  });
  await Promise.all(pending);
  if (fileCount === 0) parsed.failures.push("Choose or take at least one photo.");
  return parsed;
}
