import { json, type ActionFunctionArgs } from "@remix-run/node";
import { returnMaterial } from "~/models/inventory-ledger.server";
import { ReturnSchema } from "~/schemas/inventory";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

// Beyond the spec: return part or all of an issue to stock, at the cost it was issued at.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const jobId = requireId(params.id, "Job");
  const usageId = requireId(params.usageId, "Usage");
  const input = await parseBody(request, ReturnSchema);
  return json(await returnMaterial(await getDb(), jobId, usageId, input, user.id), { status: 201 });
}
