import { type ActionFunctionArgs } from "@remix-run/node";
import { removeTwoFactor } from "~/models/two-factor.server";
import { getStaffUser } from "~/models/user.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

/**
 * Settings → Staff → Reset two-factor sign-in: DELETE turns the user's two-factor sign-in off and
 * removes their recovery codes (docs/decisions/security.md). 204.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  await requireApiPermission(request, "staff", "write");
  const db = await getDb();
  const user = requireFound(await getStaffUser(db, requireId(params.id, "User")), "User");
  await removeTwoFactor(db, user.id);
  return new Response(null, { status: 204 });
}

export const loader = () => methodNotAllowed(["DELETE"]);
