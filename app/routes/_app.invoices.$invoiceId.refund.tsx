// Record Refund (docs/decisions/refunds.md): money given back by cash or check against one payment
// of the invoice, in the same locked transaction as payments. A dialog route like Record Payment
// (a plain form: works without JS); owner and office only (payments: write).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Flex, Grid, Text } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useMemo } from "react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { DefaultSubmit, ErrorList, Field, TextareaField } from "~/components/forms";
import { SelectField } from "~/components/select-field";
import { moneyContext } from "~/models/business.server";
import { getInvoice } from "~/models/invoice.server";
import { recordRefund, refundablePayments } from "~/models/payment.server";
import { PAYMENT_METHOD_LABELS } from "~/schemas/payment";
import { makeRefundSchema } from "~/schemas/refund";
import { requirePermission, safeRedirect } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { requireId } from "~/utils/params.server";
import { requireFound } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { refusalReply } from "~/utils/refusal-response.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "payments", "write");
  const id = requireId(params.invoiceId, "Invoice");
  const db = await getDb();
  const [found, ctx, refundable] = await Promise.all([
    getInvoice(db, id),
    moneyContext(db),
    refundablePayments(db, id),
  ]);
  const invoice = requireFound(found, "Invoice");
  return json({
    invoice: {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      title: invoice.title,
      paidTotal: invoice.paidTotal,
    },
    payments: refundable.map((p) => ({
      id: p.id,
      left: p.left,
      label: `${formatDate(p.receivedAt, ctx.settings.system)} · ${
        PAYMENT_METHOD_LABELS[p.method as keyof typeof PAYMENT_METHOD_LABELS] ?? p.method
      }${p.reference ? ` (${p.reference})` : ""} · ${formatMoney(p.amount)}${
        p.left === p.amount ? "" : `, ${formatMoney(p.left)} left`
      }`,
    })),
    today: ctx.today,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "payments", "write");
  const invoiceId = requireId(params.invoiceId, "Invoice");
  const db = await getDb();
  requireFound(await getInvoice(db, invoiceId), "Invoice");
  const ctx = await moneyContext(db, user.id);
  const submission = parseWithZod(await request.formData(), { schema: makeRefundSchema(ctx.today) });
  if (submission.status !== "success")
    return json(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  let invoiceNumber: string;
  try {
    const result = await recordRefund(db, { invoiceId, ...submission.value }, ctx);
    invoiceNumber = result.invoice.invoiceNumber;
  } catch (error) {
    const { reply, status } = refusalReply(submission, error);
    return json(reply, { status });
  }
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("redirectTo"), `/invoices/${invoiceId}`);
  return redirectWithToast(request, back, {
    title: "Refund recorded",
    description: `The balance of ${invoiceNumber} has been updated.`,
  });
}

export default function RecordRefund() {
  const { invoice, payments, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const closeTo = redirectTo?.startsWith("/invoices") ? redirectTo : `/invoices/${invoice.id}`;
  const schema = useMemo(() => makeRefundSchema(today), [today]);
  const [form, fields] = useForm({
    id: "refund-form",
    lastResult,
    defaultValue: { paymentId: payments[0] ? String(payments[0].id) : "", refundedAt: today, amount: "" },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const pending = navigation.state === "submitting";
  return (
    <DialogRoute
      title="Record Refund"
      description={`${invoice.invoiceNumber} · ${invoice.title}`}
      closeTo={closeTo}
      width={560}
    >
      {payments.length === 0 ? (
        <Flex direction="column" gap="3">
          <Text size="2" data-testid="no-refundable">
            No payment of this invoice can be refunded here. Card payments taken online are refunded at their provider;
            the refund appears when its webhook arrives.
          </Text>
          <Flex justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to={closeTo} preventScrollReset>
                Close
              </Link>
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <DefaultSubmit />
          <Flex direction="column" gap="3">
            <SelectField
              label="Payment"
              selectProps={{ ...getSelectProps(fields.paymentId), key: fields.paymentId.key }}
              errors={fields.paymentId.errors}
            >
              {payments.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </SelectField>
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <Field
                label="Amount"
                inputProps={{
                  ...getInputProps(fields.amount, { type: "text" }),
                  key: fields.amount.key,
                  inputMode: "decimal",
                }}
                errors={fields.amount.errors}
              />
              <Field
                label="Refund Date"
                inputProps={{
                  ...getInputProps(fields.refundedAt, { type: "date" }),
                  key: fields.refundedAt.key,
                  max: today,
                  min: "1900-01-01",
                }}
                errors={fields.refundedAt.errors}
              />
            </Grid>
            <TextareaField
              label="Reason"
              textareaProps={{ ...getTextareaProps(fields.reason), key: fields.reason.key, rows: 2 }}
              errors={fields.reason.errors}
            />
            <Text size="1" color="gray">
              Paid so far: {formatMoney(invoice.paidTotal)}. The refund lowers it and reopens the balance.
            </Text>
            <ErrorList id={form.errorId} errors={form.errors} />
            <Flex gap="3" justify="end">
              <Button asChild variant="soft" color="gray">
                <Link to={closeTo} preventScrollReset>
                  Cancel
                </Link>
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? "Recording..." : "Record Refund"}
              </Button>
            </Flex>
          </Flex>
        </Form>
      )}
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
