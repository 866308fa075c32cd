// Invoice rules the screens and the models share; safe in the browser (no .server suffix).
import { toCents } from "./money";

/**
 * Spec §5: an invoice can take a payment while it is neither paid nor cancelled and has a balance
 * above zero. The Record Payment buttons, the pay dialog, the payment-link popover and
 * recordPayment all ask this; `payableInvoices` is its SQL form.
 */
export function isPayable(invoice: { status: string; balance: string | null }): boolean {
  if (invoice.status === "paid" || invoice.status === "cancelled") return false;
  return (toCents(invoice.balance) ?? 0n) > 0n;
}
