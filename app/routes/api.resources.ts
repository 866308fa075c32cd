import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createResource, listResources } from "~/models/resource.server";
import { ResourceSchema } from "~/schemas/resource";
import { listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "resources");
  const url = new URL(request.url);
  const { rows, total } = await listResources(await getDb(), {
    activeOnly: url.searchParams.get("activeOnly") === "true",
    ...listParams(url),
  });
  return listResponse(rows, total);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiPermission(request, "resources", "write");
  const input = await parseBody(request, ResourceSchema);
  return json(await createResource(await getDb(), input), { status: 201 });
}
