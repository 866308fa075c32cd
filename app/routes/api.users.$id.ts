import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getStaffUser, updateStaffUser, type StaffChanges } from "~/models/user.server";
import { StaffPatchSchema, StaffUpdateSchema } from "~/schemas/user";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { can } from "~/utils/permissions";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

// One staff account. PUT replaces name, email, phone, role and active; PATCH changes the fields
// sent (a null or blank email/phone clears it). Accounts are deactivated, never deleted: tasks,
// payments and the activity log keep naming who did what.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await requireApiPermission(request, "users");
  const user = requireFound(await getStaffUser(await getDb(), requireId(params.id, "User")), "User");
  // Everyone may look a colleague up (assignment pickers); only the owner sees account activity.
  if (can(me.viewRole, "staff")) return json(user);
  const { lastSignInAt: _hidden, ...rest } = user;
  return json(rest);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed(["GET", "PUT", "PATCH"]);
  const me = await requireApiPermission(request, "staff", "write");
  const id = requireId(params.id, "User");
  let changes: StaffChanges;
  if (request.method === "PUT") {
    const input = await parseBody(request, StaffUpdateSchema);
    changes = { ...input, email: input.email ?? null, phone: input.phone ?? null };
  } else {
    const input = await parseBody(request, StaffPatchSchema);
    // zod keeps a key that was sent (even as null) and drops one that was not.
    changes = {
      ...input,
      ...("email" in input ? { email: input.email ?? null } : {}),
      ...("phone" in input ? { phone: input.phone ?? null } : {}),
    };
  }
  const db = await getDb();
  return json(await updateStaffUser(db, id, changes, me.id));
}
