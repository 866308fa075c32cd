import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createCustomer, listCustomers } from "~/models/customer.server";
import { CustomerSchema } from "~/schemas/customer";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "customers");
  const url = new URL(request.url);
  const { rows, total } = await listCustomers(await getDb(), {
    search: url.searchParams.get("search") ?? undefined,
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "customers", "write");
  const input = await parseBody(request, CustomerSchema);
  return json(await createCustomer(await getDb(), input, user.id), { status: 201 });
}
