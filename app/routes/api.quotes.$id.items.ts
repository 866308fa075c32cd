import { type LoaderFunctionArgs } from "@remix-run/node";
import { getQuote, listQuoteItems } from "~/models/quote.server";
import { listResponse, methodNotAllowed } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "quotes");
  const db = await getDb();
  const id = requireId(params.id, "Quote");
  requireFound(await getQuote(db, id), "Quote");
  const items = await listQuoteItems(db, id);
  return listResponse(items, items.length);
}

export const action = () => methodNotAllowed(["GET"]);
