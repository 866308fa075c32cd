import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiEmail, getEmails, listEmails, unreadCount } from "~/models/inbox.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** GET /api/emails?search=&unread=true&limit=&offset= — newest first, with X-Total-Count and X-Unread-Count. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inbox");
  const url = new URL(request.url);
  const number = (name: string, fallback: number, max: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === "") return fallback;
    if (!/^\d+$/.test(raw)) throw apiError(400, `${name} must be a non-negative integer`);
    return Math.min(Number(raw), max);
  };
  const limit = number("limit", DEFAULT_LIMIT, MAX_LIMIT);
  const offset = number("offset", 0, Number.MAX_SAFE_INTEGER);
  const db = await getDb();
  const { rows, total } = await listEmails(db, {
    search: (url.searchParams.get("search") ?? "").slice(0, 200),
    unread: url.searchParams.get("unread") === "true",
    limit,
    offset,
  });
  // The list query leaves the bodies out; the API's items carry them (sanitised).
  const [full, unread] = await Promise.all([getEmails(db, rows.map((row) => row.id)), unreadCount(db)]);
  return json(
    full.map(apiEmail),
    { headers: { "X-Total-Count": String(total), "X-Unread-Count": String(unread) } },
  );
}

export const action = () => methodNotAllowed(["GET"]);
