import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { deleteQuoteItem, getQuoteItem, updateQuoteItem } from "~/models/quote.server";
import { ItemApiFields } from "~/schemas/line-items";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "quotes");
  const item = await getQuoteItem(await getDb(), requireId(params.id, "Quote item"));
  return json(requireFound(item, "Quote item"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "quotes", "write");
      const id = requireId(params.id, "Quote item");
      const input = await parseBody(request, z.object(ItemApiFields));
      return json(await updateQuoteItem(db, id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "quotes", "write");
      const id = requireId(params.id, "Quote item");
      await deleteQuoteItem(db, id);
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
