import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvoicePage } from "~/components/invoice-page";
import { refusalToast } from "~/utils/refusal-response.server";
import { deleteInvoice, getInvoicePage, markInvoiceSent } from "~/models/invoice.server";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { paymentLinkAction } from "~/forms/payment-link-action.server";
import { requireFound } from "~/utils/refusal.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.invoice.invoiceNumber ?? "Invoice"} · Cabinetry Jobs` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "invoices");
  const id = requireId(params.invoiceId, "Invoice");
  return json(requireFound(await getInvoicePage(await getDb(), id), "Invoice"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireId(params.invoiceId, "Invoice");
  const form = await request.formData();
  const intent = form.get("intent");
  const db = await getDb();
  const here = `/invoices/${id}`;
  try {
    switch (intent) {
      case "send": {
        const user = await requirePermission(request, "invoices", "write");
        const invoice = await markInvoiceSent(db, id, user.id);
        return redirectWithToast(request, here, {
          title: "Invoice marked as sent",
          description: `${invoice.invoiceNumber} is now sent.`,
        });
      }
      case "payment-link": {
        await requirePermission(request, "invoices", "write");
        return paymentLinkAction(request, id, form, here);
      }
      case "delete": {
        await requirePermission(request, "invoices", "delete");
        const invoice = await deleteInvoice(db, id);
        return redirectWithToast(request, "/invoices", {
          title: "Invoice deleted",
          description: `${invoice.invoiceNumber} has been deleted.`,
        });
      }
      default:
        return json({ error: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    return refusalToast(request, here, error);
  }
}

export default function InvoiceDetail() {
  return <InvoicePage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
