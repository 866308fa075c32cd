import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { createQuote, listQuotes } from "~/models/quote.server";
import { makeQuoteSchema, QUOTE_STATUSES } from "~/schemas/quote";
import { apiError, listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";
import { choiceParam } from "~/utils/ops-api.server";
import { parseRouteId } from "~/utils/params.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "quotes");
  const url = new URL(request.url);
  const status = choiceParam(url, "status", QUOTE_STATUSES);
  const rawCustomer = url.searchParams.get("customerId");
  const customerId = rawCustomer ? parseRouteId(rawCustomer) : undefined;
  if (customerId === null) return apiError(400, "customerId must be a positive integer");
  const { rows, total } = await listQuotes(await getDb(), {
    search: url.searchParams.get("search") ?? undefined,
    status,
    customerId,
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "quotes", "write");
  const db = await getDb();
  const ctx = await moneyContext(db, user.id);
  const input = await parseBody(request, makeQuoteSchema(ctx.today));
  const quote = await apiCall(() => createQuote(db, input, ctx));
  return json(quote, { status: 201 });
}
