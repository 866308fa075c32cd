import type { LoaderFunctionArgs } from "@remix-run/node";
import { quotePdf } from "~/models/documents.server";
import { getPortalQuote, verifyPortalToken } from "~/models/portal.server";
import { getDb } from "~/utils/db.server";
import { parseRouteId } from "~/utils/params.server";
import { pdfResponse } from "~/utils/pdf.server";
import { forbidden } from "~/utils/refusal.server";

const USE_THE_LINK = "Please use the link from your e-mail.";

/** The portal's Download PDF: the same token check as the page; one answer for every refusal. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const url = new URL(request.url);
  const customer = await verifyPortalToken(db, parseRouteId(params.customerId), url.searchParams.get("token"));
  const quoteId = parseRouteId(url.searchParams.get("quote") ?? undefined);
  const owned = customer && quoteId ? await getPortalQuote(db, customer.id, quoteId) : null;
  if (!customer || !owned) throw forbidden(USE_THE_LINK);
  const result = await quotePdf(db, owned.quote.id);
  if (!result) throw forbidden(USE_THE_LINK);
  return pdfResponse(result.pdf, result.filename);
}
