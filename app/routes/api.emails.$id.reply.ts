import { json, type ActionFunctionArgs } from "@remix-run/node";
import { dispatchReply } from "~/services/email-dispatch.server";
import { ReplySchema } from "~/schemas/email";
import { methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

/** POST /api/emails/{id}/reply {body}: sends the reply over SMTP, threaded under the original. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "inbox", "write");
  const id = requireId(params.id, "Email");
  const { body } = await parseBody(request, ReplySchema);
  const db = await getDb();
  const outcome = await apiCall(() => dispatchReply(db, id, body, user.id));
  if (!outcome.ok) return json({ error: `Failed to send reply: ${outcome.error}` }, { status: 502 });
  return json({ message: "Reply sent", to: outcome.result.to, messageId: outcome.result.messageId });
}

export const loader = () => methodNotAllowed(["POST"]);
