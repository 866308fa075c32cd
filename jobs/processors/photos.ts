// The thumbnail and viewer size of a newly registered photo (docs/decisions/photos.md). Idempotent:
// a retry writes the same keys again; a photo deleted meanwhile is skipped.
import { getDb } from "../../db/client.server";
import { makePhotoDerivatives } from "../../app/services/photos.server";
import type { JobLike, MakeDerivativesData } from "../queues";

export async function makeDerivativesJob(job: JobLike<MakeDerivativesData>) {
  return makePhotoDerivatives(await getDb(), job.data.photoId);
}
