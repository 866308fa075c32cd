// POST /api/webhooks/:provider — payment provider webhooks (decisions §5). Exempt from the CSRF
// origin check (app/server.ts); the signature over the raw body is the authentication. A verified
// event is stored once and its row id enqueued; the answer is 200 without waiting for processing.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { webhookEvents } from "../../db/schema";
import { isPaymentProvider } from "~/models/payment-links.server";
import { storeWebhookEvent, verifyWebhook, WebhookError } from "~/models/webhooks.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { enqueue, PROCESS_WEBHOOK_JOB, WEBHOOKS_QUEUE } from "../../jobs/queues";

const MAX_BODY = 1_000_000;

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const provider = params.provider;
  if (!isPaymentProvider(provider)) return apiError(400, "Unknown payment provider");
  const raw = await request.text();
  if (raw.length > MAX_BODY) return apiError(413, "The webhook body is too large");
  let event;
  try {
    event = await verifyWebhook(provider, raw, request.headers);
  } catch (error) {
    if (error instanceof WebhookError) return apiError(400, error.message);
    throw error;
  }
  const db = await getDb();
  const rowId = await storeWebhookEvent(db, provider, event);
  if (rowId === null) return json({ received: true, duplicate: true });
  // Stable job id: a retried enqueue of the same row never makes a second job.
  try {
    await enqueue(WEBHOOKS_QUEUE, PROCESS_WEBHOOK_JOB, { eventRowId: rowId }, { jobId: `webhook-${rowId}` });
  } catch (error) {
    // Not queued: forget the event so the provider's retry is accepted, and ask for that retry.
    await db.delete(webhookEvents).where(eq(webhookEvents.id, rowId));
    console.error(`[webhooks] ${provider} event not queued: ${error instanceof Error ? error.message : error}`);
    return apiError(503, "The event could not be queued; please retry");
  }
  return json({ received: true });
}
