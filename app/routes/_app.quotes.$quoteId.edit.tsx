import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { QuoteForm } from "~/components/quote-form";
import { moneyContext } from "~/models/business.server";
import { customerOptions } from "~/models/customer.server";
import { readPickers } from "~/forms/picker.server";
import { inventoryChoices, readInventoryLine } from "~/forms/inventory-line.server";
import { jobOptions } from "~/models/job.server";
import { getQuote, listQuoteItems, updateQuote } from "~/models/quote.server";
import { makeQuoteSchema } from "~/schemas/quote";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { requireId } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS } from "~/utils/picker";
import { redirectWithToast } from "~/utils/toast.server";
import { lineFormValues } from "~/utils/line-items";
import { requireFound } from "~/utils/refusal.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "quotes", "write");
  const id = requireId(params.quoteId, "Quote");
  const db = await getDb();
  const quote = requireFound(await getQuote(db, id), "Quote");
  const [ctx, customers, jobs, items] = await Promise.all([
    moneyContext(db),
    customerOptions(db, { includeId: quote.customerId }),
    jobOptions(db, { includeId: quote.jobId }),
    listQuoteItems(db, id),
  ]);
  return json({
    inventory: await inventoryChoices(db),
    quote: { id: quote.id, quoteNumber: quote.quoteNumber, validUntil: quote.validUntil },
    customers,
    jobs,
    today: ctx.today,
    defaults: {
      customerId: String(quote.customerId),
      jobId: quote.jobId ? String(quote.jobId) : "",
      title: quote.title,
      description: quote.description ?? "",
      status: quote.status,
      validUntil: quote.validUntil ?? "",
      taxRate: quote.taxRate,
      notes: quote.notes ?? "",
      terms: quote.terms ?? "",
      items: items.length ? items.map(lineFormValues) : [{ description: "", quantity: "1.00", unitPrice: "0.00" }],
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "quotes", "write");
  const id = requireId(params.quoteId, "Quote");
  const db = await getDb();
  const current = requireFound(await getQuote(db, id), "Quote");
  const ctx = await moneyContext(db, user.id);
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS);
  const inventoryError = await readInventoryLine(db, formData);
  const submission = parseWithZod(formData, {
    schema: makeQuoteSchema(ctx.today, { allowPastValidUntil: current.validUntil, taxAsPercent: true }),
  });
  if (submission.status !== "success")
    return json(
      { result: submission.reply(), pickers, inventoryError },
      { status: submission.status === "error" ? 400 : 200 },
    );
  try {
    // The form always sends its rows, so the items are replaced (blank ones dropped).
    await updateQuote(db, id, { ...submission.value, items: submission.value.items ?? [] }, ctx);
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers, inventoryError }, { status });
  }
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), `/quotes${url.search}`);
  return redirectWithToast(request, back, {
    title: "Quote updated",
    description: `${current.quoteNumber} has been saved.`,
  });
}

export default function EditQuote() {
  const { quote, customers, jobs, today, defaults, inventory } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  const [params] = useSearchParams();
  const cancelTo = params.get("redirectTo")?.startsWith("/quotes/") ? params.get("redirectTo")! : `/quotes${query}`;
  return (
    <DialogRoute title={`Edit Quote ${quote.quoteNumber}`} closeTo={cancelTo} width={820}>
      <QuoteForm
        lastResult={data?.result}
        pickers={data?.pickers}
        inventory={{ choices: inventory, error: data && "inventoryError" in data ? data.inventoryError : null }}
        defaultValue={defaults}
        customers={customers}
        jobs={jobs}
        today={today}
        allowPastValidUntil={quote.validUntil}
        cancelTo={cancelTo}
        submitLabel="Save Quote"
        pendingLabel="Saving..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
