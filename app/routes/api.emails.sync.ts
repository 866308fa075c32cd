import { json, type ActionFunctionArgs } from "@remix-run/node";
import { dispatchInboxSync } from "~/services/email-dispatch.server";
import { SyncSchema } from "~/schemas/email";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

/** POST /api/emails/sync {maxResults?: 1–50}: one sync run, answered with {syncedCount, totalFetched}. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiPermission(request, "inbox", "write");
  // The body is optional: no body (or an empty one) means the default of 50.
  const hasBody = (request.headers.get("content-length") ?? "0") !== "0" || request.headers.has("content-type");
  const { maxResults } = hasBody ? await parseBody(request, SyncSchema) : { maxResults: undefined };
  const db = await getDb();
  const outcome = await apiCall(() => dispatchInboxSync(db, maxResults));
  if (!outcome.ok) return json({ error: `Sync failed: ${outcome.error}` }, { status: 502 });
  return json({ syncedCount: outcome.result.syncedCount, totalFetched: outcome.result.totalFetched });
}

export const loader = () => methodNotAllowed(["POST"]);
