import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiEmail, deleteEmail, getEmail } from "~/models/inbox.server";
import { apiError, methodNotAllowed, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inbox");
  const email = await getEmail(await getDb(), requireId(params.id, "Email"));
  return email ? json(apiEmail(email)) : apiError(404, "Email not found");
}

/** DELETE /api/emails/{id}: removes it from the Inbox (the copy on the mail server stays). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  await requireApiPermission(request, "inbox", "delete");
  const deleted = await deleteEmail(await getDb(), requireId(params.id, "Email"));
  return deleted ? new Response(null, { status: 204 }) : apiError(404, "Email not found");
}
