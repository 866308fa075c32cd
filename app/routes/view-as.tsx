import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirect } from "~/utils/auth.server";
import { can, NAV_ITEMS, ROLES, type Role } from "~/utils/permissions";
import { commitSession, getSession } from "~/utils/session.server";

export const loader = () => redirect("/");

/** Owners preview another role's view; the session keeps the narrower role. Never widens. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const role = String(form.get("role") ?? "");
  if (!(ROLES as readonly string[]).includes(role)) return json({ error: "Unknown role" }, { status: 400 });
  if (user.role !== "owner") return json({ error: "Only an owner can view as another role" }, { status: 403 });
  const session = await getSession(request);
  if (role === "owner") session.unset("viewAs");
  else session.set("viewAs", role);
  // Stay on the page when the previewed role may see it, else go Home.
  const returnTo = safeRedirect(form.get("returnTo"));
  const path = new URL(returnTo, "http://x").pathname;
  const area = NAV_ITEMS.filter((i) => i.to !== "/" && path.startsWith(i.to))[0]?.area;
  const target = !area || can(role as Role, area) ? returnTo : "/";
  return redirect(target, { headers: { "Set-Cookie": await commitSession(session) } });
}
