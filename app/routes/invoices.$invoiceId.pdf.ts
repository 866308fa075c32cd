import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdf } from "~/models/documents.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { pdfResponse } from "~/utils/pdf.server";
import { requireFound } from "~/utils/refusal.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "invoices");
  const result = requireFound(await invoicePdf(await getDb(), requireId(params.invoiceId, "Invoice")), "Invoice");
  return pdfResponse(result.pdf, result.filename);
}
