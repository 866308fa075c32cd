import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiEmail, getEmails, listEmails, unreadCount } from "~/models/inbox.server";
import { listParams, methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** GET /api/emails?search=&unread=true&limit=&offset= — newest first, with X-Total-Count and X-Unread-Count. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inbox");
  const url = new URL(request.url);
  const { limit, offset } = listParams(url, { defaultLimit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT });
  const db = await getDb();
  const { rows, total } = await listEmails(db, {
    search: (url.searchParams.get("search") ?? "").slice(0, 200),
    unread: url.searchParams.get("unread") === "true",
    limit,
    offset,
  });
  // The list query leaves the bodies out; the API's items carry them (sanitised).
  const [full, unread] = await Promise.all([
    getEmails(
      db,
      rows.map((row) => row.id),
    ),
    unreadCount(db),
  ]);
  return json(full.map(apiEmail), { headers: { "X-Total-Count": String(total), "X-Unread-Count": String(unread) } });
}

export const action = () => methodNotAllowed(["GET"]);
