// Payments: one transaction with the invoice row locked (decisions §5), so concurrent payments
// can never take an invoice past its total.
import { TZDate } from "@date-fns/tz";
import { and, count, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { customers, invoices, payments } from "../../db/schema";
import { PAYMENT_NOT_POSITIVE, type PaymentInput } from "../schemas/payment";
import { isPayable } from "../utils/invoice-rules";
import { addMoney, compareMoney, formatMoney, subtractMoney } from "../utils/money";
import { logActivity } from "./activity.server";
import { ModelError } from "./errors.server";

/** Spec §5's rejection text, the balance formatted like $1,234.50. */
export const exceedsBalanceMessage = (balance: string) =>
  `Payment amount cannot exceed remaining balance of ${formatMoney(balance)}`;

/** A payment date: today means now; an earlier day means noon of that day in the business zone. */
function receivedAtFor(day: string | undefined, today: string, timeZone: string) {
  if (!day || day === today) return new Date();
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, 12, 0, 0, timeZone).getTime());
}

/** What an online payment (a provider's webhook) adds to a recorded payment. */
export type ProviderPaymentFields = {
  provider: string;
  providerTransactionId: string;
  currency?: string;
  status?: string;
  rawPayload?: unknown;
};

export async function recordPayment(
  db: Executor,
  input: PaymentInput & Partial<ProviderPaymentFields>,
  ctx: { actorId?: number | null; today: string; timeZone: string },
) {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for("update");
    if (!invoice) throw new ModelError(404, "Invoice not found", "invoiceId");
    // A provider's transaction is recorded once: a redelivered webhook finds it under the same lock.
    if (input.provider && input.providerTransactionId) {
      const [existing] = await tx
        .select()
        .from(payments)
        .where(
          and(eq(payments.provider, input.provider), eq(payments.providerTransactionId, input.providerTransactionId)),
        );
      if (existing) return { payment: existing, invoice, duplicate: true as const };
    }
    // isPayable under the lock; the spec's messages say why not (cancelled, or nothing left to pay).
    const payable = isPayable(invoice);
    if (!payable && invoice.status === "cancelled")
      throw new ModelError(409, "A cancelled invoice cannot take payments", "invoiceId");
    const amount = input.amount;
    if (amount === undefined || compareMoney(amount, "0") <= 0)
      throw new ModelError(400, PAYMENT_NOT_POSITIVE, "amount");
    if (!payable || compareMoney(amount, invoice.balance) > 0)
      throw new ModelError(400, exceedsBalanceMessage(invoice.balance), "amount");
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        amount,
        method: input.method,
        receivedAt: receivedAtFor(input.receivedAt, ctx.today, ctx.timeZone),
        reference: input.reference ?? null,
        notes: input.notes ?? null,
        recordedByUserId: ctx.actorId ?? null,
        ...(input.provider && input.providerTransactionId
          ? {
              provider: input.provider,
              providerTransactionId: input.providerTransactionId,
              currency: input.currency ?? "USD",
              status: input.status ?? "completed",
              rawPayload: input.rawPayload ?? null,
            }
          : {}),
      })
      .returning();
    const paidTotal = addMoney(invoice.paidTotal, amount);
    const balance = subtractMoney(invoice.total, paidTotal);
    const status = compareMoney(balance, "0") === 0 ? "paid" : "partial";
    const [updated] = await tx
      .update(invoices)
      .set({ paidTotal, balance, status, updatedAt: new Date() })
      .where(eq(invoices.id, invoice.id))
      .returning();
    const [customer] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, invoice.customerId));
    await logActivity(tx, {
      type: "payment_received",
      title: `Payment received for ${invoice.invoiceNumber}`,
      description: `${formatMoney(amount)} from ${customer?.name ?? "customer"} (${input.method.replace("_", " ")})`,
      customerId: invoice.customerId,
      jobId: invoice.jobId,
      invoiceId: invoice.id,
      userId: ctx.actorId ?? null,
      amount,
    });
    return { payment, invoice: updated, duplicate: false as const };
  });
}

export async function listPayments(db: Executor, opts: { invoiceId?: number; limit: number; offset: number }) {
  const where = opts.invoiceId ? eq(payments.invoiceId, opts.invoiceId) : undefined;
  const [rowsOut, [{ total }]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.receivedAt), desc(payments.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return { rows: rowsOut, total: Number(total) };
}
