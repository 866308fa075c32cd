import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { deleteQuote, getQuote, listQuoteItems, updateQuote } from "~/models/quote.server";
import { makeQuoteSchema } from "~/schemas/quote";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "quotes");
  const db = await getDb();
  const id = requireId(params.id, "Quote");
  const quote = requireFound(await getQuote(db, id), "Quote");
  return json({ ...quote, items: await listQuoteItems(db, id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  switch (request.method) {
    case "PUT": {
      const user = await requireApiPermission(request, "quotes", "write");
      const id = requireId(params.id, "Quote");
      const current = requireFound(await getQuote(db, id), "Quote");
      const ctx = await moneyContext(db, user.id);
      const input = await parseBody(request, makeQuoteSchema(ctx.today, { allowPastValidUntil: current.validUntil }));
      return json(await updateQuote(db, id, input, ctx));
    }
    case "DELETE": {
      await requireApiPermission(request, "quotes", "delete");
      const id = requireId(params.id, "Quote");
      await deleteQuote(db, id);
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
