import { json, type ActionFunctionArgs } from "@remix-run/node";
import { respondToQuote } from "~/models/quote.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

// Staff record the customer's answer here; the portal uses its own token-checked page actions.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "quotes", "write");
  const id = requireId(params.id, "Quote");
  const db = await getDb();
  return json(await respondToQuote(db, id, "rejected", { via: "staff", actorId: user.id }));
}

export const loader = () => methodNotAllowed(["POST"]);
