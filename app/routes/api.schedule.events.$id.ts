import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteEvent, eventToInput, getEvent, updateEvent } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { EventSchema } from "~/schemas/event";
import { apiError, methodNotAllowed, readJson } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "schedule");
  const event = await getEvent(await getDb(), requireId(params.id, "Event"));
  return json(requireFound(event, "Event"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PATCH":
    case "PUT": {
      await requireApiPermission(request, "schedule", "write");
      const id = requireId(params.id, "Event");
      const db = await getDb();
      const existing = requireFound(await getEvent(db, id), "Event");
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
      return json(await updateEvent(db, id, result.data, timeZone));
    }
    case "DELETE": {
      await requireApiPermission(request, "schedule", "delete");
      await deleteEvent(await getDb(), requireId(params.id, "Event"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PATCH", "PUT", "DELETE"]);
  }
}
