import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { customerPickerScope } from "~/models/customer.server";
import { listPhotos, photoJson } from "~/models/photos.server";
import { PhotoRegisterSchema } from "~/schemas/photo";
import { registerUploadedPhoto } from "~/services/photos.server";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idParam } from "~/utils/params.server";
import { invalid } from "~/utils/refusal.server";

/** `hasJobId=true` (spec §7); anything but true/false is a 400. */
function flag(url: URL, name: string) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "" || raw === "false") return undefined;
  if (raw === "true") return true;
  throw invalid(`${name} must be true or false`);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "photos");
  const url = new URL(request.url);
  const search = url.searchParams.get("search") ?? undefined;
  if (search && search.length > 200) throw invalid("search must be at most 200 characters");
  const tag = url.searchParams.get("tag") ?? undefined;
  if (tag && tag.length > 40) throw invalid("tag must be at most 40 characters");
  const { rows, total } = await listPhotos(await getDb(), {
    search,
    tag,
    customerId: idParam(url, "customerId"),
    jobId: idParam(url, "jobId"),
    taskId: idParam(url, "taskId"),
    scheduleEventId: idParam(url, "scheduleEventId"),
    hasCustomerId: flag(url, "hasCustomerId"),
    hasJobId: flag(url, "hasJobId"),
    hasTaskId: flag(url, "hasTaskId"),
    hasScheduleEventId: flag(url, "hasScheduleEventId"),
    ...listParams(url),
  });
  return listResponse(rows.map(photoJson), total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "photos", "write");
  const input = await parseBody(request, PhotoRegisterSchema);
  const photo = await registerUploadedPhoto(await getDb(), input, user.id, customerPickerScope(user.viewRole));
  return json(photoJson(photo), { status: 201 });
}
