// POST /api/webhooks/:provider — payment provider webhooks (app/services/webhooks.server.ts). Exempt
// from the CSRF origin check (app/server.ts); the signature over the raw body is the authentication.
// A verified event is stored once and its row id enqueued; the answer is 200 without waiting for
// processing, or 503 when the queue did not take it (the provider retries; so does the sweep). The
// production entry (app/server.ts) answers these POSTs with the same answerWebhook before Remix.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { answerWebhook } from "~/services/webhooks.server";
import { methodNotAllowed } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const answer = await answerWebhook(await getDb(), params.provider, await request.text(), request.headers);
  return json(answer.body, { status: answer.status });
}
