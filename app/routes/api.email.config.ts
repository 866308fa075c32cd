import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getEmailConfig, saveEmailConfig } from "~/models/email-config.server";
import { EmailConfigSchema } from "~/schemas/email";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

// GET: the configuration without its password (hasPassword says whether one is stored); null when none.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "settings");
  return json(await getEmailConfig(await getDb()));
}

// POST: create when none exists (201 with the stored record, docs/decisions/api-conventions.md), else update (200).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "settings", "write");
  const input = await parseBody(request, EmailConfigSchema);
  const db = await getDb();
  const { config, created } = await apiCall(() => saveEmailConfig(db, input));
  return json(config, { status: created ? 201 : 200 });
}
