import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getPasswordPolicy } from "~/models/settings.server";
import { createStaffUser, listUsers } from "~/models/user.server";
import { makeStaffCreateSchema } from "~/schemas/user";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

// Users for assignment pickers: public columns only (never password hashes).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "users");
  const url = new URL(request.url);
  const { limit, offset } = listParams(url);
  const all = await listUsers(await getDb());
  return listResponse(all.slice(offset, offset + limit), all.length);
}

/** Settings → Staff → Add User: the owner's (same schema and password rules as the page). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "staff", "write");
  const db = await getDb();
  const input = await parseBody(request, makeStaffCreateSchema(await getPasswordPolicy(db)));
  return json(await createStaffUser(db, input), { status: 201 });
}
