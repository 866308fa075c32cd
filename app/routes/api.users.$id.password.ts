import { type ActionFunctionArgs } from "@remix-run/node";
import { getPasswordPolicy } from "~/models/settings.server";
import { resetStaffPassword } from "~/models/user.server";
import { makeResetPasswordSchema } from "~/schemas/user";
import { apiError, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

/** Settings → Staff → Reset Password: `{password}`; the user's sessions end. 204. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const me = await requireApiPermission(request, "staff", "write");
  const id = requireId(params.id, "User");
  const db = await getDb();
  const { password } = await parseBody(request, makeResetPasswordSchema(await getPasswordPolicy(db)));
  if (id === me.id)
    return apiError(400, "Change your own password under Settings → Profile.", {
      password: ["Change your own password under Settings → Profile."],
    });
  await resetStaffPassword(db, id, password);
  return new Response(null, { status: 204 });
}

export const loader = () => methodNotAllowed(["POST"]);
