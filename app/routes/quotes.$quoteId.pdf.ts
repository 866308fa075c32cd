import type { LoaderFunctionArgs } from "@remix-run/node";
import { quotePdf } from "~/models/documents.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireRouteId } from "~/utils/params.server";
import { pdfResponse } from "~/utils/pdf.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "quotes");
  const result = await quotePdf(await getDb(), requireRouteId(params.quoteId, "Quote"));
  if (!result) throw new Response("Quote not found", { status: 404 });
  return pdfResponse(result.pdf, result.filename);
}
