import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { deleteQuote, getQuote, listQuoteItems, updateQuote } from "~/models/quote.server";
import { makeQuoteSchema } from "~/schemas/quote";
import { apiError, methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "quotes");
  const db = await getDb();
  const id = requireId(params.id, "Quote");
  const quote = await getQuote(db, id);
  if (!quote) return apiError(404, "Quote not found");
  return json({ ...quote, items: await listQuoteItems(db, id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  switch (request.method) {
    case "PUT": {
      const user = await requireApiPermission(request, "quotes", "write");
      const id = requireId(params.id, "Quote");
      const current = await getQuote(db, id);
      if (!current) return apiError(404, "Quote not found");
      const ctx = await moneyContext(db, user.id);
      const input = await parseBody(request, makeQuoteSchema(ctx.today, { allowPastValidUntil: current.validUntil }));
      return json(await apiCall(() => updateQuote(db, id, input, ctx)));
    }
    case "DELETE": {
      await requireApiPermission(request, "quotes", "delete");
      const id = requireId(params.id, "Quote");
      await apiCall(() => deleteQuote(db, id));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
