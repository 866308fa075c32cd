// Payments: one transaction with the invoice row locked (decisions §5), so concurrent payments
// can never take an invoice past its total.
import { TZDate } from "@date-fns/tz";
import { and, count, desc, eq, isNull, sql, sum, type ColumnsSelection } from "drizzle-orm";
import type { WithSubqueryWithSelection } from "drizzle-orm/pg-core";
import type { TypedQueryBuilder } from "drizzle-orm/query-builders/query-builder";
import { reusableStatement, type Executor, type Tx } from "../../db/client.server";
import { activityLog, customers, invoices, paymentRefunds, payments } from "../../db/schema";
import { PAYMENT_NOT_POSITIVE, type PaymentInput } from "../schemas/payment";
import { isPayable } from "../utils/invoice-rules";
import { addMoney, compareMoney, formatMoney, subtractMoney } from "../utils/money";
import { activityInsert, logActivity } from "./activity.server";
import { conflict, invalid, notFound, requireFound } from "../utils/refusal.server";

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

/**
 * A write that goes into the payment's own statement (a CTE): e.g. the webhook event it settles.
 * `build` writes it with `sql.placeholder()`s whose `values` come along; `key` names its shape
 * (the statement is built once per key).
 */
export type SameStatementWrite = {
  key: string;
  build: (tx: Executor) => TypedQueryBuilder<ColumnsSelection>;
  values: Record<string, unknown>;
};

/** A CTE's columns as a nested selection (`select({ payment: cte })` would type as one column). */
function columnsOf<T extends ColumnsSelection>(cte: WithSubqueryWithSelection<T, string>): T {
  const fields = cte as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(cte._.selectedFields).map((key) => [key, fields[key]])) as T;
}

/**
 * The invoice's row lock; the customer's name (for the activity entry) comes along, unlocked, and
 * for a provider's payment whether its transaction is recorded (a redelivered webhook). Built once
 * and run prepared on the transaction's handle (db/client.server.ts `reusableStatement`): a
 * transaction's handle prepares nothing by itself, and these run for every payment
 * (docs/decisions/prepared-statements.md).
 */
const lockStatement = (name: string, online: boolean) =>
  reusableStatement(name, (tx) =>
    tx
      .select({
        invoice: invoices,
        customerName: customers.name,
        recordedId: online
          ? sql<
              number | null
            >`(select ${payments.id} from ${payments} where ${payments.provider} = ${sql.placeholder("provider")} and ${payments.providerTransactionId} = ${sql.placeholder("transactionId")})`
          : sql<null>`null`,
      })
      .from(invoices)
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(eq(invoices.id, sql.placeholder("invoiceId")))
      .for("update", { of: invoices }),
  );
const onlineLock = lockStatement("payment_lock_online", true);
const plainLock = lockStatement("payment_lock", false);

/** A placeholder that a column encodes when filled (an update's `set` takes no bare placeholder). */
const filled = (name: string, column: Parameters<typeof sql.param>[1]) =>
  sql`${sql.param(sql.placeholder(name), column)}`;

/**
 * The payment's one statement: the payment, the invoice's paid total, balance and status, the
 * activity entry and `alsoWrite`, as data-modifying CTEs (all run, referenced or not). With
 * placeholders throughout, so each shape (what it returns, online or not, which `alsoWrite`) is
 * built once (reusableStatement) and run prepared.
 */
function writeParts(tx: Executor, online: boolean, also: SameStatementWrite | undefined) {
  const insert = tx
    .insert(payments)
    .values({
      invoiceId: sql.placeholder("invoiceId"),
      amount: sql.placeholder("amount"),
      method: sql.placeholder("method"),
      receivedAt: sql.placeholder("receivedAt"),
      reference: sql.placeholder("reference"),
      notes: sql.placeholder("notes"),
      recordedByUserId: sql.placeholder("actorId"),
      ...(online
        ? {
            provider: sql.placeholder("provider"),
            providerTransactionId: sql.placeholder("transactionId"),
            currency: sql.placeholder("currency"),
            status: sql.placeholder("paymentStatus"),
            // Encoded by the caller: the column's encoder would make a missing payload JSON null.
            rawPayload: sql`${sql.placeholder("rawPayload")}::jsonb`,
          }
        : {}),
    })
    .onConflictDoNothing();
  const update = tx
    .update(invoices)
    .set({
      paidTotal: filled("paidTotal", invoices.paidTotal),
      balance: filled("balance", invoices.balance),
      status: filled("status", invoices.status),
      updatedAt: filled("updatedAt", invoices.updatedAt),
    })
    .where(eq(invoices.id, sql.placeholder("invoiceId")));
  const activity = tx.$with("activity").as(
    activityInsert(tx, {
      type: "payment_received",
      title: sql.placeholder("title"),
      description: sql.placeholder("description"),
      customerId: sql.placeholder("customerId"),
      jobId: sql.placeholder("jobId"),
      invoiceId: sql.placeholder("invoiceId"),
      userId: sql.placeholder("actorId"),
      amount: sql.placeholder("amount"),
    }).returning({ id: activityLog.id }),
  );
  const alsoCte = also ? [tx.$with("also").as(also.build(tx))] : [];
  return { insert, update, activity, alsoCte };
}

const writeName = (returning: string, online: boolean, also: SameStatementWrite | undefined) =>
  `payment_write_${returning}${online ? "_online" : ""}${also ? `_${also.key}` : ""}`;

/** The write returning the payment's id only (null when the transaction was recorded meanwhile). */
const idWrite = (online: boolean, also: SameStatementWrite | undefined) =>
  reusableStatement(writeName("id", online, also), (tx) => {
    const { insert, update, activity, alsoCte } = writeParts(tx, online, also);
    const inserted = tx.$with("inserted_payment").as(insert.returning({ id: payments.id }));
    const updated = tx.$with("updated_invoice").as(update.returning({ id: invoices.id }));
    return tx
      .with(inserted, updated, activity, ...alsoCte)
      .select({ paymentId: inserted.id })
      .from(updated)
      .leftJoin(inserted, sql`true`);
  });

/** The write returning the payment's and the invoice's rows. */
const rowsWrite = (online: boolean, also: SameStatementWrite | undefined) =>
  reusableStatement(writeName("rows", online, also), (tx) => {
    const { insert, update, activity, alsoCte } = writeParts(tx, online, also);
    const inserted = tx.$with("inserted_payment").as(insert.returning());
    const updated = tx.$with("updated_invoice").as(update.returning());
    return tx
      .with(inserted, updated, activity, ...alsoCte)
      .select({ payment: columnsOf(inserted), invoice: columnsOf(updated) })
      .from(updated)
      .leftJoin(inserted, sql`true`);
  });

/** Each shape's statement, made on first use (a handful: returning, online, alsoWrite's key). */
function cached<F extends (online: boolean, also: SameStatementWrite | undefined) => unknown>(make: F) {
  const made = new Map<string, ReturnType<F>>();
  return (online: boolean, also: SameStatementWrite | undefined): ReturnType<F> => {
    const key = `${online}:${also?.key ?? ""}`;
    let statement = made.get(key);
    if (!statement) made.set(key, (statement = make(online, also) as ReturnType<F>));
    return statement;
  };
}
const idWriteOf = cached(idWrite);
const rowsWriteOf = cached(rowsWrite);

/** Thrown inside the transaction when the provider's transaction was recorded meanwhile: rolls it back. */
class RecordedMeanwhile extends Error {}

/**
 * Records a payment in one transaction with the invoice row locked: BEGIN, the lock, one statement
 * that writes the payment, the invoice's totals, the activity entry (and `opts.alsoWrite`), COMMIT.
 * A provider transaction already recorded comes back as `duplicate`, found under the lock; one
 * recorded by a concurrent transaction meanwhile is caught by the unique index in the write, which
 * then rolls back whole (nothing of `alsoWrite` is kept either).
 */
type RecordInput = PaymentInput & Partial<ProviderPaymentFields>;
type RecordContext = { actorId?: number | null; today: string; timeZone: string };
/**
 * `returning: "id"`: the payment's id only, for a caller that needs no rows back (a webhook): the
 * write statement then returns two ids instead of every column of the payment and the invoice,
 * about a third of the time drizzle takes to build it (docs/performance.md).
 */
type RecordOptions = { alsoWrite?: SameStatementWrite; returning?: "rows" | "id" };
export async function recordPayment(
  db: Executor,
  input: RecordInput,
  ctx: RecordContext,
  opts?: RecordOptions & { returning?: "rows" },
): Promise<{ payment: PaymentRow; invoice: InvoiceRow; duplicate: boolean }>;
export async function recordPayment(
  db: Executor,
  input: RecordInput,
  ctx: RecordContext,
  opts: RecordOptions & { returning: "id" },
): Promise<{ payment: Pick<PaymentRow, "id">; duplicate: boolean }>;
export async function recordPayment(
  db: Executor,
  input: RecordInput,
  ctx: RecordContext,
  opts: RecordOptions = {},
): Promise<{ payment: Pick<PaymentRow, "id">; invoice?: InvoiceRow; duplicate: boolean }> {
  const online =
    input.provider && input.providerTransactionId
      ? { provider: input.provider, transactionId: input.providerTransactionId }
      : null;
  const recorded = (tx: Executor) =>
    online
      ? tx
          .select()
          .from(payments)
          .where(and(eq(payments.provider, online.provider), eq(payments.providerTransactionId, online.transactionId)))
          .then(([row]) => row)
      : Promise.resolve(undefined);
  try {
    return await db.transaction(async (tx) => {
      // The lock and write find their rows by key: a plan made once for any values serves them.
      // Planning both anew on every run (the pool's force_custom_plan, prepared-statements.md) cost
      // PostgreSQL ~0.4 ms per payment webhook, this statement ~0.04 ms (docs/performance.md).
      await tx.execute(sql`set local plan_cache_mode = auto`);
      // The invoice's row lock (lockStatement), with the customer's name and the transaction's payment.
      const [locked] = online
        ? await onlineLock(tx, { invoiceId: input.invoiceId, ...online })
        : await plainLock(tx, { invoiceId: input.invoiceId });
      if (!locked) throw notFound("Invoice not found", "invoiceId");
      const invoice = locked.invoice;
      if (locked.recordedId !== null) {
        const existing = await recorded(tx);
        if (existing) return { payment: existing, invoice, duplicate: true as const };
      }
      // isPayable under the lock; the spec's messages say why not (cancelled, or nothing left to pay).
      // The lock statement's snapshot may predate a payment of the same transaction that held the
      // lock before us: a refusal first looks again, so that payment reads as a duplicate.
      const refuse = async (refusal: Error) => {
        const existing = await recorded(tx);
        if (existing) return { payment: existing, invoice, duplicate: true as const };
        throw refusal;
      };
      const payable = isPayable(invoice);
      if (!payable && invoice.status === "cancelled")
        return refuse(conflict("A cancelled invoice cannot take payments", "invoiceId"));
      const amount = input.amount;
      if (amount === undefined || compareMoney(amount, "0") <= 0) throw invalid(PAYMENT_NOT_POSITIVE, "amount");
      if (!payable || compareMoney(amount, invoice.balance) > 0)
        return refuse(invalid(exceedsBalanceMessage(invoice.balance), "amount"));
      const paidTotal = addMoney(invoice.paidTotal, amount);
      const balance = subtractMoney(invoice.total, paidTotal);
      const status = compareMoney(balance, "0") === 0 ? "paid" : "partial";
      const values = {
        invoiceId: invoice.id,
        amount,
        method: input.method,
        receivedAt: receivedAtFor(input.receivedAt, ctx.today, ctx.timeZone),
        reference: input.reference ?? null,
        notes: input.notes ?? null,
        actorId: ctx.actorId ?? null,
        ...(online
          ? {
              provider: online.provider,
              transactionId: online.transactionId,
              currency: input.currency ?? "USD",
              paymentStatus: input.status ?? "completed",
              rawPayload: input.rawPayload == null ? null : JSON.stringify(input.rawPayload),
            }
          : {}),
        paidTotal,
        balance,
        status,
        updatedAt: new Date(),
        title: `Payment received for ${invoice.invoiceNumber}`,
        description: `${formatMoney(amount)} from ${locked.customerName ?? "customer"} (${input.method.replace("_", " ")})`,
        customerId: invoice.customerId,
        jobId: invoice.jobId,
        ...opts.alsoWrite?.values,
      };
      if (opts.returning === "id") {
        const [row] = await idWriteOf(online !== null, opts.alsoWrite)(tx, values);
        if (row.paymentId === null) throw new RecordedMeanwhile();
        return { payment: { id: row.paymentId }, duplicate: false };
      }
      const [row] = await rowsWriteOf(online !== null, opts.alsoWrite)(tx, values);
      if (!row.payment) throw new RecordedMeanwhile();
      return { payment: row.payment, invoice: row.invoice, duplicate: false };
    });
  } catch (error) {
    if (!(error instanceof RecordedMeanwhile)) throw error;
    const existing = await recorded(db);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, input.invoiceId));
    if (!existing) throw new Error("A payment conflicted with one that is not there");
    return { payment: existing, invoice, duplicate: true as const };
  }
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

// ---------------------------------------------------------------- refunds (docs/decisions/refunds.md)

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

/** What is still refundable of a payment: its amount minus its refunds so far. */
async function refundedSoFar(tx: Tx, paymentId: number): Promise<string> {
  const [row] = await tx
    .select({ total: sum(paymentRefunds.amount) })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));
  return row?.total ?? "0.00";
}

/**
 * The status once the paid total changed: nothing left paid → back to sent (or overdue past the due
 * date); some → partial; all → paid. Draft and cancelled invoices keep their status.
 */
function statusAfterRefund(invoice: InvoiceRow, paidTotal: string, balance: string, today: string) {
  if (invoice.status === "cancelled" || invoice.status === "draft") return invoice.status;
  if (compareMoney(paidTotal, "0") <= 0) return invoice.dueDate < today ? "overdue" : "sent";
  return compareMoney(balance, "0") === 0 ? "paid" : "partial";
}

async function applyRefund(
  tx: Tx,
  invoice: InvoiceRow,
  payment: PaymentRow,
  amount: string,
  fields: Partial<Pick<RefundRow, "reason" | "provider" | "providerRefundId" | "rawPayload">> & {
    refundedAt: Date;
  },
  ctx: { actorId?: number | null; today: string },
) {
  const left = subtractMoney(payment.amount, await refundedSoFar(tx, payment.id));
  if (compareMoney(amount, "0") <= 0) throw invalid("Refund amount must be greater than zero", "amount");
  if (compareMoney(amount, left) > 0)
    throw invalid(`Refund cannot exceed the ${formatMoney(left)} left of this payment`, "amount");
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      invoiceId: invoice.id,
      amount,
      recordedByUserId: ctx.actorId ?? null,
      ...fields,
    })
    .returning();
  const paidTotal = subtractMoney(invoice.paidTotal, amount);
  const balance = subtractMoney(invoice.total, paidTotal);
  const [updated] = await tx
    .update(invoices)
    .set({
      paidTotal,
      balance,
      status: statusAfterRefund(invoice, paidTotal, balance, ctx.today),
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await logActivity(tx, {
    type: "payment_refunded",
    title: `Refund for ${invoice.invoiceNumber}`,
    description: `${formatMoney(amount)} refunded${fields.provider ? ` (${fields.provider})` : ""}`,
    customerId: invoice.customerId,
    jobId: invoice.jobId,
    invoiceId: invoice.id,
    userId: ctx.actorId ?? null,
    amount,
  });
  return { refund, invoice: updated };
}

export type ManualRefundInput = {
  invoiceId: number;
  paymentId: number;
  amount?: string;
  refundedAt?: string;
  reason?: string;
};

/**
 * A refund given back by cash or check (Record refund, POST /api/invoices/{id}/refunds): in the same
 * locked transaction as payments, never more than is left of the payment. A card payment taken
 * online is refunded at its provider; its webhook records the refund.
 */
export async function recordRefund(
  db: Executor,
  input: ManualRefundInput,
  ctx: { actorId?: number | null; today: string; timeZone: string },
) {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).for("update");
    requireFound(invoice, "Invoice");
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.invoiceId, invoice.id)));
    if (!payment) throw invalid("Select a payment of this invoice", "paymentId");
    if (payment.provider)
      throw invalid(
        "This payment was taken online: refund it at its provider, and its webhook records the refund",
        "paymentId",
      );
    return applyRefund(
      tx,
      invoice,
      payment,
      input.amount ?? "0",
      { reason: input.reason ?? null, refundedAt: receivedAtFor(input.refundedAt, ctx.today, ctx.timeZone) },
      ctx,
    );
  });
}

export type ProviderRefundInput = {
  provider: string;
  providerRefundId: string;
  /** The refunded payment's provider transaction id. */
  paymentTransactionId: string;
  amount: string;
  /** `amount` is the total refunded on the payment so far: only what is not yet recorded is added. */
  cumulative?: boolean;
  rawPayload?: unknown;
};

/**
 * A refund a provider reports: recorded once per provider refund id, linked to the payment recorded
 * for the same provider transaction. Refuses (not found / invalid) a refund of a payment we never
 * recorded, or more than is left of it.
 */
export async function recordProviderRefund(
  db: Executor,
  input: ProviderRefundInput,
  ctx: { today: string },
): Promise<{ duplicate: true } | { duplicate: false; refund: RefundRow; invoice: InvoiceRow }> {
  const [found] = await db
    .select({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(eq(payments.provider, input.provider), eq(payments.providerTransactionId, input.paymentTransactionId)));
  if (!found) throw notFound("The refund is for a payment this business has not recorded");
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, found.invoiceId)).for("update");
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.provider, input.provider), eq(payments.providerTransactionId, input.paymentTransactionId)),
      );
    const [existing] = await tx
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(
        and(eq(paymentRefunds.provider, input.provider), eq(paymentRefunds.providerRefundId, input.providerRefundId)),
      );
    if (existing) return { duplicate: true as const };
    let amount = input.amount;
    if (input.cumulative) {
      amount = subtractMoney(input.amount, await refundedSoFar(tx, payment.id));
      // An older total delivered late, or one already recorded: nothing new.
      if (compareMoney(amount, "0") <= 0) return { duplicate: true as const };
    }
    const result = await applyRefund(
      tx,
      invoice,
      payment,
      amount,
      {
        provider: input.provider,
        providerRefundId: input.providerRefundId,
        rawPayload: input.rawPayload ?? null,
        refundedAt: new Date(),
      },
      { actorId: null, today: ctx.today },
    );
    return { duplicate: false as const, ...result };
  });
}

const invoiceRefundsOf = reusableStatement("invoice_refunds_of", (db) =>
  db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.invoiceId, sql.placeholder("id")))
    .orderBy(desc(paymentRefunds.refundedAt), desc(paymentRefunds.id)),
);

export async function listInvoiceRefunds(db: Executor, invoiceId: number) {
  return invoiceRefundsOf(db, { id: invoiceId });
}

/**
 * The payments of an invoice a refund can be recorded against by hand (not taken online), each with
 * what is left of it after earlier refunds; fully refunded ones are left out.
 */
export async function refundablePayments(db: Executor, invoiceId: number) {
  const rows = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      method: payments.method,
      reference: payments.reference,
      receivedAt: payments.receivedAt,
      refunded: sql<string>`coalesce((select sum(${paymentRefunds.amount}) from ${paymentRefunds} where ${paymentRefunds.paymentId} = ${payments.id}), 0)::numeric(12,2)::text`,
    })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), isNull(payments.provider)))
    .orderBy(desc(payments.receivedAt), desc(payments.id));
  return rows
    .map((p) => ({ ...p, left: subtractMoney(p.amount, p.refunded) }))
    .filter((p) => compareMoney(p.left, "0") > 0);
}
