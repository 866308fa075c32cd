// The `payment-link` intent of the invoice pages: a plain form POST (works without JS) that creates
// the link and answers with a toast — 'Payment Link Generated', or the reason it failed.
import { createPaymentLink, isPaymentProvider, SELECT_PROVIDER_MESSAGE } from "~/services/payment-links.server";
import { getDb } from "~/utils/db.server";
import { isRefusal } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function paymentLinkAction(request: Request, invoiceId: number, form: FormData, back: string) {
  const provider = form.get("provider");
  const withOpen = (url: string) => `${url}${url.includes("?") ? "&" : "?"}paymentLink=${invoiceId}`;
  if (!isPaymentProvider(provider)) {
    return redirectWithToast(request, withOpen(back), {
      type: "error",
      title: "Select a Provider",
      description: SELECT_PROVIDER_MESSAGE,
    });
  }
  try {
    await createPaymentLink(await getDb(), invoiceId, provider, process.env.APP_URL ?? new URL(request.url).origin);
    return redirectWithToast(request, withOpen(back), {
      title: "Payment Link Generated",
      description: "Copy the link and send it to your customer.",
    });
  } catch (error) {
    const description = isRefusal(error) ? error.message : "Failed to generate payment link";
    if (!isRefusal(error))
      console.error(
        `[payments] link for invoice ${invoiceId} failed: ${error instanceof Error ? error.name : "error"}`,
      );
    return redirectWithToast(request, withOpen(back), {
      type: "error",
      title: "Failed to generate payment link",
      description,
    });
  }
}
