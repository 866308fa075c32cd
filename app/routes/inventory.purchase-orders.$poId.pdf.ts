import type { LoaderFunctionArgs } from "@remix-run/node";
import { purchaseOrderPdf } from "~/models/purchasing.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { pdfResponse } from "~/utils/pdf.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "inventory");
  const result = requireFound(
    await purchaseOrderPdf(await getDb(), requireId(params.poId, "Purchase order")),
    "Purchase order",
  );
  return pdfResponse(result.pdf, result.filename);
}
