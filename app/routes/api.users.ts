import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/models/user.server";
import { listParams, listResponse } from "~/utils/api.server";
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
