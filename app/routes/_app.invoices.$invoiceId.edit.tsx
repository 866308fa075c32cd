import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { InvoiceForm } from "~/components/invoice-form";
import { moneyContext } from "~/models/business.server";
import { getInvoice, listInvoiceItems, updateInvoice } from "~/models/invoice.server";
import { customerOptions } from "~/models/customer.server";
import { readPickers } from "~/forms/picker.server";
import { inventoryChoices, readInventoryLine } from "~/forms/inventory-line.server";
import { invoiceableQuotes } from "~/models/quote.server";
import { makeInvoiceSchema } from "~/schemas/invoice";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { requireId } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS } from "~/utils/picker";
import { jobOptions } from "~/models/job.server";
import { redirectWithToast } from "~/utils/toast.server";
import { lineFormValues } from "~/utils/line-items";
import { requireFound } from "~/utils/refusal.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "invoices", "write");
  const id = requireId(params.invoiceId, "Invoice");
  const db = await getDb();
  const invoice = requireFound(await getInvoice(db, id), "Invoice");
  const [ctx, customers, jobs, quotes, items] = await Promise.all([
    moneyContext(db),
    customerOptions(db, { includeId: invoice.customerId }),
    jobOptions(db, { includeId: invoice.jobId }),
    invoiceableQuotes(db, invoice.quoteId),
    listInvoiceItems(db, id),
  ]);
  return json({
    inventory: await inventoryChoices(db),
    invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, dueDate: invoice.dueDate },
    customers,
    jobs,
    quotes,
    today: ctx.today,
    defaults: {
      quoteId: invoice.quoteId ? String(invoice.quoteId) : "",
      customerId: String(invoice.customerId),
      jobId: invoice.jobId ? String(invoice.jobId) : "",
      title: invoice.title,
      description: invoice.description ?? "",
      status: invoice.status,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      paymentTerms: invoice.paymentTerms ?? "Net 30",
      taxRate: invoice.taxRate,
      notes: invoice.notes ?? "",
      terms: invoice.terms ?? "",
      items: items.length ? items.map(lineFormValues) : [{ description: "", quantity: "1.00", unitPrice: "0.00" }],
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "invoices", "write");
  const id = requireId(params.invoiceId, "Invoice");
  const db = await getDb();
  const current = requireFound(await getInvoice(db, id), "Invoice");
  const ctx = await moneyContext(db, user.id);
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS);
  const inventoryError = await readInventoryLine(db, formData);
  const submission = parseWithZod(formData, {
    schema: makeInvoiceSchema(ctx.today, { allowPastDueDate: current.dueDate, taxAsPercent: true }),
  });
  if (submission.status !== "success")
    return json(
      { result: submission.reply(), pickers, inventoryError },
      { status: submission.status === "error" ? 400 : 200 },
    );
  try {
    await updateInvoice(db, id, { ...submission.value, items: submission.value.items ?? [] }, ctx);
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers, inventoryError }, { status });
  }
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), `/invoices${url.search}`);
  return redirectWithToast(request, back, {
    title: "Invoice updated",
    description: `${current.invoiceNumber} has been saved.`,
  });
}

export default function EditInvoice() {
  const { invoice, customers, jobs, quotes, today, defaults, inventory } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  const [params] = useSearchParams();
  const cancelTo = params.get("redirectTo")?.startsWith("/invoices/") ? params.get("redirectTo")! : `/invoices${query}`;
  return (
    <DialogRoute title={`Edit Invoice ${invoice.invoiceNumber}`} closeTo={cancelTo} width={820}>
      <InvoiceForm
        lastResult={data?.result}
        pickers={data?.pickers}
        inventory={{ choices: inventory, error: data && "inventoryError" in data ? data.inventoryError : null }}
        defaultValue={defaults}
        customers={customers}
        jobs={jobs}
        quotes={quotes}
        today={today}
        allowPastDueDate={invoice.dueDate}
        cancelTo={cancelTo}
        submitLabel="Save Invoice"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
