import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { QuoteForm } from "~/components/quote-form";
import { moneyContext, plusDays } from "~/models/business.server";
import { customerOptions } from "~/models/customer.server";
import { readPickers } from "~/forms/picker.server";
import { inventoryChoices, readInventoryLine } from "~/forms/inventory-line.server";
import { jobOptions } from "~/models/job.server";
import { createQuote } from "~/models/quote.server";
import { DEFAULT_QUOTE_TERMS, makeQuoteSchema } from "~/schemas/quote";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { refusalReply } from "~/utils/refusal-response.server";
import { parseRouteId } from "~/utils/params.server";
import { CUSTOMER_AND_JOB_PICKERS } from "~/utils/picker";
import { redirectWithToast } from "~/utils/toast.server";
import { useKeptQuery } from "~/components/use-kept-query";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "quotes", "write");
  const db = await getDb();
  const url = new URL(request.url);
  const customerId = parseRouteId(url.searchParams.get("customerId") ?? undefined);
  const [ctx, customers, jobs] = await Promise.all([
    moneyContext(db),
    customerOptions(db, { includeId: customerId }),
    jobOptions(db, { includeId: parseRouteId(url.searchParams.get("jobId") ?? undefined) }),
  ]);
  const jobId = parseRouteId(url.searchParams.get("jobId") ?? undefined);
  return json({
    inventory: await inventoryChoices(db),
    customers,
    jobs,
    today: ctx.today,
    defaults: {
      customerId: customerId ? String(customerId) : "",
      jobId: jobId ? String(jobId) : "",
      status: "draft",
      // Spec §9 / decisions §6: valid for the quote-valid-days setting from today (business zone).
      validUntil: plusDays(ctx.today, ctx.quoteValidDays),
      taxRate: ctx.defaultTaxRate,
      terms: DEFAULT_QUOTE_TERMS,
      items: [{ description: "", quantity: "1.00", unitPrice: "0.00" }],
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "quotes", "write");
  const db = await getDb();
  const ctx = await moneyContext(db, user.id);
  const formData = await request.formData();
  const pickers = await readPickers(db, formData, CUSTOMER_AND_JOB_PICKERS);
  const inventoryError = await readInventoryLine(db, formData);
  const submission = parseWithZod(formData, { schema: makeQuoteSchema(ctx.today, { taxAsPercent: true }) });
  // An "Add row" / "Remove" / "Find" intent (no JS) re-renders the form with the values kept.
  if (submission.status !== "success")
    return json(
      { result: submission.reply(), pickers, inventoryError },
      { status: submission.status === "error" ? 400 : 200 },
    );

  let quote;
  try {
    quote = await createQuote(db, submission.value, ctx);
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json({ result: reply, pickers, inventoryError }, { status });
  }
  // A create lands on what it created (docs/decisions/tablet-layout.md).
  return redirectWithToast(request, `/quotes/${quote.id}`, {
    title: "Quote created",
    description: `${quote.quoteNumber} has been created.`,
  });
}

export default function NewQuote() {
  const { customers, jobs, today, defaults, inventory } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const query = useKeptQuery();
  return (
    <DialogRoute
      title="Add Quote"
      description="Create a quote with line items for a customer."
      closeTo={`/quotes${query}`}
      width={820}
    >
      <QuoteForm
        lastResult={data?.result}
        pickers={data?.pickers}
        inventory={{ choices: inventory, error: data && "inventoryError" in data ? data.inventoryError : null }}
        defaultValue={defaults}
        customers={customers}
        jobs={jobs}
        today={today}
        cancelTo={`/quotes${query}`}
        submitLabel="Create Quote"
        pendingLabel="Creating..."
      />
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
