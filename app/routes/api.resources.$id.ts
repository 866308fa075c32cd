import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteResource, getResource, updateResource } from "~/models/resource.server";
import { ResourceSchema } from "~/schemas/resource";
import { apiError, methodNotAllowed, parseBody, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiPermission(request, "resources");
  const resource = await getResource(await getDb(), requireId(params.id, "Resource"));
  return resource ? json(resource) : apiError(404, "Resource not found");
}

export async function action({ request, params }: ActionFunctionArgs) {
  switch (request.method) {
    case "PUT": {
      await requireApiPermission(request, "resources", "write");
      const id = requireId(params.id, "Resource");
      const input = await parseBody(request, ResourceSchema);
      const resource = await updateResource(await getDb(), id, input);
      return resource ? json(resource) : apiError(404, "Resource not found");
    }
    case "DELETE": {
      await requireApiPermission(request, "resources", "delete");
      const result = await deleteResource(await getDb(), requireId(params.id, "Resource"));
      if (!result.ok) return apiError(result.status, result.message);
      return new Response(null, { status: 204 });
    }
    default:
      return methodNotAllowed(["GET", "PUT", "DELETE"]);
  }
}
