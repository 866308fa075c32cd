// POST /api/webhooks/:provider — payment provider webhooks (app/services/webhooks.server.ts). Exempt
// from the CSRF origin check (app/server.ts); the signature over the raw body is the authentication.
// A verified event is stored once and its row id enqueued; the answer is 200 without waiting for
// processing, or 503 when the queue did not take it (the provider retries; so does the sweep).
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { receiveWebhook } from "~/services/webhooks.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

const MAX_BODY = 1_000_000;

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const raw = await request.text();
  if (raw.length > MAX_BODY) return apiError(413, "The webhook body is too large");
  const db = await getDb();
  const result = await apiCall(() => receiveWebhook(db, params.provider, raw, request.headers));
  if (!result.queued) return apiError(503, "The event could not be queued; please retry");
  return json(result.duplicate ? { received: true, duplicate: true } : { received: true });
}
