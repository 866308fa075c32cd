import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/utils/auth.server";
import { serializeSidebar, serializeTheme } from "~/utils/preferences.server";

export const loader = () => redirect("/");

/** The no-JS path for the theme toggle and the sidebar collapse button. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const value = String(form.get("value") ?? "");
  const returnTo = safeRedirect(form.get("returnTo"));
  if (intent === "theme" && (value === "light" || value === "dark")) {
    return redirect(returnTo, { headers: { "Set-Cookie": serializeTheme(value) } });
  }
  if (intent === "sidebar" && (value === "true" || value === "false")) {
    return redirect(returnTo, { headers: { "Set-Cookie": serializeSidebar(value === "true") } });
  }
  return json({ error: "Unknown preference" }, { status: 400 });
}
