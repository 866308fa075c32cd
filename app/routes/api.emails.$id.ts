import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiEmail, deleteEmail, getEmail } from "~/models/inbox.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { notFound, requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inbox");
  const email = await getEmail(await getDb(), requireId(params.id, "Email"));
  return json(apiEmail(requireFound(email, "Email")));
}

/** DELETE /api/emails/{id}: removes it from the Inbox (the copy on the mail server stays). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  await requireApiPermission(request, "inbox", "delete");
  if (!(await deleteEmail(await getDb(), requireId(params.id, "Email")))) throw notFound("Email not found");
  return new Response(null, { status: 204 });
}
