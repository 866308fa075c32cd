import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteEvent, eventToInput, getEvent, updateEvent } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { EventSchema } from "~/schemas/event";
import { apiError, methodNotAllowed, readJson, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { badLinksAre400 } from "~/utils/ops-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "schedule");
  const event = await getEvent(await getDb(), requireId(params.id, "Event"));
  return event ? json(event) : apiError(404, "Event not found");
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PATCH":
    case "PUT": {
      await requireApiPermission(request, "schedule", "write");
      const id = requireId(params.id, "Event");
      const db = await getDb();
      const existing = await getEvent(db, id);
      if (!existing) return apiError(404, "Event not found");
      const body = await readJson(request);
      if (body === null || typeof body !== "object" || Array.isArray(body))
        return apiError(400, "The request body must be a JSON object");
      // PATCH: the fields sent replace the stored ones; the whole result is validated as on create.
      const result = EventSchema.safeParse({ ...eventToInput(existing), ...body });
      if (!result.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of result.error.issues) (fieldErrors[issue.path.join(".") || "_"] ??= []).push(issue.message);
        return apiError(400, result.error.issues[0]?.message ?? "Invalid input", fieldErrors);
      }
      const timeZone = (await getSettings(db)).system.timeZone;
      const event = await badLinksAre400(() => updateEvent(db, id, result.data, timeZone));
      return event ? json(event) : apiError(404, "Event not found");
    }
    case "DELETE": {
      await requireApiPermission(request, "schedule", "delete");
      const event = await deleteEvent(await getDb(), requireId(params.id, "Event"));
      return event ? new Response(null, { status: 204 }) : apiError(404, "Event not found");
    }
    default:
      return methodNotAllowed(["GET", "PATCH", "PUT", "DELETE"]);
  }
}
