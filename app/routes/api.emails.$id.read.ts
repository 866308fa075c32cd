import { json, type ActionFunctionArgs } from "@remix-run/node";
import { setEmailRead } from "~/models/inbox.server";
import { apiError, methodNotAllowed, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

/** PATCH /api/emails/{id}/read: marks it read (idempotent). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  await requireApiPermission(request, "inbox", "write");
  const id = requireId(params.id, "Email");
  return (await setEmailRead(await getDb(), id, true)) ? json({ id, isRead: true }) : apiError(404, "Email not found");
}

export const loader = () => methodNotAllowed(["PATCH"]);
