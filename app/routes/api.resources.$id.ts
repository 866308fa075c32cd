import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteResource, getResource, updateResource } from "~/models/resource.server";
import { ResourceSchema } from "~/schemas/resource";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "resources");
  const resource = await getResource(await getDb(), requireId(params.id, "Resource"));
  return json(requireFound(resource, "Resource"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "resources", "write");
      const id = requireId(params.id, "Resource");
      const input = await parseBody(request, ResourceSchema);
      return json(await updateResource(await getDb(), id, input));
    }
    case "DELETE": {
      await requireApiPermission(request, "resources", "delete");
      await deleteResource(await getDb(), requireId(params.id, "Resource"));
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
