import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Flex, Grid } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useMemo } from "react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { DefaultSubmit, ErrorList, Field, TextareaField } from "~/components/forms";
import { SelectField } from "~/components/select-field";
import { moneyContext } from "~/models/business.server";
import { getInvoice, payableInvoices } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { makePaymentSchema, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "~/schemas/payment";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { isPayable } from "~/utils/invoice-rules";
import { formatMoney } from "~/utils/money";
import { refusalReply } from "~/utils/refusal-response.server";
import { requireId } from "~/utils/params.server";
import { redirectWithToast } from "~/utils/toast.server";
import { requireFound } from "~/utils/refusal.server";
import { useKeptQuery } from "~/components/use-kept-query";
import { Figures } from "~/components/stat-card";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "payments", "write");
  const id = requireId(params.invoiceId, "Invoice");
  const db = await getDb();
  const [found, ctx, payable] = await Promise.all([getInvoice(db, id), moneyContext(db), payableInvoices(db)]);
  const invoice = requireFound(found, "Invoice");
  return json({
    invoice: {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      title: invoice.title,
      status: invoice.status,
      total: invoice.total,
      paidTotal: invoice.paidTotal,
      balance: invoice.balance,
    },
    // Spec §5: only invoices with a remaining balance that are not cancelled are selectable.
    payable: payable.map((p) => ({
      id: p.id,
      label: `${p.invoiceNumber} — ${p.customerName} (${formatMoney(p.balance)} due)`,
    })),
    today: ctx.today,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "payments", "write");
  requireId(params.invoiceId, "Invoice");
  const db = await getDb();
  const ctx = await moneyContext(db, user.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: makePaymentSchema(ctx.today) });
  if (submission.status !== "success")
    return json(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  let invoiceNumber: string;
  try {
    const result = await recordPayment(db, submission.value, ctx);
    invoiceNumber = result.invoice.invoiceNumber;
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json(reply, { status });
  }
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), `/invoices${url.search}`);
  return redirectWithToast(request, back, {
    title: "Payment recorded",
    description: `The balance of ${invoiceNumber} has been updated.`,
  });
}

export default function RecordPayment() {
  const { invoice, payable, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const query = useKeptQuery();
  const [params] = useSearchParams();
  const cancelTo = params.get("redirectTo")?.startsWith("/invoices/") ? params.get("redirectTo")! : `/invoices${query}`;
  const schema = useMemo(() => makePaymentSchema(today), [today]);
  const [form, fields] = useForm({
    id: "payment-form",
    lastResult,
    defaultValue: { invoiceId: String(invoice.id), method: "cash", receivedAt: today, amount: "" },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const canPay = isPayable(invoice);
  const pending = navigation.state === "submitting" && !navigation.formData?.get("__intent__");
  return (
    <DialogRoute
      title="Record Payment"
      description={`${invoice.invoiceNumber} · ${invoice.title}`}
      closeTo={cancelTo}
      width={560}
    >
      <Form method="post" {...getFormProps(form)}>
        <DefaultSubmit />
        <Flex direction="column" gap="3">
          <SelectField
            label="Invoice"
            selectProps={{
              ...getSelectProps(fields.invoiceId),
              key: fields.invoiceId.key,
              // With JS the dialog follows the chosen invoice so the detail card matches it.
              onChange: (event) =>
                navigate(`/invoices/${event.currentTarget.value}/pay${query}`, {
                  replace: true,
                  preventScrollReset: true,
                }),
            }}
            errors={fields.invoiceId.errors}
          >
            {canPay ? null : <option value={invoice.id}>{invoice.invoiceNumber} (nothing to pay)</option>}
            {payable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </SelectField>
          <Figures
            compact
            label="Payment detail"
            items={[
              ["Total", formatMoney(invoice.total)],
              ["Paid", formatMoney(invoice.paidTotal)],
              ["Remaining", formatMoney(invoice.balance), "remaining"],
            ]}
          />
          <Flex gap="2" align="end">
            <div style={{ flex: 1 }}>
              <Field
                label="Amount"
                inputProps={{
                  ...getInputProps(fields.amount, { type: "number" }),
                  key: fields.amount.key,
                  step: "0.01",
                  min: "0.01",
                }}
                errors={fields.amount.errors}
              />
            </div>
            <Button
              {...form.update.getButtonProps({ name: fields.amount.name, value: invoice.balance })}
              variant="soft"
              disabled={!canPay}
            >
              Fill Balance
            </Button>
          </Flex>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <SelectField
              label="Method"
              selectProps={{ ...getSelectProps(fields.method), key: fields.method.key }}
              errors={fields.method.errors}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </SelectField>
            <Field
              label="Payment Date"
              inputProps={{
                ...getInputProps(fields.receivedAt, { type: "date" }),
                key: fields.receivedAt.key,
                max: today,
                min: "1900-01-01",
              }}
              errors={fields.receivedAt.errors}
            />
          </Grid>
          <Field
            label="Reference"
            inputProps={{
              ...getInputProps(fields.reference, { type: "text" }),
              key: fields.reference.key,
              placeholder: "Check number, transaction id...",
            }}
            errors={fields.reference.errors}
          />
          <TextareaField
            label="Notes"
            textareaProps={{ ...getTextareaProps(fields.notes), key: fields.notes.key, rows: 2 }}
            errors={fields.notes.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Flex gap="3" justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to={cancelTo} preventScrollReset>
                Cancel
              </Link>
            </Button>
            <Button type="submit" disabled={pending || !canPay}>
              {pending ? "Recording..." : "Record Payment"}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
