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

/** A file the form could not take, by the name it had on the user's device. */
export type FileFailure = { name: string; message: string; status: number };

export type Parsed = {
  fields: Map<string, string[]>;
  stored: Array<{ uploadId: string; name: string }>;
  failures: FileFailure[];
  /** File parts that carried a file (stored, refused or skipped). */
  fileCount: number;
  /** The body broke off (over the route's cap, or the client went away): what came before is kept. */
  broken?: unknown;
};

/** Parts past this many are dropped unnamed (a form has two file inputs; nobody picks hundreds). */
const NAMED_PARTS = 200;

/**
 * Streams the multipart body: fields collected, each file stored as it arrives. Files beyond
 * DIALOG_MAX_FILES are refused by name without being stored. `skipFiles` (asked at each file, with
 * the fields read so far: they come first in the form) drops the files unread — a no-JS "Find".
 */
export async function parseUpload(
  db: Executor,
  request: Request,
  userId: number,
  skipFiles: (fields: Map<string, string[]>) => boolean = () => false,
): Promise<Parsed> {
  const parsed: Parsed = { fields: new Map(), stored: [], failures: [], fileCount: 0 };
  const pending: Promise<void>[] = [];
  const receiving = new Set<Readable>();
  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        limits: { fileSize: PHOTO_MAX_BYTES, files: NAMED_PARTS, fields: 60, fieldSize: 10_000 },
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
      // A body that ends mid-file errors this stream too (busboy: "Unexpected end of form"); the
      // parser's own error marks the form broken below. Unheard, it would stop the process.
      stream.on("error", () => {});
      // An empty file input still sends a part with no name.
      if (!info.filename || skipFiles(parsed.fields)) return void stream.resume();
      parsed.fileCount++;
      const name = info.filename;
      if (parsed.fileCount > DIALOG_MAX_FILES) {
        stream.resume();
        parsed.failures.push({
          name,
          message: `"${name}" was not uploaded: at most ${DIALOG_MAX_FILES} photos per upload.`,
          status: 400,
        });
        return;
      }
      receiving.add(stream);
      stream.once("close", () => receiving.delete(stream));
      pending.push(
        receiveFormFile(db, userId, { stream, name, truncated: () => Boolean(stream.truncated) }).then(
          (uploadId) => void parsed.stored.push({ uploadId, name }),
          (error: unknown) => {
            stream.resume();
            parsed.failures.push(
              isRefusal(error)
                ? { name, message: error.message, status: error.status }
                : { name, message: `"${name}" could not be uploaded.`, status: 400 },
            );
          },
        ),
      );
    });
    parser.on("close", () => resolve());
    const broken = (error: unknown) => {
      parsed.broken ??= error;
      // The file being received ends with the body: it is refused, the others are kept.
      for (const stream of receiving) stream.destroy(error instanceof Error ? error : new Error(String(error)));
      resolve();
    };
    parser.on("error", broken);
    const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    body.on("error", broken);
    body.pipe(parser);
  });
  await Promise.all(pending);
  return parsed;
}
