import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdf } from "~/models/documents.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";
import { pdfResponse } from "~/utils/pdf.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "invoices");
  const result = await invoicePdf(await getDb(), requireRouteId(params.invoiceId, "Invoice"));
  if (!result) throw new Response("Invoice not found", { status: 404 });
  return pdfResponse(result.pdf, result.filename);
}
