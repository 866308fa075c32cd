import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { moneyContext } from "~/models/business.server";
import { createInvoice, listInvoices } from "~/models/invoice.server";
import { INVOICE_STATUSES, makeInvoiceSchema } from "~/schemas/invoice";
import { apiError, listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";
import { choiceParam } from "~/utils/ops-api.server";
import { parseRouteId } from "~/utils/params.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "invoices");
  const url = new URL(request.url);
  const status = choiceParam(url, "status", INVOICE_STATUSES);
  const rawCustomer = url.searchParams.get("customerId");
  const customerId = rawCustomer ? parseRouteId(rawCustomer) : undefined;
  if (customerId === null) return apiError(400, "customerId must be a positive integer");
  const db = await getDb();
  const { today } = await moneyContext(db);
  const { rows, total } = await listInvoices(db, {
    search: url.searchParams.get("search") ?? undefined,
    status,
    customerId,
    today,
    ...listParams(url),
  });
  return listResponse(rows, total);
}

/** Create with `items`, or with a `quoteId` and no items to copy the quote's items. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "invoices", "write");
  const db = await getDb();
  const ctx = await moneyContext(db, user.id);
  const input = await parseBody(request, makeInvoiceSchema(ctx.today));
  return json(await apiCall(() => createInvoice(db, input, ctx)), { status: 201 });
}
