import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteCustomer, getCustomer, updateCustomer } from "~/models/customer.server";
import { CustomerSchema } from "~/schemas/customer";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "customers");
  const customer = await getCustomer(await getDb(), requireId(params.id, "Customer"));
  return json(requireFound(customer, "Customer"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "customers", "write");
      const id = requireId(params.id, "Customer");
      const input = await parseBody(request, CustomerSchema);
      return json(await updateCustomer(await getDb(), id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "customers", "delete");
      await deleteCustomer(await getDb(), requireId(params.id, "Customer"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
