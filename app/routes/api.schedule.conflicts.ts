import { json, type ActionFunctionArgs } from "@remix-run/node";
import { findConflicts } from "~/models/schedule.server";
import { ConflictCheckSchema } from "~/schemas/event";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiPermission(request, "schedule");
  const input = await parseBody(request, ConflictCheckSchema);
  const conflicts = await findConflicts(await getDb(), input);
  return json({
    conflicts: conflicts.map((c) => ({
      resourceName: c.resourceName,
      resourceId: c.resourceId,
      conflictingEvent: {
        id: c.conflictingEvent.id,
        title: c.conflictingEvent.title,
        startAt: c.conflictingEvent.startAt,
        endAt: c.conflictingEvent.endAt,
      },
    })),
  });
}
