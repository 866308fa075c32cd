import { json, type ActionFunctionArgs } from "@remix-run/node";
import { issueMaterials } from "~/models/inventory-ledger.server";
import { IssueSchema } from "~/schemas/inventory";
import { methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";

// Spec §7: items [{itemId, quantity, notes}], all or nothing; 201 with the usage rows written.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const jobId = requireId(params.id, "Job");
  const input = await parseBody(request, IssueSchema);
  return json(await issueMaterials(await getDb(), jobId, input, user.id), { status: 201 });
}
