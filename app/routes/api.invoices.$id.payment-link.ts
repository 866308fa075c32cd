// POST /api/invoices/:id/payment-link {provider} → {paymentUrl} (spec §7 payment-link row).
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { createPaymentLink, paymentLinkSchema, SELECT_PROVIDER_MESSAGE } from "~/services/payment-links.server";
import { apiError, methodNotAllowed, readJson, requireId } from "~/utils/api.server";
import { requireApiPermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiCall } from "~/utils/model-api.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiPermission(request, "invoices", "write");
  const id = requireId(params.id, "Invoice");
  const body = await readJson(request);
  const parsed = paymentLinkSchema.safeParse(body && typeof body === "object" && !Array.isArray(body) ? body : {});
  if (!parsed.success) return apiError(400, SELECT_PROVIDER_MESSAGE, { provider: [SELECT_PROVIDER_MESSAGE] });
  const db = await getDb();
  const appUrl = process.env.APP_URL ?? new URL(request.url).origin;
  const { paymentUrl, provider } = await apiCall(() => createPaymentLink(db, id, parsed.data.provider, appUrl));
  return json({ paymentUrl, provider });
}
