import { json, type ActionFunctionArgs } from "@remix-run/node";
import { setEmailRead } from "~/models/inbox.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { notFound } from "~/utils/refusal.server";

/** PATCH /api/emails/{id}/read: marks it read (idempotent). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  await requireApiPermission(request, "inbox", "write");
  const id = requireId(params.id, "Email");
  if (!(await setEmailRead(await getDb(), id, true))) throw notFound("Email not found");
  return json({ id, isRead: true });
}

export const loader = () => methodNotAllowed(["PATCH"]);
