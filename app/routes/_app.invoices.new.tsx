import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { InvoiceForm } from "~/components/invoice-form";
import { moneyContext, plusDays } from "~/models/business.server";
import { createInvoice, quoteForInvoice } from "~/models/invoice.server";
import { customerOptions } from "~/models/customer.server";
import { readPickers } from "~/forms/picker.server";
import { inventoryChoices, readInventoryLine } from "~/forms/inventory-line.server";
import { invoiceableQuotes } from "~/models/quote.server";
import { defaultInvoiceTerms, makeInvoiceSchema, paymentTermDays } from "~/schemas/invoice";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { parseRouteId } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS } from "~/utils/picker";
import { getJob, jobOptions } from "~/models/job.server";
import { redirectWithToast } from "~/utils/toast.server";
import { lineFormValues } from "~/utils/line-items";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "invoices", "write");
  const db = await getDb();
  const url = new URL(request.url);
  // ?jobId= (Create Invoice on a job's page) picks the job and its customer.
  const preselectedJob = parseRouteId(url.searchParams.get("jobId") ?? undefined);
  const job = preselectedJob ? await getJob(db, preselectedJob) : null;
  const preselected = job?.customerId ?? parseRouteId(url.searchParams.get("customerId") ?? undefined);
  const [ctx, quotes] = await Promise.all([moneyContext(db), invoiceableQuotes(db)]);
  const base = {
    status: "draft",
    issueDate: ctx.today,
    dueDate: plusDays(ctx.today, paymentTermDays(ctx.paymentTerms)),
    paymentTerms: ctx.paymentTerms,
    taxRate: ctx.defaultTaxRate,
    terms: defaultInvoiceTerms(ctx.paymentTerms),
    items: [{ description: "", quantity: "1.00", unitPrice: "0.00" }],
  };
  // ?quoteId= (the quote select with JS, "Load quote" without): copy the quote into the form.
  const quoteId = parseRouteId(url.searchParams.get("quoteId") ?? undefined);
  const offered = quoteId && quotes.some((q) => q.id === quoteId) ? await quoteForInvoice(db, quoteId) : null;
  const defaults = offered
    ? {
        ...base,
        quoteId: String(offered.quote.id),
        customerId: String(offered.quote.customerId),
        jobId: offered.quote.jobId ? String(offered.quote.jobId) : "",
        title: offered.quote.title,
        description: offered.quote.description ?? "",
        taxRate: offered.quote.taxRate,
        terms: offered.quote.terms ?? defaultInvoiceTerms(ctx.paymentTerms),
        items: offered.items.length ? offered.items.map(lineFormValues) : base.items,
      }
    : {
        ...base,
        customerId: preselected ? String(preselected) : "",
        jobId: job ? String(job.id) : "",
        title: job?.title ?? "",
      };
  // The select must hold the loaded quote's customer, wherever it sorts.
  const [customers, jobs] = await Promise.all([
    customerOptions(db, { includeId: offered ? offered.quote.customerId : preselected }),
    jobOptions(db, { includeId: offered ? offered.quote.jobId : job?.id }),
  ]);
  return json({
    inventory: await inventoryChoices(db),
    customers,
    jobs,
    quotes,
    today: ctx.today,
    defaults,
    loadedQuote: offered ? offered.quote.quoteNumber : null,
    quoteMissing: Boolean(quoteId && !offered),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "invoices", "write");
  const db = await getDb();
  const ctx = await moneyContext(db, user.id);
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS);
  const inventoryError = await readInventoryLine(db, formData);
  const submission = parseWithZod(formData, { schema: makeInvoiceSchema(ctx.today, { taxAsPercent: true }) });
  if (submission.status !== "success")
    return json(
      { result: submission.reply(), pickers, inventoryError },
      { status: submission.status === "error" ? 400 : 200 },
    );
  let invoice;
  try {
    invoice = await createInvoice(db, { ...submission.value, items: submission.value.items ?? [] }, ctx);
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers, inventoryError }, { status });
  }
  // A create lands on what it created (docs/decisions/tablet-layout.md).
  return redirectWithToast(request, `/invoices/${invoice.id}`, {
    title: "Invoice created",
    description: `${invoice.invoiceNumber} has been created.`,
  });
}

export default function NewInvoice() {
  const { customers, jobs, quotes, today, defaults, loadedQuote, quoteMissing, inventory } =
    useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute
      title="Add Invoice"
      description={
        loadedQuote
          ? `Loaded from quote ${loadedQuote}.`
          : quoteMissing
            ? "Failed to load quote data. Please try again."
            : "Bill a customer, optionally from a quote."
      }
      closeTo={`/invoices${query}`}
      width={820}
    >
      <InvoiceForm
        key={loadedQuote ?? "blank"}
        lastResult={data?.result}
        pickers={data?.pickers}
        inventory={{ choices: inventory, error: data && "inventoryError" in data ? data.inventoryError : null }}
        defaultValue={defaults}
        customers={customers}
        jobs={jobs}
        quotes={quotes}
        today={today}
        loadQuoteTo="/invoices/new"
        cancelTo={`/invoices${query}`}
        submitLabel="Create Invoice"
        pendingLabel="Creating..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
