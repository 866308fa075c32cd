import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteCustomer, getCustomer, updateCustomer } from "~/models/customer.server";
import { CustomerSchema } from "~/schemas/customer";
import { apiError, methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "customers");
  const customer = await getCustomer(await getDb(), requireId(params.id, "Customer"));
  if (!customer) return apiError(404, "Customer not found");
  return json(customer);
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "customers", "write");
      const id = requireId(params.id, "Customer");
      const input = await parseBody(request, CustomerSchema);
      const customer = await updateCustomer(await getDb(), id, input);
      return customer ? json(customer) : apiError(404, "Customer not found");
    }
    case "DELETE": {
      await requireApiPermission(request, "customers", "delete");
      const result = await deleteCustomer(await getDb(), requireId(params.id, "Customer"));
      if (!result.ok) return apiError(result.status, result.message);
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
