import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { addQuoteItem } from "~/models/quote.server";
import { idField, ItemApiFields } from "~/schemas/line-items";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

const QuoteItemApiSchema = z.object({ quoteId: idField("quoteId is required"), ...ItemApiFields });

/** Adds one item and recomputes the quote's totals in the same transaction. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiPermission(request, "quotes", "write");
  const input = await parseBody(request, QuoteItemApiSchema);
  const db = await getDb();
  return json(await addQuoteItem(db, input.quoteId, input), { status: 201 });
}

export const loader = () => methodNotAllowed(["POST"]);
