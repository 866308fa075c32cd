import { type LoaderFunctionArgs } from "@remix-run/node";
import { getQuote, listQuoteItems } from "~/models/quote.server";
import { apiError, listResponse, methodNotAllowed, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "quotes");
  const db = await getDb();
  const id = requireId(params.id, "Quote");
  if (!(await getQuote(db, id))) return apiError(404, "Quote not found");
  const items = await listQuoteItems(db, id);
  return listResponse(items, items.length);
}

export const action = () => methodNotAllowed(["GET"]);
