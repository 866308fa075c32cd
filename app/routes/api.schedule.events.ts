import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createEvent, listEvents } from "~/models/schedule.server";
import { getSettings } from "~/models/settings.server";
import { EVENT_TYPES, EventSchema } from "~/schemas/event";
import { apiError, listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { addDays, businessToday, MAX_YEAR, MIN_YEAR, parseInstant, zonedToInstant } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceParam } from "~/utils/ops-api.server";
import { idParam } from "~/utils/params.server";

function instantParam(url: URL, name: string) {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return undefined;
  const date = parseInstant(raw);
  if (!date) throw apiError(400, `${name} must be an ISO date or date-time between ${MIN_YEAR} and ${MAX_YEAR}`);
  return date;
}

// from/to default to business today and 30 days later; events overlapping [from, to) come back.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "schedule");
  const url = new URL(request.url);
  const db = await getDb();
  const timeZone = (await getSettings(db)).system.timeZone;
  const from = instantParam(url, "from") ?? zonedToInstant(businessToday(timeZone), "00:00", timeZone);
  const to = instantParam(url, "to") ?? zonedToInstant(addDays(businessToday(timeZone, from), 30), "00:00", timeZone);
  if (to <= from) return apiError(400, "to must be after from");
  const { rows, total } = await listEvents(db, {
    from,
    to,
    resourceId: idParam(url, "resourceId"),
    type: choiceParam(url, "type", EVENT_TYPES),
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "schedule", "write");
  const input = await parseBody(request, EventSchema);
  const db = await getDb();
  const timeZone = (await getSettings(db)).system.timeZone;
  return json(await createEvent(db, input, timeZone), { status: 201 });
}
