import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { postTransaction } from "~/models/inventory-ledger.server";
import { listTransactions } from "~/models/inventory.server";
import { TRANSACTION_TYPES, TransactionSchema } from "~/schemas/inventory";
import { apiError, listParams, listResponse, methodNotAllowed, parseBody } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { isDateOnly } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { choiceParam } from "~/utils/ops-api.server";
import { idParam } from "~/utils/params.server";

function dateParam(url: URL, name: string) {
  const raw = url.searchParams.get(name);
  if (!raw) return undefined;
  if (!isDateOnly(raw)) throw apiError(400, `${name} must be a date (YYYY-MM-DD)`);
  return raw;
}

// The ledger, newest first; filters itemId, type, jobId, from, to (business days, inclusive).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiPermission(request, "inventory");
  const url = new URL(request.url);
  const { rows, total } = await listTransactions(await getDb(), {
    itemId: idParam(url, "itemId"),
    jobId: idParam(url, "jobId"),
    type: choiceParam(url, "type", TRANSACTION_TYPES),
    from: dateParam(url, "from"),
    to: dateParam(url, "to"),
    ...listParams(url),
  });
  return listResponse(rows, total);
}

// A receipt or an adjustment; issues and returns go through a job (issue-materials, return).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiPermission(request, "inventory", "write");
  const input = await parseBody(request, TransactionSchema);
  const { transaction } = await postTransaction(await getDb(), input, user.id);
  return json(transaction, { status: 201 });
}
